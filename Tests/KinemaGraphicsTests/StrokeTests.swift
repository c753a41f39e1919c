import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Strokes")
struct StrokeTests {
    /// A horizontal line along y = 50 from x = 30 to x = 70.
    static let horizontal = Path(polygonLine: [Point(x: 30, y: 50), Point(x: 70, y: 50)])

    struct WidthCase: CustomTestStringConvertible, Sendable {
        var width: Double
        var testDescription: String { "width \(width)" }
    }

    @Test(arguments: [WidthCase(width: 4), WidthCase(width: 10), WidthCase(width: 21)])
    func inkSpansTheLineWidth(_ c: WidthCase) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.stroke(Self.horizontal, color: .black, style: StrokeStyle(lineWidth: c.width))
        let half = c.width / 2
        // Rows whose pixel centres are inside 50 ± half are inked; rows beyond it are not.
        let inside = Int((50 - half + 0.5).rounded(.up))
        let outside = Int((50 - half - 1.5).rounded(.down))
        #expect(alpha(bitmap, 50, inside) > 127, "row \(inside) is inside the stroke")
        #expect(alpha(bitmap, 50, outside) == 0, "row \(outside) is outside the stroke")
        #expect(alpha(bitmap, 50, 100 - outside) == 0, "and symmetrically below")
    }

    struct CapCase: CustomTestStringConvertible, Sendable {
        var cap: LineCap
        /// Ink just past the end, on the line's axis (75, 50).
        var pastTheEnd: Bool
        /// Ink near the cap's corner (77, 57): inside a square cap, outside a round one.
        var nearTheCorner: Bool
        var testDescription: String { "\(cap)" }
    }

    @Test(arguments: [
        CapCase(cap: .butt, pastTheEnd: false, nearTheCorner: false),
        CapCase(cap: .round, pastTheEnd: true, nearTheCorner: false),
        CapCase(cap: .square, pastTheEnd: true, nearTheCorner: true),
    ])
    func capsShapeTheEnds(_ c: CapCase) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.stroke(Self.horizontal, color: .black, style: StrokeStyle(lineWidth: 20, lineCap: c.cap))
        #expect((alpha(bitmap, 75, 50) == 255) == c.pastTheEnd)
        #expect((alpha(bitmap, 77, 57) == 255) == c.nearTheCorner)
        #expect(alpha(bitmap, 82, 50) == 0, "no cap reaches 10 past the end + 2")
    }

    struct JoinCase: CustomTestStringConvertible, Sendable {
        var join: LineJoin
        var miterLimit: Double
        /// Ink at (50, 16), 4 above the vertex: inside miter and round joins, outside a bevel.
        var justAbove: Bool
        /// Ink at (50, 11), 9 above the vertex: only a miter (which reaches 11.2) gets there.
        var farAbove: Bool
        var testDescription: String { "\(join) limit \(miterLimit)" }
    }

    /// A chevron with its vertex at (50, 20) and a 53° angle: with width 10 the miter tip is
    /// 5 / sin(26.57°) = 11.18 above the vertex, the bevel's edge 2.24 above it.
    @Test(arguments: [
        JoinCase(join: .miter, miterLimit: 10, justAbove: true, farAbove: true),
        JoinCase(join: .round, miterLimit: 10, justAbove: true, farAbove: false),
        JoinCase(join: .bevel, miterLimit: 10, justAbove: false, farAbove: false),
        JoinCase(join: .miter, miterLimit: 2, justAbove: false, farAbove: false),
    ])
    func joinsShapeTheCorners(_ c: JoinCase) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        let chevron = Path(polygonLine: [Point(x: 20, y: 80), Point(x: 50, y: 20), Point(x: 80, y: 80)])
        context.stroke(chevron, color: .black, style: StrokeStyle(lineWidth: 10, lineJoin: c.join, miterLimit: c.miterLimit))
        #expect((alpha(bitmap, 50, 16) == 255) == c.justAbove)
        #expect((alpha(bitmap, 50, 11) > 0) == c.farAbove)
    }

    struct DashCase: CustomTestStringConvertible, Sendable {
        var pattern: [Double]
        var phase: Double
        var cap: LineCap = .butt
        /// x positions (pixel columns) expected inked and blank along y = 50.
        var inked: [Int]
        var blank: [Int]
        var testDescription: String { "\(pattern) phase \(phase) \(cap)" }
    }

    @Test(arguments: [
        DashCase(pattern: [10, 10], phase: 0, inked: [2, 7, 22, 44], blank: [12, 17, 33, 55]),
        DashCase(pattern: [10], phase: 0, inked: [2, 7, 22, 44], blank: [12, 17, 33, 55]),
        DashCase(pattern: [10, 10], phase: 5, inked: [2, 17, 37], blank: [7, 12, 27]),
        DashCase(pattern: [10, 10], phase: -5, inked: [7, 12, 27], blank: [2, 17, 22]),
        DashCase(pattern: [10, 10], phase: 2005, inked: [2, 17, 37], blank: [7, 12, 27]),
        DashCase(pattern: [4, 2, 10, 4], phase: 0, inked: [1, 8, 14, 21], blank: [4, 17, 18]),
        DashCase(pattern: [0, 10], phase: 0, cap: .round, inked: [10, 20, 30], blank: [5, 15, 25]),
    ])
    func dashesFollowThePatternAndPhase(_ c: DashCase) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        let line = Path(polygonLine: [Point(x: 0, y: 50), Point(x: 100, y: 50)])
        context.stroke(line, color: .black, style: StrokeStyle(lineWidth: 4, lineCap: c.cap, dash: c.pattern, dashPhase: c.phase))
        for x in c.inked { #expect(alpha(bitmap, x, 50) == 255, "x = \(x) is in a dash") }
        for x in c.blank { #expect(alpha(bitmap, x, 50) == 0, "x = \(x) is in a gap") }
    }

    /// Patterns cairo cannot draw (it would put the context into an error state) or that would
    /// take minutes are drawn solid, as SVG and the HTML canvas do.
    @Test(arguments: [[0.0, 0.0], [0.0], [-1, 5], [Double.nan, 3], [Double.infinity], [1e-9, 1e-9], [1e-300]])
    func undrawableDashPatternsDrawSolidLines(_ pattern: [Double]) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        let line = Path(polygonLine: [Point(x: 0, y: 50), Point(x: 100, y: 50)])
        context.stroke(line, color: .black, style: StrokeStyle(lineWidth: 4, dash: pattern, dashPhase: 1))
        for x in stride(from: 1, to: 100, by: 7) { #expect(alpha(bitmap, x, 50) == 255, "x = \(x)") }
        #expect(context.cairoError == nil)
        // The context still works afterwards.
        context.fill(Rect(x: 0, y: 0, width: 5, height: 5), color: .red)
        expectPixel(bitmap, 2, 2, .red)
    }

    @Test(arguments: [0.0, -3, Double.nan, Double.infinity])
    func unusableWidthsDrawNothing(_ width: Double) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.stroke(Self.horizontal, color: .black, style: StrokeStyle(lineWidth: width))
        #expect(inkBounds(bitmap) == nil)
    }

    @Test func widthIsInUserSpace() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.scaleBy(x: 1, y: 3)
        context.stroke(Path(polygonLine: [Point(x: 30, y: 16), Point(x: 70, y: 16)]), color: .black, style: StrokeStyle(lineWidth: 4))
        // y = 16 ± 2 in user space is 42…54 in pixels; x ± 2 would be only 46…50.
        #expect(alpha(bitmap, 50, 43) == 255 && alpha(bitmap, 50, 53) == 255)
        #expect(alpha(bitmap, 50, 40) == 0 && alpha(bitmap, 50, 56) == 0)
        #expect(alpha(bitmap, 29, 48) == 0, "butt ends do not grow along x")
    }
}

extension Path {
    /// An open polyline through `points`.
    init(polygonLine points: [Point]) {
        self.init()
        for (i, p) in points.enumerated() {
            if i == 0 { move(to: p) } else { addLine(to: p) }
        }
    }
}
