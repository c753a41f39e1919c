import KinemaGeometry
import KinemaTiming

/// What the two-finger recognizers (``PinchGestureRecognizer``, ``RotationGestureRecognizer``)
/// share: they follow the first two fingers that come down and ignore any others, as Apple's
/// "Handling Pinch Gestures" article describes for the pinch.
extension GestureRecognizer {
    /// Fingers closer than this, points, give no distance ratio and no direction: a pinch or a
    /// rotation takes its reference only once its two fingers are at least this far apart, so
    /// coincident fingers never divide by zero.
    static let minimumTouchPairSeparation = 1.0

    /// Ignores the newly arrived touches beyond the first two the recognizer is receiving (in
    /// the order they came down), so the view still gets them.
    func keepFirstTwoTouches(of newTouches: Set<Touch>, with event: Event) {
        for touch in touches.dropFirst(2) where newTouches.contains(touch) {
            ignore(touch, for: event)
        }
    }

    /// The vector from the first to the second of the recognizer's touches, window coordinates,
    /// points; `nil` unless it has two. Touches lifting in the current event still count, at the
    /// place they lifted.
    var touchPairVector: Vector? {
        guard touches.count >= 2 else { return nil }
        return Vector(from: touches[0].windowLocation, to: touches[1].windowLocation)
    }

    /// The velocity `tracker` estimates now (at the window's current time when the view is in
    /// one), per second; 0 rather than NaN or infinite.
    func touchPairVelocity(of tracker: VelocityTracker<Double>) -> Double {
        let v = view?.window.map { tracker.velocity(at: $0.currentTime) } ?? tracker.velocity
        return v.isFinite ? v : 0
    }
}

/// A recognizer that measures something of its two fingers (their distance, the direction of the
/// line through them) and follows the states both two-finger recognizers go through: it begins
/// once the measure has changed by its hysteresis, changes while the fingers move, ends when one
/// of the two lifts and fails if both lift before it began.
protocol TouchPairMeasuring: GestureRecognizer {
    /// Whether the measure has moved far enough from where the pair started to begin.
    var hasPassedHysteresis: Bool { get }
    /// Forgets the pair's reference and velocity samples: a new pair is measured from scratch.
    func restartMeasurement()
    /// Reads the two fingers and records the measure at `time`, seconds.
    func measure(at time: Double)
}

extension TouchPairMeasuring {
    /// The body of `touchesBegan(_:with:)`: keeps the first two fingers and starts measuring when
    /// a new pair is down (the second finger came down, or replaced one that lifted).
    func touchPairBegan(_ newTouches: Set<Touch>, with event: Event) {
        keepFirstTwoTouches(of: newTouches, with: event)
        guard state == .possible, touches.count == 2 else { return }
        restartMeasurement()
        measure(at: event.timestamp)
    }

    /// The body of `touchesMoved(_:with:)`: measures, then begins once past the hysteresis.
    func touchPairMoved(with event: Event) {
        measure(at: event.timestamp)
        moveContinuously {
            if hasPassedHysteresis { state = .began }
        }
    }

    /// The body of `touchesEnded(_:with:)`: ends when fewer than two fingers remain, fails when
    /// none remain before it began, and starts over when one of a possible pair lifts.
    func touchPairEnded(_ liftedTouches: Set<Touch>, with event: Event) {
        measure(at: event.timestamp)
        let remaining = touches.filter { !liftedTouches.contains($0) }
        switch state {
        case .possible:
            if remaining.isEmpty {
                state = .failed
            } else if remaining.count < 2 {
                restartMeasurement()
            }
        case .began, .changed:
            if remaining.count < 2 { state = .ended }
        default:
            break
        }
    }
}
