import KinemaTiming
import TestSupport
import Testing

/// One row of the rubber-band table (b(x) = (1 − 1/(x·c/d + 1))·d, docs/animation-notes.md): a
/// finger excess and the banded offset at two dimensions.
struct RubberBandRow: CustomTestStringConvertible, Sendable {
    /// Points past the edge.
    let excess: Double
    /// `b` at d = 375 and d = 667, points.
    let banded375: Double
    let banded667: Double
    var testDescription: String { "x = \(excess)" }

    static let all: [RubberBandRow] = [
        RubberBandRow(excess: 10, banded375: 5.42, banded667: 5.46),
        RubberBandRow(excess: 50, banded375: 25.62, banded667: 26.41),
        RubberBandRow(excess: 100, banded375: 47.97, banded667: 50.81),
        RubberBandRow(excess: 200, banded375: 85.05, banded667: 94.43),
        RubberBandRow(excess: 400, banded375: 138.66, banded667: 165.43),
        RubberBandRow(excess: 1000, banded375: 222.97, banded667: 301.44),
        RubberBandRow(excess: 10000, banded375: 351.06, banded667: 594.86),
    ]
}

@Suite("RubberBand")
struct RubberBandTests {
    static let tolerance = 0.01

    @Test("Rubber-band table, c = 0.55, d = 375 and 667", arguments: RubberBandRow.all)
    func table(row: RubberBandRow) {
        #expect(isClose(RubberBand.banded(row.excess, dimension: 375), row.banded375, Self.tolerance))
        #expect(isClose(RubberBand.banded(row.excess, dimension: 667), row.banded667, Self.tolerance))
    }

    @Test("Negative excesses band symmetrically", arguments: RubberBandRow.all)
    func signed(row: RubberBandRow) {
        #expect(isClose(RubberBand.banded(-row.excess, dimension: 375), -row.banded375, Self.tolerance))
        #expect(isClose(RubberBand.banded(-row.excess, dimension: 667), -row.banded667, Self.tolerance))
    }

    @Test("The inverse gives the excess back from the table's offsets", arguments: RubberBandRow.all)
    func inverseOfTable(row: RubberBandRow) {
        // The table's offsets are rounded to 0.01; near the asymptote one hundredth of a point of
        // offset is many points of excess, so compare relative to the slope dx/db = (d/(d − b))²/c.
        for (d, b) in [(375.0, row.banded375), (667.0, row.banded667)] {
            let slope = (d / (d - b)) * (d / (d - b)) / 0.55
            #expect(isClose(RubberBand.unbanded(b, dimension: d), row.excess, 0.005 * slope + 1e-9))
            #expect(isClose(RubberBand.unbanded(-b, dimension: d), -row.excess, 0.005 * slope + 1e-9))
        }
    }

    @Test("rubberband(100, d = 667) = 50.81 and its inverse returns 100.0")
    func specTest6() {
        #expect(isClose(RubberBand.banded(100, dimension: 667), 50.81, Self.tolerance))
        #expect(isClose(RubberBand.unbanded(50.81, dimension: 667), 100.0, Self.tolerance))
    }

    @Test(
        "Round trips, both directions, other coefficients",
        arguments: [(-250.0, 0.55), (-3.5, 0.55), (0, 0.55), (42, 0.15), (1234.5, 0.55), (80, 1)])
    func roundTrip(excess: Double, coefficient: Double) {
        let b = RubberBand.banded(excess, dimension: 500, coefficient: coefficient)
        #expect(isClose(RubberBand.unbanded(b, dimension: 500, coefficient: coefficient), excess, 1e-9 * max(1, abs(excess))))
        let offset = excess / 4  // within ±d
        let x = RubberBand.unbanded(offset, dimension: 500, coefficient: coefficient)
        #expect(isClose(RubberBand.banded(x, dimension: 500, coefficient: coefficient), offset, 1e-9 * max(1, abs(offset))))
    }

    @Test("The first points follow at c; the offset never passes d")
    func slopeAndLimit() {
        // b′(0) = c: 0.001 pt past the edge moves 0.00055 pt.
        #expect(isClose(RubberBand.banded(0.001, dimension: 667) / 0.001, 0.55, 1e-6))
        #expect(isClose(RubberBand.banded(0.001, dimension: 667, coefficient: 0.15) / 0.001, 0.15, 1e-6))
        #expect(RubberBand.banded(1e12, dimension: 667) <= 667)
        #expect(RubberBand.banded(1e12, dimension: 667) > 666.99)
        // antd-mobile's c = 0.15, d = 667 at x = 100: 100·0.15·667/(667 + 15) = 14.67.
        #expect(isClose(RubberBand.banded(100, dimension: 667, coefficient: 0.15), 14.67, Self.tolerance))
    }

    @Test("Range form: inside unchanged, beyond a bound only the excess bands, d = length by default")
    func range() {
        let range = 0.0...300
        #expect(RubberBand.banded(123.5, in: range) == 123.5)
        #expect(RubberBand.banded(0, in: range) == 0)
        #expect(RubberBand.banded(300, in: range) == 300)
        // 80 past the end with d = 300: 80·0.55·300/(300 + 44) = 38.37.
        #expect(isClose(RubberBand.banded(380, in: range), 338.37, Self.tolerance))
        // 80 before the start with d = 667: −41.28.
        #expect(isClose(RubberBand.banded(-80, in: range, dimension: 667), -41.28, Self.tolerance))
        // The table's row x = 100, d = 667, past the upper bound of a 667-long range.
        #expect(isClose(RubberBand.banded(967, in: 200...867), 917.81, Self.tolerance))
        #expect(isClose(RubberBand.banded(100, in: 200...867), 149.19, Self.tolerance))
    }

    @Test("Range form inverse round-trips", arguments: [-500.0, -80, -0.25, 0, 150, 300, 300.5, 380, 9000])
    func rangeRoundTrip(value: Double) {
        let range = 0.0...300
        let shown = RubberBand.banded(value, in: range)
        #expect(isClose(RubberBand.unbanded(shown, in: range), value, 1e-9 * max(1, abs(value))))
    }

    @Test("A zero-length range clamps hard")
    func zeroLength() {
        #expect(RubberBand.banded(50, in: 20...20) == 20)
        #expect(RubberBand.banded(-50, in: 20...20) == 20)
    }

    @Test("Non-finite input never gives NaN or ∞")
    func nonFinite() {
        #expect(RubberBand.banded(.nan, dimension: 667) == 0)
        #expect(RubberBand.banded(.infinity, dimension: 667) == 667)
        #expect(RubberBand.banded(-.infinity, dimension: 667) == -667)
        for d in [0, -10, Double.nan, .infinity] {
            #expect(RubberBand.banded(100, dimension: d) == 0)
            #expect(RubberBand.unbanded(10, dimension: d) == 0)
        }
        // A bad coefficient reads as 0.55.
        for c in [0, -1, Double.nan, .infinity] {
            #expect(isClose(RubberBand.banded(100, dimension: 667, coefficient: c), 50.81, Self.tolerance))
        }
        // Offsets at or beyond d cannot be reached by any finger.
        #expect(RubberBand.unbanded(667, dimension: 667) == .greatestFiniteMagnitude)
        #expect(RubberBand.unbanded(-900, dimension: 667) == -.greatestFiniteMagnitude)
        #expect(RubberBand.unbanded(.infinity, dimension: 667) == .greatestFiniteMagnitude)
        #expect(RubberBand.unbanded(.nan, dimension: 667) == 0)
        // Range form.
        #expect(RubberBand.banded(.nan, in: 10...300) == 10)
        #expect(RubberBand.banded(.infinity, in: 10...300) == 590)
        #expect(RubberBand.banded(-.infinity, in: 10...300) == -280)
        #expect(RubberBand.banded(.infinity, in: 10...Double.infinity) == .greatestFiniteMagnitude)
        #expect(RubberBand.banded(-5, in: 10...Double.infinity) == 10)
        #expect(RubberBand.unbanded(.nan, in: 10...300) == 10)
        #expect(RubberBand.unbanded(1000, in: 10...300) == .greatestFiniteMagnitude)
    }
}
