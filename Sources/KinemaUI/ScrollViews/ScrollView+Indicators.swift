import KinemaGeometry

extension ScrollView {
    /// Shows the indicators for a moment: they fade out after ``indicatorFadeDelay`` unless the
    /// content is scrolling. Mirrors `UIScrollView.flashScrollIndicators()`.
    public func flashScrollIndicators() {
        showScrollIndicators()
        scrollingDidStop()
    }

    /// Whether the content is moving: dragged, decelerating, in an animated scroll or zoom, or
    /// pinched.
    var isScrolling: Bool { isDragging || animation != nil || isZooming }

    /// Shows the indicators of the axes that can scroll at full opacity, on top of the content.
    func showScrollIndicators() {
        indicatorsAreShowing = true
        indicatorFadeStart = nil
        for axis in ScrollAxis.allCases where showsIndicator(axis) {
            let indicator = scrollIndicator(axis)
            indicator.alpha = 1
            if let i = subviews.firstIndex(where: { $0 === indicator }),
                subviews[(i + 1)...].contains(where: { $0 !== verticalIndicator && $0 !== horizontalIndicator })
            {
                bringSubviewToFront(indicator)
            }
        }
        layoutScrollIndicators()
    }

    /// Scrolling stopped (unless something else still moves the content): the indicators fade
    /// out after ``indicatorFadeDelay``.
    func scrollingDidStop() {
        guard indicatorsAreShowing, !isScrolling, let now = window?.currentTime else { return }
        indicatorsAreShowing = false
        indicatorFadeStart = now + Self.indicatorFadeDelay
        startTicking()
    }

    /// Sets the indicators' opacity for media time `time` while they fade: 1 until the fade
    /// starts, then down to 0 linearly over ``indicatorFadeDuration``.
    func fadeScrollIndicators(at time: Double) {
        guard let start = indicatorFadeStart else { return }
        let alpha = 1 - min(1, max(0, (time - start) / Self.indicatorFadeDuration))
        verticalIndicator?.alpha = alpha
        horizontalIndicator?.alpha = alpha
        if alpha <= 0 { indicatorFadeStart = nil }
    }

    /// Whether `axis` shows an indicator while scrolling.
    private func showsIndicator(_ axis: ScrollAxis) -> Bool {
        canScroll(axis) && (axis == .vertical ? showsVerticalScrollIndicator : showsHorizontalScrollIndicator)
    }

    /// The indicator of `axis`, made (transparent, untouchable, rounded) the first time.
    private func scrollIndicator(_ axis: ScrollAxis) -> View {
        if let existing = axis == .vertical ? verticalIndicator : horizontalIndicator { return existing }
        let indicator = View(frame: .zero)
        indicator.isUserInteractionEnabled = false
        indicator.backgroundColor = Color(white: 0, alpha: 0.35)
        indicator.layer.cornerRadius = Self.indicatorThickness / 2
        indicator.alpha = 0
        addSubview(indicator)
        if axis == .vertical { verticalIndicator = indicator } else { horizontalIndicator = indicator }
        return indicator
    }

    /// Places the indicators in the visible area, inside the safe area.
    func layoutScrollIndicators() {
        for axis in ScrollAxis.allCases {
            guard let indicator = axis == .vertical ? verticalIndicator : horizontalIndicator else { continue }
            if let frame = showsIndicator(axis) ? indicatorFrame(axis) : nil {
                indicator.isHidden = false
                indicator.frame = frame
            } else {
                indicator.isHidden = true
            }
        }
    }

    /// The indicator of `axis`: along the far edge (right or bottom) of the visible area, its
    /// length the visible fraction of the content (at least ``indicatorMinimumLength``), its
    /// position the offset's fraction of the range; past an edge it shrinks by the overshoot.
    /// `nil` when there is no room.
    private func indicatorFrame(_ axis: ScrollAxis) -> Rect? {
        let b = bounds
        let safe = scrollSafeAreaInsets
        let (m, t) = (Self.indicatorMargin, Self.indicatorThickness)
        let (before, after) = axis.insets(safe)
        let visible = axis.length(of: b.size)
        let trackLength = visible - before - after - 2 * m
        guard trackLength >= t else { return nil }
        let range = offsetRange(axis)
        let span = range.upperBound - range.lowerBound
        let offset = axis.component(of: contentOffset)
        var length = min(trackLength, max(Self.indicatorMinimumLength, trackLength * visible / (span + visible)))
        let overshoot = max(range.lowerBound - offset, offset - range.upperBound, 0)
        length = max(t, length - overshoot)
        let progress = span > 0 ? min(1, max(0, (offset - range.lowerBound) / span)) : 0
        let along = axis.component(of: b.origin) + before + m + progress * (trackLength - length)
        if axis == .vertical {
            return Rect(x: b.maxX - safe.right - m - t, y: along, width: t, height: length)
        }
        return Rect(x: along, y: b.maxY - safe.bottom - m - t, width: length, height: t)
    }
}
