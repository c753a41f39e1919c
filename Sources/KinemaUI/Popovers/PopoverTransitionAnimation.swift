/// The parameters of the default popover transition: a spring scale-in about the arrow tip with a
/// fade, and a shrink back into the tip on dismissal. The defaults are those of the
/// tutorial-popover post (docs/ported-posts.md): 0.7 s, damping 0.5, velocity 1 from scale 0.1; out
/// in 0.3 s.
public struct PopoverTransitionAnimation: Hashable, Sendable {
    /// The scale the popover starts from, about the arrow tip. Default 0.1.
    public var initialScale = 0.1
    /// Seconds the entrance spring takes to settle. Default 0.7.
    public var duration = 0.7
    /// The entrance spring's damping ratio, (0, 1]. Default 0.5.
    public var dampingRatio = 0.5
    /// The entrance spring's initial velocity, as a fraction of the scale distance per second.
    /// Default 1.
    public var initialVelocity = 1.0
    /// Seconds the alpha takes from 0 to 1 at the start of the entrance (ease out); 0 for no
    /// fade. Default 0.2.
    public var fadeInDuration = 0.2
    /// The scale the popover shrinks to on dismissal, about the arrow tip. Default 0.1.
    public var finalScale = 0.1
    /// Seconds the dismissal takes (ease in and out), fading to alpha 0 at the same time.
    /// Default 0.3.
    public var dismissalDuration = 0.3

    /// The tutorial-popover post's parameters.
    public init() {}

    /// Custom parameters; non-finite or out-of-range values fall back to the defaults.
    public init(
        initialScale: Double = 0.1, duration: Double = 0.7, dampingRatio: Double = 0.5, initialVelocity: Double = 1,
        fadeInDuration: Double = 0.2, finalScale: Double = 0.1, dismissalDuration: Double = 0.3
    ) {
        func pick(_ v: Double, _ fallback: Double, positive: Bool) -> Double {
            guard v.isFinite else { return fallback }
            return positive && v <= 0 ? fallback : v
        }
        self.initialScale = pick(initialScale, 0.1, positive: true)
        self.duration = pick(duration, 0.7, positive: true)
        self.dampingRatio = pick(dampingRatio, 0.5, positive: true)
        self.initialVelocity = pick(initialVelocity, 1, positive: false)
        self.fadeInDuration = max(0, pick(fadeInDuration, 0.2, positive: false))
        self.finalScale = pick(finalScale, 0.1, positive: true)
        self.dismissalDuration = pick(dismissalDuration, 0.3, positive: true)
    }
}
