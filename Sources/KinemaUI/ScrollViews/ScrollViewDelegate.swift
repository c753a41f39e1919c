import KinemaGeometry

/// What a ``ScrollView`` tells its delegate about scrolling, dragging and zooming, and asks it
/// for the view to zoom. Every method has a default that does nothing (or answers `nil`).
/// Mirrors `UIScrollViewDelegate`.
///
/// A drag calls, in order: ``scrollViewWillBeginDragging(_:)``, ``scrollViewDidScroll(_:)`` as
/// the content moves, ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`` when the
/// finger lifts, ``scrollViewDidEndDragging(_:willDecelerate:)``, and, when the content moves on,
/// ``scrollViewWillBeginDecelerating(_:)``, more ``scrollViewDidScroll(_:)`` and
/// ``scrollViewDidEndDecelerating(_:)``.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, a deceleration, an animation, a zoom or code).
    /// Mirrors `UIScrollViewDelegate.scrollViewDidScroll(_:)`.
    func scrollViewDidScroll(_ scrollView: ScrollView)

    /// The user is about to drag the content (the pan passed its slop). Mirrors
    /// `UIScrollViewDelegate.scrollViewWillBeginDragging(_:)`.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)

    /// The finger lifted. `velocity` is the scroll velocity at release in points per
    /// **millisecond**, as UIKit documents, in the offset's direction (positive when the offset
    /// grows, that is when the finger moves up or left): the pan's velocity in points per second
    /// negated and divided by 1000. `targetContentOffset` is where the content will come to rest
    /// (the deceleration's projection, or a page, clamped to the edges); change it to make the
    /// content come to rest elsewhere (it is clamped to the edges; a non-finite value is ignored).
    /// Mirrors `UIScrollViewDelegate.scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point)

    /// The drag ended; `decelerate` says whether the content moves on (decelerating, bouncing
    /// back or settling on a page). Mirrors `UIScrollViewDelegate.scrollViewDidEndDragging(_:willDecelerate:)`.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)

    /// The content starts moving on after the drag. Mirrors
    /// `UIScrollViewDelegate.scrollViewWillBeginDecelerating(_:)`.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)

    /// The content came to rest after a drag (not called when a touch-down or code stops it
    /// first). Mirrors `UIScrollViewDelegate.scrollViewDidEndDecelerating(_:)`.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)

    /// An animated ``ScrollView/setContentOffset(_:animated:)`` or
    /// ``ScrollView/scrollRectToVisible(_:animated:)`` ended. Mirrors
    /// `UIScrollViewDelegate.scrollViewDidEndScrollingAnimation(_:)`.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)

    /// The view to scale when zooming, a view inside the scroll view, or `nil` (the default) for
    /// no zooming. Mirrors `UIScrollViewDelegate.viewForZooming(in:)`.
    func viewForZooming(in scrollView: ScrollView) -> View?

    /// A pinch is about to zoom `view`. Mirrors `UIScrollViewDelegate.scrollViewWillBeginZooming(_:with:)`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)

    /// The zoom scale changed. Mirrors `UIScrollViewDelegate.scrollViewDidZoom(_:)`.
    func scrollViewDidZoom(_ scrollView: ScrollView)

    /// A pinch or an animated zoom ended, the zoom at `scale` (inside the limits). Mirrors
    /// `UIScrollViewDelegate.scrollViewDidEndZooming(_:with:atScale:)`.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)

    /// ``ScrollView/adjustedContentInset`` changed. Mirrors
    /// `UIScrollViewDelegate.scrollViewDidChangeAdjustedContentInset(_:)`.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView) {}
}
