import KinemaGeometry
import KinemaUI
import Testing
import UITestSupport

@Suite struct ScrollViewPagingTests {
    struct PageCase: CustomTestStringConvertible, Sendable {
        /// How far the finger drags left, points (after the slop), and how fast it lifts.
        let drag: Double
        let velocity: Double
        let page: Double
        var testDescription: String { "drag \(drag) at \(velocity) pt/s" }
    }

    /// Pages are 375 wide. The release picks the page nearest to the projected offset
    /// `x0 + v·0.4995` (d = 0.998), at most one page from where the content is.
    @Test(arguments: [
        PageCase(drag: 100, velocity: 0, page: 0),  // nearest: page 0
        PageCase(drag: 200, velocity: 0, page: 1),  // past half a page: page 1
        PageCase(drag: 100, velocity: 600, page: 1),  // 100 + 299.7 = 399.7: a flick turns the page
        PageCase(drag: 100, velocity: -600, page: 0),  // 100 − 299.7: back to page 0
        PageCase(drag: 560, velocity: 5000, page: 2),  // projects to page 8: one page further only
    ])
    func releaseSettlesOnAPage(_ c: PageCase) throws {
        let (window, scrollView, _, log) = makeScrollStage(contentSize: Size(width: 375 * 10, height: 667))
        scrollView.isPagingEnabled = true
        let lift = Self.release(window, at: c.drag, velocity: c.velocity)
        if let velocity = log.releaseVelocity { #expect(abs(velocity.x * 1000 - c.velocity) < 1e-6) }
        let target = try #require(log.proposedTarget)
        #expect(target == Point(x: 375 * c.page, y: 0))
        window.advance(to: lift + 3)
        #expect(scrollView.contentOffset == Point(x: 375 * c.page, y: 0))
        #expect(!scrollView.isDecelerating)
    }

    /// Drags the content left to `offset` and releases it there moving at `velocity` (points per
    /// second, in the offset's direction): a slow drag, then 0.108 s at the velocity (the
    /// velocity estimate's 0.1 s window sees only that part). Returns the lift time.
    static func release(_ window: Window, at offset: Double, velocity: Double) -> Double {
        let y = 300.0
        window.down(1, 300, y, at: 0.1)
        window.move(1, 288, y, at: 0.11)  // the drag begins here
        let flick = 13 * velocity / 120
        var t = window.drag(from: Point(x: 288, y: y), to: Point(x: 288 - offset + flick, y: y), start: 0.11, duration: 0.5)
        guard velocity != 0 else {
            window.up(1, 288 - offset, y, at: t + 0.1)
            return t + 0.1
        }
        var x = 288 - offset + flick
        for _ in 1...12 {
            t += 1 / 120
            x -= velocity / 120
            window.move(1, x, y, at: t)
        }
        window.up(1, 288 - offset, y, at: t + 1 / 120)
        return t + 1 / 120
    }

    /// With a zero-width view there are no pages: the offset stays finite and in place.
    @Test func zeroPageSize() {
        let (window, scrollView, _, _) = makeScrollStage(contentSize: Size(width: 1000, height: 0))
        scrollView.isPagingEnabled = true
        scrollView.bounds.size.width = 0
        scrollView.setContentOffset(Point(x: 40, y: 0), animated: true)
        window.advance(to: 1)
        #expect(scrollView.contentOffset == Point(x: 40, y: 0))
    }
}
