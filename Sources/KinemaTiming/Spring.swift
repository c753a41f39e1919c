import Foundation

/// A damped harmonic oscillator that moves normalised progress from 0 to 1, in closed form.
///
/// The model behind `CASpringAnimation`: displacement from the target `x(t)` starts at 1 and
/// decays to 0; progress is `1 − x(t)`. Time is in seconds.
///
/// - `mass`: kilograms-like unit, default 1, must be > 0.
/// - `stiffness`: default 100, must be > 0.
/// - `damping`: default 10, must be ≥ 0.
/// - `initialVelocity`: progress per second (fraction of the distance per second), default 0;
///   positive moves towards the target.
/// - `allowsOverdamping`: default `false`, when damping ratios above 1 behave as critically damped.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double
    public var allowsOverdamping: Bool

    /// Creates a spring; the defaults are `CASpringAnimation`'s.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0, allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The undamped angular frequency `ω0 = sqrt(k/m)`, radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio `ζ = c / (2·sqrt(k·m))`.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Displacement from the target at `t` seconds (1 at t = 0, 0 at rest).
    public func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let lambda = zeta * w0
            let b = (lambda - v0) / wd
            return exp(-lambda * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta > 1 && allowsOverdamping {
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let c2 = (-v0 - r1) / (r2 - r1)
            let c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        let b = w0 - v0
        return (1 + b * t) * exp(-w0 * t)
    }

    /// Progress at `t` seconds: `1 − displacement(at: t)`; may overshoot 1.
    public func value(at t: Double) -> Double { 1 - displacement(at: t) }
}
