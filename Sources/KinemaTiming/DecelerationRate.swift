import Foundation
import KinemaGeometry

/// How quickly a thrown value slows down: the factor its velocity keeps every millisecond.
///
/// A velocity `v0` decays as `v(t) = v0·d^(1000·t)` with `d` the ``rawValue`` and `t` in seconds,
/// so `.normal` (0.998) keeps 99.8 % of its speed each millisecond and about 13.5 % after a second.
/// The projection methods say how far that velocity carries the value before it stops, which is how
/// a released drag picks its end state: project the release velocity, then choose the end state
/// nearest to the *projected* position.
///
/// ```swift
/// let rate = DecelerationRate.normal
/// rate.projectedDistance(initialVelocity: 1500)             // 748.5 points
/// rate.continuousProjectedDistance(initialVelocity: 1500)   // 749.25 points
/// rate.projectedDistance(initialVelocity: Point(x: 1000, y: -500))   // (499, -249.5)
/// ```
///
/// **Unit trap.** Velocities here are in points per *second*, as ``VelocityTracker`` and
/// `UIPanGestureRecognizer.velocity(in:)` report them. The per-millisecond rate forces a division by
/// 1000 inside the formulas; WWDC 2018's `project` does that division, UltraDrawerView's does not
/// (it uses whatever unit the caller passes), and `scrollViewWillEndDragging(_:withVelocity:…)`
/// already reports points per *millisecond*: multiply such a velocity by 1000 before passing it.
///
/// - ``rawValue`` should be in `(0, 1)`; the formulas use it clamped into `[0, 0.999999]` (at 1 or
///   more the value would never stop and the distance would be infinite; 0.999999 is a velocity
///   time constant of about 1000 s). NaN acts as ``normal``.
///
/// Mirrors `UIScrollView.DecelerationRate`.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The factor the velocity keeps per millisecond, in `(0, 1)`; lower stops sooner.
    public var rawValue: Double

    /// Creates a rate that keeps `rawValue` of the velocity every millisecond.
    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// The default rate of a scroll view, 0.998 per millisecond: `D ≈ 0.5 s × v0`.
    public static let normal = DecelerationRate(rawValue: 0.998)

    /// The rate of a paging or picker-like scroll view, 0.99 per millisecond: `D ≈ 0.1 s × v0`.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The raw value the formulas use: clamped into `[0, 0.999999]`, NaN replaced by 0.998.
    var effectiveRawValue: Double {
        rawValue.isNaN ? DecelerationRate.normal.rawValue : min(max(rawValue, 0), 0.999_999)
    }

    /// The distance, points, that `initialVelocity` (points per second) covers before it decays to
    /// rest, counted in whole milliseconds: `D = (v0/1000)·d/(1 − d)`.
    ///
    /// This is the form of WWDC 2018's "Designing Fluid Interfaces" `project(initialVelocity:decelerationRate:)`
    /// and the limit of POP's `POPDecayAnimation` (see ``Decay/value(at:)``): the velocity moves the
    /// value once per millisecond, after being multiplied by `d`. It is 0.1 % shorter than
    /// ``continuousProjectedDistance(initialVelocity:)-(Double)`` at `.normal`, 0.5 % at `.fast`.
    /// The sign follows the velocity. A non-finite velocity (NaN or ±∞) projects to 0: there is no
    /// meaningful distance, and 0 keeps the value where it is.
    public func projectedDistance(initialVelocity: Double) -> Double {
        guard initialVelocity.isFinite else { return 0 }
        let d = effectiveRawValue
        return (initialVelocity / 1000) * d / (1 - d)
    }

    /// The distance, points, that `initialVelocity` (points per second) covers before it decays to
    /// rest, integrating `v(t) = v0·d^(1000·t)` exactly: `D = −v0/(1000·ln d)`.
    ///
    /// This is the form of `b3ll/Motion` and `ktiays/fluid-scroll`, and the limit of
    /// ``Decay/continuousValue(at:)``. The sign follows the velocity; a non-finite velocity projects
    /// to 0, and a rate of 0 gives 0.
    public func continuousProjectedDistance(initialVelocity: Double) -> Double {
        guard initialVelocity.isFinite else { return 0 }
        let d = effectiveRawValue
        guard d > 0 else { return 0 }
        return -initialVelocity / (1000 * log(d))
    }

    /// The discrete projection of a 2-D velocity (points per second), axis by axis, as a displacement
    /// in points: add it to the current position to get the projected one.
    ///
    /// See ``projectedDistance(initialVelocity:)-(Double)``; a non-finite component projects to 0 on
    /// its own axis.
    public func projectedDistance(initialVelocity: Point) -> Point {
        Point(
            x: projectedDistance(initialVelocity: initialVelocity.x),
            y: projectedDistance(initialVelocity: initialVelocity.y))
    }

    /// The continuous projection of a 2-D velocity (points per second), axis by axis, as a
    /// displacement in points.
    ///
    /// See ``continuousProjectedDistance(initialVelocity:)-(Double)``; a non-finite component
    /// projects to 0 on its own axis.
    public func continuousProjectedDistance(initialVelocity: Point) -> Point {
        Point(
            x: continuousProjectedDistance(initialVelocity: initialVelocity.x),
            y: continuousProjectedDistance(initialVelocity: initialVelocity.y))
    }
}
