import KinemaGeometry

extension ScrollView {
    /// ``contentInset`` plus the safe area on the edges ``contentInsetAdjustmentBehavior``
    /// adjusts, points: how far the content can scroll past each edge and rest there. Mirrors
    /// `UIScrollView.adjustedContentInset`.
    public var adjustedContentInset: EdgeInsets {
        adjustedContentInset(for: contentSize)
    }

    /// The adjusted content inset the scroll view would have with `contentSize`.
    func adjustedContentInset(for contentSize: Size) -> EdgeInsets {
        let safe = scrollSafeAreaInsets
        let (horizontal, vertical) = adjustedAxes(for: contentSize)
        var insets = contentInset
        if vertical {
            insets.top += safe.top
            insets.bottom += safe.bottom
        }
        if horizontal {
            insets.left += safe.left
            insets.right += safe.right
        }
        return insets
    }

    /// ``View/safeAreaInsets`` on a grid of 1/4096 point (far below a pixel): converting a
    /// scrolled view's bounds to the window leaves rounding errors of about 1e-14 point in them,
    /// which must not read as a change of ``adjustedContentInset``.
    var scrollSafeAreaInsets: EdgeInsets {
        let safe = safeAreaInsets
        func snapped(_ value: Double) -> Double { (value * 4096).rounded() / 4096 }
        return EdgeInsets(top: snapped(safe.top), left: snapped(safe.left), bottom: snapped(safe.bottom), right: snapped(safe.right))
    }

    /// Which axes take the safe area, by ``contentInsetAdjustmentBehavior``.
    private func adjustedAxes(for contentSize: Size) -> (horizontal: Bool, vertical: Bool) {
        let size = bounds.size
        let scrollsHorizontally = contentSize.width > size.width || alwaysBounceHorizontal
        let scrollsVertically = contentSize.height > size.height || alwaysBounceVertical
        switch contentInsetAdjustmentBehavior {
        case .always: return (true, true)
        case .never: return (false, false)
        case .scrollableAxes: return (scrollsHorizontally, scrollsVertically)
        case .automatic: return (scrollsHorizontally, scrollsVertically || isInNavigationController)
        }
    }

    /// Whether the scroll view is the root view of a view controller inside a navigation controller.
    private var isInNavigationController: Bool {
        var node = viewController?.parent
        while let controller = node {
            if controller is NavigationController { return true }
            node = controller.parent
        }
        return false
    }

    // MARK: Offsets

    /// The offsets the content can rest at along `axis`: from minus the leading adjusted inset to
    /// the content's far edge plus the trailing one, less the view's size (never below the start).
    /// With `contentSize`, the range the scroll view would have with that content size.
    func offsetRange(_ axis: ScrollAxis, contentSize: Size? = nil) -> ClosedRange<Double> {
        let size = contentSize ?? self.contentSize
        let (before, after) = axis.insets(adjustedContentInset(for: size))
        let lower = -before
        let upper = axis.length(of: size) + after - axis.length(of: bounds.size)
        return lower...max(lower, upper)
    }

    /// Whether the content is longer than the view along `axis` (insets included).
    func canScroll(_ axis: ScrollAxis) -> Bool {
        let range = offsetRange(axis)
        return range.upperBound > range.lowerBound
    }

    /// Whether a drag moves the content along `axis`: it can scroll there, or it bounces there
    /// anyway (``alwaysBounceHorizontal``, ``alwaysBounceVertical``).
    func dragMoves(_ axis: ScrollAxis) -> Bool {
        canScroll(axis) || (bounces && (axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical))
    }

    /// `offset` clamped into the resting range on both axes (with `contentSize`, the range the
    /// scroll view would have with that content size).
    func clampedOffset(_ offset: Point, contentSize: Size? = nil) -> Point {
        var result = offset
        for axis in ScrollAxis.allCases {
            let range = offsetRange(axis, contentSize: contentSize)
            result = axis.setting(min(max(axis.component(of: offset), range.lowerBound), range.upperBound), in: result)
        }
        return result
    }

    /// The content size, insets or behaviour changed: the adjusted inset may have too.
    func contentGeometryDidChange() {
        refreshAdjustedContentInset()
        layoutScrollIndicators()
    }

    /// Reports a changed ``adjustedContentInset``. An offset resting at the old leading edge of
    /// an axis moves to the new one (so content under a status bar starts below it), unless the
    /// user or an animation is moving it.
    func refreshAdjustedContentInset() {
        let adjusted = adjustedContentInset
        let old = reportedAdjustedContentInset
        guard adjusted != old else { return }
        reportedAdjustedContentInset = adjusted
        if !isDragging && animation == nil {
            var offset = contentOffset
            if offset.x == -old.left { offset.x = -adjusted.left }
            if offset.y == -old.top { offset.y = -adjusted.top }
            applyContentOffset(offset)
        }
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }
}
