import Foundation
import Kinema
import Testing

@testable import TutorialPopover

/// The tutorial-popover port behaves as on iOS: its own `viewWillAppear` spring plays about the
/// arrow tip, its custom background and dimming view draw through `draw(_:)`, and its
/// `viewWillDisappear` shrinks the popover back into the tip.
@Suite struct TutorialPopoverTests {
    /// The screen in a window, with the tutorial presented at 0.
    static func makeScreen() throws -> (Window, TutorialViewController, PopoverPresentationController, View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let screen = TutorialViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let tutorial = try #require(screen.tutorial)
        let popover = try #require(tutorial.popoverPresentationController)
        let view = try #require(popover.presentedView)
        return (window, screen, popover, view)
    }

    /// Where a point of the view's own space shows at `t`, in its superview.
    static func shown(_ local: Point, of view: View, at t: Double) -> Point {
        let p = view.layer.presentation(at: t)
        let a = p.transform.affineTransform
        let q = Point(
            x: local.x - p.bounds.minX - p.anchorPoint.x * p.bounds.width,
            y: local.y - p.bounds.minY - p.anchorPoint.y * p.bounds.height)
        return Point(x: p.position.x + a.a * q.x + a.c * q.y + a.tx, y: p.position.y + a.b * q.x + a.d * q.y + a.ty)
    }

    @Test func theSeedsSpringPlaysAboutTheArrowTip() throws {
        let (window, screen, popover, view) = try Self.makeScreen()
        let placement = try #require(popover.placement)
        #expect(popover.arrowDirection == .up)
        // The tip touches the share button.
        let button = screen.shareButton.frame
        #expect(placement.arrowTip.x >= button.minX && placement.arrowTip.x <= button.maxX)
        #expect(abs(placement.arrowTip.y - button.maxY) < 1e-9)
        let tip = Point(x: placement.arrowTip.x - placement.frame.minX, y: placement.arrowTip.y - placement.frame.minY)
        let spring = Spring.uiViewSpring(duration: 0.7, dampingRatio: 0.5, initialVelocity: 1)
        for i in 0...96 {
            let t = Double(i) / 120
            window.advance(to: t)
            let scale = view.layer.presentation(at: t).transform.affineTransform.a
            // UIKit's spring is cut at its duration; then the model, scale 1, shows.
            let expected = t < 0.7 - 1e-9 ? 0.1 + 0.9 * spring.value(at: t) : 1
            #expect(abs(scale - expected) < 1e-9, "scale at \(t)")
            let p = Self.shown(tip, of: view, at: t)
            #expect(abs(p.x - placement.arrowTip.x) < 1e-6 && abs(p.y - placement.arrowTip.y) < 1e-6, "tip at \(t)")
        }
        #expect(!view.isHidden)
    }

    @Test func theBubbleAndTheDimmingAreDrawnByTheirDrawMethods() throws {
        let (window, screen, popover, _) = try Self.makeScreen()
        window.advance(to: 1)
        let frame = try Renderer().render(window.layer.renderTree(at: 1), size: window.bounds.size, scale: 1, background: .white)
        let placement = try #require(popover.placement)
        // Inside the bubble's body, away from the text: the post's orange.
        let body = Point(x: placement.frame.minX + 6, y: placement.frame.maxY - 6)
        let orange = frame.color(x: Int(body.x), y: Int(body.y))
        #expect(abs(orange.red - 1) < 0.02 && abs(orange.green - 0.58) < 0.02 && orange.blue < 0.02, "bubble pixel \(orange)")
        // The dimmed screen is darker than the hole around the share button, which is cleared.
        let button = screen.shareButton.frame
        let hole = frame.color(x: Int(button.minX) - 3, y: Int(button.midY))
        let dimmed = frame.color(x: 10, y: 600)
        #expect(hole.red > 0.93, "the hole shows the screen: \(hole)")
        #expect(dimmed.red < 0.51, "the rest is dimmed: \(dimmed)")
    }

    @Test func theSeedsExitShrinksIntoTheTipThenHides() throws {
        let (window, screen, popover, view) = try Self.makeScreen()
        window.advance(to: 1)
        let placement = try #require(popover.placement)
        let tip = Point(x: placement.arrowTip.x - placement.frame.minX, y: placement.arrowTip.y - placement.frame.minY)
        screen.hideTutorial()
        var last = 1.0
        for i in 0...36 {
            let t = 1 + Double(i) / 120
            window.advance(to: t)
            let scale = view.layer.presentation(at: t).transform.affineTransform.a
            #expect(scale <= last + 1e-12, "grew at \(t)")
            last = scale
            let p = Self.shown(tip, of: view, at: t)
            #expect(abs(p.x - placement.arrowTip.x) < 1e-6 && abs(p.y - placement.arrowTip.y) < 1e-6, "tip at \(t)")
        }
        #expect(abs(last - 0.1) < 1e-9)
        window.advance(to: 2)
        #expect(view.isHidden)
        #expect(screen.presentedViewController == nil)
    }
}
