import KinemaGeometry
import KinemaLayers
import Testing

private final class DotLayer: Layer {
    var draws = 0
    override func draw(in ctx: DrawingContext) {
        draws += 1
        ctx.setFillColor(.red)
        ctx.addEllipse(in: Rect(x: 0, y: 0, width: ctx.size.width, height: ctx.size.height))
        ctx.fillPath()
    }
}

private final class Painter: LayerDelegate {
    func draw(_ layer: Layer, in ctx: DrawingContext) {
        ctx.setFillColor(.blue)
        ctx.fill(Rect(x: 1, y: 2, width: 3, height: 4))
    }
}

@Suite("Custom drawing (display, draw(in:), delegates)")
struct DisplayTests {
    @Test func drawingWaitsForSetNeedsDisplay() {
        let layer = DotLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
        #expect(layer.renderTree(at: 0).state.drawing == nil)
        #expect(layer.draws == 0)
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay)
        let drawing = layer.renderTree(at: 0).state.drawing
        #expect(layer.draws == 1 && !layer.needsDisplay)
        #expect(drawing?.size == Size(width: 20, height: 10))
        #expect(drawing?.commands == [.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 10)), .red, .nonZero)])
        _ = layer.renderTree(at: 1)
        #expect(layer.draws == 1, "displayed once until marked again")
    }

    @Test func delegateDrawsWhenTheLayerDoesNotOverride() {
        let layer = Layer()
        let painter = Painter()
        layer.delegate = painter
        layer.bounds = Rect(x: 5, y: 5, width: 10, height: 10)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let commands = layer.model.drawing?.commands ?? []
        // Bounds origin (5, 5) is moved to the drawing's origin first.
        #expect(commands.first == .concatenate(AffineTransform(translationX: -5, y: -5)))
        #expect(commands.last == .fill(Path(rect: Rect(x: 1, y: 2, width: 3, height: 4)), .blue, .nonZero))
    }

    @Test(arguments: [true, false])
    func boundsChangeRedisplaysOnlyWhenAsked(onBoundsChange: Bool) {
        let context = LayerContext()
        let layer = DotLayer()
        context.addRootLayer(layer)
        layer.needsDisplayOnBoundsChange = onBoundsChange
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        context.advance(to: 0.1)
        #expect(layer.draws == 1)
        layer.bounds = Rect(x: 0, y: 0, width: 30, height: 10)
        context.advance(to: 0.2)
        #expect(layer.draws == (onBoundsChange ? 2 : 1))
        #expect(layer.model.drawing?.size.width == (onBoundsChange ? 30 : 10))
    }

    @Test func emptyDrawingLeavesNoContent() {
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.model.drawing == nil)
    }

    @Test func recordingIgnoresNonFiniteValues() {
        let ctx = DrawingContext(size: Size(width: 10, height: 10))
        ctx.move(to: Point(x: .nan, y: 0))
        ctx.fill(Rect(x: 0, y: 0, width: .infinity, height: 1))
        ctx.translateBy(x: .nan, y: 1)
        ctx.setLineWidth(-1)
        ctx.drawText("x", style: TextStyle(fontSize: .nan), in: Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(ctx.drawing.commands.isEmpty)
        ctx.restoreGState()
        #expect(ctx.drawing.commands.isEmpty, "an unmatched restore records nothing")
    }
}
