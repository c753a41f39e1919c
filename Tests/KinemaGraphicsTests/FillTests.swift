import KinemaGeometry
import KinemaGraphics
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Shapes whose self-overlap tells the fill rules apart.
enum OverlapShape: String, CaseIterable, Sendable {
    /// A five-pointed star drawn in one stroke: the centre pentagon is wound twice.
    case star
    /// Two squares, both clockwise: the inner square is wound twice.
    case nestedSameDirection
    /// Two squares, the inner one anticlockwise: its winding cancels.
    case nestedOppositeDirection

    var path: Path {
        var p = Path()
        switch self {
        case .star:
            let c = Point(x: 50, y: 52)
            for k in 0..<5 {
                let angle = -Double.pi / 2 + Double(k * 2) * 2 * Double.pi / 5
                let v = Point(x: c.x + 45 * cos(angle), y: c.y + 45 * sin(angle))
                if k == 0 { p.move(to: v) } else { p.addLine(to: v) }
            }
            p.closeSubpath()
        case .nestedSameDirection, .nestedOppositeDirection:
            p.addPath(square(Rect(x: 10, y: 10, width: 80, height: 80), clockwise: true))
            p.addPath(square(Rect(x: 35, y: 35, width: 30, height: 30), clockwise: self == .nestedSameDirection))
        }
        return p
    }

    private func square(_ r: Rect, clockwise: Bool) -> Path {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        return Path(polygon: clockwise ? corners : corners.reversed())
    }
}

extension Path {
    /// A closed polygon through `points`.
    init(polygon points: [Point]) {
        self.init()
        for (i, p) in points.enumerated() {
            if i == 0 { move(to: p) } else { addLine(to: p) }
        }
        closeSubpath()
    }
}

@Suite("Fills")
struct FillTests {
    struct RuleCase: CustomTestStringConvertible, Sendable {
        var shape: OverlapShape
        var rule: FillRule
        /// Whether the doubly wound centre (50, 50) is filled.
        var centreFilled: Bool
        var testDescription: String { "\(shape) \(rule)" }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(shape: .star, rule: .nonZero, centreFilled: true),
        RuleCase(shape: .star, rule: .evenOdd, centreFilled: false),
        RuleCase(shape: .nestedSameDirection, rule: .nonZero, centreFilled: true),
        RuleCase(shape: .nestedSameDirection, rule: .evenOdd, centreFilled: false),
        RuleCase(shape: .nestedOppositeDirection, rule: .nonZero, centreFilled: false),
        RuleCase(shape: .nestedOppositeDirection, rule: .evenOdd, centreFilled: false),
    ]

    @Test(arguments: ruleCases)
    func fillRulesDecideTheOverlap(_ c: RuleCase) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.fill(c.shape.path, color: .blue, rule: c.rule)
        if c.centreFilled { expectPixel(bitmap, 50, 50, .blue) } else { expectBlank(bitmap, 50, 50) }
        // A point covered once is filled under both rules; a point outside never is.
        let once = c.shape == .star ? (50, 12) : (20, 20)
        expectPixel(bitmap, once.0, once.1, .blue)
        expectBlank(bitmap, 2, 97)
    }

    @Test(arguments: [Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), Color(red: 0.2, green: 0.4, blue: 0.6), Color.white.withAlpha(0.25)])
    func solidFillsArePremultipliedColours(_ color: Color) throws {
        let (bitmap, context) = try makeCanvas(30, 20)
        context.fill(Rect(x: 5, y: 4, width: 10, height: 9), color: color)
        expectPixel(bitmap, 5, 4, color, tolerance: 1)
        expectPixel(bitmap, 14, 12, color, tolerance: 1)
        expectBlank(bitmap, 15, 12)
        expectBlank(bitmap, 14, 13)
    }

    @Test func edgesThroughPixelCentresAreHalfCovered() throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        context.fill(Rect(x: 2, y: 2, width: 8.5, height: 6), color: .black)
        let a = alpha(bitmap, 10, 4)
        #expect((126...129).contains(a), "the column 10…11 is half covered: alpha \(a)")
    }

    /// The quadratic from (10, 90) through control (50, 10) to (90, 90) has x = 10 + 80t and
    /// y = 90 − 160t + 160t², so it passes through (50, 50) and (30, 60).
    @Test(arguments: [(50, 50.0), (30, 60.0), (70, 60.0)])
    func quadraticCurvesFollowTheirEquation(x: Int, curveY: Double) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        var path = Path()
        path.move(to: Point(x: 10, y: 90))
        path.addQuadCurve(to: Point(x: 90, y: 90), control: Point(x: 50, y: 10))
        path.closeSubpath()
        context.fill(path, color: .black)
        #expect(alpha(bitmap, x, Int(curveY) + 2) == 255, "below the curve is inside")
        #expect(alpha(bitmap, x, Int(curveY) - 3) == 0, "above the curve is outside")
    }
}
