import Foundation
import KinemaGeometry
import KinemaTiming
import KinemaUI
import Testing
import UITestSupport

/// The scroll view's physics against the reference values of the formulas it uses (WWDC 2018
/// "Designing Fluid Interfaces" projection, POP's decay, the @chpwn rubber band), driven by
/// scripted fingers through `Window.send(_:)`.
@Suite struct ScrollViewPhysicsTests {
    struct ProjectionCase: CustomTestStringConvertible, Sendable {
        let velocity: Double
        let rate: Double
        /// `(v/1000)·d/(1 − d)`, the discrete (per-millisecond) form UIKit's `project` uses.
        let discrete: Double
        /// `−v/(1000·ln d)`, the exact integral of `v·d^(1000t)`: where Kinema's deceleration rests.
        let continuous: Double
        var testDescription: String { "\(velocity) pt/s at \(rate)" }
    }

    @Test(arguments: [
        ProjectionCase(velocity: 100, rate: 0.998, discrete: 49.90, continuous: 49.95),
        ProjectionCase(velocity: 500, rate: 0.998, discrete: 249.50, continuous: 249.75),
        ProjectionCase(velocity: 1000, rate: 0.998, discrete: 499.00, continuous: 499.50),
        ProjectionCase(velocity: 1500, rate: 0.998, discrete: 748.50, continuous: 749.25),
        ProjectionCase(velocity: 3000, rate: 0.998, discrete: 1497.00, continuous: 1498.50),
        ProjectionCase(velocity: 5000, rate: 0.998, discrete: 2495.00, continuous: 2497.50),
        ProjectionCase(velocity: 1500, rate: 0.99, discrete: 148.50, continuous: 149.25),
        ProjectionCase(velocity: 5000, rate: 0.99, discrete: 495.00, continuous: 497.50),
    ])
    func releaseProjectsTheVelocity(_ c: ProjectionCase) throws {
        let rate = DecelerationRate(rawValue: c.rate)
        #expect(abs(rate.projectedDistance(initialVelocity: c.velocity) - c.discrete) < 0.005)
        #expect(abs(rate.continuousProjectedDistance(initialVelocity: c.velocity) - c.continuous) < 0.005)

        let (window, scrollView, _, log) = makeScrollStage()
        scrollView.decelerationRate = rate
        var released = Point.zero
        log.newTarget = nil
        let steps = max(8, Int((40 / (c.velocity / 120)).rounded(.up)))
        let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -c.velocity), at: 0.1, steps: steps)
        released = scrollView.contentOffset
        // UIKit reports the release velocity in points per millisecond, in the offset's direction.
        let velocity = try #require(log.releaseVelocity)
        #expect(abs(velocity.y - c.velocity / 1000) < 1e-6)
        #expect(velocity.x == 0)
        let target = try #require(log.proposedTarget)
        #expect(abs(target.y - released.y - c.continuous) < 0.01)
        window.advance(to: lift + 10)
        #expect(scrollView.contentOffset == target)
        #expect(!scrollView.isDecelerating)
    }

    /// The decay `x(t) = x0 + v·(d^(1000t) − 1)/(1000·ln d)` after a 1500 pt/s release at 0.998.
    @Test func decelerationFollowsTheClosedForm() throws {
        let (window, scrollView, _, log) = makeScrollStage()
        let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -1500), at: 0.1)
        let x0 = scrollView.contentOffset.y
        #expect(scrollView.isDecelerating)
        let expected: [(t: Double, x: Double)] = [
            (1 / 60, 24.59), (0.1, 135.94), (0.25, 295.03), (0.5, 473.89), (1.0, 648.05), (2.0, 735.58),
        ]
        for (t, x) in expected {
            window.advance(to: lift + t)
            #expect(abs(scrollView.contentOffset.y - x0 - x) < 0.01, "at \(t) s")
            #expect(scrollView.isDecelerating)
        }
        // It rests once less than half a point of the 749.25-point glide is left:
        // t = ln(0.5/749.25)/(1000·ln 0.998) = 3.652 s.
        window.advance(to: lift + 3.64)
        #expect(scrollView.isDecelerating)
        #expect(log.calls.last == "didScroll")
        window.advance(to: lift + 3.66)
        #expect(!scrollView.isDecelerating)
        #expect(log.calls.last == "didEndDecelerating")
        #expect(abs(scrollView.contentOffset.y - x0 - 749.25) < 0.01)
        #expect(scrollView.contentOffset.y == log.proposedTarget?.y)
    }

    struct BandCase: CustomTestStringConvertible, Sendable {
        let excess: Double
        let banded: Double
        var testDescription: String { "\(excess) pt past the edge" }
    }

    /// `b(x) = (1 − 1/(x·c/d + 1))·d` with c = 0.55 and d = 667, the view's height.
    @Test(arguments: [
        BandCase(excess: 10, banded: 5.46), BandCase(excess: 50, banded: 26.41), BandCase(excess: 100, banded: 50.81),
        BandCase(excess: 200, banded: 94.43), BandCase(excess: 400, banded: 165.43),
    ])
    func dragPastTheTopRubberBands(_ c: BandCase) {
        let (window, scrollView, _, _) = makeScrollStage()
        window.down(1, 180, 100, at: 0.1)
        window.move(1, 180, 112, at: 0.11)  // past the 10-point slop: the drag begins here
        #expect(scrollView.isDragging)
        #expect(scrollView.contentOffset == .zero)
        window.move(1, 180, 112 + c.excess, at: 0.12)
        #expect(abs(scrollView.contentOffset.y + c.banded) < 0.005)
        #expect(abs(RubberBand.unbanded(c.banded, dimension: 667) - c.excess) < 0.02)
    }

    /// With `alwaysBounceHorizontal`, content no wider than the view still bands sideways, with
    /// d = 375 (the view's width): b(100) = 47.97.
    @Test func alwaysBounceHorizontalBandsAcrossTheWidth() {
        let (window, scrollView, _, _) = makeScrollStage(contentSize: Size(width: 375, height: 667))
        window.down(1, 100, 300, at: 0.1)
        window.move(1, 112, 300, at: 0.11)
        window.move(1, 212, 300, at: 0.12)
        window.up(1, 212, 300, at: 0.3)
        #expect(scrollView.contentOffset == .zero)  // the pan failed: nothing to scroll sideways

        scrollView.alwaysBounceHorizontal = true
        window.down(1, 100, 300, at: 1)
        window.move(1, 112, 300, at: 1.01)
        window.move(1, 212, 300, at: 1.02)
        #expect(abs(scrollView.contentOffset.x + 47.97) < 0.005)
        #expect(scrollView.contentOffset.y == 0)
    }

    /// Released 50.81 points past the top without velocity, the content springs back (critically
    /// damped, response 0.575 s: `x(τ) = x0·e^(−ωτ)·(1 + ωτ)`, ω = 2π/0.575; no overshoot) and
    /// lands exactly on the edge.
    @Test func bounceBackLandsExactlyOnTheEdge() {
        let (window, scrollView, _, log) = makeScrollStage()
        window.down(1, 180, 100, at: 0.1)
        window.move(1, 180, 112, at: 0.11)
        window.move(1, 180, 212, at: 0.12)
        window.up(1, 180, 212, at: 0.3)
        #expect(abs(scrollView.contentOffset.y + 50.81) < 0.005)
        #expect(log.calls.suffix(3) == ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        #expect(log.proposedTarget == .zero)
        var path: [Double] = []
        window.run(from: 0.3, to: 2, rate: 60) { _ in path.append(scrollView.contentOffset.y) }
        #expect(path.allSatisfy { $0 <= 0 })
        #expect(zip(path, path.dropFirst()).allSatisfy { $0 <= $1 })
        // x(0.1) = −50.81·e^(−1.0927)·2.0927 = −35.65; x(0.3) = −8.19
        #expect(abs(path[5] + 35.65) < 0.01)
        #expect(abs(path[17] + 8.19) < 0.01)
        #expect(scrollView.contentOffset == .zero)
        #expect(!scrollView.isDecelerating)
        #expect(log.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    /// A flick towards the end carries the content past it; it springs back onto the edge. Without
    /// bounces it stops on the edge and never passes it.
    @Test(arguments: [true, false])
    func decelerationPastTheEndBouncesOrStops(bounces: Bool) {
        let (window, scrollView, _, log) = makeScrollStage(contentSize: Size(width: 375, height: 1500))
        scrollView.bounces = bounces
        scrollView.contentOffset = Point(x: 0, y: 500)
        let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -2000), at: 0.1)
        let end = 1500.0 - 667
        #expect(log.proposedTarget == Point(x: 0, y: end))  // clamped to the edge
        var farthest = 0.0
        window.run(from: lift, to: lift + 4) { _ in farthest = max(farthest, scrollView.contentOffset.y) }
        if bounces {
            #expect(farthest > end + 20)
        } else {
            #expect(farthest == end)
        }
        #expect(scrollView.contentOffset.y == end)
        #expect(!scrollView.isDecelerating)
        #expect(log.calls.last == "didEndDecelerating")
    }

    /// The same flick shows the same offsets at the shared frame times whether the window runs at
    /// 30, 60 or 120 frames per second: every offset is a function of the time since release.
    @Test func offsetsDoNotDependOnTheFrameRate() {
        func offsets(rate: Int) -> [Point] {
            let (window, scrollView, _, _) = makeScrollStage(contentSize: Size(width: 375, height: 1800))
            scrollView.contentOffset = Point(x: 0, y: 300)
            let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -2500), at: 0.1)
            var shared: [Point] = []
            for k in 1...90 {
                let anchor = lift + Double(k) / 30
                for j in 1..<(rate / 30) { window.advance(to: anchor - Double(j) / Double(rate)) }
                window.advance(to: anchor)
                shared.append(scrollView.contentOffset)
            }
            return shared
        }
        let at30 = offsets(rate: 30)
        #expect(at30.contains { $0.y > 1800 - 667 })  // it went past the end and bounced
        #expect(offsets(rate: 60) == at30)
        #expect(offsets(rate: 120) == at30)
    }

    /// Nothing degenerate reaches a view: empty content, a view of zero size, paging with zero
    /// page size, a release without velocity.
    @Test func degenerateGeometryStaysFinite() {
        let (window, scrollView, content, _) = makeScrollStage(contentSize: .zero)
        scrollView.alwaysBounceVertical = true
        scrollView.isPagingEnabled = true
        let lift = window.fling(from: Point(x: 180, y: 300), velocity: Point(x: 700, y: 1200), at: 0.1)
        window.run(from: lift, to: lift + 2) { _ in #expect(scrollView.contentOffset.isFinite) }
        #expect(scrollView.contentOffset == .zero)

        scrollView.frame = Rect(x: 0, y: 0, width: 0, height: 0)
        scrollView.contentSize = Size(width: 100, height: 100)
        scrollView.frame = Rect(x: 0, y: 0, width: 0, height: 0)
        scrollView.setContentOffset(Point(x: .nan, y: 3), animated: true)
        scrollView.contentOffset = Point(x: .infinity, y: 0)
        scrollView.contentSize = Size(width: .nan, height: 10)
        #expect(scrollView.contentOffset.isFinite)
        #expect(scrollView.contentSize == Size(width: 100, height: 100))
        #expect(content.frame.isFinite)
    }
}
