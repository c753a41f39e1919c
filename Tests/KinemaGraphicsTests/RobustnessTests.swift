import KinemaGeometry
import KinemaGraphics
import Testing

/// Calls with NaN or infinite arguments do nothing: no pixels, no change of state, no cairo error.
@Suite("Robustness")
struct RobustnessTests {
    struct BadCall: CustomTestStringConvertible, Sendable {
        var name: String
        var call: @Sendable (GraphicsContext) -> Void
        var testDescription: String { name }
    }

    static let nan = Double.nan
    static let inf = Double.infinity
    static let stops = Gradient(colors: [.red, .blue])

    static let calls: [BadCall] = [
        BadCall(name: "translate NaN", call: { $0.translateBy(x: nan, y: 0) }),
        BadCall(name: "scale infinity", call: { $0.scaleBy(x: inf, y: 1) }),
        BadCall(name: "rotate NaN", call: { $0.rotate(by: nan) }),
        BadCall(name: "concatenate NaN", call: { $0.concatenate(AffineTransform(a: 1, b: nan, c: 0, d: 1, tx: 0, ty: 0)) }),
        BadCall(name: "fill NaN rect", call: { $0.fill(Rect(x: nan, y: 0, width: 10, height: 10), color: .red) }),
        BadCall(name: "clip infinite rect", call: { $0.clip(to: Rect(x: 0, y: 0, width: inf, height: 10)) }),
        BadCall(name: "linear NaN end", call: { $0.fillLinearGradient(stops, start: .zero, end: Point(x: nan, y: 1)) }),
        BadCall(
            name: "radial infinite radius",
            call: { $0.fillRadialGradient(stops, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: inf) }),
        BadCall(
            name: "radial negative radius",
            call: { $0.fillRadialGradient(stops, startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 5) }),
        BadCall(name: "conic NaN angle", call: { $0.fillConicGradient(stops, center: .zero, startAngle: nan) }),
        BadCall(name: "conic infinite centre", call: { $0.fillConicGradient(stops, center: Point(x: inf, y: 0), startAngle: 0) }),
        BadCall(
            name: "text at NaN", call: { $0.drawText(TextLayout(text: "Hi", style: TextStyle(), width: nil), at: Point(x: nan, y: 0)) }),
        BadCall(
            name: "colour with NaN components",
            call: {
                var c = Color.red
                c.alpha = nan
                $0.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: c)
            }),
    ]

    @Test(arguments: calls)
    func nonFiniteArgumentsDoNothing(_ c: BadCall) throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        c.call(context)
        #expect(inkBounds(bitmap) == nil)
        #expect(context.cairoError == nil)
        // The context still draws normally afterwards.
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .green)
        expectPixel(bitmap, 10, 10, .green)
    }

    /// Coordinates far outside cairo's fixed-point range neither crash nor break the context.
    @Test func hugeCoordinatesAreSurvivable() throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        let huge = Path(polygon: [Point(x: -1e20, y: -1e20), Point(x: 1e20, y: 5), Point(x: 3, y: 1e20)])
        context.fill(huge, color: .red)
        context.stroke(huge, color: .red, style: StrokeStyle(lineWidth: 1e10, dash: [1, 2]))
        context.draw(try Bitmap(width: 1, height: 1), in: Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15))
        context.saveGState()
        context.scaleBy(x: 1e200, y: 1e200)
        context.scaleBy(x: 1e200, y: 1e200)
        #expect(context.ctm.a == 1e200, "a scale that would overflow is ignored")
        context.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .blue)
        context.restoreGState()
        #expect(context.cairoError == nil)
        context.clear()
        context.fill(Rect(x: 0, y: 0, width: 5, height: 5), color: .green)
        expectPixel(bitmap, 2, 2, .green)
    }
}
