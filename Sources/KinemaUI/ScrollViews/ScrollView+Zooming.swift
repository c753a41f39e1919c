import KinemaGeometry

extension ScrollView {
    /// The scale of the zoomed view (``ScrollViewDelegate/viewForZooming(in:)``). Default 1.
    /// Setting it is ``setZoomScale(_:animated:)`` without animation. Mirrors
    /// `UIScrollView.zoomScale`.
    public var zoomScale: Double {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Zooms to `scale`, clamped between ``minimumZoomScale`` and ``maximumZoomScale``, about
    /// the center of the visible area, at once or over ``animationDuration``.
    ///
    /// The delegate's ``ScrollViewDelegate/viewForZooming(in:)`` (a subview, or deeper) gets a
    /// scale transform, keeps its frame's origin, and its frame's size becomes ``contentSize``, as
    /// in UIKit; the offset then keeps the point that was at the center there, clamped to the
    /// edges. Nothing happens without a view to zoom or for a scale that is not finite and above
    /// 0. The delegate hears `scrollViewDidZoom` at each change and, after an animated zoom,
    /// `scrollViewDidEndZooming(_:with:atScale:)`. Mirrors `UIScrollView.setZoomScale(_:animated:)`.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = zoomingView else { return }
        let center = Point(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = zoomAnchor(atVisible: center, in: view)
        zoom(view, to: clampedZoomScale(scale), keeping: anchor, at: center, animated: animated)
    }

    /// Zooms so that `rect` (in the coordinates of the view to zoom) fills the view as far as
    /// its aspect allows, centred, within the zoom limits and the edges, at once or over
    /// ``animationDuration``. A rect without width or height zooms on the other side alone, one
    /// without either to ``maximumZoomScale``. Mirrors `UIScrollView.zoom(to:animated:)`.
    public func zoom(to rect: Rect, animated: Bool) {
        guard rect.isFinite, let view = zoomingView else { return }
        let size = bounds.size
        let fits = [
            rect.width > 0 ? size.width / rect.width : nil,
            rect.height > 0 ? size.height / rect.height : nil,
        ].compactMap { $0 }
        let scale = fits.min() ?? maximumZoomScale
        guard scale.isFinite, scale > 0 else { return }
        let anchor = Point(x: rect.midX - view.bounds.minX, y: rect.midY - view.bounds.minY)
        let center = Point(x: size.width / 2, y: size.height / 2)
        zoom(view, to: clampedZoomScale(scale), keeping: anchor, at: center, animated: animated)
    }

    /// The view to zoom: the delegate's answer, if it is inside the scroll view.
    var zoomingView: View? {
        guard let view = delegate?.viewForZooming(in: self), view !== self, view.isDescendant(of: self) else { return nil }
        return view
    }

    /// Whether zooming is possible: the maximum scale is above the minimum.
    var zoomsAtAll: Bool { maximumZoomScale > minimumZoomScale }

    /// `scale` within the zoom limits (the minimum wins when the maximum is below it).
    func clampedZoomScale(_ scale: Double) -> Double {
        min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// The point of `view` (unscaled, from its bounds' top-left) shown at `location` in the
    /// visible area (from its top-left).
    func zoomAnchor(atVisible location: Point, in view: View) -> Point {
        let s = currentZoomScale
        let content = contentOffset + location - view.frame.origin
        return s > 0 ? content * (1 / s) : .zero
    }

    /// Zooms `view` to `scale`, with `anchor` at `location` in the visible area, the offset
    /// clamped to the edges at the new scale.
    func zoom(_ view: View, to scale: Double, keeping anchor: Point, at location: Point, animated: Bool) {
        let origin = view.frame.origin
        let size = Size(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let target = clampedOffset(origin + anchor * scale - location, contentSize: size)
        guard animated, let window, scale != currentZoomScale || target != contentOffset else {
            applyZoom(view, scale: scale, offset: target)
            return
        }
        stopScrolling()
        let motion = ScrollZoomMotion(
            anchor: anchor, fromScale: currentZoomScale, toScale: scale,
            fromLocation: origin + anchor * currentZoomScale - contentOffset,
            toLocation: origin + anchor * scale - target, finalOffset: target,
            start: window.currentTime, duration: Self.animationDuration)
        run(ScrollAnimation(zoom: motion))
    }

    /// Scales `view` to `scale` keeping its frame's origin, makes its frame's size the content
    /// size, moves the content to `offset` and tells the delegate.
    func applyZoom(_ view: View, scale: Double, offset: Point) {
        guard scale.isFinite, scale > 0 else { return }
        let origin = view.frame.origin
        view.transform = AffineTransform(scaleX: scale, y: scale)
        let moved = view.frame.origin
        view.center = view.center + (origin - moved)
        currentZoomScale = scale
        contentSize = view.frame.size
        applyContentOffset(offset)
        delegate?.scrollViewDidZoom(self)
    }
}
