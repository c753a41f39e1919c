import KinemaGeometry
import KinemaTiming

/// Recognizes a rotation: two fingers turning around each other. Continuous: `began` once the
/// line through the fingers has turned ``hysteresis`` radians, `changed` as they move, `ended`
/// when one of them lifts; `failed` if both lift first. Mirrors `UIRotationGestureRecognizer`.
///
/// The rotation follows the first two fingers that come down; more fingers are ignored and reach
/// the view as usual. ``GestureRecognizer/location(in:)`` is the midpoint of the two fingers.
///
/// ``rotation`` is how far the line from the first finger to the second has turned since the
/// second came down, radians, positive clockwise on screen (y points down): the direction
/// `AffineTransform(rotationAngle:)` turns, so a view can follow it. It accumulates: turning
/// past a half turn goes on to 3.2, 4, 2π and beyond, without jumping at ±π. ``velocity`` is how
/// fast it changes, radians per second.
///
/// ```swift
/// let rotate = RotationGestureRecognizer { rotate in
///     dial.transform = dial.transform.rotated(by: rotate.rotation)
///     rotate.rotation = 0
/// }
/// dial.addGestureRecognizer(rotate)
/// ```
///
/// Apple documents the rotation as ending when both fingers lift; Kinema ends it as soon as one
/// of the two lifts, when there is no line left to measure (see <doc:DifferencesFromApple>).
open class RotationGestureRecognizer: GestureRecognizer {
    /// How far the line through the two fingers must turn before the rotation begins, radians,
    /// at least 0. Default π/60 (3°). Kinema addition: UIKit only says the fingers must move
    /// "enough" and keeps its threshold private.
    public var hysteresis = Double.pi / 60 {
        didSet { if !(hysteresis.isFinite && hysteresis >= 0) { hysteresis = oldValue } }
    }

    private var storedRotation = 0.0
    /// The last direction of the line from the first finger to the second, radians in (−π, π];
    /// `nil` until the fingers are at least ``GestureRecognizer/minimumTouchPairSeparation``
    /// apart.
    private var angle: Double?
    /// How far the line has turned since the pair came down, radians (the ``hysteresis`` is
    /// measured on it; setting ``rotation`` does not change it).
    private var turned = 0.0
    private var tracker = VelocityTracker<Double>()

    public required init() {
        super.init()
    }

    // MARK: Rotation and velocity

    /// How far the line from the first finger to the second has turned since the second finger
    /// came down (or since the rotation was last set), radians, positive clockwise on screen.
    /// Accumulated event by event, each step taken the short way round (so a turn of more than
    /// half a circle between two events reads as the shorter turn the other way). Default 0, and
    /// 0 again after the recognizer resets. Setting it (any finite value; others are ignored)
    /// zeroes ``velocity``, as UIKit documents. Mirrors `UIRotationGestureRecognizer.rotation`.
    public var rotation: Double {
        get { storedRotation }
        set {
            guard newValue.isFinite else { return }
            storedRotation = newValue
            tracker.reset()
            if angle != nil, let time = window?.currentTime { tracker.addSample(newValue, at: time) }
        }
    }

    /// How fast ``rotation`` changes, radians per second: the least-squares estimate of
    /// `VelocityTracker` (KinemaTiming) over the last 0.1 s of events, zero when the fingers have
    /// not moved for 0.04 s, before they move, after the rotation is set and after the
    /// recognizer resets. Never NaN or infinite. Mirrors
    /// `UIRotationGestureRecognizer.velocity`.
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
    }

    // MARK: Measuring

    func restartMeasurement() {
        storedRotation = 0
        angle = nil
        turned = 0
        tracker.reset()
    }

    /// Reads the direction of the line through the two fingers and records the rotation at
    /// `time`. While the fingers are closer than the minimum separation the direction is
    /// meaningless and the rotation holds.
    func measure(at time: Double) {
        guard let pair = touchPairVector, pair.isFinite, pair.length >= Self.minimumTouchPairSeparation else { return }
        let newAngle = pair.angle
        if let angle {
            // The step the short way round, in [−π, π].
            let step = (newAngle - angle).remainder(dividingBy: 2 * Double.pi)
            storedRotation += step
            turned += step
        }
        angle = newAngle
        tracker.addSample(storedRotation, at: time)
    }
}

extension RotationGestureRecognizer: TouchPairMeasuring {
    /// Whether the line through the fingers has turned ``hysteresis`` radians since the pair came
    /// down (and has a direction at all).
    var hasPassedHysteresis: Bool { abs(turned) >= hysteresis && angle != nil }
}
