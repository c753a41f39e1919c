import KinemaGeometry
import KinemaUI
import Testing
import UITestSupport

@Suite struct ScrollViewIndicatorTests {
    /// The indicators: subviews that are not the content.
    static func indicators(of scrollView: ScrollView, besides content: View) -> [View] {
        scrollView.subviews.filter { $0 !== content }
    }

    /// No indicator exists until the content scrolls; the vertical one shows while dragging,
    /// thin and rounded along the right edge, sized and placed by the offset; after scrolling
    /// stops it stays 0.5 s, then fades out linearly over 0.3 s.
    @Test func indicatorShowsWhileScrollingAndFadesOut() throws {
        let (window, scrollView, content, _) = makeScrollStage(contentSize: Size(width: 375, height: 2000))
        #expect(Self.indicators(of: scrollView, besides: content).isEmpty)
        window.down(1, 180, 500, at: 0.1)
        window.move(1, 180, 488, at: 0.11)
        let indicators = Self.indicators(of: scrollView, besides: content)
        #expect(indicators.count == 1)  // the content is no wider than the view
        let bar = try #require(indicators.first)
        #expect(bar.alpha == 1)
        #expect(!bar.isUserInteractionEnabled)
        #expect(bar.layer.cornerRadius == 1.5)
        // Track 667 − 6 = 661; length 661·667/2000 = 220.44; at offset 0 at the top.
        #expect(abs(bar.frame.height - 220.4435) < 1e-3)
        #expect(bar.frame.origin == Point(x: 369, y: 3))
        window.move(1, 180, 388, at: 0.12)
        // Offset 100 of 1333: 3 + 100/1333·(661 − 220.44) in the scrolled bounds.
        #expect(abs(bar.frame.minY - (100 + 3 + 100 / 1333 * (661 - 220.4435))) < 1e-3)
        window.up(1, 180, 388, at: 0.3)  // held still: released without velocity at 0.3
        window.advance(to: 0.79)
        #expect(bar.alpha == 1)
        window.advance(to: 0.95)
        #expect(abs(bar.alpha - 0.5) < 1e-9)
        window.advance(to: 1.1)
        #expect(bar.alpha == 0)
        #expect(scrollView.subviews.last === bar)
    }

    /// Past an edge the indicator shrinks by the overshoot; hidden indicators stay hidden.
    @Test func indicatorShrinksPastAnEdgeAndCanBeHidden() throws {
        let (window, scrollView, content, _) = makeScrollStage(contentSize: Size(width: 375, height: 2000))
        window.down(1, 180, 100, at: 0.1)
        window.move(1, 180, 112, at: 0.11)
        window.move(1, 180, 212, at: 0.12)  // 50.81 past the top
        let bar = try #require(Self.indicators(of: scrollView, besides: content).first)
        #expect(abs(bar.frame.height - (220.4435 - 50.8098)) < 1e-3)
        #expect(abs(bar.frame.minY - (-50.8098 + 3)) < 1e-3)
        window.up(1, 180, 212, at: 0.3)
        window.advance(to: 3)

        scrollView.showsVerticalScrollIndicator = false
        window.fling(from: Point(x: 180, y: 500), velocity: Point(x: 0, y: -800), at: 4)
        #expect(bar.isHidden)
    }

    /// `flashScrollIndicators()` shows them, then they fade as after scrolling.
    @Test func flash() throws {
        let (window, scrollView, content, _) = makeScrollStage(contentSize: Size(width: 800, height: 2000))
        scrollView.flashScrollIndicators()
        let bars = Self.indicators(of: scrollView, besides: content)
        #expect(bars.count == 2)
        #expect(bars.allSatisfy { $0.alpha == 1 })
        let horizontal = try #require(bars.first { $0.frame.height == 3 })
        #expect(horizontal.frame.minY == 667 - 6)
        window.advance(to: 0.9)
        #expect(bars.allSatisfy { $0.alpha == 0 })
    }
}
