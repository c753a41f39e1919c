import KinemaGeometry
import KinemaTiming

/// A basic animation paced by a damped spring. Mirrors `CASpringAnimation`.
///
/// The spring moves normalised progress from 0 to 1 between the resolved `from` and `to` values
/// (the same combinations as ``BasicAnimation``), evaluated at the animation's basic time in
/// seconds. `duration` does not follow from the spring: set it to ``settlingDuration`` to see the
/// whole motion; the animation is cut off at `duration`.
public struct SpringAnimation: PropertyAnimation {
    public var timing = MediaTimingParameters()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: (any AnimationDelegate)?
    public var keyPath: LayerKeyPath
    public var isAdditive = false
    public var isCumulative = false
    public var valueFunction: ValueFunction?
    /// The start value, or `nil` (resolved as for ``BasicAnimation``). Default `nil`.
    public var fromValue: AnimatableValue?
    /// The end value the spring settles on, or `nil`. Default `nil`.
    public var toValue: AnimatableValue?
    /// The change relative to the start, or `nil`. Default `nil`.
    public var byValue: AnimatableValue?
    /// The spring's parameters (mass 1, stiffness 100, damping 10, initial velocity 0 by default).
    public var spring = Spring()

    /// A spring animation of `keyPath` with Core Animation's default spring.
    public init(keyPath: LayerKeyPath) {
        self.keyPath = keyPath
    }

    /// A spring from a perceptual duration (seconds) and bounce (−1…1), as
    /// `CASpringAnimation(perceptualDuration:bounce:)`; allows over-damping.
    public init(keyPath: LayerKeyPath, perceptualDuration: Double, bounce: Double) {
        self.keyPath = keyPath
        self.spring = Spring(perceptualDuration: perceptualDuration, bounce: bounce)
    }

    public var erased: AnyAnimation { .spring(self) }

    /// The mass. Default 1; must be > 0.
    public var mass: Double {
        get { spring.mass }
        set { spring.mass = newValue }
    }
    /// The stiffness. Default 100; must be > 0.
    public var stiffness: Double {
        get { spring.stiffness }
        set { spring.stiffness = newValue }
    }
    /// The damping. Default 10; must be ≥ 0.
    public var damping: Double {
        get { spring.damping }
        set { spring.damping = newValue }
    }
    /// The initial velocity, in progress per second; positive moves towards the target. Default 0.
    public var initialVelocity: Double {
        get { spring.initialVelocity }
        set { spring.initialVelocity = newValue }
    }
    /// Whether damping ratios above 1 over-damp (otherwise they act critically damped). Default `false`.
    public var allowsOverdamping: Bool {
        get { spring.allowsOverdamping }
        set { spring.allowsOverdamping = newValue }
    }
    /// The time the spring needs to come to rest, in seconds.
    public var settlingDuration: Double { spring.settlingDuration }
}
