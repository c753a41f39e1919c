import Foundation
import KinemaGeometry
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance tests 15 and 16 of the zoom transition: catching the flight with a touch, releasing
/// what was caught, and redirecting a flight in code.
@Suite struct ZoomTransitionInterruptionTests {
    /// The reference release (drag (10, 100) from D's centre, lifted at (50, 1500) pt/s) in centre
    /// scaling; returns the lift's time.
    func referenceRelease(_ scene: ZoomScene) -> Double {
        let c = ZoomStageGeometry.detailCenter
        return scene.window.zoomDrag(
            from: Point(x: c.x, y: c.y - 12), translation: Point(x: 10, y: 100), velocity: Vector(dx: 50, dy: 1500), start: 1)
    }

    /// Test 15: a touch-down on the image 0.1 s into the dismissal freezes it at its presentation
    /// centre (110.27, 278.92) without a jump; then it follows the finger 1:1 and the backdrop
    /// follows the drag's progress again.
    @Test func test15CatchInFlight() throws {
        let scene = ZoomScene.make()
        let lift = referenceRelease(scene)
        let tc = lift + 0.1
        let before = try #require(scene.center(at: tc))
        #expect(isClose(before, Point(x: 110.27, y: 278.92), 0.5))
        let alphaBefore = scene.transition.inspection(at: tc).backgroundAlpha
        scene.window.down(1, before.x, before.y, at: tc)
        #expect(scene.transition.state == .dragging)
        let caught = try #require(scene.center(at: tc))
        #expect(caught.distance(to: before) < 1e-9)
        #expect(scene.transition.inspection(at: tc).backgroundAlpha == alphaBefore)
        // Held still: it stays.
        let held = try #require(scene.center(at: tc + 0.1))
        #expect(held.distance(to: caught) < 1e-9)
        // Then 1:1 with the finger, and the backdrop follows the progress.
        for i in 1...12 {
            let t = tc + 0.1 + Double(i) / 120
            scene.window.move(1, before.x + 3 * Double(i), before.y + 4 * Double(i), at: t)
            let shown = scene.transition.inspection(at: t)
            let f = try #require(shown.imageFrame)
            #expect(isClose(Point(x: f.midX, y: f.midY), Point(x: caught.x + 3 * Double(i), y: caught.y + 4 * Double(i)), 1e-6))
            let expectedAlpha = min(max(alphaBefore - 4 * Double(i) / (667 * 0.4), 0), 1)
            #expect(isClose(shown.backgroundAlpha, expectedAlpha, 1e-9))
        }
    }

    /// Test 16, first half: a cancelled drag caught on its way back and released without motion
    /// (the cancel decision) springs back to D from rest and lands on D.
    @Test func test16ReleaseAfterCatch() throws {
        let scene = ZoomScene.make()
        let lift = scene.window.zoomDrag(
            from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: 0.05 * 667), velocity: .zero, start: 1)
        #expect(scene.transition.state == .cancelling)
        let tc = lift + 0.1
        let caught = try #require(scene.center(at: tc))
        scene.window.down(1, caught.x, caught.y, at: tc)
        #expect(scene.transition.state == .dragging)
        scene.window.up(1, caught.x, caught.y, at: tc + 0.2)
        #expect(scene.transition.state == .cancelling)
        let flight = try #require(scene.transition.driver.phase.flight)
        #expect(hypot(flight.centerX.startVelocity, flight.centerY.startVelocity) <= 5)
        var last: Rect?
        for frame in 1...60 {
            guard let f = scene.shown(at: tc + 0.2 + Double(frame) / 60).imageFrame else { break }
            last = f
        }
        #expect(edgeError(try #require(last), ZoomStageGeometry.detail) <= 0.5)
        #expect(scene.transition.state == .presented)
        #expect(isClose(scene.detail.photo.convert(scene.detail.photo.bounds, to: nil), ZoomStageGeometry.detail, 1e-9))
        #expect(scene.grid.presentedViewController === scene.detail)
    }

    /// Test 16, second half: a programmatic redirection without a catch keeps position and
    /// velocity: at 0.1 s (y 278.92, vy −2101.0) back to y = 343.5 → 255.15 one 60 Hz frame later.
    @Test func test16RetargetKeepsMomentum() throws {
        let scene = ZoomScene.make()
        let lift = referenceRelease(scene)
        _ = scene.shown(at: lift + 0.1)
        scene.transition.reverse()
        #expect(scene.transition.state == .cancelling)
        let y = try #require(scene.center(at: lift + 0.1 + 1.0 / 60)).y
        #expect(isClose(y, 255.15, 0.5), "y = \(y)")
        scene.window.advance(to: lift + 2)
        #expect(scene.transition.state == .presented)
        #expect(scene.grid.presentedViewController === scene.detail)
        // And reversed again, it flies to the source and completes.
        scene.transition.reverse()
        #expect(scene.transition.state == .presented)  // nothing in flight: ignored
    }

    /// The presentation can be caught too: the zoom stops where it is shown and the finger holds
    /// it (an interactive dismissal takes over from that frame).
    @Test func catchDuringThePresentation() throws {
        let scene = ZoomScene.make(settle: false)
        let shown = try #require(scene.center(at: 0.1))
        scene.window.down(1, shown.x, shown.y, at: 0.1)
        #expect(scene.transition.state == .dragging)
        let caught = try #require(scene.center(at: 0.1))
        #expect(caught.distance(to: shown) < 1e-9)
        scene.window.move(1, shown.x, shown.y + 200, at: 0.2)
        scene.window.up(1, shown.x, shown.y + 200, at: 0.3)
        #expect(scene.transition.state == .dismissing)
        scene.window.advance(to: 1.5)
        #expect(scene.transition.state == .idle)
        #expect(scene.grid.presentedViewController == nil)
        #expect(!scene.grid.cells[0].isHidden)
    }
}
