import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

/// Invariant 18 of docs/popover-notes.md: when the source moves, the bubble follows within one
/// frame.
@Suite struct PopoverSourceTrackingTests {
    @Test func aScrolledSourceIsFollowedInTheNextFrame() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.advance(to: 0)
        // A "scroll view": scrolling moves its bounds origin, which moves the source on screen.
        let scroller = View(frame: Rect(x: 0, y: 100, width: 375, height: 400))
        scroller.clipsToBounds = true
        root.view.addSubview(scroller)
        let source = View(frame: Rect(x: 150, y: 150, width: 44, height: 30))
        scroller.addSubview(source)
        let content = ViewController()
        content.modalPresentationStyle = .popover
        content.preferredContentSize = Size(width: 200, height: 100)
        let popover = try #require(content.popoverPresentationController)
        popover.sourceView = source
        popover.permittedArrowDirections = .up
        root.present(content, animated: false)
        window.advance(to: 0.1)
        #expect(isClose(try #require(popover.placement).arrowTip, Point(x: 172, y: 280), 1e-9))

        scroller.bounds.origin = Point(x: 0, y: 60)  // scrolled 60 points down
        window.advance(to: 0.1 + 1.0 / 60)
        let moved = try #require(popover.placement)
        #expect(isClose(moved.arrowTip, Point(x: 172, y: 220), 1e-9))
        let view = try #require(popover.presentedView)
        #expect(isClose(view.frame, moved.frame, 1e-9))  // in the same frame, not animated

        // Nothing moves: nothing is solved again (the placement stays the same value).
        window.advance(to: 0.2)
        #expect(popover.placement == moved)
    }

    @Test func trackingStopsWhenThePopoverIsDismissed() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let source = View(frame: Rect(x: 150, y: 150, width: 44, height: 30))
        root.view.addSubview(source)
        let content = ViewController()
        content.modalPresentationStyle = .popover
        let popover = try #require(content.popoverPresentationController)
        popover.sourceView = source
        root.present(content, animated: false)
        window.advance(to: 0.1)
        content.dismiss(animated: false)
        window.advance(to: 0.2)
        source.center.x += 50
        window.advance(to: 0.3)
        #expect(popover.placement == nil)
        #expect(popover.arrowDirection == .unknown)
    }
}
