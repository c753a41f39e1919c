import KinemaGeometry
import Testing

@Suite("Path trimming (strokeStart / strokeEnd)")
struct PathTrimmingTests {
    @Test func lineIsCutAtFractionsOfItsLength() {
        var p = Path()
        p.move(to: Point(x: 0, y: 10))
        p.addLine(to: Point(x: 100, y: 10))
        let t = p.trimmed(from: 0.25, to: 0.5)
        #expect(t.elements == [.moveTo(Point(x: 25, y: 10)), .lineTo(Point(x: 50, y: 10))])
    }

    @Test(arguments: [(0.0, 1.0), (0.1, 0.9), (0.3, 0.35), (0.0, 0.5), (0.5, 1.0)])
    func curvesKeepTheirShareOfLength(a: Double, b: Double) {
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 80, height: 50))
        let t = circle.trimmed(from: a, to: b)
        #expect(abs(t.length - (b - a) * circle.length) < 0.01 * circle.length)
        let expected = circle.point(atLength: a * circle.length) ?? .zero
        let start = t.segments.first?.start ?? Point(x: .nan, y: .nan)
        #expect(abs(start.x - expected.x) < 1e-6 && abs(start.y - expected.y) < 1e-6)
    }

    @Test func fractionsRunAcrossSubpathsAndDegenerateCasesAreEmpty() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 10, y: 0))
        p.move(to: Point(x: 0, y: 5))
        p.addLine(to: Point(x: 30, y: 5))
        // Total 40: 0.5 → 20, inside the second subpath at x = 10.
        let t = p.trimmed(from: 0.125, to: 0.5)
        #expect(
            t.elements == [
                .moveTo(Point(x: 5, y: 0)), .lineTo(Point(x: 10, y: 0)), .moveTo(Point(x: 0, y: 5)), .lineTo(Point(x: 10, y: 5)),
            ])
        #expect(p.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(p.trimmed(from: .nan, to: 1) == p)
        #expect(Path().trimmed(from: 0.2, to: 0.4).isEmpty)
    }
}
