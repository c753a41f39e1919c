import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// A layer that draws its content itself: a red left half, a blue disc in the right half and a
/// black diagonal.
final class PaintedLayer: Layer {
    override func draw(in ctx: DrawingContext) {
        let b = bounds
        ctx.setFillColor(.red)
        ctx.fill(Rect(b.minX, b.minY, b.width / 2, b.height))
        ctx.setFillColor(.blue)
        ctx.addEllipse(in: Rect(b.midX + 4, b.minY + 8, b.width / 2 - 8, b.width / 2 - 8))
        ctx.fillPath()
        ctx.setStrokeColor(.black)
        ctx.setLineWidth(3)
        ctx.move(to: Point(x: b.minX, y: b.maxY))
        ctx.addLine(to: Point(x: b.maxX, y: b.minY))
        ctx.strokePath()
    }
}

/// A delegate that draws a green rectangle inset by 8 points with a 2-point black outline.
final class GreenPainter: LayerDelegate {
    func draw(_ layer: Layer, in ctx: DrawingContext) {
        let r = layer.bounds.insetBy(dx: 8, dy: 8)
        ctx.setFillColor(.green)
        ctx.fill(r)
        ctx.setStrokeColor(.black)
        ctx.setLineWidth(2)
        ctx.stroke(r)
    }
}

/// Golden images of custom drawing (`draw(in:)` in a subclass, and a delegate's
/// `draw(_:in:)`), for a layer at (16, 8, 64, 48) on a 96 × 64 white frame.
@Suite("Golden images: custom drawing")
struct GoldenDrawingTests {
    static let size = Size(width: 96, height: 64)

    static let cases: [GoldenCase] = [
        GoldenCase(
            name: "subclass", size: size,
            probes: [.color(At(20, 12), .red), .color(At(64, 30), .blue), .untouched(At(78, 54)), .color(At(47, 31), .black, within: 40)]
        ) {
            let l = PaintedLayer()
            l.frame = Rect(16, 8, 64, 48)
            l.setNeedsDisplay()
            return try Build.tree(size, [l])
        },
        GoldenCase(
            name: "delegate", size: size,
            probes: [.color(At(40, 30), .green), .untouched(At(18, 10)), .color(At(24, 30), .black, within: 40), .untouched(At(78, 54))]
        ) {
            let painter = GreenPainter()
            let l = Build.layer(Rect(16, 8, 64, 48))
            l.delegate = painter
            l.setNeedsDisplay()
            return try withExtendedLifetime(painter) { try Build.tree(size, [l]) }
        },
    ]

    @Test(arguments: cases)
    func drawing(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenDrawingTests", test: "drawing")
    }
}
