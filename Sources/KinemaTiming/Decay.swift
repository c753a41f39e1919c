import Foundation

/// A value thrown with an initial velocity that slows down by a constant factor every millisecond,
/// in closed form.
///
/// The velocity decays as `v(t) = v0·d^(1000·t)` (`d` the ``decelerationRate``'s raw value, `t` in
/// seconds) and the value glides towards `initialValue + D`, where `D` is the rate's projected
/// distance. This is the motion of a scroll view's content after a flick, for content in free flight;
/// something that must land on a target needs a ``Spring`` instead.
///
/// ```swift
/// let fling = Decay(initialValue: 0, initialVelocity: 1500)   // d = 0.998
/// fling.value(at: 0.5)              // 473.42 points (POP's discrete form)
/// fling.continuousValue(at: 0.5)    // 473.89 points
/// fling.velocity(at: 0.5)           // 551.27 points per second
/// fling.duration                    // 2.849 s, when |v| falls below 5 points per second
/// ```
///
/// - `initialValue`: points (or any unit), default 0.
/// - `initialVelocity`: points per second; the sign gives the direction.
/// - `decelerationRate`: default ``DecelerationRate/normal`` (0.998, POP's default too).
/// - `stopVelocity`: the speed below which the motion counts as over, points per second, default 5
///   (POP's `5 × threshold` for points).
///
/// Times before 0, and NaN, read as 0; `t = .infinity` gives the resting value. A non-finite initial
/// value or velocity reads as 0, and a value beyond the largest finite `Double` (from an initial
/// velocity above about 1.8e305 points per second at the slowest rate, or an initial value near
/// 1.8e308) is clamped to `±Double.greatestFiniteMagnitude`, so nothing here returns NaN or ∞.
/// One dimension only: for a 2-D fling use one decay per axis with the same rate (the motion stays
/// on a straight line).
///
/// Mirrors POP's `POPDecayAnimation` (`velocity`, `deceleration`, `duration`, `toValue`).
public struct Decay: Hashable, Sendable {
    /// Where the value starts, points. Default 0.
    public var initialValue: Double
    /// The velocity at t = 0, points per second; negative moves towards smaller values.
    public var initialVelocity: Double
    /// The factor the velocity keeps per millisecond. Default ``DecelerationRate/normal``.
    public var decelerationRate: DecelerationRate
    /// The speed, points per second, below which ``duration`` considers the motion over. Default 5.
    public var stopVelocity: Double

    /// Creates a decay from a start value and velocity; the defaults are POP's.
    public init(
        initialValue: Double = 0, initialVelocity: Double, decelerationRate: DecelerationRate = .normal,
        stopVelocity: Double = 5
    ) {
        self.initialValue = initialValue
        self.initialVelocity = initialVelocity
        self.decelerationRate = decelerationRate
        self.stopVelocity = stopVelocity
    }

    /// The value at `t` seconds in POP's discrete form, points:
    /// `x(t) = x0 + (v0/1000)·d·(1 − d^(1000·t))/(1 − d)`.
    ///
    /// POP moves the value once per millisecond by the velocity already multiplied by `d`, so this
    /// approaches `x0 +` ``DecelerationRate/projectedDistance(initialVelocity:)-(Double)`` and runs
    /// about 0.1 % behind ``continuousValue(at:)`` at the default rate. Its slope is
    /// `−d·ln d/(1 − d)` times ``velocity(at:)`` (0.999 at `d = 0.998`). Clamped to
    /// `±Double.greatestFiniteMagnitude`.
    public func value(at t: TimeInterval) -> Double {
        let d = decelerationRate.effectiveRawValue
        return Self.finite(x0 + (v0 / 1000) * d * (1 - decayFactor(at: t)) / (1 - d))
    }

    /// The value at `t` seconds in continuous form, points: `x(t) = x0 + v0·(d^(1000·t) − 1)/(1000·ln d)`.
    ///
    /// The exact integral of ``velocity(at:)``, as `b3ll/Motion` computes it; it approaches
    /// `x0 +` ``DecelerationRate/continuousProjectedDistance(initialVelocity:)-(Double)``. Clamped to
    /// `±Double.greatestFiniteMagnitude`.
    public func continuousValue(at t: TimeInterval) -> Double {
        let d = decelerationRate.effectiveRawValue
        guard d > 0 else { return x0 }
        return Self.finite(x0 + v0 * (decayFactor(at: t) - 1) / (1000 * log(d)))
    }

    /// The velocity at `t` seconds, points per second: `v(t) = v0·d^(1000·t)`.
    public func velocity(at t: TimeInterval) -> Double {
        v0 * decayFactor(at: t)
    }

    /// The time, seconds, at which the speed falls to ``stopVelocity``: `t = ln(v_stop/|v0|)/(1000·ln d)`.
    ///
    /// 0 when the decay starts at or below the stop velocity (or the rate is 0). A stop velocity that
    /// is not finite and > 0 reads as 5. When `v_stop/|v0|` underflows (a ratio below about 1e-308)
    /// its logarithm is taken as `ln v_stop − ln |v0|`, so the duration is always finite: at most
    /// about 1.5e6 s, at the slowest rate. Mirrors `POPDecayAnimation.duration`.
    public var duration: TimeInterval {
        let stop = stopVelocity > 0 && stopVelocity.isFinite ? stopVelocity : 5
        let d = decelerationRate.effectiveRawValue
        let speed = abs(v0)
        guard speed > stop, d > 0 else { return 0 }
        let ratio = stop / speed
        let logRatio = ratio.isNormal ? log(ratio) : log(stop) - log(speed)
        return logRatio / (1000 * log(d))
    }

    /// Where POP's animation ends, points: ``value(at:)`` at ``duration``.
    ///
    /// The velocity there is still ``stopVelocity``, so this falls short of the resting value
    /// ``value(at:)`` at `.infinity` by the projection of the stop velocity (2.495 points at the
    /// defaults). Mirrors `POPDecayAnimation.toValue`.
    public var toValue: Double { value(at: duration) }

    // MARK: Sanitised inputs

    private var x0: Double { initialValue.isFinite ? initialValue : 0 }
    private var v0: Double { initialVelocity.isFinite ? initialVelocity : 0 }

    /// `value` clamped to `±Double.greatestFiniteMagnitude` (a value that overflowed to ±∞).
    private static func finite(_ value: Double) -> Double {
        min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// `d^(1000·t)` with `t` clamped to `[0, ∞]` (NaN reads as 0): from 1 down to 0.
    private func decayFactor(at t: TimeInterval) -> Double {
        let t = t > 0 ? t : 0
        return pow(decelerationRate.effectiveRawValue, 1000 * t)
    }
}
