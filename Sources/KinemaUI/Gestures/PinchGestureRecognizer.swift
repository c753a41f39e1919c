import KinemaGeometry
import KinemaTiming

/// Recognizes a pinch: two fingers moving apart or together. Continuous: `began` once the
/// distance between the fingers has changed by ``hysteresis`` points, `changed` as they move,
/// `ended` when one of them lifts; `failed` if both lift first. Mirrors
/// `UIPinchGestureRecognizer`.
///
/// The pinch follows the first two fingers that come down (Apple's "Handling Pinch Gestures"
/// article says the same); more fingers are ignored and reach the view as usual.
/// ``GestureRecognizer/location(in:)`` is the midpoint of the two fingers. Fingers moving
/// together without changing their distance (a two-finger drag) never begin a pinch.
///
/// ``scale`` is the distance between the fingers divided by their distance when the second one
/// came down, so it already reads a little past 1 at `.began` and a view that follows it does not
/// lag behind the fingers; ``velocity`` is how fast it changes, per second. Apply the scale to the
/// size the content had when the pinch began, or set it back to 1 after applying it:
///
/// ```swift
/// let pinch = PinchGestureRecognizer { pinch in
///     photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
///     pinch.scale = 1
/// }
/// photo.addGestureRecognizer(pinch)
/// ```
///
/// Apple documents the pinch as ending when the fingers lift from the screen; Kinema ends it as
/// soon as one of the two lifts, when there is no distance left to measure (see
/// <doc:DifferencesFromApple>).
open class PinchGestureRecognizer: GestureRecognizer {
    /// How far the distance between the two fingers must change before the pinch begins,
    /// points, at least 0. Default 4. Kinema addition: UIKit only says the fingers must move
    /// "enough" and keeps its threshold private.
    public var hysteresis = 4.0 {
        didSet { if !(hysteresis.isFinite && hysteresis >= 0) { hysteresis = oldValue } }
    }

    /// The scale of the later distance against ``baseDistance``, times ``baseScale``.
    private var baseScale = 1.0
    /// The distance the scale is measured against, points; `nil` until the fingers are at least
    /// ``GestureRecognizer/minimumTouchPairSeparation`` apart.
    private var baseDistance: Double?
    /// The distance the ``hysteresis`` is measured from: the first usable distance of the pair.
    private var startDistance: Double?
    /// The latest distance between the two fingers, points.
    private var distance = 0.0
    private var tracker = VelocityTracker<Double>()

    public required init() {
        super.init()
    }

    // MARK: Scale and velocity

    /// The distance between the two fingers as a multiple of their distance when the second
    /// finger came down (1 then, 2 when they are twice as far apart), or of their distance when
    /// the scale was last set. Default 1, and 1 again after the pinch resets. Setting it (any
    /// finite value; others are ignored) rebases the pinch at the fingers' current distance and
    /// zeroes ``velocity``, as UIKit documents. Fingers that came down at the same spot give 1
    /// until they are 1 point apart, never a division by zero. Mirrors
    /// `UIPinchGestureRecognizer.scale`.
    public var scale: Double {
        get {
            guard let baseDistance else { return baseScale }
            let value = baseScale * distance / baseDistance
            return value.isFinite ? value : baseScale
        }
        set {
            guard newValue.isFinite else { return }
            baseScale = newValue
            baseDistance = distance >= Self.minimumTouchPairSeparation ? distance : nil
            tracker.reset()
            if baseDistance != nil, let time = window?.currentTime { tracker.addSample(newValue, at: time) }
        }
    }

    /// How fast ``scale`` changes, scale factor per second (negative while the fingers close):
    /// the least-squares estimate of `VelocityTracker` (KinemaTiming) over the last 0.1 s of
    /// events, zero when the fingers have not moved for 0.04 s, before they move, after the scale
    /// is set and after the pinch resets. Never NaN or infinite (events at the same time replace
    /// each other; coincident fingers give no samples). Mirrors
    /// `UIPinchGestureRecognizer.velocity`.
    public var velocity: Double { touchPairVelocity(of: tracker) }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        touchPairBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        touchPairMoved(with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        touchPairEnded(touches, with: event)
    }

    open override func reset() {
        super.reset()
        restartMeasurement()
        distance = 0
    }

    // MARK: Measuring

    func restartMeasurement() {
        baseScale = 1
        baseDistance = nil
        startDistance = nil
        tracker.reset()
    }

    /// Reads the distance between the two fingers and records the scale at `time`.
    func measure(at time: Double) {
        guard let pair = touchPairVector else { return }
        let length = pair.length
        guard length.isFinite else { return }
        distance = length
        if baseDistance == nil && distance >= Self.minimumTouchPairSeparation {
            baseDistance = distance
            if startDistance == nil { startDistance = distance }
        }
        if baseDistance != nil { tracker.addSample(scale, at: time) }
    }
}

extension PinchGestureRecognizer: TouchPairMeasuring {
    /// Whether the distance has changed by ``hysteresis`` points since the pair's first usable one.
    var hasPassedHysteresis: Bool {
        guard let startDistance else { return false }
        return abs(distance - startDistance) >= hysteresis
    }
}
