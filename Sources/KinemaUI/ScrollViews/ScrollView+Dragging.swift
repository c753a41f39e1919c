import KinemaGeometry
import KinemaTiming

extension ScrollView {
    /// The pan's target: begin, follow and release the drag.
    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            beginDragging(pan)
        case .changed:
            continueDragging(pan)
        case .ended:
            endDragging(fingerVelocity: pan.velocity(in: self))
        case .cancelled:
            endDragging(fingerVelocity: .zero)
        case .possible, .failed:
            break
        }
    }

    /// A finger came down on the scroll view: it is tracking, and a motion in progress stops
    /// where it is (the finger catches the content).
    func trackingDidBegin() {
        isTracking = true
        stopScrolling()
    }

    /// The drag begins where the content is; the delegate hears `scrollViewWillBeginDragging`.
    private func beginDragging(_ pan: PanGestureRecognizer) {
        stopScrolling()
        let translation = pan.translation(in: self)
        drag = ScrollDrag(scrollView: self, translation: translation, lockedAxis: directionalLock(for: pan))
        isDragging = true
        showScrollIndicators()
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// Moves the content by the finger's motion since the last change, on the axes the drag
    /// moves; past an edge the content follows the rubber band (or stops, without ``bounces``).
    private func continueDragging(_ pan: PanGestureRecognizer) {
        guard var drag else { return }
        let translation = pan.translation(in: self)
        let delta = translation - drag.translation
        drag.translation = translation
        if zoomOwnsOffset {
            // The pinch moves the content: the finger picks it up where it is afterwards.
            drag.resynchronize(with: self)
            self.drag = drag
            return
        }
        var offset = contentOffset
        for axis in ScrollAxis.allCases where drag.moves(axis) && dragMoves(axis) {
            let unbanded = axis.component(of: drag.unbandedOffset) - axis.component(of: delta)
            drag.unbandedOffset = axis.setting(unbanded, in: drag.unbandedOffset)
            offset = axis.setting(bandedOffset(unbanded, along: axis), in: offset)
        }
        self.drag = drag
        applyContentOffset(offset)
    }

    /// Where the content shows for an unbanded offset `value` along `axis`: inside the range
    /// unchanged; past an edge rubber-banded (the view's size along the axis is the band's
    /// dimension), or clamped without ``bounces``.
    func bandedOffset(_ value: Double, along axis: ScrollAxis) -> Double {
        let range = offsetRange(axis)
        guard bounces else { return min(max(value, range.lowerBound), range.upperBound) }
        return RubberBand.banded(
            value, in: range, dimension: axis.length(of: bounds.size), coefficient: Self.rubberBandCoefficient)
    }

    /// The axis a drag that began with `pan`'s motion so far is locked to, with
    /// ``isDirectionalLockEnabled``: the one it moved ``directionalLockRatio`` times more along.
    private func directionalLock(for pan: PanGestureRecognizer) -> ScrollAxis? {
        guard isDirectionalLockEnabled else { return nil }
        let motion = initialMotion(of: pan)
        let (dx, dy) = (abs(motion.x), abs(motion.y))
        if dx > Self.directionalLockRatio * dy { return .horizontal }
        if dy > Self.directionalLockRatio * dx { return .vertical }
        return nil
    }

    /// How far `pan`'s fingers moved from where they came down, in the scroll view's axes, points.
    func initialMotion(of pan: GestureRecognizer) -> Point {
        let touches = pan.touches
        guard !touches.isEmpty, let window else { return .zero }
        var start = Point.zero
        var now = Point.zero
        for touch in touches {
            start = start + touch.startWindowLocation
            now = now + touch.windowLocation
        }
        let n = 1 / Double(touches.count)
        let motion = convert(now * n, from: window) - convert(start * n, from: window)
        return motion.isFinite ? motion : .zero
    }
}
