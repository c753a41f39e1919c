import KinemaGeometry
import TestSupport
import Testing

private func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

struct SVGParseCase: CustomTestStringConvertible, Sendable {
    var name: String
    var data: String
    var elements: [PathElement]
    var testDescription: String { name }
}

struct SVGErrorCase: CustomTestStringConvertible, Sendable {
    var data: String
    var message: String
    var testDescription: String { "'\(data)'" }
}

@Suite("Path SVG data")
struct PathSVGTests {
    static let parseCases: [SVGParseCase] = [
        SVGParseCase(
            name: "absolute lines, H, V and Z", data: "M10 20 H40 V15 L30 10 Z",
            elements: [.moveTo(P(10, 20)), .lineTo(P(40, 20)), .lineTo(P(40, 15)), .lineTo(P(30, 10)), .closeSubpath]),
        SVGParseCase(
            name: "relative lines, h, v and z", data: "m10 20 h30 v-5 l-10-5 z",
            elements: [.moveTo(P(10, 20)), .lineTo(P(40, 20)), .lineTo(P(40, 15)), .lineTo(P(30, 10)), .closeSubpath]),
        SVGParseCase(
            name: "implicit lineto after moveto", data: "M1 2 3 4 5 6",
            elements: [.moveTo(P(1, 2)), .lineTo(P(3, 4)), .lineTo(P(5, 6))]),
        SVGParseCase(
            name: "implicit relative lineto after relative moveto", data: "m1 2 3 4 5 6",
            elements: [.moveTo(P(1, 2)), .lineTo(P(4, 6)), .lineTo(P(9, 12))]),
        SVGParseCase(
            name: "compact numbers", data: "M0-1.5.5e2-3",
            elements: [.moveTo(P(0, -1.5)), .lineTo(P(50, -3))]),
        SVGParseCase(
            name: "commas and newlines", data: "M 1,2\n\tL3 , 4",
            elements: [.moveTo(P(1, 2)), .lineTo(P(3, 4))]),
        SVGParseCase(
            name: "repeated cubic", data: "M0 0 C1 2 3 4 5 6 7 8 9 10 11 12",
            elements: [
                .moveTo(P(0, 0)), .curveTo(P(5, 6), control1: P(1, 2), control2: P(3, 4)),
                .curveTo(P(11, 12), control1: P(7, 8), control2: P(9, 10)),
            ]),
        SVGParseCase(
            name: "relative cubic", data: "m5 5 c1 2 3 4 5 6",
            elements: [.moveTo(P(5, 5)), .curveTo(P(10, 11), control1: P(6, 7), control2: P(8, 9))]),
        SVGParseCase(
            name: "S reflects the previous control", data: "M0 0 C10 0 20 10 30 10 S50 20 60 20",
            elements: [
                .moveTo(P(0, 0)), .curveTo(P(30, 10), control1: P(10, 0), control2: P(20, 10)),
                .curveTo(P(60, 20), control1: P(40, 10), control2: P(50, 20)),
            ]),
        SVGParseCase(
            name: "S after a line uses the current point", data: "M0 0 L10 0 s10 10 20 0",
            elements: [.moveTo(P(0, 0)), .lineTo(P(10, 0)), .curveTo(P(30, 0), control1: P(10, 0), control2: P(20, 10))]),
        SVGParseCase(
            name: "T reflects the previous control", data: "M0 0 Q10 10 20 0 T40 0",
            elements: [
                .moveTo(P(0, 0)), .quadCurveTo(P(20, 0), control: P(10, 10)),
                .quadCurveTo(P(40, 0), control: P(30, -10)),
            ]),
        SVGParseCase(
            name: "relative q and t", data: "M10 10 q10 10 20 0 t20 0",
            elements: [
                .moveTo(P(10, 10)), .quadCurveTo(P(30, 10), control: P(20, 20)),
                .quadCurveTo(P(50, 10), control: P(40, 0)),
            ]),
        SVGParseCase(
            name: "drawing after z restarts at the subpath start", data: "M5 5 L10 5 z l0 10",
            elements: [.moveTo(P(5, 5)), .lineTo(P(10, 5)), .closeSubpath, .moveTo(P(5, 5)), .lineTo(P(5, 15))]),
        SVGParseCase(
            name: "arc with a zero radius is a line", data: "M0 0 A0 10 0 0 1 30 40",
            elements: [.moveTo(P(0, 0)), .lineTo(P(30, 40))]),
        SVGParseCase(
            name: "arc to its own start is omitted", data: "M5 5 A10 10 0 0 1 5 5",
            elements: [.moveTo(P(5, 5))]),
        SVGParseCase(name: "empty data", data: "  ", elements: []),
    ]

    @Test("parsing", arguments: parseCases)
    func parse(_ c: SVGParseCase) throws {
        let path = try Path(svgData: c.data)
        #expect(path.elements == c.elements)
    }

    struct ArcCase: CustomTestStringConvertible, Sendable {
        var data: String
        /// The point halfway along, and the bounding box of the outline.
        var midpoint: Point
        var bounds: Rect
        var testDescription: String { data }
    }

    @Test(
        "arcs become cubics on the right ellipse",
        arguments: [
            // sweep 1 = positive-angle direction (towards −y first from the left end on a y-down screen)
            ArcCase(data: "M0 0 A50 50 0 0 1 100 0", midpoint: P(50, -50), bounds: Rect(x: 0, y: -50, width: 100, height: 50)),
            ArcCase(data: "M0 0 A50 50 0 0 0 100 0", midpoint: P(50, 50), bounds: Rect(x: 0, y: 0, width: 100, height: 50)),
            // Radii too small are scaled up to reach the end point.
            ArcCase(data: "M0 0 A1 1 0 0 1 100 0", midpoint: P(50, -50), bounds: Rect(x: 0, y: -50, width: 100, height: 50)),
            // An ellipse twice as wide as tall, quarter arc from the top to the right end.
            ArcCase(
                data: "M0 -30 A60 30 0 0 1 60 0", midpoint: P(60 * 0.5.squareRoot(), -30 * 0.5.squareRoot()),
                bounds: Rect(x: 0, y: -30, width: 60, height: 30)),
            // Rotated 90°: rx along y.
            ArcCase(data: "M0 0 a40 20 90 1 1 0 80", midpoint: P(20, 40), bounds: Rect(x: 0, y: 0, width: 20, height: 80)),
        ])
    func arcs(_ c: ArcCase) throws {
        let path = try Path(svgData: c.data)
        let bounds = try #require(path.boundingBoxOfPath)
        #expect(isClose(bounds, c.bounds, 1e-9), "\(bounds)")
        // Piece junctions fall on the true ellipse; the middle of this symmetric arc is one.
        let segments = path.segments
        let middle = segments.count % 2 == 0 ? segments[segments.count / 2].start : segments[segments.count / 2].point(at: 0.5)
        #expect(isClose(middle, c.midpoint, 1e-9), "\(middle)")
    }

    @Test("arc pieces stay within 0.03 % of the radius of the circle")
    func arcAccuracy() throws {
        // From angle 0 to −90° the long way round a circle centred on (50, 50): 270°, three pieces.
        let path = try Path(svgData: "M100 50 A50 50 0 1 1 50 0")
        let segments = path.segments
        try #require(segments.count == 3)
        var worst = 0.0
        for s in segments {
            for i in 0...20 { worst = max(worst, abs(s.point(at: Double(i) / 20).distance(to: P(50, 50)) - 50)) }
        }
        #expect(worst <= 50 * 3e-4, "worst radial error \(worst)")
        // The cubic pieces bulge slightly outside the circle, so the length is a little longer
        // (relative error below 2e-4).
        let circleLength: Double = 0.75 * 2 * Double.pi * 50
        #expect(isClose(path.length, circleLength, circleLength * 2e-4))
        #expect(segments[1].start == segments[0].end)
        // Increasing angle from 0: the first quarter ends straight below the centre (y down).
        #expect(isClose(segments[0].end, P(50, 100), 1e-9))
    }

    @Test("writing uses absolute M, L, Q, C, Z and short numbers")
    func write() throws {
        var path = Path()
        path.move(to: P(0, -1.5))
        path.addLine(to: P(100, 0.1))
        path.addQuadCurve(to: P(3, 4), control: P(1, 2))
        path.addCurve(to: P(1e-5, 2e20), control1: P(5, 6), control2: P(7, 8))
        path.closeSubpath()
        #expect(path.svgData == "M0 -1.5 L100 0.1 Q1 2 3 4 C5 6 7 8 1e-05 2e+20 Z")
        #expect(Path().svgData == "")
    }

    @Test(
        "round trip: out and back gives the same path",
        arguments: [
            "M0 0 C0 100 100 100 100 0",
            "m10 20 h30 v-5 l-10-5 z l3 4",
            "M0 0 A50 50 0 0 1 100 0 a25 10 30 1 0 -40 7",
            "M1.1 2.2 Q3.3 4.4 5.5 6.6 T9.9 1e-7 S0.1 0.2 0.3 0.4",
            "M-0.000001 123456789.123 L1e300 -1e-300",
        ])
    func roundTrip(_ data: String) throws {
        let path = try Path(svgData: data)
        let again = try Path(svgData: path.svgData)
        #expect(again == path, "\(path.svgData)")
        #expect(again.svgData == path.svgData)
    }

    @Test(
        "shapes round trip",
        arguments: [
            Path(ellipseIn: Rect(x: 10, y: 20, width: 60, height: 40)),
            Path(rect: Rect(x: 10.25, y: 20, width: 100, height: 50), cornerRadius: 12),
            Path(rect: Rect(x: 0, y: 0, width: 3, height: 7)),
        ])
    func shapesRoundTrip(_ path: Path) throws {
        #expect(try Path(svgData: path.svgData) == path)
    }

    static let errorCases: [SVGErrorCase] = [
        SVGErrorCase(data: "M 0 0 L", message: "path data at 7: expected a number after 'L'"),
        SVGErrorCase(data: "M 1", message: "path data at 3: expected a number after 'M'"),
        SVGErrorCase(data: "L 1 2", message: "path data at 0: expected a moveto command ('M' or 'm') to start the path, got 'L'"),
        SVGErrorCase(data: "1 2", message: "path data at 0: expected a moveto command ('M' or 'm') to start the path, got '1 2'"),
        SVGErrorCase(
            data: "M 1 2 X 3",
            message: "path data at 6: expected a command letter (one of M m L l H h V v C c S s Q q T t A a Z z), got 'X'"),
        SVGErrorCase(data: "M 1 2 L 3 #", message: "path data at 10: expected a number after 'L', got '#'"),
        SVGErrorCase(
            data: "M 1 2 A 5 5 0 2 1 3 3",
            message: "path data at 14: expected an arc flag (0 or 1) after 'A', got '2 1 3 3'"),
        SVGErrorCase(data: "M 1 2 z 3", message: "path data at 8: expected a command letter after 'z', got '3'"),
        SVGErrorCase(data: "M 1e999 2", message: "path data at 2: the number '1e999' after 'M' is not finite"),
        SVGErrorCase(data: "M nan 2", message: "path data at 2: expected a number after 'M', got 'nan 2'"),
        SVGErrorCase(data: "M0 0 C1 2 3 4 5", message: "path data at 15: expected a number after 'C'"),
    ]

    @Test("parse errors name the position and what was expected", arguments: errorCases)
    func errors(_ c: SVGErrorCase) {
        #expect {
            _ = try Path(svgData: c.data)
        } throws: { error in
            let message = (error as? GeometryParseError)?.description
            if message != c.message { Issue.record("got: \(message ?? "\(error)")") }
            return message == c.message
        }
    }
}
