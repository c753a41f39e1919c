import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// Rows K01–K14 and P01–P04 (sources in docs/animation-notes.md), through real layers: a keyframe
/// animation with d = 1 and b = 10, so progress `p` is sampled at layer time `10 + p`. Every
/// animation fills forwards and stays attached so that `p = 1` shows the end state.
@Suite struct KeyframeTests {

    struct Sample: Sendable {
        var p: Double
        var expected: Double
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var id: String
        var mode: KeyframeAnimation.CalculationMode = .linear
        var values: [Double]
        var keyTimes: [Double]? = nil
        var timingFunctions: [TimingFunction]? = nil
        var animationCurve: TimingFunction? = nil
        var tension: [Double] = []
        var samples: [Sample]
        /// 1e-4 for keyframes; rows whose value is a cubic-Bézier curve value use the curve
        /// tolerance 1e-5 on the 0…100 range.
        var tolerance = Tolerance.spring
        var testDescription: String { id }
    }

    static func s(_ p: Double, _ expected: Double) -> Sample { Sample(p: p, expected: expected) }

    static let rows: [Row] = [
        Row(id: "K01", values: [0, 100, 50], samples: [s(0.25, 50), s(0.5, 100), s(0.75, 75), s(1, 50)]),
        Row(id: "K02", values: [0, 100, 0], keyTimes: [0, 0.8, 1], samples: [s(0.4, 50), s(0.9, 50), s(0.8, 100)]),
        Row(
            id: "K03", values: [0, 100, 0], keyTimes: [0, 0.5, 1], timingFunctions: [.easeIn, .linear],
            samples: [s(0.25, 31.5357), s(0.75, 50)], tolerance: 100 * Tolerance.curve),
        Row(
            id: "K04", values: [0, 100], animationCurve: .easeInEaseOut, samples: [s(0.25, 12.9162)],
            tolerance: 100 * Tolerance.curve),
        Row(
            id: "K05", mode: .discrete, values: [310, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1],
            samples: [s(0.1, 310), s(0.3, 60), s(0.6, 120), s(0.8, 60), s(1.0, 60)]),
        Row(id: "K06", mode: .discrete, values: [0, 100], samples: [s(0.49, 0), s(0.5, 100), s(1, 100)]),
        // The given key times must be ignored in paced mode.
        Row(
            id: "K07", mode: .paced, values: [310, 60, 120, 60, 310], keyTimes: [0, 0.1, 0.2, 0.3, 1],
            samples: [s(0.25, 155), s(0.5, 120), s(0.75, 155)]),
        Row(
            id: "K09", mode: .cubic, values: [0, 100, 0, 100],
            samples: [s(0.1, 28.95), s(1.0 / 6, 56.25), s(0.25, 86.71875), s(0.5, 50), s(0.75, 13.28125), s(0.9, 71.05)]),
        Row(id: "K10", mode: .cubic, values: [0, 100, 50], samples: [s(0.25, 53.125), s(0.5, 100), s(0.75, 81.25)]),
        Row(
            id: "K11", mode: .cubic, values: [0, 100, 0, 100], tension: [1, 1, 1, 1],
            samples: [s(1.0 / 6, 50), s(0.5, 50)]),
        Row(
            id: "K12", mode: .cubic, values: [310, 60, 120, 60, 310],
            samples: [s(0.125, 181.25), s(0.375, 78.125), s(0.625, 78.125), s(0.875, 181.25)]),
        Row(
            id: "K13", mode: .cubicPaced, values: [310, 60, 120, 60, 310],
            samples: [s(0.125, 229.1736), s(0.25, 148.3473), s(0.5, 120), s(0.75, 148.3473), s(0.875, 229.1736)]),
        // Details: zero-length segments jump; invalid key times are ignored; a discrete
        // animation given n key times treats them as segment starts.
        Row(
            id: "linear, zero-length segment jumps", values: [0, 100, 200, 300], keyTimes: [0, 0.5, 0.5, 1],
            samples: [s(0.25, 50), s(0.5, 200), s(0.75, 250)]),
        Row(
            id: "linear, invalid keyTimes ignored", values: [0, 100, 50], keyTimes: [0, 0.8],
            samples: [s(0.25, 50), s(0.75, 75)]),
        Row(
            id: "discrete, n keyTimes are segment starts", mode: .discrete, values: [0, 100, 200], keyTimes: [0, 0.5, 0.9],
            samples: [s(0.4, 0), s(0.6, 100), s(0.89, 100), s(0.95, 200)]),
        Row(id: "K14 linear", values: [10, 60, 120, 40], samples: [s(0, 10), s(1, 40)]),
        Row(id: "K14 discrete", mode: .discrete, values: [10, 60, 120, 40], samples: [s(0, 10), s(1, 40)]),
        Row(id: "K14 paced", mode: .paced, values: [10, 60, 120, 40], samples: [s(0, 10), s(1, 40)]),
        Row(id: "K14 cubic", mode: .cubic, values: [10, 60, 120, 40], samples: [s(0, 10), s(1, 40)]),
        Row(id: "K14 cubicPaced", mode: .cubicPaced, values: [10, 60, 120, 40], samples: [s(0, 10), s(1, 40)]),
    ]

    static func attach(
        _ configure: (inout KeyframeAnimation) -> Void, keyPath: LayerKeyPath
    ) -> (context: LayerContext, layer: Layer) {
        let fixture = makeRoot()
        let layer = fixture.layer
        var a = KeyframeAnimation(keyPath: keyPath)
        a.beginTime = 10
        a.duration = 1
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        configure(&a)
        layer.add(a, forKey: "keyframes")
        return fixture
    }

    @Test(arguments: rows)
    func keyframeValues(_ row: Row) {
        let fixture = Self.attach(
            { a in
                a.calculationMode = row.mode
                a.values = row.values.map { .number($0) }
                a.keyTimes = row.keyTimes
                a.timingFunctions = row.timingFunctions
                a.timingFunction = row.animationCurve
                a.tensionValues = row.tension
            }, keyPath: "position.x")
        let layer = fixture.layer
        for sample in row.samples {
            let x = layer.presentation(at: 10 + sample.p).position.x
            #expect(
                isClose(x, sample.expected, row.tolerance),
                "\(row.id) at p = \(sample.p): position.x = \(x), expected \(sample.expected)")
        }
    }

    @Test("K08: paced points use implicit key times [0, 3/7, 1]")
    func k08PacedPoints() {
        let fixture = Self.attach(
            { a in
                a.calculationMode = .paced
                a.values = [.point(Point(x: 0, y: 0)), .point(Point(x: 300, y: 0)), .point(Point(x: 300, y: 400))]
            }, keyPath: "position")
        let layer = fixture.layer
        let p = layer.presentation(at: 10.5).position
        #expect(isClose(p, Point(x: 300, y: 50), Tolerance.spring), "position = \(p)")
    }

    // MARK: Paths (P01–P04)

    struct PathSample: Sendable {
        var p: Double
        var point: Point
        /// The z rotation of the presentation transform in degrees, when the row gives one.
        var angle: Double?
    }

    struct PathRow: CustomTestStringConvertible, Sendable {
        var id: String
        var svg: String
        var mode: KeyframeAnimation.CalculationMode = .linear
        var rotation: KeyframeAnimation.RotationMode? = nil
        var samples: [PathSample]
        var testDescription: String { id }
    }

    static func ps(_ p: Double, _ x: Double, _ y: Double, _ angle: Double? = nil) -> PathSample {
        PathSample(p: p, point: Point(x: x, y: y), angle: angle)
    }

    @Test("rotationMode combines with the model transform as transform · Rz(θ)")
    func rotationComposesWithTransform() throws {
        let path = try Path(svgData: Self.corner)
        let fixture = Self.attach(
            { a in
                a.path = path
                a.rotationMode = .rotateAuto
            }, keyPath: "position")
        fixture.context.transaction.begin()
        fixture.context.transaction.disableActions = true
        fixture.layer.transform = .makeScale(2, 3, 1)
        fixture.context.transaction.commit()
        let t = fixture.layer.presentation(at: 10.75).transform
        let expected = Transform3D.makeScale(2, 3, 1).concatenating(.makeRotation(.pi / 2, 0, 0, 1))
        #expect(isClose(t, expected, Tolerance.spring), "transform = \(t.values)")
    }

    static let cubicArc = "M0 0 C0 100 100 100 100 0"
    static let corner = "M0 0 L100 0 L100 100"
    static let longCorner = "M0 0 L300 0 L300 400"

    static let pathRows: [PathRow] = [
        PathRow(
            id: "P01", svg: cubicArc, rotation: .rotateAuto,
            samples: [ps(0.25, 15.625, 56.25, 53.1301), ps(0.5, 50, 75, 0), ps(0.75, 84.375, 56.25, -53.1301)]),
        PathRow(
            id: "P02", svg: cubicArc, mode: .paced, rotation: .rotateAuto,
            samples: [ps(0.25, 10.5893, 48.3524, 61.5959), ps(0.5, 50, 75), ps(0.75, 89.4107, 48.3524, -61.5959)]),
        PathRow(
            id: "P03 auto", svg: corner, rotation: .rotateAuto,
            samples: [ps(0.25, 50, 0, 0), ps(0.75, 100, 50, 90)]),
        PathRow(
            id: "P03 autoReverse", svg: corner, rotation: .rotateAutoReverse,
            samples: [ps(0.25, 50, 0, 180), ps(0.75, 100, 50, 270)]),
        // closeSubpath is a line back to the subpath start [C]: M0 0 L100 0 L100 100 Z has three
        // segments of a third each.
        PathRow(
            id: "closeSubpath", svg: "M0 0 L100 0 L100 100 Z", rotation: .rotateAuto,
            samples: [ps(5.0 / 6, 50, 50, -135)]),
        PathRow(id: "P04 linear", svg: longCorner, samples: [ps(0.5, 300, 0), ps(0.75, 300, 200)]),
        PathRow(id: "P04 paced", svg: longCorner, mode: .paced, samples: [ps(0.5, 300, 50)]),
    ]

    @Test(arguments: pathRows)
    func pathKeyframes(_ row: PathRow) throws {
        let path = try Path(svgData: row.svg)
        let fixture = Self.attach(
            { a in
                a.path = path
                a.calculationMode = row.mode
                a.rotationMode = row.rotation
            }, keyPath: "position")
        let layer = fixture.layer
        for sample in row.samples {
            let state = layer.presentation(at: 10 + sample.p)
            #expect(
                isClose(state.position, sample.point, Tolerance.spring),
                "\(row.id) at p = \(sample.p): position = \(state.position), expected \(sample.point)")
            if let angle = sample.angle {
                let got = zRotationDegrees(state.transform)
                #expect(
                    isCloseAngle(got, angle, Tolerance.spring),
                    "\(row.id) at p = \(sample.p): rotation = \(got)°, expected \(angle)°")
            } else if row.rotation == nil {
                #expect(state.transform == .identity, "\(row.id): no rotationMode, transform must stay identity")
            }
        }
    }
}
