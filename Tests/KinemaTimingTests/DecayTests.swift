import KinemaTiming
import TestSupport
import Testing

/// One row of the decay table (POP's `POPDecayAnimation` formula, docs/animation-notes.md):
/// v0 = 1500 pt/s, d = 0.998, from 0.
struct DecayRow: CustomTestStringConvertible, Sendable {
    /// Seconds.
    let t: Double
    /// POP's discrete form and the continuous form, points.
    let popValue: Double
    let continuousValue: Double
    /// Points per second.
    let velocity: Double
    var testDescription: String { "t = \(t)" }

    static let all: [DecayRow] = [
        DecayRow(t: 1.0 / 60, popValue: 24.56, continuousValue: 24.59, velocity: 1450.78),
        DecayRow(t: 0.1, popValue: 135.80, continuousValue: 135.94, velocity: 1227.85),
        DecayRow(t: 0.25, popValue: 294.74, continuousValue: 295.03, velocity: 909.34),
        DecayRow(t: 0.5, popValue: 473.42, continuousValue: 473.89, velocity: 551.27),
        DecayRow(t: 1.0, popValue: 647.40, continuousValue: 648.05, velocity: 202.60),
        DecayRow(t: 2.0, popValue: 734.85, continuousValue: 735.58, velocity: 27.36),
        DecayRow(t: .infinity, popValue: 748.50, continuousValue: 749.25, velocity: 0),
    ]
}

@Suite("Decay")
struct DecayTests {
    static let tolerance = 0.01
    static let fling = Decay(initialValue: 0, initialVelocity: 1500)

    @Test("Decay table (v0 = 1500 pt/s, d = 0.998)", arguments: DecayRow.all)
    func table(row: DecayRow) {
        #expect(isClose(Self.fling.value(at: row.t), row.popValue, Self.tolerance))
        #expect(isClose(Self.fling.continuousValue(at: row.t), row.continuousValue, Self.tolerance))
        #expect(isClose(Self.fling.velocity(at: row.t), row.velocity, Self.tolerance))
    }

    @Test("Thrown the other way from another start, the motion mirrors", arguments: DecayRow.all)
    func mirrored(row: DecayRow) {
        let decay = Decay(initialValue: 200, initialVelocity: -1500, decelerationRate: .normal)
        #expect(isClose(decay.value(at: row.t), 200 - row.popValue, Self.tolerance))
        #expect(isClose(decay.continuousValue(at: row.t), 200 - row.continuousValue, Self.tolerance))
        #expect(isClose(decay.velocity(at: row.t), -row.velocity, Self.tolerance))
    }

    @Test("Starts at the initial value and velocity")
    func start() {
        let decay = Decay(initialValue: -35, initialVelocity: 820, decelerationRate: .fast)
        #expect(decay.value(at: 0) == -35)
        #expect(decay.continuousValue(at: 0) == -35)
        #expect(decay.velocity(at: 0) == 820)
    }

    @Test("Stops (|v| < 5 pt/s) at 2.849 s; POP's toValue is the value there")
    func duration() {
        #expect(isClose(Self.fling.duration, 2.849, 0.0005))
        #expect(isClose(Self.fling.velocity(at: Self.fling.duration), 5, 1e-9))
        // 748.50 at rest minus the discrete projection of the remaining 5 pt/s, (5/1000)·0.998/0.002.
        #expect(isClose(Self.fling.toValue, 748.50 - 2.495, Self.tolerance))
        // The same stop time thrown backwards.
        #expect(isClose(Decay(initialVelocity: -1500).duration, 2.849, 0.0005))
    }

    @Test("The limits are the momentum projections, at both rates")
    func limits() {
        let fast = Decay(initialValue: 10, initialVelocity: 3000, decelerationRate: .fast)
        #expect(isClose(fast.value(at: .infinity), 10 + 297.00, Self.tolerance))
        #expect(isClose(fast.continuousValue(at: .infinity), 10 + 298.50, Self.tolerance))
        // d = 0.99: ln(5/3000)/(1000·ln 0.99) = 0.6365 s.
        #expect(isClose(fast.duration, 0.6365, 0.0005))
    }

    @Test("A custom stop velocity: 1500 → 50 pt/s at 0.998 takes ln(1/30)/(1000·ln 0.998) = 1.6989 s")
    func customStop() {
        var decay = Self.fling
        decay.stopVelocity = 50
        #expect(isClose(decay.duration, 1.6989, 0.0005))
        decay.stopVelocity = 2000  // already slower than that
        #expect(decay.duration == 0)
        decay.stopVelocity = -1  // not > 0: reads as 5
        #expect(isClose(decay.duration, 2.849, 0.0005))
    }

    @Test("Negative and NaN times read as 0; non-finite inputs read as 0")
    func robustness() {
        #expect(Self.fling.value(at: -1) == 0)
        #expect(Self.fling.velocity(at: -1) == 1500)
        #expect(Self.fling.value(at: .nan) == 0)
        #expect(Self.fling.continuousValue(at: .nan) == 0)
        for bad in [Double.nan, .infinity, -.infinity] {
            let decay = Decay(initialValue: bad, initialVelocity: bad)
            #expect(decay.value(at: 0.5) == 0)
            #expect(decay.continuousValue(at: 0.5) == 0)
            #expect(decay.velocity(at: 0.5) == 0)
            #expect(decay.duration == 0)
            #expect(decay.toValue == 0)
        }
        // Rate 0: the velocity is gone at once; rate ≥ 1 is clamped and still finite.
        let stopped = Decay(initialValue: 7, initialVelocity: 1500, decelerationRate: DecelerationRate(rawValue: 0))
        #expect(stopped.value(at: 0.5) == 7)
        #expect(stopped.continuousValue(at: 0.5) == 7)
        #expect(stopped.velocity(at: 0.5) == 0)
        #expect(stopped.duration == 0)
        let endless = Decay(initialVelocity: 1500, decelerationRate: DecelerationRate(rawValue: 1))
        #expect(endless.duration.isFinite)
        #expect(endless.value(at: .infinity).isFinite)
        #expect(endless.continuousValue(at: .infinity).isFinite)
    }

    @Test("Documentation example")
    func documentationExample() {
        let fling = Decay(initialValue: 0, initialVelocity: 1500)
        #expect(isClose(fling.value(at: 0.5), 473.42, Self.tolerance))
        #expect(isClose(fling.continuousValue(at: 0.5), 473.89, Self.tolerance))
        #expect(isClose(fling.velocity(at: 0.5), 551.27, Self.tolerance))
        #expect(isClose(fling.duration, 2.849, 0.0005))
    }
}
