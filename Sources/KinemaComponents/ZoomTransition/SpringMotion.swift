import Foundation
import KinemaTiming
import KinemaUI

/// One value moved by a damped spring in absolute units (points, points per second), evaluated in
/// closed form from its start state.
///
/// `Spring` (KinemaTiming) describes progress from 0 to 1 with a velocity normalised to the
/// distance, as `CASpringAnimation` does; that cannot express a value that starts on its target
/// and moves (`v/0`), and dividing by a tiny distance blows the velocity up. `SpringMotion` keeps
/// the displacement `x0 = start − target` and the velocity `v0` as they are, so nothing divides:
///
/// ```text
/// ζ < 1:  x(τ) = e^(−ζω0τ)·(x0·cos ωdτ + ((v0 + ζω0·x0)/ωd)·sin ωdτ),   ωd = ω0·√(1 − ζ²)
/// ζ = 1:  x(τ) = e^(−ω0τ)·(x0 + (v0 + ω0·x0)·τ)
/// ζ > 1:  x(τ) = A·e^(r1τ) + B·e^(r2τ),  r1,2 = −ω0(ζ ∓ √(ζ² − 1)),  A = (v0 − r2·x0)/(r1 − r2),  B = x0 − A
/// ```
///
/// with `τ = t − startTime`. The value at any time is computed from the start state alone, never
/// integrated frame by frame, so it is the same at 30, 60 or 120 frames per second.
/// ``retargeted(to:at:)`` starts a new motion from the value and velocity shown at a time, which
/// is how a spring keeps its momentum when its target changes (WWDC 2018 session 803, "Designing
/// Fluid Interfaces": everything redirectable, velocity handed over).
///
/// ```swift
/// let spring = Spring(response: 2 * .pi / 18.178, dampingRatio: 0.95)
/// let y = SpringMotion(spring: spring, from: 443.5, velocity: 1500, to: 104, at: 0)
/// y.value(at: 0.1)        // 278.92
/// y.velocity(at: 0.1)     // −2101.0
/// ```
///
/// A spring whose damping ratio is above 1 over-damps only when the `Spring` allows it
/// (`allowsOverdamping`); otherwise it is critically damped, as `Spring` itself behaves. Inputs
/// that are not finite read as: value and target 0, velocity 0, time 0, natural frequency
/// 18.18 rad/s, damping ratio 1; a negative damping ratio reads as 0.
public struct SpringMotion: Hashable, Sendable {
    /// ω0, radians per second.
    public let naturalFrequency: Double
    /// ζ: below 1 overshoots, 1 is critical, above 1 over-damps.
    public let dampingRatio: Double
    /// Where the spring comes to rest.
    public let target: Double
    /// The value at ``startTime``.
    public let startValue: Double
    /// The velocity at ``startTime``, units per second.
    public let startVelocity: Double
    /// When the motion starts, seconds (media time).
    public let startTime: Double

    /// A motion of `spring` (its mass, stiffness and damping; its normalised `initialVelocity` is
    /// not used) from `value` moving at `velocity` towards `target`, starting at `time`.
    public init(spring: Spring, from value: Double, velocity: Double, to target: Double, at time: Double) {
        let w0 = spring.naturalFrequency
        var zeta = spring.dampingRatio
        if !spring.allowsOverdamping && zeta > 1 { zeta = 1 }
        self.naturalFrequency = w0.isFinite && w0 > 0 ? w0 : 18.178
        self.dampingRatio = zeta.isFinite ? max(zeta, 0) : 1
        self.target = target.isFinite ? target : 0
        self.startValue = value.isFinite ? value : self.target
        self.startVelocity = velocity.isFinite ? velocity : 0
        self.startTime = time.isFinite ? time : 0
    }

    /// The value at `time` (seconds); the start value before ``startTime``.
    public func value(at time: Double) -> Double {
        target + state(at: time).x
    }

    /// The velocity at `time`, units per second; the start velocity before ``startTime``.
    public func velocity(at time: Double) -> Double {
        state(at: time).v
    }

    /// The same spring starting at `time` from the value and velocity this one shows then, towards
    /// `newTarget`: position and momentum are kept, in absolute units.
    public func retargeted(to newTarget: Double, at time: Double) -> SpringMotion {
        let now = state(at: time)
        return SpringMotion(
            naturalFrequency: naturalFrequency, dampingRatio: dampingRatio, target: newTarget,
            startValue: target + now.x, startVelocity: now.v, startTime: max(time, startTime))
    }

    private init(
        naturalFrequency: Double, dampingRatio: Double, target: Double, startValue: Double, startVelocity: Double,
        startTime: Double
    ) {
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
        self.target = target.isFinite ? target : 0
        self.startValue = startValue.isFinite ? startValue : self.target
        self.startVelocity = startVelocity.isFinite ? startVelocity : 0
        self.startTime = startTime.isFinite ? startTime : 0
    }

    // MARK: Closed form

    /// Displacement from the target and velocity `time − startTime` seconds in.
    func state(at time: Double) -> (x: Double, v: Double) {
        let tau = time.isFinite ? max(0, time - startTime) : 0
        let x0 = startValue - target
        let v0 = startVelocity
        let w0 = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            let b = v0 + w0 * x0
            let e = exp(-w0 * tau)
            return (e * (x0 + b * tau), e * (v0 - w0 * b * tau))
        }
        if zeta < 1 {
            let lambda = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + lambda * x0) / wd
            let (s, c) = (sin(wd * tau), cos(wd * tau))
            let e = exp(-lambda * tau)
            return (e * (x0 * c + b * s), e * (v0 * c - (lambda * b + wd * x0) * s))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let a = (v0 - r2 * x0) / (r1 - r2)
        let b = x0 - a
        let (e1, e2) = (exp(r1 * tau), exp(r2 * tau))
        return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
    }
}
