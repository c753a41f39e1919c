import Foundation
import KinemaGeometry

/// A value whose velocity a ``VelocityTracker`` can estimate: a fixed number of `Double` components.
public protocol VelocityTrackable: Sendable {
    /// How many components every value has.
    static var velocityComponentCount: Int { get }
    /// The component at `index`, in `0..<velocityComponentCount`.
    func velocityComponent(_ index: Int) -> Double
    /// Builds a value (a velocity) from its components.
    init(velocityComponents: (Int) -> Double)
}

extension Double: VelocityTrackable {
    public static var velocityComponentCount: Int { 1 }
    public func velocityComponent(_ index: Int) -> Double { self }
    public init(velocityComponents: (Int) -> Double) { self = velocityComponents(0) }
}

extension Point: VelocityTrackable {
    public static var velocityComponentCount: Int { 2 }
    public func velocityComponent(_ index: Int) -> Double { index == 0 ? x : y }
    public init(velocityComponents: (Int) -> Double) {
        self.init(x: velocityComponents(0), y: velocityComponents(1))
    }
}

/// Estimates how fast a value is moving, in units per second, from timed samples.
///
/// Feed it the positions of a finger (or anything else) with the time of each sample, then read
/// ``velocity``. The estimate fits a parabola `v(τ) = a + b·τ + c·τ²` by least squares to the
/// samples of the last ``window`` seconds (measured back from the newest sample) and returns its
/// slope at the newest sample. Linear and uniformly accelerated motion come out exact (up to
/// rounding); jitter is smoothed over the window. This is the kind of estimate
/// `UIPanGestureRecognizer.velocity(in:)` gives, without its stale velocity after a pause (see
/// "Stops" below).
///
/// ```swift
/// var tracker = VelocityTracker<Point>()
/// tracker.addSample(Point(x: 0, y: 0), at: 0.000)
/// tracker.addSample(Point(x: 2, y: -1), at: 0.016)
/// tracker.addSample(Point(x: 4, y: -2), at: 0.032)
/// tracker.velocity                 // (125, -62.5) points per second
/// tracker.velocity(at: 0.040)      // the same: the newest sample is 8 ms old
/// tracker.velocity(at: 0.100)      // (0, 0): nothing for 68 ms, the finger has stopped
/// ```
///
/// - With one sample (or none) the velocity is zero; with two it is their slope.
/// - A sample at the same time as the newest one replaces it. A sample older than the newest one
///   means time went backwards: the history is cleared and starts again from that sample.
/// - Samples with a non-finite time or value are ignored.
/// - Samples so far apart that the fit's sums of powers overflow (times about 1e77 s apart, so
///   that τ⁴ exceeds 1.8e308, or values that far apart for their times) are fitted in units scaled
///   to the largest |τ| and |y|, so the velocity is never NaN; a slope beyond the largest finite
///   `Double` is clamped to `±Double.greatestFiniteMagnitude`.
///
/// ### Stops
///
/// A finger that holds still before it lifts must give a release velocity near zero, not the speed
/// it had before the pause. The tracker takes the pointer to have stopped when it has not moved for
/// longer than ``stopGap`` (default 0.04 s, the constant of Android's and Flutter's trackers), and
/// then fits only the samples from the stop on. "Not moved" is detected three ways:
///
/// 1. **A gap between samples.** When two consecutive samples are more than ``stopGap`` apart, the
///    history before the gap is ignored: the fit starts at the sample after the gap. A lift sample
///    60 ms after the last move, with nothing in between, therefore gives zero.
/// 2. **Stationary samples.** Some input systems keep reporting a finger that holds still (UIKit's
///    `.stationary` touches, or a digitiser that repeats its last position). Those samples are not
///    gaps, and a parabola through "fast, then flat" overshoots: 100 ms at 1500 points per second
///    followed by 60 ms of identical samples at 120 Hz fits to about −629 points per second at the
///    lift, the wrong sign. So the trailing samples that all *equal* the newest value (every
///    component bit for bit) form a rest run, which starts at the last moving sample (the one where
///    the value arrived at its resting place). When the newest sample is more than ``stopGap`` after
///    that last moving sample, the fit starts there and sees only the rest run: the velocity is zero.
///    A shorter hold is still fitted together with the motion before it, so a brief hesitation
///    in the middle of a flick is not mistaken for a stop. Samples that jitter by even a tiny
///    amount count as motion; the least-squares fit then averages the jitter out over ``window``.
///    With positions rounded to whole points, motion slower than about one point per ``stopGap``
///    (25 points per second at the default) can read as a stop, which is far below any fling.
/// 3. **Time since the newest sample.** ``velocity`` describes the newest sample and cannot know
///    how much time has passed since; ``velocity(at:)`` is given the current time and returns zero
///    when the newest sample is more than ``stopGap`` old.
///
/// Rules 1 and 3 follow Flutter's `VelocityTracker` (`assumePointerMoveStoppedMilliseconds`);
/// rule 2 is Kinema's.
///
/// Nothing here reads a clock: time is whatever the caller passes, in seconds.
public struct VelocityTracker<Value: VelocityTrackable>: Sendable {
    /// How far back from the newest sample the fit looks, seconds. Default 0.1.
    public var window: TimeInterval
    /// The most samples kept; older ones are dropped first. Default 20.
    public var capacity: Int
    /// How long the value may go without moving before the pointer counts as stopped, seconds.
    /// Default 0.04. `.infinity` turns the stop rules off; NaN or a value ≤ 0 stops at every sample
    /// (the velocity is then always zero). See "Stops" in the type's documentation.
    public var stopGap: TimeInterval

    private var times: [TimeInterval] = []
    private var values: [Value] = []

    /// Creates an empty tracker that fits the samples of the last `window` seconds and takes the
    /// pointer to have stopped after `stopGap` seconds without motion.
    ///
    /// A `window` that is not positive and finite is replaced by 0.1; a `stopGap` that is not
    /// positive (or NaN) by 0.04, while `.infinity` is kept and turns the stop rules off.
    public init(window: TimeInterval = 0.1, capacity: Int = 20, stopGap: TimeInterval = 0.04) {
        self.window = window > 0 && window.isFinite ? window : 0.1
        self.capacity = max(capacity, 2)
        self.stopGap = stopGap > 0 ? stopGap : 0.04
    }

    /// The samples taken into account by ``velocity``: those within ``window`` of the newest, back
    /// to the latest stop (a gap longer than ``stopGap``, or a rest run longer than ``stopGap``; see
    /// "Stops" in the type's documentation).
    public var recentSamples: [(time: TimeInterval, value: Value)] {
        guard let last = times.indices.last else { return [] }
        let newest = times[last]
        // Walk back through the window; a gap longer than stopGap ends the history (rule 1).
        var first = last
        while first > 0, newest - times[first - 1] <= window, times[first] - times[first - 1] <= stopGap {
            first -= 1
        }
        // The rest run: trailing samples equal to the newest. If it has lasted longer than stopGap
        // since the last moving sample (its first sample), the fit starts there (rule 2).
        var restStart = last
        while restStart > first, Self.isSame(values[restStart - 1], values[last]) {
            restStart -= 1
        }
        if !(newest - times[restStart] <= stopGap) {
            first = restStart
        }
        return (first...last).map { (time: times[$0], value: values[$0]) }
    }

    /// Records `value` at `time` seconds.
    public mutating func addSample(_ value: Value, at time: TimeInterval) {
        guard time.isFinite,
            (0..<Value.velocityComponentCount).allSatisfy({ value.velocityComponent($0).isFinite })
        else { return }
        if let newest = times.last {
            if time == newest {
                times.removeLast()
                values.removeLast()
            } else if time < newest {
                reset()
            }
        }
        times.append(time)
        values.append(value)
        if times.count > capacity {
            times.removeFirst(times.count - capacity)
            values.removeFirst(values.count - capacity)
        }
    }

    /// Forgets every sample.
    public mutating func reset() {
        times.removeAll()
        values.removeAll()
    }

    /// The estimated velocity at the newest sample, units per second (zero with fewer than two
    /// samples in the window, or when the pointer has stopped).
    ///
    /// This does not know what time it is now; use ``velocity(at:)`` for a velocity at release.
    public var velocity: Value {
        let samples = recentSamples
        guard let newest = samples.last?.time, samples.count >= 2 else {
            return Value(velocityComponents: { _ in 0 })
        }
        // Times relative to the newest sample keep the normal equations well conditioned. Values
        // relative to the newest one do not change the slope, but make samples that all equal the
        // newest (a finger at rest) give exactly zero instead of rounding noise.
        let taus = samples.map { $0.time - newest }
        return Value(velocityComponents: { index in
            let origin = samples[samples.count - 1].value.velocityComponent(index)
            let ys = samples.map { $0.value.velocityComponent(index) - origin }
            if let slope = Self.slopeAtZero(taus: taus, values: ys), slope.isFinite { return slope }
            return Self.rescaledSlopeAtZero(taus: taus, values: samples.map { $0.value.velocityComponent(index) })
        })
    }

    /// The estimated velocity at `queryTime` seconds, units per second: ``velocity``, or zero when
    /// the newest sample is more than ``stopGap`` older than `queryTime` (the pointer has stopped).
    ///
    /// Call it with the time of the lift (or of any frame) to get a velocity that is not stale: a
    /// finger that held still for longer than ``stopGap`` without any sample being delivered reads as
    /// stopped. The estimate is not extrapolated to `queryTime`. A query time at or before the
    /// newest sample gives ``velocity``; a NaN query time gives zero (the age is unknown), as does
    /// an empty tracker.
    public func velocity(at queryTime: TimeInterval) -> Value {
        guard let newest = times.last, queryTime - newest <= stopGap else {
            return Value(velocityComponents: { _ in 0 })
        }
        return velocity
    }

    /// Whether two values are equal component by component (the pointer did not move).
    private static func isSame(_ a: Value, _ b: Value) -> Bool {
        (0..<Value.velocityComponentCount).allSatisfy { a.velocityComponent($0) == b.velocityComponent($0) }
    }

    /// The slope at τ = 0 of the least-squares parabola through `(taus, values)`, or of the
    /// least-squares line when there are only two samples or the parabola is ill-conditioned;
    /// `nil` when the sums of powers overflow.
    private static func slopeAtZero(taus: [Double], values: [Double]) -> Double? {
        // Sums of τ^k and of y·τ^k.
        var s = [Double](repeating: 0, count: 5)
        var r = [Double](repeating: 0, count: 3)
        for (tau, y) in zip(taus, values) {
            var p = 1.0
            for k in 0..<5 {
                s[k] += p
                if k < 3 { r[k] += y * p }
                p *= tau
            }
        }
        guard (s + r).allSatisfy(\.isFinite) else { return nil }
        if taus.count >= 3 {
            // Normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·(a, b, c) = (r0, r1, r2); b by Cramer.
            let det =
                s[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (s[1] * s[4] - s[3] * s[2])
                + s[2] * (s[1] * s[3] - s[2] * s[2])
            let scale = s[0] * s[2] * s[4]
            if scale > 0 && abs(det) > 1e-12 * scale {
                let detB =
                    s[0] * (r[1] * s[4] - s[3] * r[2]) - r[0] * (s[1] * s[4] - s[3] * s[2])
                    + s[2] * (s[1] * r[2] - r[1] * s[2])
                return detB / det
            }
        }
        // Line: slope = (n·Στy − Στ·Σy) / (n·Στ² − (Στ)²).
        let denominator = s[0] * s[2] - s[1] * s[1]
        guard denominator > 0 else { return 0 }
        return (s[0] * r[1] - s[1] * r[0]) / denominator
    }

    /// ``slopeAtZero(taus:values:)`` for samples whose sums overflow there: the fit of `τ/T` and
    /// `y/Y`, with `T` and `Y` the largest |τ| and |y|, whose slope is then multiplied by `Y/T`.
    /// A slope beyond the largest finite `Double` is clamped to `±Double.greatestFiniteMagnitude`.
    private static func rescaledSlopeAtZero(taus: [Double], values: [Double]) -> Double {
        let tScale = taus.map(abs).max() ?? 0
        let yScale = values.map(abs).max() ?? 0
        guard tScale > 0, yScale > 0, let newest = values.last else { return 0 }
        let origin = newest / yScale
        let unitSlope =
            slopeAtZero(taus: taus.map { $0 / tScale }, values: values.map { $0 / yScale - origin }) ?? 0
        let ratio = yScale / tScale
        let slope = ratio.isFinite ? unitSlope * ratio : unitSlope * yScale / tScale
        if slope.isNaN { return 0 }
        return min(max(slope, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }
}
