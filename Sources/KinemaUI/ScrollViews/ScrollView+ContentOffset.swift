import KinemaGeometry

extension ScrollView {
    /// Where the content's origin is relative to the view's top-left corner, points: the view's
    /// `bounds.origin`, as in UIKit. Setting it is ``setContentOffset(_:animated:)`` without
    /// animation. Default (0, 0). Mirrors `UIScrollView.contentOffset`.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content to `contentOffset` (points; not clamped to the edges, as in UIKit; a
    /// non-finite offset is ignored), at once or over ``animationDuration`` eased in and out.
    ///
    /// Either way it stops a deceleration or an animated scroll in progress where it is (without
    /// `scrollViewDidEndDecelerating`); during a drag the finger carries on from the new offset.
    /// An animated scroll calls `scrollViewDidScroll` every frame and
    /// `scrollViewDidEndScrollingAnimation` when it ends; outside a window it moves at once.
    /// Mirrors `UIScrollView.setContentOffset(_:animated:)`.
    public func setContentOffset(_ contentOffset: Point, animated: Bool) {
        guard contentOffset.isFinite else { return }
        stopScrolling()
        guard animated, let window, contentOffset != self.contentOffset else {
            applyContentOffset(contentOffset)
            drag?.resynchronize(with: self)
            return
        }
        let now = window.currentTime
        let start = self.contentOffset
        showScrollIndicators()
        run(
            ScrollAnimation(
                kind: .scrolling,
                x: .curve(from: start.x, to: contentOffset.x, duration: Self.animationDuration, at: now),
                y: .curve(from: start.y, to: contentOffset.y, duration: Self.animationDuration, at: now)))
    }

    /// Scrolls so that `rect` (in the content's coordinates, the scroll view's own) is visible,
    /// moving as little as possible and never past the edges; a rect larger than the view shows
    /// its top-left part. Mirrors `UIScrollView.scrollRectToVisible(_:animated:)`.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard rect.isFinite else { return }
        var offset = contentOffset
        let visible = bounds.inset(by: adjustedContentInset)
        for axis in ScrollAxis.allCases {
            let (before, _) = axis.insets(adjustedContentInset)
            let length = max(0, axis.length(of: visible.size))
            let start = axis == .horizontal ? rect.minX : rect.minY
            let end = axis == .horizontal ? rect.maxX : rect.maxY
            var value = axis.component(of: offset)
            if end > value + before + length { value = end - before - length }
            if start < value + before { value = start - before }
            offset = axis.setting(value, in: offset)
        }
        setContentOffset(clampedOffset(offset), animated: animated)
    }

    /// Sets the bounds' origin to `offset` (when finite and different) and tells the delegate.
    func applyContentOffset(_ offset: Point) {
        guard offset.isFinite, offset != bounds.origin else { return }
        var b = bounds
        b.origin = offset
        bounds = b
        setNeedsLayout()
        layoutScrollIndicators()
        delegate?.scrollViewDidScroll(self)
    }

    /// Stops a deceleration or an animated scroll where it is now. Zoom animations run on.
    func stopScrolling() {
        guard let animation, animation.kind != .zooming else { return }
        self.animation = nil
        isDecelerating = false
        if let now = window?.currentTime { applyAnimation(animation, at: now) }
        scrollingDidStop()
    }
}
