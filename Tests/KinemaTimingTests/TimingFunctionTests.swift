import KinemaTiming
import TestSupport
import Testing

/// One curve row (docs/animation-notes.md): a curve and its outputs at x = 0.1, 0.25, 0.5, 0.75,
/// 0.9.
struct CurveRow: CustomTestStringConvertible, Sendable {
    let id: String
    let points: (Double, Double, Double, Double)
    let expected: [Double]
    var testDescription: String { id }
    var curve: TimingFunction { TimingFunction(controlPoints: points.0, points.1, points.2, points.3) }

    static let inputs = [0.1, 0.25, 0.5, 0.75, 0.9]

    static let all: [CurveRow] = [
        CurveRow(id: "linear", points: (0, 0, 1, 1), expected: [0.100000, 0.250000, 0.500000, 0.750000, 0.900000]),
        CurveRow(id: "easeIn", points: (0.42, 0, 1, 1), expected: [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
        CurveRow(id: "easeOut", points: (0, 0, 0.58, 1), expected: [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
        CurveRow(
            id: "easeInEaseOut", points: (0.42, 0, 0.58, 1),
            expected: [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
        CurveRow(id: "default", points: (0.25, 0.1, 0.25, 1), expected: [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        CurveRow(id: "(0.5,0,0.5,1)", points: (0.5, 0, 0.5, 1), expected: [0.014622, 0.105893, 0.500000, 0.894107, 0.985378]),
        CurveRow(
            id: "WPT >1 (0,1.5,1,1.5)", points: (0, 1.5, 1, 1.5),
            expected: [0.716087, 1.024067, 1.250000, 1.295011, 1.228687]),
        CurveRow(
            id: "WPT <0 (0,-0.5,1,-0.5)", points: (0, -0.5, 1, -0.5),
            expected: [-0.228687, -0.295011, -0.250000, -0.024067, 0.283913]),
        CurveRow(
            id: "back (0.68,-0.55,0.265,1.55)", points: (0.68, -0.55, 0.265, 1.55),
            expected: [-0.066291, -0.082807, 0.606680, 1.089166, 1.062373]),
    ]
}

/// A curve and its gradients at the ends (as WebKit's `UnitBezier` defines them), worked out by
/// hand from the control points.
struct GradientRow: CustomTestStringConvertible, Sendable {
    let id: String
    let curve: TimingFunction
    let start: Double
    let end: Double
    var testDescription: String { id }

    static let all: [GradientRow] = [
        // c1x > 0: c1y/c1x; c2x < 1: (c2y − 1)/(c2x − 1).
        GradientRow(id: "default", curve: .default, start: 0.1 / 0.25, end: 0),
        GradientRow(
            id: "back", curve: TimingFunction(controlPoints: 0.68, -0.55, 0.265, 1.55),
            start: -0.55 / 0.68, end: 0.55 / -0.735),
        // c1x == 0, c1y == 0, c2x > 0: c2y/c2x. c2x == 1, c2y == 1, c1x < 1: (c1y − 1)/(c1x − 1).
        GradientRow(id: "easeOut", curve: .easeOut, start: 1 / 0.58, end: 0),
        GradientRow(id: "easeIn", curve: .easeIn, start: 0, end: -1 / -0.58),
        // linear: c1 = (0, 0), c2 = (1, 1): slope 1 at both ends.
        GradientRow(id: "linear", curve: .linear, start: 1, end: 1),
        // c1x == 0 and c1y ≠ 0: 0. c2x == 1 and c2y ≠ 1: 0.
        GradientRow(id: "WPT >1", curve: TimingFunction(controlPoints: 0, 1.5, 1, 1.5), start: 0, end: 0),
    ]
}

/// A control-point quadruple `validated` must reject, and the field it must name.
struct BadCurve: CustomTestStringConvertible, Sendable {
    let id: String
    let points: (Double, Double, Double, Double)
    let field: String
    var testDescription: String { id }

    static let all: [BadCurve] = [
        BadCurve(id: "c1x < 0", points: (-0.1, 0, 1, 1), field: "c1x"),
        BadCurve(id: "c1x > 1", points: (1.2, 0, 1, 1), field: "c1x"),
        BadCurve(id: "c2x > 1", points: (0.4, 0, 1.01, 1), field: "c2x"),
        BadCurve(id: "c2x NaN", points: (0.4, 0, .nan, 1), field: "c2x"),
        BadCurve(id: "c1y infinite", points: (0.4, .infinity, 0.6, 1), field: "c1y"),
        BadCurve(id: "c2y NaN", points: (0.4, 0, 0.6, .nan), field: "c2y"),
    ]
}

@Suite("TimingFunction")
struct TimingFunctionTests {
    @Test("curve reference values (evaluate)", arguments: CurveRow.all)
    func referenceValues(row: CurveRow) {
        for (x, expected) in zip(CurveRow.inputs, row.expected) {
            let y = row.curve.evaluate(x)
            #expect(isClose(y, expected, Tolerance.curve), "x = \(x)")
        }
    }

    @Test("curve reference values (solve, default epsilon)", arguments: CurveRow.all)
    func referenceValuesSolve(row: CurveRow) {
        for (x, expected) in zip(CurveRow.inputs, row.expected) {
            let y = row.curve.solve(x)
            #expect(isClose(y, expected, Tolerance.curve), "x = \(x)")
        }
    }

    @Test("Endpoints are exact", arguments: CurveRow.all)
    func endpoints(row: CurveRow) {
        #expect(row.curve.evaluate(0) == 0)
        #expect(row.curve.evaluate(1) == 1)
        #expect(row.curve.solve(0) == 0)
        #expect(row.curve.solve(1) == 1)
    }

    @Test("evaluate clamps its input, as Apple does")
    func clamping() {
        #expect(TimingFunction.linear.evaluate(-0.5) == 0)
        #expect(TimingFunction.linear.evaluate(1.5) == 1)
        let back = TimingFunction(controlPoints: 0.68, -0.55, 0.265, 1.55)
        #expect(back.evaluate(-3) == 0)
        #expect(back.evaluate(7) == 1)
        #expect(back.evaluate(.nan) == 0)
    }

    @Test("solve extrapolates with the end gradients, as WebKit does", arguments: GradientRow.all)
    func extrapolation(row: GradientRow) {
        #expect(isClose(row.curve.solve(-0.5), -0.5 * row.start, Tolerance.timing))
        #expect(isClose(row.curve.solve(-2), -2 * row.start, Tolerance.timing))
        #expect(isClose(row.curve.solve(1.5), 1 + 0.5 * row.end, Tolerance.timing))
        #expect(isClose(row.curve.solve(3), 1 + 2 * row.end, Tolerance.timing))
    }

    @Test("linear extrapolates −0.5 → −0.5 and 1.5 → 1.5")
    func linearExtrapolation() {
        #expect(TimingFunction.linear.solve(-0.5) == -0.5)
        #expect(TimingFunction.linear.solve(1.5) == 1.5)
    }

    @Test("A coarse epsilon still lands near the value")
    func coarseEpsilon() {
        // default(0.5) = 0.802403; with ε = 1e-3 in x the output moves by at most slope·ε.
        let y = TimingFunction.default.solve(0.5, epsilon: 1e-3)
        #expect(isClose(y, 0.802403, 2e-3))
    }

    @Test(
        "named control points (Apple's CAMediaTimingFunctionName)",
        arguments: [
            (TimingFunction.Name.linear, 0.0, 0.0, 1.0, 1.0),
            (.easeIn, 0.42, 0, 1, 1),
            (.easeOut, 0, 0, 0.58, 1),
            (.easeInEaseOut, 0.42, 0, 0.58, 1),
            (.default, 0.25, 0.1, 0.25, 1),
        ])
    func namedControlPoints(name: TimingFunction.Name, c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let curve = TimingFunction(name: name)
        #expect(curve.controlPoint(at: 0) == (0, 0))
        #expect(curve.controlPoint(at: 1) == (c1x, c1y))
        #expect(curve.controlPoint(at: 2) == (c2x, c2y))
        #expect(curve.controlPoint(at: 3) == (1, 1))
        #expect(curve == TimingFunction(controlPoints: c1x, c1y, c2x, c2y))
    }

    @Test("name round trip", arguments: TimingFunction.Name.allCases)
    func nameRoundTrip(name: TimingFunction.Name) {
        #expect(TimingFunction(name: name).name == name)
        #expect(TimingFunction.Name(rawValue: name.rawValue) == name)
    }

    @Test("A custom curve has no name")
    func customHasNoName() {
        #expect(TimingFunction(controlPoints: 0.5, 0, 0.5, 1).name == nil)
    }

    @Test("validated accepts the reference curves", arguments: CurveRow.all)
    func validatedAccepts(row: CurveRow) throws {
        let p = row.points
        #expect(try TimingFunction.validated(p.0, p.1, p.2, p.3) == row.curve)
    }

    @Test("validated names the bad control point", arguments: BadCurve.all)
    func validatedRejects(bad: BadCurve) {
        let p = bad.points
        let error = #expect(throws: TimingParameterError.self) {
            try TimingFunction.validated(p.0, p.1, p.2, p.3)
        }
        #expect(error?.field == bad.field)
        #expect(error?.description.hasPrefix(bad.field) == true)
        #expect(error?.expected.contains(bad.field.hasSuffix("x") ? "[0, 1]" : "finite") == true)
    }
}
