import KinemaGeometry
import KinemaUI
import Testing
import UITestSupport

/// A scroll view that lets drags take touches from buttons too.
final class ButtonCancellingScrollView: ScrollView {
    override func touchesShouldCancel(in view: View) -> Bool { true }
}

/// Touches in a scroll view's content: a tap on a button inside presses it, a drag that starts
/// on it scrolls; nested scroll views split drags by direction.
@Suite struct ScrollViewContentTouchTests {
    typealias Stage = (window: Window, scrollView: ScrollView, button: Button, events: () -> [String])

    /// A button in a scroll view's content, logging its control events with their times.
    static func stage(scrollView: ScrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 375, height: 667))) -> Stage {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        scrollView.contentSize = Size(width: 375, height: 3000)
        let button = Button(frame: Rect(x: 100, y: 200, width: 175, height: 100))
        scrollView.addSubview(button)
        window.addSubview(scrollView)
        window.advance(to: 0)
        var events: [String] = []
        let names: [(Control.Event, String)] = [
            (.touchDown, "down"), (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        ]
        for (event, name) in names {
            button.addAction(ControlAction { _ in events.append("\(name)@\(window.currentTime)") }, for: event)
        }
        return (window, scrollView, button, { events })
    }

    /// A tap reaches the button when the finger lifts (the touch-down waited for the scroll view
    /// to rule out a drag); a long press reaches it after 0.15 s.
    @Test func tapOnAButtonPressesIt() {
        let (window, scrollView, button, events) = Self.stage()
        window.down(1, 180, 250, at: 0.1)
        #expect(!button.isHighlighted)
        window.up(1, 182, 252, at: 0.15)
        #expect(events() == ["down@0.15", "upInside@0.15"])

        window.down(1, 180, 250, at: 1)
        window.advance(to: 1.149)
        #expect(!button.isHighlighted)
        window.advance(to: 1.15)
        #expect(button.isHighlighted)
        window.up(1, 180, 250, at: 1.5)
        #expect(events().suffix(2) == ["down@1.15", "upInside@1.5"])
        #expect(scrollView.contentOffset == .zero)
    }

    /// A drag that starts on the button scrolls, and the button never hears of the touch.
    @Test func quickDragOnAButtonScrolls() {
        let (window, scrollView, _, events) = Self.stage()
        let lift = window.fling(from: Point(x: 180, y: 250), velocity: Point(x: 0, y: -1200), at: 0.1)
        #expect(scrollView.contentOffset.y > 50)
        window.advance(to: lift + 1)
        #expect(events().isEmpty)
    }

    /// Once the button tracks the touch (after the delay), a drag does not take it from the
    /// button, as in UIKit (`touchesShouldCancel(in:)` answers `false` for controls)...
    @Test func heldButtonKeepsItsTouch() {
        let (window, scrollView, _, events) = Self.stage()
        window.down(1, 180, 250, at: 0.1)
        window.advance(to: 0.3)
        window.drag(from: Point(x: 180, y: 250), to: Point(x: 180, y: 220), start: 0.3, duration: 0.1)
        window.up(1, 180, 220, at: 0.45)
        #expect(scrollView.contentOffset == .zero)
        #expect(events() == ["down@0.25", "upInside@0.45"])
    }

    /// ...unless the scroll view's `touchesShouldCancel(in:)` says so: then the button's touch is
    /// cancelled and the content scrolls.
    @Test func dragCancelsTheButtonWhenAllowed() {
        let (window, scrollView, button, events) = Self.stage(
            scrollView: ButtonCancellingScrollView(frame: Rect(x: 0, y: 0, width: 375, height: 667)))
        window.down(1, 180, 250, at: 0.1)
        window.advance(to: 0.3)
        window.drag(from: Point(x: 180, y: 250), to: Point(x: 180, y: 150), start: 0.3, duration: 0.1)
        // The second move (16.7 points) passes the pan's slop.
        #expect(events() == ["down@0.25", "cancel@\(0.3 + 2.0 / 120)"])
        #expect(!button.isHighlighted)
        #expect(scrollView.contentOffset.y > 80)

        scrollView.canCancelContentTouches = false
        window.up(1, 180, 150, at: 0.6)
        window.advance(to: 3)
        let rest = scrollView.contentOffset
        #expect(button.convert(Point(x: 80, y: 50), to: window).y < 180)  // the button is still under (180, 180)
        window.down(1, 180, 180, at: 4)
        window.advance(to: 4.3)
        window.drag(from: Point(x: 180, y: 180), to: Point(x: 180, y: 80), start: 4.3, duration: 0.1)
        #expect(scrollView.contentOffset == rest)
        #expect(button.isHighlighted)
    }

    /// Without `delaysContentTouches` the button is pressed at the touch-down.
    @Test func withoutDelayTheContentHearsAtOnce() {
        let (window, scrollView, _, events) = Self.stage()
        scrollView.delaysContentTouches = false
        window.down(1, 180, 250, at: 0.1)
        #expect(events() == ["down@0.1"])
        window.up(1, 180, 250, at: 0.2)
        #expect(events() == ["down@0.1", "upInside@0.2"])
    }

    /// `touchesShouldBegin(_:with:in:)` answering `false` keeps touches from that content view.
    @Test func touchesShouldBeginCanRefuse() {
        final class Refusing: ScrollView {
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { false }
        }
        let (window, _, _, events) = Self.stage(scrollView: Refusing(frame: Rect(x: 0, y: 0, width: 375, height: 667)))
        window.tap(1, 180, 250, at: 0.1)
        window.down(1, 180, 250, at: 1)
        window.up(1, 180, 250, at: 1.5)
        #expect(events().isEmpty)
    }

    /// A horizontal pager inside a vertical scroll view: horizontal drags page the inner one,
    /// vertical drags (starting on the pager too) scroll the outer one.
    @Test func nestedPagerSplitsDragsByDirection() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let outer = ScrollView(frame: window.bounds)
        outer.contentSize = Size(width: 375, height: 3000)
        let pager = ScrollView(frame: Rect(x: 0, y: 100, width: 375, height: 300))
        pager.contentSize = Size(width: 375 * 3, height: 300)
        pager.isPagingEnabled = true
        outer.addSubview(pager)
        window.addSubview(outer)
        let outerLog = ScrollLog()
        let pagerLog = ScrollLog()
        outer.delegate = outerLog
        pager.delegate = pagerLog
        window.advance(to: 0)

        let lift = window.fling(from: Point(x: 300, y: 250), velocity: Point(x: -900, y: 60), at: 0.1)
        #expect(pager.isDecelerating)
        #expect(outer.contentOffset == .zero)
        window.advance(to: lift + 3)
        #expect(pager.contentOffset == Point(x: 375, y: 0))
        #expect(pagerLog.proposedTarget == Point(x: 375, y: 0))
        #expect(outerLog.calls.isEmpty)

        let lift2 = window.fling(from: Point(x: 200, y: 350), velocity: Point(x: 80, y: -900), at: lift + 4)
        #expect(outer.contentOffset.y > 30)
        #expect(pager.contentOffset == Point(x: 375, y: 0))
        window.advance(to: lift2 + 5)
        #expect(pagerLog.calls.filter { $0 == "willBeginDragging" }.count == 1)
        #expect(outerLog.calls.first == "willBeginDragging")
    }
}
