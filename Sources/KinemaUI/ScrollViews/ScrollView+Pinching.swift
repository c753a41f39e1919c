import KinemaGeometry
import KinemaTiming

extension ScrollView {
    /// The recognizer that zooms with two fingers, or `nil` while zooming is not possible
    /// (``maximumZoomScale`` not above ``minimumZoomScale``), as in UIKit. It zooms the delegate's
    /// ``ScrollViewDelegate/viewForZooming(in:)`` about the fingers' midpoint, and recognizes
    /// together with ``panGestureRecognizer``. Its delegate is the scroll view's: do not replace
    /// it. Mirrors `UIScrollView.pinchGestureRecognizer`.
    public var pinchGestureRecognizer: PinchGestureRecognizer? { storedPinchGestureRecognizer }

    /// Adds the pinch recognizer when zooming becomes possible and removes it (cancelling a
    /// pinch in progress) when it no longer is.
    func updatePinchGestureRecognizer() {
        if zoomsAtAll, storedPinchGestureRecognizer == nil {
            let pinch = PinchGestureRecognizer()
            pinch.delegate = gestureDelegate
            pinch.addTarget { [weak self] pinch in self?.handlePinch(pinch) }
            storedPinchGestureRecognizer = pinch
            addGestureRecognizer(pinch)
        } else if !zoomsAtAll, let pinch = storedPinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            storedPinchGestureRecognizer = nil
        }
    }

    /// Whether a pinch or a zoom animation owns the offset (a drag then leaves it alone).
    var zoomOwnsOffset: Bool { isZooming || animation?.kind == .zooming }

    /// The pinch's target: zoom about the fingers' midpoint, then back inside the limits.
    private func handlePinch(_ recognizer: PinchGestureRecognizer) {
        guard let view = zoomingView else { return }
        let location = recognizer.location(in: self) - contentOffset
        switch recognizer.state {
        case .began:
            if let animation, let now = window?.currentTime {
                self.animation = nil
                applyAnimation(animation, at: now)
            }
            stopScrolling()
            isZooming = true
            isZoomBouncing = false
            pinch = ScrollPinch(anchor: zoomAnchor(atVisible: location, in: view), startScale: currentZoomScale)
            showScrollIndicators()
            delegate?.scrollViewWillBeginZooming(self, with: view)
            continuePinch(recognizer, view: view, location: location)
        case .changed:
            continuePinch(recognizer, view: view, location: location)
        case .ended, .cancelled:
            endPinch(view: view, location: location)
        case .possible, .failed:
            break
        }
    }

    /// Scales to the pinch's scale (rubber-banded past the limits with ``bouncesZoom``, clamped
    /// without), keeping the anchor under the fingers' midpoint `location` (in the visible area).
    private func continuePinch(_ recognizer: PinchGestureRecognizer, view: View, location: Point) {
        guard let pinch else { return }
        let scale = pinchedZoomScale(pinch.startScale * recognizer.scale)
        let offset = view.frame.origin + pinch.anchor * scale - location
        applyZoom(view, scale: scale, offset: bounces ? offset : clampedOffset(offset))
    }

    /// The pinch ended: the scale comes back inside its limits and the offset inside its edges
    /// (an animation of ``animationDuration``, the anchor staying under the last midpoint), then
    /// the delegate hears `scrollViewDidEndZooming`.
    private func endPinch(view: View, location: Point) {
        guard let pinch else { return }
        self.pinch = nil
        isZooming = false
        let scale = clampedZoomScale(currentZoomScale)
        let origin = view.frame.origin
        let size = Size(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let target = clampedOffset(origin + pinch.anchor * scale - location, contentSize: size)
        guard let window, scale != currentZoomScale || target != contentOffset else {
            applyZoom(view, scale: scale, offset: target)
            scrollingDidStop()
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
            return
        }
        isZoomBouncing = scale != currentZoomScale
        let motion = ScrollZoomMotion(
            anchor: pinch.anchor, fromScale: currentZoomScale, toScale: scale,
            fromLocation: origin + pinch.anchor * currentZoomScale - contentOffset,
            toLocation: origin + pinch.anchor * scale - target, finalOffset: target,
            start: window.currentTime, duration: Self.animationDuration)
        run(ScrollAnimation(zoom: motion))
    }

    /// A pinched scale `raw` inside the limits unchanged; past one, with ``bouncesZoom``,
    /// rubber-banded as a ratio to that limit (the ratio's excess `r − 1` goes through the band
    /// with dimension 1, so the scale never gets twice the limit past it), and clamped without.
    func pinchedZoomScale(_ raw: Double) -> Double {
        let low = minimumZoomScale
        let high = max(minimumZoomScale, maximumZoomScale)
        guard raw.isFinite, raw > 0 else { return currentZoomScale }
        guard bouncesZoom else { return min(max(raw, low), high) }
        if raw > high {
            return high * (1 + RubberBand.banded(raw / high - 1, dimension: 1, coefficient: Self.rubberBandCoefficient))
        }
        if raw < low {
            return low / (1 + RubberBand.banded(low / raw - 1, dimension: 1, coefficient: Self.rubberBandCoefficient))
        }
        return raw
    }
}
