import KinemaGeometry
import KinemaTiming
import TestSupport
import Testing

/// A motion sampled at 60 Hz, and its exact velocity at the last sample.
struct MotionRow: CustomTestStringConvertible, Sendable {
    let id: String
    /// Position at time t, seconds.
    let position: @Sendable (Double) -> Double
    /// The analytic derivative.
    let velocity: @Sendable (Double) -> Double
    var testDescription: String { id }

    static let all: [MotionRow] = [
        MotionRow(id: "constant", position: { _ in 42 }, velocity: { _ in 0 }),
        MotionRow(id: "linear 350 pt/s", position: { 12 + 350 * $0 }, velocity: { _ in 350 }),
        MotionRow(id: "linear −1200 pt/s", position: { -1200 * $0 }, velocity: { _ in -1200 }),
        MotionRow(id: "quadratic 3 + 2t + 5t²", position: { 3 + 2 * $0 + 5 * $0 * $0 }, velocity: { 2 + 10 * $0 }),
        MotionRow(id: "decelerating 800t − 900t²", position: { 800 * $0 - 900 * $0 * $0 }, velocity: { 800 - 1800 * $0 }),
    ]
}

@Suite("VelocityTracker")
struct VelocityTrackerTests {
    static let frame = 1.0 / 60

    @Test("Exact for linear and quadratic motion (Double)", arguments: MotionRow.all)
    func exactDouble(row: MotionRow) {
        var tracker = VelocityTracker<Double>()
        var t = 0.0
        for i in 0...30 {
            t = Double(i) * Self.frame
            tracker.addSample(row.position(t), at: t)
        }
        #expect(isClose(tracker.velocity, row.velocity(t), 1e-6))
    }

    @Test("Exact for quadratic motion (Point, different per axis)")
    func exactPoint() {
        var tracker = VelocityTracker<Point>()
        var t = 0.0
        for i in 0...20 {
            t = 0.5 + Double(i) * 0.008  // 125 Hz, starting at an arbitrary time
            tracker.addSample(Point(x: 100 + 40 * t - 30 * t * t, y: -7 * t + 90 * t * t), at: t)
        }
        let expected = Point(x: 40 - 60 * t, y: -7 + 180 * t)
        #expect(isClose(tracker.velocity, expected, 1e-6))
    }

    @Test("Only the last window counts: an earlier, different motion is forgotten")
    func windowForgets() {
        var tracker = VelocityTracker<Double>(window: 0.1)
        // 0…0.5 s moving at 1000 pt/s, then a parabola from 0.5 s on.
        for i in 0...30 { tracker.addSample(1000 * Double(i) * Self.frame, at: Double(i) * Self.frame) }
        var t = 0.0
        for i in 31...60 {
            t = Double(i) * Self.frame
            tracker.addSample(-50 * (t - 0.5) * (t - 0.5), at: t)
        }
        #expect(isClose(tracker.velocity, -100 * (t - 0.5), 1e-6))
        #expect(tracker.recentSamples.allSatisfy { t - $0.time <= 0.1 })
    }

    @Test("Zero with fewer than two samples; the slope with two")
    func fewSamples() {
        var tracker = VelocityTracker<Double>()
        #expect(tracker.velocity == 0)
        tracker.addSample(5, at: 1)
        #expect(tracker.velocity == 0)
        tracker.addSample(8, at: 1.01)
        #expect(isClose(tracker.velocity, 300, 1e-9))
    }

    @Test("A repeated time replaces the sample; time going backwards starts again")
    func timeRules() {
        var tracker = VelocityTracker<Double>()
        tracker.addSample(0, at: 0)
        tracker.addSample(99, at: 0.01)
        tracker.addSample(2, at: 0.01)  // replaces 99
        #expect(isClose(tracker.velocity, 200, 1e-9))
        tracker.addSample(0, at: 0.005)  // backwards: history cleared
        #expect(tracker.recentSamples.count == 1)
        #expect(tracker.velocity == 0)
    }

    @Test("Non-finite samples are ignored")
    func nonFinite() {
        var tracker = VelocityTracker<Point>()
        tracker.addSample(Point(x: 0, y: 0), at: 0)
        tracker.addSample(Point(x: .nan, y: 1), at: 0.005)
        tracker.addSample(Point(x: 1, y: 1), at: .infinity)
        tracker.addSample(Point(x: 1, y: -2), at: 0.01)
        #expect(isClose(tracker.velocity, Point(x: 100, y: -200), 1e-9))
    }

    @Test("Capacity bounds the history; reset forgets it")
    func capacityAndReset() {
        var tracker = VelocityTracker<Double>(window: 1, capacity: 5)
        for i in 0..<12 { tracker.addSample(Double(i), at: Double(i) * 0.01) }
        #expect(tracker.recentSamples.count == 5)
        #expect(tracker.recentSamples.first?.value == 7)
        tracker.reset()
        #expect(tracker.recentSamples.isEmpty)
    }
}

/// A noisy drag's velocity, and a finger that pauses before it lifts, with the stop rules behind
/// them (docs/animation-notes.md, "Velocity").
///
/// Reference values marked "numpy" come from an independent least-squares fit
/// (`numpy.polyfit(τ, y, 2)` over the same samples, window 100 ms), not from the tracker.
@Suite("VelocityTracker stops")
struct VelocityTrackerStopTests {
    static let hz = 120.0

    /// 100 ms of motion at `velocity` sampled at 120 Hz from t = 0 (13 samples), then the samples
    /// of the hold at the resting position: one every 1/120 s for `stationary` samples, and the
    /// lift at `lift` seconds after the last move.
    static func releaseAfterHold(
        velocity: Point, stationary: Int, lift: Double, stopGap: Double = 0.04
    ) -> (tracker: VelocityTracker<Point>, liftTime: Double) {
        var tracker = VelocityTracker<Point>(stopGap: stopGap)
        for i in 0...12 {
            let t = Double(i) / hz
            tracker.addSample(Point(x: velocity.x * t, y: velocity.y * t), at: t)
        }
        let lastMove = Double(12) / hz
        let rest = Point(x: velocity.x * lastMove, y: velocity.y * lastMove)
        for k in stride(from: 1, through: stationary, by: 1) {
            tracker.addSample(rest, at: lastMove + Double(k) / hz)
        }
        tracker.addSample(rest, at: lastMove + lift)
        return (tracker, lastMove + lift)
    }

    /// Whether both components of a velocity are at most `limit` points per second.
    static func isSlow(_ v: Point, _ limit: Double) -> Bool { abs(v.x) <= limit && abs(v.y) <= limit }

    /// The newest sample's noise, and the estimate for it: −0.5 gives 1189.93, +0.5 its
    /// mirror image 1200 + (1200 − 1189.93).
    @Test(
        "1200 pt/s at 120 Hz with alternating ±0.5 pt noise → 1200 ± 3 %",
        arguments: [(29, 1189.93), (30, 1210.07)])
    func noisyConstantVelocity(newestIndex: Int, expected: Double) {
        var tracker = VelocityTracker<Double>()
        for i in 0...newestIndex {
            let t = Double(i) / Self.hz
            tracker.addSample(1200 * t + (i.isMultiple(of: 2) ? 0.5 : -0.5), at: t)
        }
        #expect(abs(tracker.velocity - 1200) <= 0.03 * 1200)
        #expect(isClose(tracker.velocity, expected, 0.01))
        #expect(tracker.recentSamples.count == 13)
    }

    @Test("In 2-D: (1200, −450) pt/s with noise in opposite phase on the two axes")
    func noisyConstantVelocityPoint() {
        var tracker = VelocityTracker<Point>()
        for i in 0...29 {
            let t = Double(i) / Self.hz
            let noise = i.isMultiple(of: 2) ? 0.5 : -0.5
            tracker.addSample(Point(x: 1200 * t + noise, y: -450 * t - noise), at: t)
        }
        let v = tracker.velocity
        #expect(abs(v.x - 1200) <= 0.03 * 1200)
        #expect(abs(v.y + 450) <= 0.03 * 450)
        // The fit is linear in the data: the noise adds −10.07 pt/s on x (1189.93, as in 1-D) and
        // +10.07 pt/s on y.
        #expect(isClose(v, Point(x: 1189.93, y: -439.93), 0.01))
    }

    @Test("100 ms at 1500 pt/s, hold 60 ms without samples, lift → ≤ 50 pt/s (gap rule)")
    func liftAfterSilentHold() {
        let (tracker, lift) = Self.releaseAfterHold(velocity: Point(x: 1500, y: -400), stationary: 0, lift: 0.06)
        #expect(Self.isSlow(tracker.velocity, 50))
        #expect(Self.isSlow(tracker.velocity(at: lift), 50))
        #expect(tracker.velocity == .zero)
        #expect(tracker.recentSamples.count == 1)
    }

    @Test("Without the stop rules the silent hold gives a stale, reversed velocity (numpy: −877.91, 234.11)")
    func liftAfterSilentHoldWithoutRules() {
        let (tracker, _) = Self.releaseAfterHold(
            velocity: Point(x: 1500, y: -400), stationary: 0, lift: 0.06, stopGap: .infinity)
        #expect(isClose(tracker.velocity, Point(x: -877.91, y: 234.11), 0.01))
    }

    @Test("Stationary samples at 120 Hz during the hold → ≤ 50 pt/s (rest rule)")
    func liftAfterStationaryHold() {
        let (tracker, lift) = Self.releaseAfterHold(velocity: Point(x: 1500, y: -400), stationary: 7, lift: 0.06)
        #expect(Self.isSlow(tracker.velocity, 50))
        #expect(Self.isSlow(tracker.velocity(at: lift), 50))
        #expect(tracker.velocity == .zero)
        // The fit starts at the last moving sample, 60 ms before the lift: 1 + 7 + 1 samples.
        #expect(tracker.recentSamples.count == 9)
        #expect(isClose(tracker.recentSamples.first?.time ?? .nan, 0.1, 1e-12))
    }

    @Test("Measured: the plain fit through 60 ms of stationary samples reads −628.74 pt/s (numpy), not ≤ 50")
    func liftAfterStationaryHoldWithoutRules() {
        let (tracker, lift) = Self.releaseAfterHold(
            velocity: Point(x: 1500, y: -400), stationary: 7, lift: 0.06, stopGap: .infinity)
        #expect(isClose(tracker.velocity, Point(x: -628.74, y: 167.67), 0.01))
        #expect(isClose(tracker.velocity(at: lift + 10), Point(x: -628.74, y: 167.67), 0.01))
    }

    @Test("A hold shorter than stopGap is not a stop: 20 ms of stationary samples fit as usual (numpy: 583.63, −155.64)")
    func shortHoldIsNotAStop() {
        let (tracker, lift) = Self.releaseAfterHold(velocity: Point(x: 1500, y: -400), stationary: 2, lift: 0.02)
        #expect(isClose(tracker.velocity, Point(x: 583.63, y: -155.64), 0.01))
        #expect(isClose(tracker.velocity(at: lift), Point(x: 583.63, y: -155.64), 0.01))
        #expect(tracker.recentSamples.count == 13)
    }

    @Test("A rest run of exactly stopGap is not yet a stop; one more sample makes it one")
    func restRunBoundary() {
        // Binary-exact times: stopGap 1/16 s, samples every 1/64 s, 640 pt/s for 0.125 s.
        var tracker = VelocityTracker<Double>(window: 0.25, stopGap: 0.0625)
        for i in 0...8 { tracker.addSample(640 * Double(i) / 64, at: Double(i) / 64) }
        for k in 1...4 { tracker.addSample(80, at: 0.125 + Double(k) / 64) }  // rest run spans 0.0625 s
        #expect(tracker.velocity != 0)
        #expect(tracker.recentSamples.count == 13)
        tracker.addSample(80, at: 0.125 + 5.0 / 64)
        #expect(tracker.velocity == 0)
        #expect(tracker.recentSamples.count == 6)
    }

    @Test("A value still on one axis but moving on the other is not at rest")
    func oneAxisStill() {
        var tracker = VelocityTracker<Point>()
        for i in 0...24 {
            let t = Double(i) / Self.hz
            tracker.addSample(Point(x: 37, y: 500 - 700 * t), at: t)
        }
        #expect(isClose(tracker.velocity, Point(x: 0, y: -700), 1e-6))
        #expect(tracker.recentSamples.count == 13)
    }

    @Test("A gap longer than stopGap cuts the history: only the motion after it counts")
    func gapCutsHistory() {
        var tracker = VelocityTracker<Point>()
        for i in 0...10 {
            let t = Double(i) / Self.hz
            tracker.addSample(Point(x: 1000 * t, y: 250 * t), at: t)
        }
        let resume = 10 / Self.hz + 0.05
        tracker.addSample(Point(x: 90, y: 20), at: resume)
        #expect(tracker.velocity == .zero)
        for k in 1...4 {
            let dt = Double(k) / Self.hz
            tracker.addSample(Point(x: 90 - 300 * dt, y: 20 + 120 * dt), at: resume + dt)
        }
        #expect(isClose(tracker.velocity, Point(x: -300, y: 120), 1e-6))
        #expect(tracker.recentSamples.count == 5)
    }

    @Test("A gap of exactly stopGap does not cut; a longer one does")
    func gapBoundary() {
        var tracker = VelocityTracker<Double>(window: 0.25, stopGap: 0.0625)
        for i in 0...4 { tracker.addSample(400 * Double(i) * 0.0625, at: Double(i) * 0.0625) }
        #expect(tracker.recentSamples.count == 5)
        #expect(isClose(tracker.velocity, 400, 1e-9))
        tracker.addSample(120, at: 0.25 + 0.0625 + 0.0078125)
        #expect(tracker.recentSamples.count == 1)
        #expect(tracker.velocity == 0)
    }

    @Test("velocity(at:) is zero once the newest sample is older than stopGap")
    func velocityAtQueryTime() {
        var tracker = VelocityTracker<Point>()
        #expect(tracker.velocity(at: 1) == .zero)
        for i in 0...6 {
            let t = 2 + Double(i) / Self.hz
            tracker.addSample(Point(x: 600 * t, y: -90 * t), at: t)
        }
        let newest = 2 + 6 / Self.hz
        #expect(isClose(tracker.velocity, Point(x: 600, y: -90), 1e-6))
        #expect(isClose(tracker.velocity(at: newest), Point(x: 600, y: -90), 1e-6))
        #expect(isClose(tracker.velocity(at: newest + 0.035), Point(x: 600, y: -90), 1e-6))
        #expect(isClose(tracker.velocity(at: newest - 1), Point(x: 600, y: -90), 1e-6))
        #expect(tracker.velocity(at: newest + 0.045) == .zero)
        #expect(tracker.velocity(at: .infinity) == .zero)
        #expect(tracker.velocity(at: .nan) == .zero)
        tracker.stopGap = .infinity
        #expect(isClose(tracker.velocity(at: newest + 10), Point(x: 600, y: -90), 1e-6))
    }

    @Test("stopGap defaults to 0.04 s; bad values fall back to it, .infinity is kept")
    func stopGapValues() {
        #expect(VelocityTracker<Double>().stopGap == 0.04)
        #expect(VelocityTracker<Double>(stopGap: 0).stopGap == 0.04)
        #expect(VelocityTracker<Double>(stopGap: -1).stopGap == 0.04)
        #expect(VelocityTracker<Double>(stopGap: .nan).stopGap == 0.04)
        #expect(VelocityTracker<Double>(stopGap: .infinity).stopGap == .infinity)
        #expect(VelocityTracker<Double>(stopGap: 0.1).stopGap == 0.1)
    }

    @Test("Documentation example")
    func documentationExample() {
        var tracker = VelocityTracker<Point>()
        tracker.addSample(Point(x: 0, y: 0), at: 0.000)
        tracker.addSample(Point(x: 2, y: -1), at: 0.016)
        tracker.addSample(Point(x: 4, y: -2), at: 0.032)
        #expect(isClose(tracker.velocity, Point(x: 125, y: -62.5), 1e-9))
        #expect(isClose(tracker.velocity(at: 0.040), Point(x: 125, y: -62.5), 1e-9))
        #expect(tracker.velocity(at: 0.100) == .zero)
    }
}
