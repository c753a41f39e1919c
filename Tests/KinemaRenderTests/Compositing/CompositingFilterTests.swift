import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import Testing

/// `compositingFilter`: a layer and its sublayers, composited offscreen, then blended with what
/// is under them.
@Suite struct CompositingFilterTests {
    /// A 40 × 40 grey root with a 20 × 20 `color` layer at (10, 10) holding a 10 × 10 white
    /// sublayer at its origin, the middle layer blended by `filter`.
    static func frame(filter: BlendMode?, color: Color, opacity: Double = 1) throws -> Bitmap {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        root.position = Point(x: 20, y: 20)
        root.backgroundColor = Color(white: 0.5)
        let layer = Layer()
        layer.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        layer.backgroundColor = color
        layer.opacity = opacity
        layer.compositingFilter = filter
        let sub = Layer()
        sub.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        sub.backgroundColor = .white
        try layer.addSublayer(sub)
        try root.addSublayer(layer)
        return try Renderer().render(root.renderTree(at: 0), size: Size(width: 40, height: 40))
    }

    @Test func multiplyBlendsTheWholeSubtree() throws {
        let frame = try Self.frame(filter: .multiply, color: Color(red: 1, green: 0, blue: 0))
        let red = frame.color(x: 25, y: 25)
        #expect(abs(red.red - 0.5) < 0.01 && red.green < 0.01, "red × grey: \(red)")
        let white = frame.color(x: 12, y: 12)
        #expect(abs(white.red - 0.5) < 0.01 && abs(white.green - 0.5) < 0.01, "the white sublayer × grey = grey: \(white)")
        #expect(abs(frame.color(x: 2, y: 2).red - 0.5) < 0.01, "outside: the root")
    }

    @Test func normalAndNilDrawTheSamePixelsAsNoFilter() throws {
        let color = Color(red: 0.2, green: 0.6, blue: 0.9)
        let plain = try Self.frame(filter: nil, color: color, opacity: 0.7)
        #expect(try Self.frame(filter: .normal, color: color, opacity: 0.7).hasSamePixels(as: plain))
    }

    @Test func opacityScalesTheBlendedGroup() throws {
        // Screen with white gives white; at opacity 0.5, half way between grey and white.
        let frame = try Self.frame(filter: .screen, color: .white, opacity: 0.5)
        #expect(abs(frame.color(x: 25, y: 25).red - 0.75) < 0.01, "\(frame.color(x: 25, y: 25))")
    }
}
