import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A view drawn UIKit's way: `draw(_ rect:)` with a `BezierPath` and `Color.setFill()`.
private final class DotView: View {
    var draws = 0
    var contextInside: DrawingContext?
    var freeFunctionInside: DrawingContext?
    override func draw(_ rect: Rect) {
        draws += 1
        contextInside = DrawingContext.current
        freeFunctionInside = GraphicsGetCurrentContext()
        Color(red: 0.9, green: 0.2, blue: 0.1).setFill()
        BezierPath(ovalIn: rect).fill()
    }
}

/// A view drawn with the context passed in, as before.
private final class ContextView: View {
    var draws = 0
    var currentMatches = false
    override func draw(_ rect: Rect, in ctx: DrawingContext) {
        draws += 1
        currentMatches = DrawingContext.current === ctx
        ctx.setFillColor(.blue)
        ctx.fill(rect)
    }
}

/// A view that overrides something else, but not drawing.
private final class PlainSubclass: View {
    override func layoutSubviews() {}
}

/// A view whose drawing uses blend modes: blue, with a cleared hole and a multiplied stripe.
private final class BlendView: View {
    override func draw(_ rect: Rect) {
        Color.blue.setFill()
        BezierPath(rect: rect).fill()
        BezierPath(rect: Rect(x: 10, y: 10, width: 20, height: 20)).fill(with: .clear, alpha: 1)
        Color(red: 1, green: 1, blue: 0).setFill()
        BezierPath(rect: Rect(x: 40, y: 0, width: 10, height: rect.height)).fill(with: .multiply, alpha: 1)
    }
}

/// A sampler of BezierPath shapes and blend modes, for looking at: an even-odd ring, a dashed
/// rounded rectangle, an arc, and four discs over a two-colour stripe under `multiply`,
/// `screen`, `sourceAtop` and `destinationOut`.
private final class ShowcaseView: View {
    override func draw(_ rect: Rect) {
        let ring = BezierPath(ovalIn: Rect(x: 10, y: 10, width: 60, height: 60))
        ring.append(BezierPath(ovalIn: Rect(x: 25, y: 25, width: 30, height: 30)))
        ring.usesEvenOddFillRule = true
        Color.orange.setFill()
        ring.fill()
        let card = BezierPath(roundedRect: Rect(x: 85, y: 10, width: 70, height: 60), cornerRadius: 12)
        card.lineWidth = 3
        card.setLineDash([8, 4], phase: 0)
        Color.purple.setStroke()
        card.stroke()
        let arc = BezierPath(arcCenter: Point(x: 120, y: 40), radius: 18, startAngle: 0, endAngle: .pi * 1.5, clockwise: true)
        arc.lineWidth = 6
        arc.lineCapStyle = .round
        Color(red: 0.1, green: 0.6, blue: 0.3).setStroke()
        arc.stroke()
        // The stripe: top half cyan, bottom half magenta.
        Color.cyan.setFill()
        BezierPath(rect: Rect(x: 0, y: 85, width: 200, height: 20)).fill()
        Color.magenta.setFill()
        BezierPath(rect: Rect(x: 0, y: 105, width: 200, height: 20)).fill()
        let modes: [BlendMode] = [.multiply, .screen, .sourceAtop, .destinationOut]
        Color(red: 1, green: 0.8, blue: 0).setFill()
        for (i, mode) in modes.enumerated() {
            BezierPath(ovalIn: Rect(x: 10 + Double(i) * 48, y: 80, width: 40, height: 50)).fill(with: mode, alpha: 1)
        }
    }
}

/// Renders `window` at its current time, at 1 pixel per point.
private func render(_ window: Window) throws -> Bitmap {
    try Renderer().render(window.layer.renderTree(at: window.currentTime), size: window.bounds.size, scale: 1)
}

/// Plays what `body` draws into the current context into a `width × height` bitmap.
private func drawn(width: Int = 40, height: Int = 40, _ body: () -> Void) throws -> Bitmap {
    let ctx = DrawingContext(size: Size(width: Double(width), height: Double(height)))
    DrawingContext.withCurrent(ctx, perform: body)
    let bitmap = try Bitmap(width: width, height: height)
    let graphics = GraphicsContext(bitmap: bitmap)
    graphics.draw(ctx.drawing) { _ in nil }
    graphics.flush()
    return bitmap
}

@Suite("View drawing (draw(_:), the current context, first display)")
struct ViewDrawingTests {
    @Test func aViewOverridingDrawIsDrawnOnFirstDisplayWithoutSetNeedsDisplay() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 60), scale: 1)
        window.backgroundColor = .white
        let dot = DotView(frame: Rect(x: 20, y: 10, width: 40, height: 40))
        window.addSubview(dot)
        #expect(dot.draws == 0 && dot.layer.model.drawing == nil, "drawn at the next run-loop turn, not at once")
        window.advance(to: 0.1)
        #expect(dot.draws == 1)
        #expect(dot.layer.model.drawing != nil)
        let image = try render(window)
        let red = Color(red: 0.9, green: 0.2, blue: 0.1)
        // The oval's centre (40, 30) is red; the view's corner (21, 11) is outside the oval: white.
        #expect(isClose(image.color(x: 40, y: 30), red, 0.01), "\(image.color(x: 40, y: 30))")
        #expect(isClose(image.color(x: 21, y: 11), .white, 0.01), "\(image.color(x: 21, y: 11))")
        window.advance(to: 0.2)
        #expect(dot.draws == 1, "drawn once until marked again")
        dot.setNeedsDisplay()
        window.advance(to: 0.3)
        #expect(dot.draws == 2)
    }

    @Test func theContextPassingSignatureIsDrawnOnFirstDisplayToo() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        let view = ContextView(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        window.addSubview(view)
        window.advance(to: 0)
        #expect(view.draws == 1 && view.currentMatches)
        let drawing = view.layer.model.drawing
        #expect(drawing?.commands == [.fill(Path(rect: Rect(x: 0, y: 0, width: 30, height: 20)), .blue, .nonZero)])
    }

    @Test(arguments: [false, true])
    func viewsThatDoNotOverrideDrawRecordNothing(subclass: Bool) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        let view =
            subclass ? PlainSubclass(frame: Rect(x: 0, y: 0, width: 30, height: 20)) : View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        view.backgroundColor = .green
        window.addSubview(view)
        window.advance(to: 0)
        #expect(!view.layer.needsDisplay, "the first display ran")
        #expect(view.layer.model.drawing == nil)
        #expect(window.layer.model.drawing == nil)
        _ = window.layer.renderTree(at: 0)
        #expect(view.layer.model.drawing == nil)
    }

    @Test func theCurrentContextIsSetOnlyWhileDrawing() {
        #expect(DrawingContext.current == nil && GraphicsGetCurrentContext() == nil)
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        let dot = DotView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(dot)
        window.advance(to: 0)
        #expect(dot.contextInside != nil)
        #expect(dot.freeFunctionInside === dot.contextInside)
        #expect(dot.contextInside?.size == Size(width: 10, height: 10), "the layer's own context")
        #expect(DrawingContext.current == nil && GraphicsGetCurrentContext() == nil)
    }

    @Test func withCurrentNestsAndRestores() {
        let outer = DrawingContext(size: Size(width: 1, height: 1))
        let inner = DrawingContext(size: Size(width: 2, height: 2))
        DrawingContext.withCurrent(outer) {
            #expect(DrawingContext.current === outer)
            DrawingContext.withCurrent(inner) { #expect(GraphicsGetCurrentContext() === inner) }
            #expect(DrawingContext.current === outer)
            DrawingContext.withCurrent(nil) { #expect(DrawingContext.current == nil) }
        }
        #expect(DrawingContext.current == nil)
    }

    @Test func drawingWithoutACurrentContextDoesNothing() {
        let ctx = DrawingContext(size: Size(width: 10, height: 10))
        DrawingContext.withCurrent(ctx) {}
        let path = BezierPath(rect: Rect(x: 0, y: 0, width: 5, height: 5))
        Color.red.set()
        path.fill()
        path.stroke()
        path.fill(with: .clear, alpha: 1)
        path.addClip()
        #expect(ctx.drawing.isEmpty)
        #expect(ctx.fillColor == .black && ctx.strokeColor == .black)
    }

    @Test func colorsSetTheCurrentContextsColours() {
        let ctx = DrawingContext(size: Size(width: 10, height: 10))
        DrawingContext.withCurrent(ctx) {
            Color.red.setFill()
            Color.green.setStroke()
        }
        #expect(ctx.fillColor == .red && ctx.strokeColor == .green)
        DrawingContext.withCurrent(ctx) { Color.blue.set() }
        #expect(ctx.fillColor == .blue && ctx.strokeColor == .blue)
    }

    @Test func blendModesActInsideTheViewsOwnBackingStore() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 120, height: 60), scale: 1)
        window.backgroundColor = .white
        let view = BlendView(frame: Rect(x: 10, y: 10, width: 60, height: 40))
        view.backgroundColor = Color(red: 1, green: 0, blue: 0)
        window.addSubview(view)
        window.advance(to: 0)
        let image = try render(window)
        if ProcessInfo.processInfo.environment["KINEMA_DRAWING_PNG"] != nil { try image.writePNG(to: "/tmp/view-drawing-blend.png") }
        // Blue where nothing else was drawn.
        #expect(isClose(image.color(x: 15, y: 45), .blue, 0.01))
        // The cleared hole shows the view's red background (the drawing's own store was
        // cleared), not the white window and not transparency.
        #expect(isClose(image.color(x: 30, y: 30), Color(red: 1, green: 0, blue: 0), 0.01), "\(image.color(x: 30, y: 30))")
        // Yellow multiplied over blue is (1·0, 1·0, 0·1): black.
        #expect(isClose(image.color(x: 55, y: 30), .black, 0.01), "\(image.color(x: 55, y: 30))")
    }
}

@Suite("View drawing showcase")
struct ViewDrawingShowcaseTests {
    /// Renders the showcase at 2 pixels per point over white (written to
    /// `/tmp/view-drawing-showcase.png` when `KINEMA_DRAWING_PNG` is set) and checks a few
    /// pixels against the shapes and the blend formulas.
    @Test func showcase() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 140), scale: 2)
        window.backgroundColor = .white
        let view = ShowcaseView(frame: window.bounds)
        window.addSubview(view)
        window.advance(to: 0)
        let image = try Renderer().render(window.layer.renderTree(at: 0), size: window.bounds.size, scale: 2)
        if ProcessInfo.processInfo.environment["KINEMA_DRAWING_PNG"] != nil { try image.writePNG(to: "/tmp/view-drawing-showcase.png") }
        func at(_ x: Double, _ y: Double) -> Color { image.color(x: Int(x * 2), y: Int(y * 2)) }
        #expect(isClose(at(40, 40), .white, 0.01), "the ring's hole")
        #expect(isClose(at(15, 40), .orange, 0.01), "the ring's band")
        // Multiply: yellow-orange (1, 0.8, 0) times cyan (0, 1, 1) is (0, 0.8, 0).
        #expect(isClose(at(30, 95), Color(red: 0, green: 0.8, blue: 0), 0.01), "\(at(30, 95))")
        // Screen over magenta (1, 0, 1): 1 − (1 − s)(1 − d) = (1, 0.8, 1).
        #expect(isClose(at(78, 115), Color(red: 1, green: 0.8, blue: 1), 0.01), "\(at(78, 115))")
        // Source-atop over opaque cyan is the source.
        #expect(isClose(at(126, 95), Color(red: 1, green: 0.8, blue: 0), 0.01), "\(at(126, 95))")
        // Destination-out erases the stripe down to the white window.
        #expect(isClose(at(174, 115), .white, 0.01), "\(at(174, 115))")
    }
}

@Suite("BezierPath")
struct BezierPathTests {
    struct ShapeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable () -> BezierPath
        let bounds: Rect
        let inside: [Point]
        let outside: [Point]
        var testDescription: String { name }
    }

    static let shapes: [ShapeCase] = [
        ShapeCase(
            name: "rect", make: { BezierPath(rect: Rect(x: 10, y: 20, width: 30, height: 15)) },
            bounds: Rect(x: 10, y: 20, width: 30, height: 15), inside: [Point(x: 11, y: 21), Point(x: 39, y: 34)],
            outside: [Point(x: 9, y: 21), Point(x: 11, y: 36)]),
        ShapeCase(
            name: "roundedRect", make: { BezierPath(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8) },
            bounds: Rect(x: 0, y: 0, width: 40, height: 20), inside: [Point(x: 20, y: 1), Point(x: 4, y: 10)],
            outside: [Point(x: 1, y: 1), Point(x: 39, y: 19)]),
        // A radius beyond half the shorter side makes a capsule: the ends are half circles.
        ShapeCase(
            name: "capsule", make: { BezierPath(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 50) },
            bounds: Rect(x: 0, y: 0, width: 40, height: 20), inside: [Point(x: 1, y: 10), Point(x: 20, y: 0.5)],
            outside: [Point(x: 1.5, y: 2), Point(x: 38.5, y: 18)]),
        ShapeCase(
            name: "oval", make: { BezierPath(ovalIn: Rect(x: 0, y: 0, width: 60, height: 20)) },
            bounds: Rect(x: 0, y: 0, width: 60, height: 20), inside: [Point(x: 30, y: 10), Point(x: 58, y: 10)],
            outside: [Point(x: 5, y: 2), Point(x: 55, y: 18)]),
        // A curve's bounds include its control points, as UIBezierPath.bounds documents.
        ShapeCase(
            name: "curve",
            make: {
                let p = BezierPath()
                p.move(to: Point(x: 0, y: 0))
                p.addCurve(to: Point(x: 30, y: 0), controlPoint1: Point(x: 0, y: 40), controlPoint2: Point(x: 30, y: 40))
                p.close()
                return p
            }, bounds: Rect(x: 0, y: 0, width: 30, height: 40), inside: [Point(x: 15, y: 20)], outside: [Point(x: 15, y: 35)]),
        ShapeCase(
            name: "quadCurve",
            make: {
                let p = BezierPath()
                p.move(to: Point(x: 0, y: 0))
                p.addQuadCurve(to: Point(x: 20, y: 0), controlPoint: Point(x: 10, y: 30))
                p.addLine(to: Point(x: 0, y: 0))
                return p
            }, bounds: Rect(x: 0, y: 0, width: 20, height: 30), inside: [Point(x: 10, y: 10)], outside: [Point(x: 10, y: 20)]),
    ]

    @Test(arguments: shapes)
    func geometry(_ c: ShapeCase) {
        let path = c.make()
        #expect(isClose(path.bounds, c.bounds, 1e-9), "\(path.bounds)")
        for p in c.inside { #expect(path.contains(p), "\(p) should be inside") }
        for p in c.outside { #expect(!path.contains(p), "\(p) should be outside") }
        #expect(path.path == path.path.applying(.identity))
    }

    /// UIKit's `clockwise` is on screen (y down): `true` from 0 to π/2 passes through the
    /// bottom right, `false` goes the long way round through the top left.
    @Test(arguments: [(true, Point(x: 1, y: 1)), (false, Point(x: -1, y: -1))])
    func arcsTurnClockwiseOnScreen(clockwise: Bool, halfway: Point) {
        let arc = BezierPath(arcCenter: Point(x: 50, y: 40), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
        let r = 10 / 2.0.squareRoot()
        let mid = arc.path.point(atLength: arc.path.length / 2) ?? .zero
        #expect(isClose(mid, Point(x: 50 + halfway.x * r, y: 40 + halfway.y * r), 0.01), "\(mid)")
        #expect(isClose(arc.currentPoint, Point(x: 50, y: 50), 1e-9))
        #expect(isClose(arc.path.length, .pi * 10 * (clockwise ? 0.5 : 1.5), 0.01))
    }

    /// A ring of two ovals drawn the same way round: even-odd leaves the middle empty, non-zero
    /// fills it.
    @Test(arguments: [true, false])
    func evenOddRingHasAHole(evenOdd: Bool) throws {
        let ring = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 40, height: 40))
        ring.append(BezierPath(ovalIn: Rect(x: 10, y: 10, width: 20, height: 20)))
        ring.usesEvenOddFillRule = evenOdd
        let image = try drawn {
            Color.blue.setFill()
            ring.fill()
        }
        #expect(image.pixel(x: 20, y: 20) == (evenOdd ? 0 : 0xff00_00ff), "centre: \(String(image.pixel(x: 20, y: 20), radix: 16))")
        #expect(image.pixel(x: 5, y: 20) == 0xff00_00ff, "the band between the ovals is filled")
        #expect(image.pixel(x: 1, y: 1) == 0, "outside the outer oval")
        #expect(ring.contains(Point(x: 20, y: 20)) == !evenOdd)
    }

    /// A horizontal line `lineWidth` points wide, centred on a pixel boundary (or a pixel's
    /// middle for odd widths), covers exactly that many opaque rows. The context's line width
    /// does not count: the path's own does.
    @Test(arguments: [1.0, 2, 4, 7])
    func lineWidthSetsTheStrokesThickness(width: Double) throws {
        let y = 20 + (Int(width).isMultiple(of: 2) ? 0 : 0.5)
        let line = BezierPath()
        line.move(to: Point(x: 2, y: y))
        line.addLine(to: Point(x: 38, y: y))
        if width != 1 { line.lineWidth = width }
        let image = try drawn {
            GraphicsGetCurrentContext()?.setLineWidth(12)
            Color.black.setStroke()
            line.stroke()
        }
        let opaque = (0..<40).filter { image.pixel(x: 20, y: $0) >> 24 == 0xff }
        let partial = (0..<40).filter { (1..<0xff).contains(image.pixel(x: 20, y: $0) >> 24) }
        #expect(opaque.count == Int(width) && partial.isEmpty, "opaque rows \(opaque), partial \(partial)")
        #expect(opaque.first == Int((y - width / 2).rounded(.down)))
    }

    @Test func lineStyleReachesTheStroke() {
        let ctx = DrawingContext(size: Size(width: 10, height: 10))
        let p = BezierPath(rect: Rect(x: 1, y: 1, width: 5, height: 5))
        p.lineWidth = 3
        p.lineCapStyle = .round
        p.lineJoinStyle = .bevel
        p.miterLimit = 4
        p.setLineDash([2, 1], phase: 0.5)
        DrawingContext.withCurrent(ctx) {
            Color.red.setStroke()
            p.stroke()
        }
        let style = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .bevel, miterLimit: 4, dash: [2, 1], dashPhase: 0.5)
        #expect(ctx.drawing.commands == [.stroke(p.path, .red, style)])
    }

    @Test func fillWithBlendModeAndAlphaIsScopedToTheCall() {
        let ctx = DrawingContext(size: Size(width: 10, height: 10))
        let p = BezierPath(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        DrawingContext.withCurrent(ctx) {
            Color.red.setFill()
            p.fill(with: .destinationOut, alpha: 0.5)
            p.fill()
        }
        #expect(
            ctx.drawing.commands == [
                .save, .setBlendMode(.destinationOut), .setAlpha(0.5), .fill(p.path, .red, .nonZero), .restore,
                .fill(p.path, .red, .nonZero),
            ])
        #expect(ctx.blendMode == .normal && ctx.alpha == 1)
    }

    @Test func addClipLimitsLaterDrawing() throws {
        let clip = BezierPath(rect: Rect(x: 0, y: 0, width: 20, height: 40))
        let image = try drawn {
            clip.addClip()
            Color.green.setFill()
            BezierPath(rect: Rect(x: 0, y: 0, width: 40, height: 40)).fill()
        }
        #expect(image.pixel(x: 10, y: 20) == Bitmap.premultipliedPixel(.green))
        #expect(image.pixel(x: 30, y: 20) == 0)
    }
}
