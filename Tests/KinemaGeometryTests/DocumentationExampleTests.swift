import KinemaGeometry
import TestSupport
import Testing

/// The landing-page example (KinemaGeometry.docc/KinemaGeometry.md), kept compiling and true.
@Suite("Documentation example")
struct DocumentationExampleTests {
    @Test("landing page example")
    func landingPage() throws {
        let arch = try Path(svgData: "M0 0 C0 100 100 100 100 0")
        #expect(isClose(arch.length, 200, Tolerance.geometry))
        let half = try #require(arch.point(atLength: arch.length / 2))
        #expect(isClose(half, Point(x: 50, y: 75), 1e-6))
        let heading = try #require(arch.tangentAngle(atLength: arch.length / 2))
        #expect(isClose(heading, 0, 1e-6))
        #expect(isClose(arch.segments[0].point(at: 0.25), Point(x: 15.625, y: 56.25), 1e-12))

        let end = try Transform3D(css: "translate(40px, 10px) rotate(90deg) scale(2)")
        let midway = Transform3D.interpolate(from: .identity, to: end, fraction: 0.5)
        let expected = Transform3D.makeScale(1.5, 1.5, 1)
            .concatenating(.makeRotation(.pi / 4, 0, 0, 1))
            .concatenating(.makeTranslation(20, 5, 0))
        #expect(isClose(midway, expected, 1e-9))

        let accent = try Color(hex: "#FF8000")
        #expect(Color.interpolate(from: .clear, to: accent, fraction: 0.5).hexString == "#FF800080")

        var frame = Path(rect: Rect(x: 0, y: 0, width: 100, height: 80))
        frame.addEllipse(in: Rect(x: 30, y: 20, width: 40, height: 40))
        #expect(!frame.contains(Point(x: 50, y: 40), fillRule: .evenOdd))
        #expect(frame.contains(Point(x: 10, y: 10), fillRule: .evenOdd))
    }
}
