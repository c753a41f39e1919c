import KinemaGeometry
import KinemaUI
import Testing
import UITestSupport

@Suite struct ScrollViewDraggingTests {
    /// Content moves with the finger once the pan passed its slop, without a jump; `isTracking`
    /// is set from the touch-down, `isDragging` from the slop.
    @Test func contentFollowsTheFinger() {
        let (window, scrollView, content, log) = makeScrollStage()
        window.down(1, 180, 500, at: 0.1)
        #expect(scrollView.isTracking)
        #expect(!scrollView.isDragging)
        window.move(1, 180, 492, at: 0.11)
        #expect(!scrollView.isDragging)
        window.move(1, 180, 488, at: 0.12)  // 12 points: the drag begins here, at offset 0
        #expect(scrollView.isDragging)
        #expect(scrollView.contentOffset == .zero)
        window.move(1, 170, 388, at: 0.13)
        #expect(scrollView.contentOffset == Point(x: 0, y: 100))  // no sideways scroll: nothing to scroll
        #expect(scrollView.bounds.origin == Point(x: 0, y: 100))
        #expect(content.convert(Point(x: 0, y: 100), to: window) == Point(x: 0, y: 0))
        window.move(1, 170, 438, at: 0.14)
        #expect(scrollView.contentOffset == Point(x: 0, y: 50))
        window.up(1, 170, 438, at: 0.4)
        #expect(!scrollView.isTracking)
        #expect(!scrollView.isDragging)
        #expect(!scrollView.isDecelerating)
        #expect(log.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
    }

    /// The delegate hears UIKit's order, and a target it changes in `willEndDragging` is where
    /// the content comes to rest, exactly.
    @Test func delegateOrderAndChangedTarget() {
        let (window, scrollView, _, log) = makeScrollStage()
        log.newTarget = Point(x: 0, y: 1000)
        let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -1500), at: 0.1)
        #expect(
            log.calls == [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
            ])
        let released = scrollView.contentOffset.y
        #expect(abs((log.proposedTarget?.y ?? 0) - released - 749.25) < 0.01)
        var path: [Double] = []
        window.run(from: lift, to: lift + 5) { _ in path.append(scrollView.contentOffset.y) }
        #expect(path.allSatisfy { $0 <= 1000 })
        #expect(zip(path, path.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(scrollView.contentOffset == Point(x: 0, y: 1000))
        #expect(log.calls.suffix(2) == ["didScroll", "didEndDecelerating"])
        #expect(!scrollView.isDecelerating)
    }

    /// A target outside the edges is clamped to them.
    @Test func targetIsClampedToTheEdges() {
        let (window, scrollView, _, log) = makeScrollStage(contentSize: Size(width: 375, height: 1000))
        log.newTarget = Point(x: -50, y: 5000)
        let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -500), at: 0.1)
        window.advance(to: lift + 5)
        #expect(scrollView.contentOffset == Point(x: 0, y: 333))
    }

    /// A touch-down on decelerating content stops it where it is, and that touch does not reach
    /// the content: no button press, no tap.
    @Test func touchDownCatchesTheContentWithoutTapping() {
        let (window, scrollView, content, log) = makeScrollStage()
        let button = Button(frame: Rect(x: 0, y: 0, width: 180, height: 5000))
        var events: [String] = []
        button.addAction(ControlAction { _ in events.append("tap") }, for: .touchUpInside)
        button.addAction(ControlAction { _ in events.append("down") }, for: .touchDown)
        content.addSubview(button)
        let tapArea = View(frame: Rect(x: 200, y: 0, width: 175, height: 5000))
        var taps = 0
        tapArea.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        content.addSubview(tapArea)
        var time = 0.1
        for x in [90.0, 280.0] {
            let lift = window.fling(from: Point(x: x, y: 600), velocity: Point(x: 0, y: -1500), at: time)
            window.advance(to: lift + 0.3)
            #expect(scrollView.isDecelerating)
            let caught = scrollView.contentOffset
            window.down(1, x, 300, at: lift + 0.3)
            #expect(!scrollView.isDecelerating)
            #expect(scrollView.contentOffset == caught)
            window.up(1, x, 300, at: lift + 0.35)
            window.advance(to: lift + 2)
            #expect(scrollView.contentOffset == caught)
            time = lift + 3
        }
        #expect(events.isEmpty)
        #expect(taps == 0)
        #expect(!log.calls.contains("didEndDecelerating"))

        // At rest, the same taps reach the button (after the content-touch delay, here when the
        // finger lifts) and the tap recognizer.
        window.tap(1, 90, 300, at: time)
        window.tap(1, 280, 300, at: time + 1)
        #expect(events == ["down", "tap"])
        #expect(taps == 1)
    }

    /// A finger that catches content bouncing past an edge picks it up where it is (the rubber
    /// band's inverse), without a jump.
    @Test func catchingABounceDoesNotJump() {
        let (window, scrollView, _, _) = makeScrollStage()
        window.down(1, 180, 100, at: 0.1)
        window.move(1, 180, 112, at: 0.11)
        window.move(1, 180, 212, at: 0.12)
        window.up(1, 180, 212, at: 0.3)
        window.advance(to: 0.35)
        let caught = scrollView.contentOffset.y
        #expect(caught > -50.81 && caught < -10)
        window.down(1, 180, 400, at: 0.35)
        window.move(1, 180, 412, at: 0.36)
        #expect(scrollView.contentOffset.y == caught)
        window.move(1, 180, 422, at: 0.37)
        // 10 more points of finger past the edge, through the band's inverse and back.
        let unbanded = RubberBandReference.unbanded(caught) - 10
        #expect(abs(scrollView.contentOffset.y - RubberBandReference.banded(unbanded)) < 1e-9)
        #expect(scrollView.contentOffset.y < caught)
    }

    /// With directional lock, a drag that starts mostly vertical stays vertical; a diagonal one
    /// moves freely. The release velocity of a locked-out axis is zero.
    @Test func directionalLock() {
        let (window, scrollView, _, log) = makeScrollStage(contentSize: Size(width: 2000, height: 50000))
        scrollView.isDirectionalLockEnabled = true
        window.down(1, 200, 500, at: 0.1)
        window.move(1, 203, 488, at: 0.11)
        window.move(1, 150, 400, at: 0.12)
        #expect(scrollView.contentOffset == Point(x: 0, y: 88))
        window.up(1, 140, 390, at: 0.13)
        #expect(log.releaseVelocity?.x == 0)
        #expect((log.releaseVelocity?.y ?? 0) > 0)
        window.advance(to: 10)
        #expect(!scrollView.isDecelerating)

        let start = scrollView.contentOffset
        #expect(start.x == 0)
        window.down(1, 200, 500, at: 11)
        window.move(1, 190, 490, at: 11.01)
        window.move(1, 150, 450, at: 11.02)
        #expect(scrollView.contentOffset == Point(x: start.x + 40, y: start.y + 40))
    }

    /// Disabling scrolling cancels a drag in progress (released without velocity) and stops new
    /// ones; code can still set the offset.
    @Test func scrollEnabled() {
        let (window, scrollView, _, log) = makeScrollStage()
        window.down(1, 180, 500, at: 0.1)
        window.move(1, 180, 488, at: 0.11)
        window.move(1, 180, 300, at: 0.12)
        scrollView.isScrollEnabled = false
        #expect(!scrollView.isDragging)
        #expect(log.releaseVelocity == .zero)
        window.move(1, 180, 200, at: 0.13)
        window.up(1, 180, 200, at: 0.14)
        #expect(scrollView.contentOffset == Point(x: 0, y: 188))
        scrollView.contentOffset = Point(x: 0, y: 50)
        #expect(scrollView.contentOffset == Point(x: 0, y: 50))
    }

    /// An animated scroll eases to the offset over 0.3 s on the window's clock and ends with
    /// `scrollViewDidEndScrollingAnimation`; a touch-down stops it.
    @Test func animatedScroll() {
        let (window, scrollView, _, log) = makeScrollStage()
        scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        #expect(scrollView.contentOffset == .zero)
        window.advance(to: 0.15)
        #expect(abs(scrollView.contentOffset.y - 300) < 1e-3)  // ease in-out is symmetric
        window.advance(to: 0.3)
        #expect(scrollView.contentOffset == Point(x: 0, y: 600))
        #expect(log.calls.last == "didEndScrollingAnimation")

        scrollView.setContentOffset(Point(x: 0, y: 0), animated: true)
        window.advance(to: 0.4)
        let caught = scrollView.contentOffset
        window.down(1, 180, 300, at: 0.4)
        window.up(1, 180, 300, at: 0.45)
        window.advance(to: 1)
        #expect(scrollView.contentOffset == caught)
        #expect(log.calls.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }
}

extension ScrollViewDraggingTests {
    /// `scrollRectToVisible` moves as little as possible: a rect below the view comes up to its
    /// bottom edge, one above down to its top edge, one already visible stays; never past the
    /// edges.
    @Test func scrollRectToVisible() {
        let (window, scrollView, _, log) = makeScrollStage(contentSize: Size(width: 375, height: 2000))
        scrollView.scrollRectToVisible(Rect(x: 0, y: 900, width: 50, height: 100), animated: false)
        #expect(scrollView.contentOffset == Point(x: 0, y: 1000 - 667))
        scrollView.scrollRectToVisible(Rect(x: 0, y: 400, width: 50, height: 100), animated: false)
        #expect(scrollView.contentOffset == Point(x: 0, y: 1000 - 667))
        scrollView.scrollRectToVisible(Rect(x: 0, y: 100, width: 50, height: 100), animated: true)
        window.advance(to: 0.3)
        #expect(scrollView.contentOffset == Point(x: 0, y: 100))
        #expect(log.calls.last == "didEndScrollingAnimation")
        scrollView.scrollRectToVisible(Rect(x: 0, y: 1950, width: 50, height: 400), animated: false)
        #expect(scrollView.contentOffset == Point(x: 0, y: 2000 - 667))
    }
}

/// The rubber band the scroll view uses for a 667-point-tall view, for expectations.
enum RubberBandReference {
    static func banded(_ unbanded: Double) -> Double {
        unbanded >= 0 ? unbanded : -(1 - 1 / (-unbanded * 0.55 / 667 + 1)) * 667
    }
    static func unbanded(_ banded: Double) -> Double {
        banded >= 0 ? banded : -(667 * -banded / (0.55 * (667 + banded)))
    }
}
