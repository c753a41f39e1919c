import KinemaGeometry
import TestSupport
import Testing

@Suite("Vector and EdgeInsets")
struct VectorAndInsetsTests {
    @Test("vector arithmetic")
    func vector() {
        let v = Vector(dx: 3, dy: 4)
        #expect(v.length == 5)
        #expect(isClose(v.normalized, Vector(dx: 0.6, dy: 0.8), 1e-15))
        #expect(v.dot(Vector(dx: 2, dy: -1)) == 2)
        #expect(v.cross(Vector(dx: 1, dy: 0)) == -4)
        #expect(v + Vector(dx: 1, dy: 2) == Vector(dx: 4, dy: 6))
        #expect(v - Vector(dx: 1, dy: 2) == Vector(dx: 2, dy: 2))
        #expect(v * 2 == Vector(dx: 6, dy: 8))
        #expect(0.5 * v == Vector(dx: 1.5, dy: 2))
        #expect(-v == Vector(dx: -3, dy: -4))
        #expect(Vector(from: Point(x: 1, y: 2), to: Point(x: 4, y: 7)) == Vector(dx: 3, dy: 5))
        #expect(Point(x: 1, y: 2) + v == Point(x: 4, y: 6))
    }

    @Test("degenerate vectors never produce NaN")
    func degenerate() {
        #expect(Vector.zero.normalized == .zero)
        #expect(Vector(dx: .infinity, dy: 1).normalized == .zero)
        #expect(Vector(dx: 1e300, dy: 1e300).length.isFinite)
        #expect(Vector.zero.angle == 0)
    }

    struct InsetCase: CustomTestStringConvertible, Sendable {
        var rect: Rect
        var insets: EdgeInsets
        var expected: Rect
        var testDescription: String { "\(rect) inset by \(insets)" }
    }

    @Test(
        "Rect.inset(by:)",
        arguments: [
            InsetCase(
                rect: Rect(x: 0, y: 0, width: 200, height: 100),
                insets: EdgeInsets(top: 8, left: 16, bottom: 4, right: 12),
                expected: Rect(x: 16, y: 8, width: 172, height: 88)),
            InsetCase(
                rect: Rect(x: 10, y: 20, width: 30, height: 40), insets: .zero,
                expected: Rect(x: 10, y: 20, width: 30, height: 40)),
            InsetCase(
                rect: Rect(x: 10, y: 20, width: 30, height: 40), insets: EdgeInsets(all: -5),
                expected: Rect(x: 5, y: 15, width: 40, height: 50)),
            // A negative size is standardized first.
            InsetCase(
                rect: Rect(x: 40, y: 60, width: -30, height: -40), insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
                expected: Rect(x: 12, y: 21, width: 24, height: 36)),
        ])
    func inset(_ c: InsetCase) {
        #expect(c.rect.inset(by: c.insets) == c.expected)
    }
}
