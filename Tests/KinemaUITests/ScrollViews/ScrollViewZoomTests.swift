import KinemaGeometry
import KinemaUI
import Testing

@Suite struct ScrollViewZoomTests {
    /// A 375 × 667 scroll view zooming a 300 × 200 image view at its origin, between 0.5 and 3.
    static func stage() -> (Window, ScrollView, View, ScrollLog) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let scrollView = ScrollView(frame: window.bounds)
        let image = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scrollView.addSubview(image)
        scrollView.contentSize = image.frame.size
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 3
        let log = ScrollLog()
        log.zoomView = image
        scrollView.delegate = log
        window.addSubview(scrollView)
        window.advance(to: 0)
        return (window, scrollView, image, log)
    }

    /// Zooming scales the view, keeps its frame's origin, makes its frame's size the content size
    /// and keeps the center of the visible area in place (clamped to the edges).
    @Test func setZoomScaleScalesTheViewAndTheContent() {
        let (window, scrollView, image, log) = Self.stage()
        defer { withExtendedLifetime(window) {} }
        scrollView.setZoomScale(2, animated: false)
        #expect(scrollView.zoomScale == 2)
        #expect(image.transform == AffineTransform(scaleX: 2, y: 2))
        #expect(image.frame == Rect(x: 0, y: 0, width: 600, height: 400))
        #expect(image.bounds.size == Size(width: 300, height: 200))
        #expect(scrollView.contentSize == Size(width: 600, height: 400))
        // The center (187.5, 333.5) keeps its content point (187.5, 333.5) → (375, 667) − center;
        // y is clamped: 400-point content in a 667-point view does not scroll.
        #expect(scrollView.contentOffset == Point(x: 187.5, y: 0))
        #expect(log.calls == ["didScroll", "didZoom"])
    }

    struct LimitCase: CustomTestStringConvertible, Sendable {
        let requested: Double
        let result: Double
        var testDescription: String { "\(requested)" }
    }

    @Test(arguments: [
        LimitCase(requested: 10, result: 3), LimitCase(requested: 0.1, result: 0.5), LimitCase(requested: 1.5, result: 1.5),
        LimitCase(requested: .nan, result: 1), LimitCase(requested: .infinity, result: 1), LimitCase(requested: -2, result: 1),
        LimitCase(requested: 0, result: 1),
    ])
    func zoomScaleStaysWithinItsLimits(_ c: LimitCase) {
        let (window, scrollView, image, log) = Self.stage()
        scrollView.zoomScale = c.requested
        #expect(scrollView.zoomScale == c.result)
        #expect(image.frame.size == Size(width: 300 * c.result, height: 200 * c.result))
        withExtendedLifetime((window, log)) {}
    }

    /// Without a view to zoom (none, or one outside the scroll view) nothing zooms; the limits
    /// default to 1.
    @Test func noViewToZoom() {
        let (window, scrollView, image, log) = Self.stage()
        defer { withExtendedLifetime(window) {} }
        log.zoomView = nil
        scrollView.setZoomScale(2, animated: false)
        #expect(scrollView.zoomScale == 1)
        log.zoomView = View()  // not inside the scroll view
        scrollView.setZoomScale(2, animated: false)
        #expect(scrollView.zoomScale == 1)
        log.zoomView = image
        let plain = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(plain.minimumZoomScale == 1 && plain.maximumZoomScale == 1 && plain.zoomScale == 1 && plain.bouncesZoom)
    }

    /// `zoom(to:animated:)` fits the rect (in the zoomed view's coordinates) within the limits
    /// and centres it, clamped to the edges.
    @Test func zoomToRect() {
        let (window, scrollView, image, log) = Self.stage()
        defer { withExtendedLifetime((window, log)) {} }
        scrollView.zoom(to: Rect(x: 100, y: 50, width: 150, height: 100), animated: false)
        // min(375/150, 667/100) = 2.5: content 750 × 500; centre (175, 100)·2.5 = (437.5, 250).
        #expect(scrollView.zoomScale == 2.5)
        #expect(image.frame.size == Size(width: 750, height: 500))
        #expect(scrollView.contentOffset == Point(x: 250, y: 0))
        scrollView.zoom(to: Rect(x: 0, y: 0, width: 10, height: 10), animated: false)
        #expect(scrollView.zoomScale == 3)
        #expect(scrollView.contentOffset == Point(x: 0, y: 0))
    }

    /// An animated zoom eases the scale over 0.3 s on the window's clock, lands exactly, and ends
    /// with `scrollViewDidEndZooming`.
    @Test func animatedZoom() {
        let (window, scrollView, image, log) = Self.stage()
        scrollView.setZoomScale(3, animated: true)
        #expect(scrollView.zoomScale == 1)
        window.advance(to: 0.15)
        #expect(abs(scrollView.zoomScale - 2) < 1e-3)
        #expect(abs(image.frame.width - 600) < 1)
        window.advance(to: 0.3)
        #expect(scrollView.zoomScale == 3)
        #expect(scrollView.contentSize == Size(width: 900, height: 600))
        #expect(scrollView.contentOffset == Point(x: 375, y: 0))
        #expect(log.calls.suffix(2) == ["didZoom", "didEndZooming"])
        #expect(log.endZoomScales == [3])
        window.advance(to: 1)
        #expect(log.endZoomScales == [3])
    }
}
