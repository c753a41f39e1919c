import Foundation
import KinemaGeometry
import KinemaTiming

/// Timing for a ``ViewPropertyAnimator`` as a damped spring. Mirrors `UISpringTimingParameters`.
///
/// Three ways to describe the spring, as in UIKit:
///
/// - a damping ratio (``init(dampingRatio:initialVelocity:)``): the spring settles within the
///   animator's duration (UIKit's `UIView` spring mapping, docs/animation-notes.md);
/// - mass, stiffness and damping (``init(mass:stiffness:damping:initialVelocity:)``): the spring
///   runs for its own settling duration, whatever the animator's duration says;
/// - iOS 17's perceptual duration and bounce (``init(duration:bounce:initialVelocity:)``, stiffness
///   (2π/duration)², damping ratio 1 − bounce when bounce ≥ 0): also runs for its own settling
///   duration.
///
/// ``initialVelocity`` is per axis and normalised to the distance still to go: see its
/// documentation for the recipe.
///
/// ```swift
/// // A pan ended at 900 pt/s downwards; the card still has 300 pt to travel down and 0 across.
/// let v = Vector(dx: 0, dy: 900 / 300)          // 0 across: Apple's recipe for a zero distance
/// let spring = SpringTimingParameters(dampingRatio: 0.8, initialVelocity: v)
/// animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
/// ```
///
/// A value type (UIKit's is a class).
public struct SpringTimingParameters: TimingCurveProvider, Hashable {
    /// How the spring was described.
    enum Model: Hashable {
        case dampingRatio(Double)
        case physical(mass: Double, stiffness: Double, damping: Double)
        case perceptual(duration: Double, bounce: Double)
    }

    let model: Model

    /// The initial velocity of the animated values, per axis, as a fraction of the distance each
    /// axis still has to travel, per second. Default zero. Mirrors
    /// `UISpringTimingParameters.initialVelocity`.
    ///
    /// Apple's recipe: take the velocity in points per second (a pan gesture's `velocity(in:)`),
    /// and divide each component by the signed distance still to go on that axis (target −
    /// current): `dx = vx / (targetX − currentX)`, `dy = vy / (targetY − currentY)`, and set a
    /// component to 0 when its distance is 0. A positive component moves towards the target.
    /// Kinema multiplies back by the distance when the motion starts, so the first instant moves
    /// at `dx · distanceX` points per second; on an axis whose distance is 0 the velocity is
    /// 0 (the velocity the recipe had to drop stays dropped; nothing divides by zero).
    ///
    /// Points (`center`, `bounds.origin`) use `dx` for x and `dy` for y; sizes `dx` for the width
    /// and `dy` for the height; every other property (`alpha`, colours, transforms) uses `dx`
    /// alone, as UIKit documents for one-dimensional properties. Non-finite components read as 0.
    public let initialVelocity: Vector

    /// UIKit's default spring: damping ratio 4.56 (strongly over-damped: no overshoot, a long
    /// gentle finish) within the animator's duration, no initial velocity. Mirrors
    /// `UISpringTimingParameters()`.
    public init() {
        self.init(dampingRatio: 4.56, initialVelocity: .zero)
    }

    /// A spring with damping ratio `ratio` that settles within the animator's duration. Mirrors
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` (and, with the default velocity,
    /// `UISpringTimingParameters(dampingRatio:)`).
    ///
    /// - Parameters:
    ///   - ratio: ζ. 1 settles without overshoot, towards 0 oscillates more, above 1 is
    ///     over-damped (slower, never overshoots). Clamped to `[10⁻⁶, 10⁶]`; NaN reads as 1.
    ///   - velocity: see ``initialVelocity``. Default zero.
    public init(dampingRatio ratio: Double, initialVelocity velocity: Vector = .zero) {
        let zeta = ratio.isNaN ? 1 : min(max(ratio, 1e-6), 1e6)
        model = .dampingRatio(zeta)
        initialVelocity = Self.sanitized(velocity)
    }

    /// A spring from mass, stiffness and damping coefficients; the animator runs for the
    /// spring's settling duration instead of its own duration. Mirrors
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
    ///
    /// - Parameters:
    ///   - mass: > 0. Default-less; values that are not finite and > 0 read as 1.
    ///   - stiffness: > 0; otherwise 100 (Core Animation's default).
    ///   - damping: ≥ 0; otherwise 10. Damping ratios above 1 act as critically damped, as
    ///     `CASpringAnimation` does by default. An undamped spring (0) is cut off after ten
    ///     periods.
    ///   - velocity: see ``initialVelocity``.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity velocity: Vector) {
        model = .physical(
            mass: mass.isFinite && mass > 0 ? mass : 1,
            stiffness: stiffness.isFinite && stiffness > 0 ? stiffness : 100,
            damping: damping.isFinite && damping >= 0 ? damping : 10)
        initialVelocity = Self.sanitized(velocity)
    }

    /// A spring of perceptual `duration` (seconds) and `bounce`, running for its settling
    /// duration. Mirrors iOS 17's `UISpringTimingParameters(duration:bounce:initialVelocity:)`
    /// (and `init(duration:bounce:)`), with the mapping of `Spring/init(perceptualDuration:bounce:)`.
    ///
    /// - Parameters:
    ///   - duration: seconds, > 0; otherwise 0.5.
    ///   - bounce: 0 critically damped, up to 1 bouncier, negative over-damped; clamped to
    ///     `[−0.999, 1]`, NaN reads as 0. A bounce of 1 never settles and is cut off after ten
    ///     periods.
    ///   - velocity: see ``initialVelocity``. Default zero.
    public init(duration: Double, bounce: Double, initialVelocity velocity: Vector = .zero) {
        let d = duration.isFinite && duration > 0 ? duration : 0.5
        let b = bounce.isNaN ? 0 : min(max(bounce, -0.999), 1)
        model = .perceptual(duration: d, bounce: b)
        initialVelocity = Self.sanitized(velocity)
    }

    private static func sanitized(_ v: Vector) -> Vector {
        Vector(dx: v.dx.isFinite ? v.dx : 0, dy: v.dy.isFinite ? v.dy : 0)
    }

    /// The spring's damping ratio ζ: the ratio given, or the one that follows from mass,
    /// stiffness and damping, or from the bounce (`1 − bounce`, `1 / (1 + bounce)` below 0).
    /// Kinema addition (UIKit does not expose it).
    public var dampingRatio: Double {
        switch model {
        case .dampingRatio(let zeta): zeta
        case .physical(let m, let k, let c): c / (2 * (k * m).squareRoot())
        case .perceptual(_, let bounce): bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        }
    }

    /// Whether the spring's duration follows from its own parameters (mass, stiffness and
    /// damping, or duration and bounce) rather than from the animator's duration.
    var hasOwnDuration: Bool {
        if case .dampingRatio = model { return false }
        return true
    }

    /// The spring (initial velocity 0) an animator uses to cover a distance in `duration`
    /// seconds, and how long it runs before it is cut off (seconds). Kinema addition.
    ///
    /// - A damping ratio ζ ≤ 1 gives `Spring/uiViewSpring(duration:dampingRatio:initialVelocity:)`
    ///   with velocity 0; it runs for `duration`.
    /// - A ratio above 1 gives the over-damped spring (over-damping allowed) whose displacement
    ///   falls to 0.001 at `duration`; it runs for `duration`.
    /// - Mass, stiffness and damping, or duration and bounce, give that spring, which runs for its
    ///   `Spring/settlingDuration` (ten periods when it never settles); `duration` is ignored.
    ///
    /// The spring constants do not depend on ``initialVelocity``: the velocity enters the motion
    /// as its starting condition, so that every axis of a value keeps the same spring.
    public func makeSpring(duration: Double) -> (spring: Spring, runningTime: Double) {
        let d = duration.isFinite && duration > 0 ? duration : 0
        switch model {
        case .dampingRatio(let zeta) where zeta <= 1:
            return (Spring.uiViewSpring(duration: d, dampingRatio: zeta, initialVelocity: 0), d)
        case .dampingRatio(let zeta):
            // The displacement of an over-damped spring is a function of ω0·t alone: find where the
            // unit-frequency spring falls to 0.001, then scale ω0 so that this happens at `d`.
            let unit = Spring(mass: 1, stiffness: 1, damping: 2 * zeta, initialVelocity: 0, allowsOverdamping: true)
            let unitSettle = unit.settlingDuration
            let w0 = unitSettle.isFinite && unitSettle > 0 ? unitSettle / max(d, 0.01) : 1
            let spring = Spring(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: 0, allowsOverdamping: true)
            return (spring, d)
        case .physical(let m, let k, let c):
            let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: 0, allowsOverdamping: false)
            return (spring, Self.runningTime(of: spring))
        case .perceptual(let duration, let bounce):
            let spring = Spring(perceptualDuration: duration, bounce: bounce)
            return (spring, Self.runningTime(of: spring))
        }
    }

    /// The settling duration, or ten undamped periods when the spring never settles.
    private static func runningTime(of spring: Spring) -> Double {
        let settle = spring.settlingDuration
        if settle.isFinite && settle > 0 { return settle }
        let period = 2 * Double.pi / spring.naturalFrequency
        return period.isFinite && period > 0 ? 10 * period : 1
    }

    /// ``TimingCurveType/spring``.
    public var timingCurveType: TimingCurveType { .spring }
    /// `nil`: a spring has no curve.
    public var cubicTimingParameters: CubicTimingParameters? { nil }
    /// The parameters themselves.
    public var springTimingParameters: SpringTimingParameters? { self }
}
