import KinemaGeometry
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
private func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// The path of keyframe rows P01/P02 (KinemaLayersTests): M(0,0) C(0,100)(100,100)(100,0).
private let archPath: Path = {
    var p = Path()
    p.move(to: P(0, 0))
    p.addCurve(to: P(100, 0), control1: P(0, 100), control2: P(100, 100))
    return p
}()

// MARK: - Evaluation (the expected points of rows P01/P02)

struct ParameterCase: CustomTestStringConvertible, Sendable {
    var s: Double
    var point: Point
    var angleDegrees: Double
    var testDescription: String { "s = \(s)" }
}

struct LengthCase: CustomTestStringConvertible, Sendable {
    var distance: Double
    var point: Point
    var angleDegrees: Double
    var testDescription: String { "at length \(distance)" }
}

@Suite("Path evaluation")
struct PathEvaluationTests {
    @Test(
        "P01: point and tangent at curve parameter",
        arguments: [
            ParameterCase(s: 0.25, point: P(15.625, 56.25), angleDegrees: 53.1301),
            ParameterCase(s: 0.5, point: P(50, 75), angleDegrees: 0),
            ParameterCase(s: 0.75, point: P(84.375, 56.25), angleDegrees: -53.1301),
        ])
    func parameter(_ c: ParameterCase) throws {
        let segment = try #require(archPath.segments.first)
        #expect(isClose(segment.point(at: c.s), c.point, 1e-9))
        let d = segment.derivative(at: c.s)
        #expect(isClose(degrees(atan2(d.dy, d.dx)), c.angleDegrees, Tolerance.spring))
    }

    @Test("P02: arc length of the arch is 200")
    func archLength() {
        #expect(isClose(archPath.length, 200, Tolerance.geometry), "\(archPath.length)")
    }

    @Test(
        "P02: point and tangent at arc length",
        arguments: [
            LengthCase(distance: 50, point: P(10.5893, 48.3524), angleDegrees: 61.5959),
            LengthCase(distance: 100, point: P(50, 75), angleDegrees: 0),
            LengthCase(distance: 150, point: P(89.4107, 48.3524), angleDegrees: -61.5959),
        ])
    func atLength(_ c: LengthCase) throws {
        let total = archPath.length
        // The rows state fractions of the whole length (0.25, 0.5, 0.75).
        let p = try #require(archPath.point(atLength: c.distance / 200 * total))
        #expect(isClose(p, c.point, Tolerance.geometry), "\(p)")
        let angle = try #require(archPath.tangentAngle(atLength: c.distance / 200 * total))
        #expect(isClose(degrees(angle), c.angleDegrees, Tolerance.geometry))
    }

    @Test("P03/P04: polylines, by segment parameter and by length")
    func polyline() throws {
        let path = try Path(svgData: "M0 0 L300 0 L300 400")
        #expect(path.length == 700)
        let segments = path.segments
        try #require(segments.count == 2)
        // Linear keyframes: 0.5 → end of segment 1, 0.75 → middle of segment 2.
        #expect(segments[1].point(at: 0.5) == P(300, 200))
        #expect(segments[0].point(at: 1) == P(300, 0))
        // Paced: half of 700 is 50 into the second segment.
        #expect(path.point(atLength: 350) == P(300, 50))
        #expect(path.tangentAngle(atLength: 150) == 0)
        let down = try #require(path.tangentAngle(atLength: 500))
        #expect(isClose(degrees(down), 90, 1e-9))
        // Clamping outside the path.
        #expect(path.point(atLength: -5) == P(0, 0))
        #expect(path.point(atLength: 1e9) == P(300, 400))
        #expect(path.point(atLength: .nan) == P(0, 0))
    }

    struct LimitCase: CustomTestStringConvertible, Sendable {
        var name: String
        var svg: String
        var distance: Double
        var angleDegrees: Double
        var testDescription: String { name }
    }

    @Test(
        "tangent where the derivative vanishes uses the limit direction",
        arguments: [
            LimitCase(name: "control 1 on the start", svg: "M0 0 C0 0 100 100 100 0", distance: 0, angleDegrees: 45),
            LimitCase(name: "control 2 on the end", svg: "M0 0 C0 100 100 0 100 0", distance: 1e9, angleDegrees: -45),
            LimitCase(name: "both controls on the start", svg: "M0 0 C0 0 0 0 30 40", distance: 0, angleDegrees: degrees(atan2(40, 30))),
            LimitCase(name: "quadratic control on the start", svg: "M10 10 Q10 10 10 50", distance: 0, angleDegrees: 90),
            LimitCase(name: "closing line", svg: "M0 0 L100 0 L100 100 Z", distance: 250, angleDegrees: -135),
        ])
    func limitDirection(_ c: LimitCase) throws {
        let path = try Path(svgData: c.svg)
        let angle = try #require(path.tangentAngle(atLength: c.distance))
        #expect(isClose(degrees(angle), c.angleDegrees, 1e-9), "\(degrees(angle))")
    }

    @Test("segments: one per element other than moveTo, close ends at the subpath start")
    func segments() throws {
        let path = try Path(svgData: "M10 10 L50 10 Q60 20 50 30 Z M100 100 L120 100")
        let segments = path.segments
        try #require(segments.count == 4)
        #expect(segments[0].start == P(10, 10) && segments[0].end == P(50, 10))
        #expect(segments[1].start == P(50, 10) && segments[1].end == P(50, 30))
        #expect(segments[2].element == .closeSubpath && segments[2].start == P(50, 30) && segments[2].end == P(10, 10))
        #expect(segments[3].start == P(100, 100))
        #expect(isClose(segments[2].length, (40.0 * 40 + 20 * 20).squareRoot(), 1e-12))
        // A quadratic evaluates as itself: B(0.5) = (P0 + 2C + P2) / 4.
        #expect(isClose(segments[1].point(at: 0.5), P(55, 20), 1e-12))
        // Derivative of a line is the chord per unit parameter.
        #expect(isClose(segments[0].derivative(at: 0.3), Vector(dx: 40, dy: 0), 1e-12))
    }
}

// MARK: - Building

@Suite("Path building")
struct PathBuildingTests {
    @Test("drawing needs a current point, close re-opens with a move, NaN is ignored")
    func invariants() {
        var path = Path()
        path.addLine(to: P(5, 5))
        #expect(path.isEmpty && path.currentPoint == nil)
        path.move(to: P(1, 2))
        path.addLine(to: P(10, 2))
        path.addLine(to: P(.nan, 3))
        path.addCurve(to: P(1, 1), control1: P(.infinity, 0), control2: P(0, 0))
        path.closeSubpath()
        #expect(path.currentPoint == P(1, 2))
        path.closeSubpath()
        path.addLine(to: P(7, 9))
        #expect(path.elements == [.moveTo(P(1, 2)), .lineTo(P(10, 2)), .closeSubpath, .moveTo(P(1, 2)), .lineTo(P(7, 9))])
        #expect(path.currentPoint == P(7, 9))
    }

    @Test("addRect and init(rect:) go round from the top-left corner")
    func rect() {
        let path = Path(rect: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(
            path.elements == [
                .moveTo(P(10, 20)), .lineTo(P(40, 20)), .lineTo(P(40, 60)), .lineTo(P(10, 60)), .closeSubpath,
            ])
    }

    struct ArcCase: CustomTestStringConvertible, Sendable {
        var name: String
        var start: Double
        var end: Double
        var clockwise: Bool
        /// Expected number of cubic pieces.
        var pieces: Int
        /// A point the arc passes through at a piece junction, and the length fraction there.
        var through: Point
        var fraction: Double
        var testDescription: String { name }
    }

    @Test(
        "addArc follows Core Graphics' clockwise flag",
        arguments: [
            ArcCase(
                name: "0 → π/2 increasing", start: 0, end: .pi / 2, clockwise: false, pieces: 1,
                through: P(50 + 20 * 0.5.squareRoot(), 50 + 20 * 0.5.squareRoot()), fraction: 0.5),
            ArcCase(
                name: "0 → π/2 decreasing goes the long way", start: 0, end: .pi / 2, clockwise: true, pieces: 3,
                through: P(50, 30), fraction: 1.0 / 3),
            ArcCase(
                name: "full circle", start: 0, end: 2 * .pi, clockwise: false, pieces: 4,
                through: P(30, 50), fraction: 0.5),
            ArcCase(
                name: "π → 0 increasing wraps through 3π/2", start: .pi, end: 0, clockwise: false, pieces: 2,
                through: P(50, 30), fraction: 0.5),
        ])
    func arc(_ c: ArcCase) throws {
        var path = Path()
        path.addArc(center: P(50, 50), radius: 20, startAngle: c.start, endAngle: c.end, clockwise: c.clockwise)
        #expect(path.elements.count == 1 + c.pieces)
        let endPoint = try #require(path.currentPoint)
        #expect(isClose(endPoint, P(50 + 20 * cos(c.end), 50 + 20 * sin(c.end)), 1e-9))
        let p = try #require(path.point(atLength: path.length * c.fraction))
        #expect(isClose(p, c.through, 1e-6), "\(p)")
    }

    @Test("addArc after a point joins it with a line")
    func arcJoin() {
        var path = Path()
        path.move(to: P(0, 0))
        path.addArc(center: P(50, 50), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.elements[1] == .lineTo(P(70, 50)))
    }

    @Test("rounded-rect corners are clamped to half the size")
    func roundedRectClamp() throws {
        var a = Path()
        a.addRoundedRect(in: Rect(x: 0, y: 0, width: 100, height: 40), cornerWidth: 80, cornerHeight: 30)
        var b = Path()
        b.addRoundedRect(in: Rect(x: 0, y: 0, width: 100, height: 40), cornerWidth: 50, cornerHeight: 20)
        #expect(a == b)
        #expect(Path(rect: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: -2) == Path(rect: Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    @Test("applying an affine transform maps every point")
    func applying() throws {
        let path = try Path(svgData: "M1 2 Q3 4 5 6 Z")
        let t = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 10, y: 20))
        #expect(path.applying(t) == (try Path(svgData: "M12 26 Q16 32 20 38 Z")))
    }
}

// MARK: - Interpolation

@Suite("Path interpolation")
struct PathInterpolationTests {
    @Test("same structure blends every point")
    func blend() throws {
        let a = try Path(svgData: "M0 0 L100 0 C0 0 0 0 10 10 Z")
        let b = try Path(svgData: "M10 20 L50 40 C40 80 20 0 30 50 Z")
        let mid = Path.interpolate(from: a, to: b, fraction: 0.25)
        #expect(mid == (try Path(svgData: "M2.5 5 L87.5 10 C10 20 5 0 15 20 Z")))
        #expect(Path.interpolate(from: a, to: b, fraction: 0) == a)
        #expect(Path.interpolate(from: a, to: b, fraction: 1) == b)
        #expect(Path.interpolate(from: a, to: b, fraction: 2) == (try Path(svgData: "M20 40 L0 80 C80 160 40 0 50 90 Z")))
    }

    @Test(
        "different structure gives nil",
        arguments: [
            ("M0 0 L1 1", "M0 0 L1 1 L2 2"),
            ("M0 0 L1 1", "M0 0 Q1 1 2 2"),
            ("M0 0 L1 1 Z", "M0 0 L1 1 L0 0"),
        ])
    func mismatch(_ pair: (String, String)) throws {
        #expect(Path.interpolate(from: try Path(svgData: pair.0), to: try Path(svgData: pair.1), fraction: 0.5) == nil)
    }
}

// MARK: - Bounds

struct BoundsCase: CustomTestStringConvertible, Sendable {
    var name: String
    var path: Path
    var controlBox: Rect
    var tightBox: Rect
    var testDescription: String { name }
}

@Suite("Path bounds")
struct PathBoundsTests {
    static let cases: [BoundsCase] = [
        BoundsCase(
            name: "arch cubic", path: archPath,
            controlBox: Rect(x: 0, y: 0, width: 100, height: 100),
            tightBox: Rect(x: 0, y: 0, width: 100, height: 75)),
        BoundsCase(
            name: "quadratic", path: (try? Path(svgData: "M0 0 Q50 100 100 0")) ?? Path(),
            controlBox: Rect(x: 0, y: 0, width: 100, height: 100),
            tightBox: Rect(x: 0, y: 0, width: 100, height: 50)),
        BoundsCase(
            name: "S-curve bulging both ways", path: (try? Path(svgData: "M0 0 C60 -40 40 40 100 0")) ?? Path(),
            controlBox: Rect(x: 0, y: -40, width: 100, height: 80),
            // y(t) = 120·t(1 − t)(2t − 1) peaks at t = (3 ∓ √3)/6 where t(1 − t) = 1/6,
            // so |y| = 120 · 1/6 · √3/3 = 20/√3.
            tightBox: Rect(x: 0, y: -20 / 3.0.squareRoot(), width: 100, height: 40 / 3.0.squareRoot())),
        BoundsCase(
            name: "ellipse", path: Path(ellipseIn: Rect(x: 10, y: 20, width: 60, height: 40)),
            controlBox: Rect(x: 10, y: 20, width: 60, height: 40),
            tightBox: Rect(x: 10, y: 20, width: 60, height: 40)),
        BoundsCase(
            name: "rounded rect", path: Path(rect: Rect(x: 10, y: 20, width: 100, height: 50), cornerRadius: 12),
            controlBox: Rect(x: 10, y: 20, width: 100, height: 50),
            tightBox: Rect(x: 10, y: 20, width: 100, height: 50)),
        BoundsCase(
            name: "half-circle arc from SVG", path: (try? Path(svgData: "M0 0 A50 50 0 0 1 100 0")) ?? Path(),
            controlBox: Rect(x: 0, y: -50, width: 100, height: 50),
            tightBox: Rect(x: 0, y: -50, width: 100, height: 50)),
    ]

    @Test(arguments: cases)
    func bounds(_ c: BoundsCase) throws {
        let control = try #require(c.path.boundingBox)
        let tight = try #require(c.path.boundingBoxOfPath)
        #expect(isClose(control, c.controlBox, 1e-9), "boundingBox \(control)")
        #expect(isClose(tight, c.tightBox, 1e-9), "boundingBoxOfPath \(tight)")
    }

    @Test("an empty path has no bounding box")
    func empty() {
        #expect(Path().boundingBox == nil)
        #expect(Path().boundingBoxOfPath == nil)
    }
}

// MARK: - Hit testing

struct ContainsCase: CustomTestStringConvertible, Sendable {
    var name: String
    var point: Point
    var sameDirection: (nonZero: Bool, evenOdd: Bool)
    var reversedHole: (nonZero: Bool, evenOdd: Bool)
    var testDescription: String { name }
}

@Suite("Path hit testing")
struct PathHitTestingTests {
    /// Outer (0,0)–(100,80); hole (30,20)–(70,60) drawn in the same direction as the outer square.
    static let sameDirection = (try? Path(svgData: "M0 0 H100 V80 H0 Z M30 20 H70 V60 H30 Z")) ?? Path()
    /// The same, with the hole drawn the other way round.
    static let reversedHole = (try? Path(svgData: "M0 0 H100 V80 H0 Z M30 20 V60 H70 V20 Z")) ?? Path()

    @Test(
        "square with a hole under both fill rules",
        arguments: [
            ContainsCase(name: "in the hole", point: P(50, 40), sameDirection: (true, false), reversedHole: (false, false)),
            ContainsCase(name: "in the ring, left", point: P(10, 40), sameDirection: (true, true), reversedHole: (true, true)),
            ContainsCase(name: "in the ring, bottom", point: P(65, 70), sameDirection: (true, true), reversedHole: (true, true)),
            ContainsCase(name: "outside, right", point: P(150, 40), sameDirection: (false, false), reversedHole: (false, false)),
            ContainsCase(name: "outside, below", point: P(50, 90), sameDirection: (false, false), reversedHole: (false, false)),
            ContainsCase(name: "NaN", point: P(.nan, 40), sameDirection: (false, false), reversedHole: (false, false)),
        ])
    func squareWithHole(_ c: ContainsCase) {
        #expect(Self.sameDirection.contains(c.point, fillRule: .nonZero) == c.sameDirection.nonZero)
        #expect(Self.sameDirection.contains(c.point, fillRule: .evenOdd) == c.sameDirection.evenOdd)
        #expect(Self.reversedHole.contains(c.point, fillRule: .nonZero) == c.reversedHole.nonZero)
        #expect(Self.reversedHole.contains(c.point, fillRule: .evenOdd) == c.reversedHole.evenOdd)
    }

    @Test("curved outlines and open subpaths")
    func curves() throws {
        let ellipse = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(ellipse.contains(P(50, 30)))
        #expect(ellipse.contains(P(99, 30)))
        #expect(!ellipse.contains(P(5, 5)))
        // An open subpath is filled as if closed.
        let triangle = try Path(svgData: "M0 0 L100 0 L0 100")
        #expect(triangle.contains(P(20, 30)))
        #expect(!triangle.contains(P(60, 60)))
    }
}

// MARK: - Flattening

@Suite("Path flattening")
struct PathFlatteningTests {
    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = Vector(from: a, to: b)
        let l2 = ab.dot(ab)
        let t = l2 > 0 ? max(0, min(1, Vector(from: a, to: p).dot(ab) / l2)) : 0
        return p.distance(to: a + ab * t)
    }

    @Test("every curve point is within tolerance of the polyline", arguments: [1.0, 0.1, 0.01])
    func errorWithinTolerance(_ tolerance: Double) throws {
        for svg in ["M0 0 C0 100 100 100 100 0", "M0 0 Q50 100 100 0", "M10 10 C200 0 -100 0 90 10"] {
            let path = try Path(svgData: svg)
            let polylines = path.flattened(tolerance: tolerance)
            try #require(polylines.count == 1)
            let line = polylines[0]
            let segment = try #require(path.segments.first)
            var worst = 0.0
            for i in 0...2000 {
                let p = segment.point(at: Double(i) / 2000)
                let d = zip(line, line.dropFirst()).map { Self.distance(p, $0, $1) }.min() ?? .infinity
                worst = max(worst, d)
            }
            #expect(worst <= tolerance, "\(svg): worst \(worst) with \(line.count) points")
            // Coarser tolerances use fewer points.
            #expect(line.count < path.flattened(tolerance: tolerance / 10).first?.count ?? 0)
        }
    }

    @Test("closed subpaths repeat their start; lone moves are dropped")
    func closed() throws {
        let path = try Path(svgData: "M0 0 L10 0 L10 10 Z M50 50 M20 20 L30 20")
        #expect(
            path.flattened() == [
                [P(0, 0), P(10, 0), P(10, 10), P(0, 0)],
                [P(20, 20), P(30, 20)],
            ])
    }
}
