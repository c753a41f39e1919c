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
