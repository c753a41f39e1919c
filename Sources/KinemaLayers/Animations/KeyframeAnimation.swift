import KinemaGeometry
import KinemaTiming

/// Animates one property through a list of values or along a path. Mirrors `CAKeyframeAnimation`.
///
/// The algorithm follows Apple's `CAKeyframeAnimation` documentation (`values`, `keyTimes`,
/// `timingFunctions`, `calculationMode`, `path`, `rotationMode`). Kinema's choices where Apple is
/// silent:
/// cubic splines duplicate the end keys for their end tangents and rescale tangents for
/// non-uniform key times (Kochanek–Bartels); `cubicPaced` re-parameterises the whole spline by arc
/// length; values that are not vectors (transforms, paths, Booleans) fall back to linear in the
/// cubic modes; invalid `keyTimes` are ignored as Apple documents.
public struct KeyframeAnimation: PropertyAnimation {
    public var timing = MediaTimingParameters()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: (any AnimationDelegate)?
    public var keyPath: LayerKeyPath
    public var isAdditive = false
    public var isCumulative = false
    public var valueFunction: ValueFunction?
    /// The keyframe values. Default empty (the animation then has no effect).
    public var values: [AnimatableValue] = []
    /// A path whose points are the keyframes; overrides `values` when set. Default `nil`.
    public var path: Path?
    /// When each value applies, as fractions in `[0, 1]`; `nil` spaces them evenly. Default `nil`.
    public var keyTimes: [Double]?
    /// One curve per segment (`values.count − 1`); `nil` means linear. Default `nil`.
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are computed. Default ``CalculationMode/linear``.
    public var calculationMode: CalculationMode = .linear
    /// Whether a layer moving along `path` turns to the path's tangent. Default `nil`.
    public var rotationMode: RotationMode?
    /// Kochanek–Bartels tension per keyframe in `[−1, 1]` (cubic modes). Default empty (0).
    public var tensionValues: [Double] = []
    /// Kochanek–Bartels continuity per keyframe in `[−1, 1]`. Default empty (0).
    public var continuityValues: [Double] = []
    /// Kochanek–Bartels bias per keyframe in `[−1, 1]`. Default empty (0).
    public var biasValues: [Double] = []

    /// A keyframe animation of `keyPath` with no keyframes.
    public init(keyPath: LayerKeyPath) {
        self.keyPath = keyPath
    }

    public var erased: AnyAnimation { .keyframe(self) }

    /// How keyframe values are interpolated. Mirrors `CAAnimationCalculationMode`.
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// Whether objects moving along a path rotate with it. Mirrors `CAAnimationRotationMode`.
    public enum RotationMode: String, Hashable, Sendable, CaseIterable {
        /// Rotate to the path's tangent.
        case rotateAuto = "auto"
        /// Rotate to the tangent plus 180°.
        case rotateAutoReverse = "autoReverse"
    }
}
