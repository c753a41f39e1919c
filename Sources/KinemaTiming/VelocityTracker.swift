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
/// `UIPanGestureRecognizer.velocity(in:)` gives.
///
/// ```swift
/// var tracker = VelocityTracker<Point>()
/// tracker.addSample(Point(x: 0, y: 0), at: 0.000)
/// tracker.addSample(Point(x: 2, y: -1), at: 0.016)
/// tracker.addSample(Point(x: 4, y: -2), at: 0.032)
/// tracker.velocity    // (125, -62.5) points per second
/// ```
///
/// - With one sample (or none) the velocity is zero; with two it is their slope.
/// - A sample at the same time as the newest one replaces it. A sample older than the newest one
///   means time went backwards: the history is cleared and starts again from that sample.
/// - Samples with a non-finite time or value are ignored.
///
/// Nothing here reads a clock: time is whatever the caller passes, in seconds.
public struct VelocityTracker<Value: VelocityTrackable>: Sendable {
    /// How far back from the newest sample the fit looks, seconds. Default 0.1.
    public var window: TimeInterval
    /// The most samples kept; older ones are dropped first. Default 20.
    public var capacity: Int

    private var times: [TimeInterval] = []
    private var values: [Value] = []

    /// Creates an empty tracker that fits the samples of the last `window` seconds.
    public init(window: TimeInterval = 0.1, capacity: Int = 20) {
        self.window = window > 0 && window.isFinite ? window : 0.1
        self.capacity = max(capacity, 2)
    }

    /// The samples taken into account by ``velocity``: those within ``window`` of the newest.
    public var recentSamples: [(time: TimeInterval, value: Value)] {
        guard let newest = times.last else { return [] }
        return zip(times, values).filter { newest - $0.0 <= window }.map { (time: $0.0, value: $0.1) }
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
    /// samples in the window).
    public var velocity: Value {
        let samples = recentSamples
        guard let newest = samples.last?.time, samples.count >= 2 else {
            return Value(velocityComponents: { _ in 0 })
        }
        // Times relative to the newest sample keep the normal equations well conditioned.
        let taus = samples.map { $0.time - newest }
        return Value(velocityComponents: { index in
            let ys = samples.map { $0.value.velocityComponent(index) }
            return Self.slopeAtZero(taus: taus, values: ys)
        })
    }

    /// The slope at τ = 0 of the least-squares parabola through `(taus, values)`, or of the
    /// least-squares line when there are only two samples or the parabola is ill-conditioned.
    private static func slopeAtZero(taus: [Double], values: [Double]) -> Double {
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
}
