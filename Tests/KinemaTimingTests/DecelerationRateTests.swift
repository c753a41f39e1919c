import KinemaGeometry
import KinemaTiming
import TestSupport
import Testing

/// One row of the projection table (docs/animation-notes.md): a velocity and its projected
/// distances at both rates.
struct ProjectionRow: CustomTestStringConvertible, Sendable {
    /// Initial velocity, points per second.
    let velocity: Double
    let normalDiscrete: Double
    let normalContinuous: Double
    let fastDiscrete: Double
    let fastContinuous: Double
    var testDescription: String { "v0 = \(velocity) pt/s" }

    static let all: [ProjectionRow] = [
        ProjectionRow(velocity: 100, normalDiscrete: 49.90, normalContinuous: 49.95, fastDiscrete: 9.90, fastContinuous: 9.95),
        ProjectionRow(velocity: 500, normalDiscrete: 249.50, normalContinuous: 249.75, fastDiscrete: 49.50, fastContinuous: 49.75),
        ProjectionRow(velocity: 1000, normalDiscrete: 499.00, normalContinuous: 499.50, fastDiscrete: 99.00, fastContinuous: 99.50),
        ProjectionRow(velocity: 1500, normalDiscrete: 748.50, normalContinuous: 749.25, fastDiscrete: 148.50, fastContinuous: 149.25),
        ProjectionRow(
            velocity: 3000, normalDiscrete: 1497.00, normalContinuous: 1498.50, fastDiscrete: 297.00, fastContinuous: 298.50),
        ProjectionRow(
            velocity: 5000, normalDiscrete: 2495.00, normalContinuous: 2497.50, fastDiscrete: 495.00, fastContinuous: 497.50),
    ]
}

@Suite("DecelerationRate")
struct DecelerationRateTests {
    /// The tables are given to two decimals.
    static let tolerance = 0.01

    @Test("The presets are UIScrollView's: .normal 0.998, .fast 0.99 per millisecond")
    func presets() {
        #expect(DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
        #expect(DecelerationRate(rawValue: 0.99) == .fast)
    }

    @Test("Projection table (both rates, both forms)", arguments: ProjectionRow.all)
    func table(row: ProjectionRow) {
        let tol = Self.tolerance
        #expect(isClose(DecelerationRate.normal.projectedDistance(initialVelocity: row.velocity), row.normalDiscrete, tol))
        #expect(isClose(DecelerationRate.normal.continuousProjectedDistance(initialVelocity: row.velocity), row.normalContinuous, tol))
        #expect(isClose(DecelerationRate.fast.projectedDistance(initialVelocity: row.velocity), row.fastDiscrete, tol))
        #expect(isClose(DecelerationRate.fast.continuousProjectedDistance(initialVelocity: row.velocity), row.fastContinuous, tol))
    }

    @Test("A negative velocity projects the same distance the other way", arguments: ProjectionRow.all)
    func negative(row: ProjectionRow) {
        let tol = Self.tolerance
        #expect(isClose(DecelerationRate.normal.projectedDistance(initialVelocity: -row.velocity), -row.normalDiscrete, tol))
        #expect(isClose(DecelerationRate.fast.continuousProjectedDistance(initialVelocity: -row.velocity), -row.fastContinuous, tol))
    }

    @Test("Points project axis by axis (1500 pt/s → 748.50 / 749.25)")
    func point() {
        let v = Point(x: 1500, y: -500)
        #expect(isClose(DecelerationRate.normal.projectedDistance(initialVelocity: v), Point(x: 748.50, y: -249.50), Self.tolerance))
        #expect(
            isClose(DecelerationRate.normal.continuousProjectedDistance(initialVelocity: v), Point(x: 749.25, y: -249.75), Self.tolerance))
        // The projected position: p* = p + D(v).
        let p = Point(x: 10, y: 400)
        #expect(isClose(p + DecelerationRate.fast.projectedDistance(initialVelocity: v), Point(x: 158.50, y: 350.50), Self.tolerance))
    }

    @Test("The unit trap: a velocity in points per millisecond must be scaled by 1000 first")
    func units() {
        // scrollViewWillEndDragging reports 1.5 pt/ms for 1500 pt/s; passed as is it projects 1000×
        // too short.
        #expect(isClose(DecelerationRate.normal.projectedDistance(initialVelocity: 1.5), 0.7485, 1e-4))
        #expect(isClose(DecelerationRate.normal.projectedDistance(initialVelocity: 1.5 * 1000), 748.50, Self.tolerance))
    }

    @Test(
        "Non-finite velocities project to 0",
        arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteVelocity(v: Double) {
        #expect(DecelerationRate.normal.projectedDistance(initialVelocity: v) == 0)
        #expect(DecelerationRate.normal.continuousProjectedDistance(initialVelocity: v) == 0)
        let p = DecelerationRate.fast.projectedDistance(initialVelocity: Point(x: v, y: 1000))
        #expect(p.x == 0)
        #expect(isClose(p.y, 99.00, Self.tolerance))
    }

    /// Rates outside (0, 1): what the documentation promises.
    struct OddRate: CustomTestStringConvertible, Sendable {
        let rawValue: Double
        /// Projected distance of 1000 pt/s, discrete and continuous.
        let discrete: Double
        let continuous: Double
        var testDescription: String { "d = \(rawValue)" }

        static let all: [OddRate] = [
            // d = 0: the velocity is gone after the first millisecond.
            OddRate(rawValue: 0, discrete: 0, continuous: 0),
            OddRate(rawValue: -3, discrete: 0, continuous: 0),
            // d ≥ 1 would never stop; it acts as 0.999999: (1)·0.999999/1e−6 and −1/ln(0.999999).
            OddRate(rawValue: 1, discrete: 999_999, continuous: 999_999.5),
            OddRate(rawValue: .infinity, discrete: 999_999, continuous: 999_999.5),
            // NaN acts as .normal.
            OddRate(rawValue: .nan, discrete: 499.00, continuous: 499.50),
        ]
    }

    @Test("Rates outside (0, 1) are clamped; NaN acts as .normal", arguments: OddRate.all)
    func oddRates(row: OddRate) {
        let rate = DecelerationRate(rawValue: row.rawValue)
        // The clamped rate's 1 − d is only known to about 1e−10 in binary, hence the loose tolerance.
        #expect(isClose(rate.projectedDistance(initialVelocity: 1000), row.discrete, 0.05))
        #expect(isClose(rate.continuousProjectedDistance(initialVelocity: 1000), row.continuous, 0.05))
    }
}
