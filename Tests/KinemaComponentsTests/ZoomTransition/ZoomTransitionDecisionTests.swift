import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance tests 7 and 8 of the zoom transition: the release decision, by scripted fingers.
@Suite struct ZoomTransitionDecisionTests {
    /// Test 7: released at 5 % of the height (33.35 pt) with vy = +1500 pt/s: dismissed.
    @Test func test07DismissByVelocity() {
        let scene = ZoomScene.make()
        var completions = 0
        let lift = scene.window.zoomDrag(
            from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: 33.35), velocity: Vector(dx: 0, dy: 1500), start: 1)
        #expect(scene.transition.state == .dismissing)
        scene.window.advance(to: lift + 1)
        #expect(scene.transition.state == .idle)
        #expect(scene.grid.presentedViewController == nil)
        scene.detail.dismiss(animated: true) { completions += 1 }
        #expect(completions == 0)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let progress: Double
        let velocity: Double
        let pause: Double
        let directions: ViewController.Transition.ZoomOptions.DismissDirections
        let dismisses: Bool
        var testDescription: String {
            "\(progress * 100) %, vy \(velocity), pause \(pause), \(directions) → \(dismisses ? "dismiss" : "cancel")"
        }
    }

    /// Test 8's table.
    static let table: [Case] = [
        Case(progress: 0.05, velocity: 0, pause: 0, directions: .down, dismisses: false),
        Case(progress: 0.12, velocity: 0, pause: 0, directions: .down, dismisses: true),
        Case(progress: 0.08, velocity: 900, pause: 0, directions: .down, dismisses: true),
        Case(progress: 0.05, velocity: 1500, pause: 0.1, directions: .down, dismisses: false),
        Case(progress: 0.05, velocity: -1500, pause: 0, directions: .down, dismisses: false),
        Case(progress: 0.05, velocity: -1500, pause: 0, directions: .any, dismisses: true),
    ]

    /// Test 8: the decision table (projection with d = 0.998, a pause kills the velocity, the
    /// direction policy is configuration).
    @Test(arguments: table)
    func test08DecisionTable(_ c: Case) {
        let scene = ZoomScene.make(directions: c.directions)
        let lift = scene.window.zoomDrag(
            from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: c.progress * 667), velocity: Vector(dx: 0, dy: c.velocity),
            start: 1, pause: c.pause)
        #expect(scene.transition.state == (c.dismisses ? .dismissing : .cancelling))
        scene.window.advance(to: lift + 1)
        #expect(scene.transition.state == (c.dismisses ? .idle : .presented))
        #expect((scene.grid.presentedViewController == nil) == c.dismisses)
        if !c.dismisses {
            #expect(scene.detail.view.transform == .identity)
            #expect(scene.detail.view.layer.mask == nil)
            #expect(scene.grid.cells[0].isHidden)  // still presented: the source stays hidden
        }
    }
}
