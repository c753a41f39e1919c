import KinemaGeometry
import KinemaUI
import Testing

/// Pinch zooming: two fingers scale the zoomed view about their midpoint; past the limits it
/// rubber-bands (`bouncesZoom`) and comes back when the fingers lift.
@Suite struct ScrollViewPinchTests {
    @Test func pinchRecognizerExistsOnlyWhileZoomingIsPossible() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(scrollView.pinchGestureRecognizer == nil)
        scrollView.maximumZoomScale = 2
        let pinch = scrollView.pinchGestureRecognizer
        #expect(pinch != nil)
        #expect(scrollView.gestureRecognizers.contains { $0 === pinch })
        scrollView.minimumZoomScale = 0.5
        #expect(scrollView.pinchGestureRecognizer === pinch)
        scrollView.maximumZoomScale = 0.5
        #expect(scrollView.pinchGestureRecognizer == nil)
        #expect(!scrollView.gestureRecognizers.contains { $0 === pinch })
    }

    /// Fingers around (150, 100) spreading from 100 to 200 points apart double the scale and keep
    /// the image point under their midpoint there; when they lift, the offset comes back inside
    /// the edges (the 400-point-tall content does not scroll in a 667-point view).
    @Test func pinchZoomsAboutTheMidpoint() {
        let (window, scrollView, image, log) = ScrollViewZoomTests.stage()
        let start = FingerPair(center: Point(x: 150, y: 100), distance: 100)
        window.pair(.began, start, at: 0.1)
        let end = FingerPair(center: Point(x: 150, y: 100), distance: 200)
        let last = window.movePair(from: start, to: end, steps: 10, start: 0.1)
        #expect(scrollView.isZooming)
        #expect(!scrollView.isDragging)
        #expect(scrollView.zoomScale == 2)
        #expect(scrollView.contentSize == Size(width: 600, height: 400))
        #expect(scrollView.contentOffset.distance(to: Point(x: 150, y: 100)) < 1e-9)
        #expect(image.convert(Point(x: 150, y: 100), to: window).distance(to: Point(x: 150, y: 100)) < 1e-9)
        #expect(log.calls.prefix(3) == ["willBeginZooming", "didScroll", "didZoom"])

        window.pair(.ended, end, at: last + 0.01)
        #expect(!scrollView.isZooming)
        #expect(!scrollView.isZoomBouncing)  // the scale is inside its limits; only the offset moves
        window.advance(to: last + 0.01 + 0.3)
        #expect(scrollView.zoomScale == 2)
        #expect(scrollView.contentOffset == Point(x: 150, y: 0))
        #expect(log.calls.last == "didEndZooming")
        #expect(log.endZoomScales == [2])
    }

    /// The anchor follows the midpoint as it moves. The midpoint moves 41 points sideways, so the
    /// pan begins too (they recognize together), but the pinch alone moves the content; when the
    /// fingers lift the drag ends without decelerating and the zoom settles inside the edges.
    @Test func anchorFollowsAMovingMidpoint() {
        let (window, scrollView, image, log) = ScrollViewZoomTests.stage()
        let start = FingerPair(center: Point(x: 150, y: 100), distance: 100)
        window.pair(.began, start, at: 0.1)
        let end = FingerPair(center: Point(x: 190, y: 110), distance: 200)
        let last = window.movePair(from: start, to: end, steps: 10, start: 0.1)
        #expect(scrollView.isDragging)
        #expect(scrollView.isZooming)
        // The pinch began one step in, midpoint (154, 101): that image point is now under (190, 110).
        let shown = image.convert(Point(x: 154, y: 101), to: window)
        #expect(abs(shown.x - 190) < 1e-9 && abs(shown.y - 110) < 1e-9)
        #expect(scrollView.zoomScale == 2)
        window.pair(.ended, end, at: last + 1 / 120.0)
        #expect(log.releaseVelocity == .zero)
        #expect(log.calls.contains("didEndDragging(false)"))
        window.advance(to: last + 1)
        #expect(!scrollView.isDecelerating && !scrollView.isDragging)
        #expect(abs(scrollView.contentOffset.x - (308 - 190)) < 1e-9)
        #expect(scrollView.contentOffset.y == 0)
        #expect(log.endZoomScales == [2])
    }

    struct BandCase: CustomTestStringConvertible, Sendable {
        let from: Double
        let to: Double
        /// The scale during the pinch with bouncesZoom: the ratio to the limit past it goes through
        /// the rubber band with d = 1.
        let banded: Double
        let limit: Double
        var testDescription: String { "\(from) → \(to)" }
    }

    @Test(arguments: [
        // 3·(1 + (1 − 1/((5/3 − 1)·0.55 + 1))) = 3.8049
        BandCase(from: 100, to: 500, banded: 3.8049, limit: 3),
        // 0.5/(1 + (1 − 1/((0.5/0.2 − 1)·0.55 + 1))) = 0.3443
        BandCase(from: 200, to: 40, banded: 0.3443, limit: 0.5),
    ])
    func pastTheLimitsItBouncesBack(_ c: BandCase) {
        let (window, scrollView, _, log) = ScrollViewZoomTests.stage()
        let start = FingerPair(center: Point(x: 150, y: 100), distance: c.from)
        window.pair(.began, start, at: 0.1)
        let end = FingerPair(center: Point(x: 150, y: 100), distance: c.to)
        let last = window.movePair(from: start, to: end, steps: 10, start: 0.1)
        #expect(abs(scrollView.zoomScale - c.banded) < 1e-4)
        window.pair(.ended, end, at: last + 0.01)
        #expect(scrollView.isZoomBouncing)
        window.advance(to: last + 0.01 + 0.15)
        #expect(scrollView.isZoomBouncing)
        #expect(abs(scrollView.zoomScale - (c.banded + c.limit) / 2) < 1e-3)
        window.advance(to: last + 0.01 + 0.3)
        #expect(!scrollView.isZoomBouncing)
        #expect(scrollView.zoomScale == c.limit)
        #expect(log.endZoomScales == [c.limit])

        // Without bouncesZoom the scale stops at the limit while pinching.
        scrollView.bouncesZoom = false
        scrollView.zoomScale = 1
        window.pair(.began, start, at: 2)
        window.movePair(from: start, to: end, steps: 10, start: 2)
        #expect(scrollView.zoomScale == c.limit)
    }

    /// With no view to zoom the pinch does not begin, and the fingers scroll nothing.
    @Test func noViewNoPinch() {
        let (window, scrollView, _, log) = ScrollViewZoomTests.stage()
        log.zoomView = nil
        let start = FingerPair(center: Point(x: 150, y: 100), distance: 100)
        window.pair(.began, start, at: 0.1)
        window.movePair(from: start, to: FingerPair(center: Point(x: 150, y: 100), distance: 200), steps: 10, start: 0.1)
        #expect(scrollView.pinchGestureRecognizer?.state == .failed)
        #expect(scrollView.zoomScale == 1)
        #expect(!scrollView.isZooming)
    }
}
