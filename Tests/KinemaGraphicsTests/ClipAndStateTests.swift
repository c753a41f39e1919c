import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Clipping and saved state")
struct ClipAndStateTests {
    static let everything = Rect(x: 0, y: 0, width: 100, height: 100)

    @Test func clipToRectLimitsPainting() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.clip(to: Rect(x: 20, y: 30, width: 40, height: 10))
        context.fill(Self.everything, color: .red)
        expectPixel(bitmap, 20, 30, .red)
        expectPixel(bitmap, 59, 39, .red)
        expectBlank(bitmap, 60, 35)
        expectBlank(bitmap, 30, 29)
        expectBlank(bitmap, 30, 40)
    }

    @Test(arguments: FillRule.allCases)
    func clipToPathUsesTheFillRule(_ rule: FillRule) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.clip(to: OverlapShape.nestedSameDirection.path, rule: rule)
        context.fill(Self.everything, color: .green)
        expectPixel(bitmap, 20, 20, .green)
        if rule == .nonZero { expectPixel(bitmap, 50, 50, .green) } else { expectBlank(bitmap, 50, 50) }
        expectBlank(bitmap, 5, 5)
    }

    @Test func clipsIntersect() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.clip(to: Rect(x: 0, y: 0, width: 60, height: 100))
        context.clip(to: Rect(x: 40, y: 0, width: 60, height: 100))
        context.fill(Self.everything, color: .blue)
        expectPixel(bitmap, 50, 50, .blue)
        expectBlank(bitmap, 30, 50)
        expectBlank(bitmap, 70, 50)
    }

    @Test func anEmptyPathClipsEverythingAway() throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        context.clip(to: Path())
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .blue)
        #expect(inkBounds(bitmap) == nil)
    }

    @Test func restoreBringsBackClipTransformAndAlpha() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.saveGState()
        context.clip(to: Rect(x: 0, y: 0, width: 10, height: 10))
        context.translateBy(x: 50, y: 20)
        context.setAlpha(0.5)
        context.restoreGState()
        #expect(context.ctm == .identity && context.alpha == 1)
        context.fill(Rect(x: 80, y: 80, width: 10, height: 10), color: .red)
        expectPixel(bitmap, 85, 85, .red)
    }

    @Test func unmatchedRestoreDoesNothing() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.translateBy(x: 30, y: 40)
        context.restoreGState()
        context.restoreGState()
        #expect(context.ctm == AffineTransform(translationX: 30, y: 40))
        context.fill(Rect(x: 0, y: 0, width: 5, height: 5), color: .red)
        expectPixel(bitmap, 32, 42, .red)
        #expect(context.cairoError == nil)
    }

    @Test func clearRespectsTheClipAndIgnoresAlpha() throws {
        let (bitmap, context) = try makeCanvas(40, 40)
        bitmap.fill(.white)
        context.markDirty()
        context.setAlpha(0.3)
        context.clear(Rect(x: 0, y: 0, width: 10, height: 40))
        context.clip(to: Rect(x: 30, y: 0, width: 10, height: 40))
        context.clear()
        expectBlank(bitmap, 5, 20)
        expectPixel(bitmap, 20, 20, .white)
        expectBlank(bitmap, 35, 20)
    }
}

@Suite("Transforms")
struct TransformTests {
    struct TransformCase: CustomTestStringConvertible, Sendable {
        var name: String
        var apply: @Sendable (GraphicsContext) -> Void
        /// Pixels inside the transformed 10 × 4 rectangle at (0, 0), and pixels outside it.
        var inked: [(Int, Int)]
        var blank: [(Int, Int)]
        var testDescription: String { name }
    }

    static let cases: [TransformCase] = [
        TransformCase(
            name: "translate", apply: { $0.translateBy(x: 30, y: 10) }, inked: [(31, 11), (39, 13)], blank: [(11, 31), (41, 11), (31, 15)]),
        TransformCase(name: "scale", apply: { $0.scaleBy(x: 3, y: 2) }, inked: [(1, 1), (29, 7)], blank: [(31, 1), (1, 9), (7, 29)]),
        TransformCase(
            name: "rotate a quarter turn",
            apply: {
                $0.translateBy(x: 50, y: 0); $0.rotate(by: .pi / 2)
            },
            inked: [(47, 1), (46, 9)], blank: [(51, 1), (45, 1), (47, 11), (59, 3)]),
        TransformCase(
            name: "translate then scale",
            apply: {
                $0.translateBy(x: 20, y: 5); $0.scaleBy(x: 2, y: 3)
            },
            inked: [(21, 6), (39, 16)], blank: [(41, 6), (21, 18), (1, 1)]),
        TransformCase(
            name: "scale then translate",
            apply: {
                $0.scaleBy(x: 2, y: 3); $0.translateBy(x: 20, y: 5)
            },
            inked: [(41, 16), (59, 26)], blank: [(21, 6), (61, 16), (41, 28)]),
        TransformCase(
            name: "concatenate a shear", apply: { $0.concatenate(AffineTransform(a: 1, b: 0, c: 2, d: 1, tx: 5, ty: 5)) },
            inked: [(8, 5), (13, 8)], blank: [(5, 8), (18, 5)]),
    ]

    @Test(arguments: cases)
    func transformsMoveWhatIsDrawn(_ c: TransformCase) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        c.apply(context)
        context.fill(Rect(x: 0, y: 0, width: 10, height: 4), color: .black)
        for (x, y) in c.inked { #expect(alpha(bitmap, x, y) == 255, "(\(x), \(y)) inked") }
        for (x, y) in c.blank { #expect(alpha(bitmap, x, y) == 0, "(\(x), \(y)) blank") }
    }

    @Test func ctmMapsUserSpaceToPixels() throws {
        let (_, context) = try makeCanvas(10, 10)
        context.translateBy(x: 30, y: 10)
        context.scaleBy(x: 2, y: 3)
        #expect(Point(x: 1, y: 1).applying(context.ctm) == Point(x: 32, y: 13))
    }

    @Test(arguments: [(0.0, 1.0), (1.0, 0.0), (0.0, 0.0)])
    func singularTransformsPaintNothingUntilRestored(sx: Double, sy: Double) throws {
        let (bitmap, context) = try makeCanvas(50, 50)
        context.saveGState()
        context.scaleBy(x: sx, y: sy)
        context.fill(Rect(x: 0, y: 0, width: 50, height: 50), color: .red)
        context.stroke(Path(polygonLine: [Point(x: 0, y: 10), Point(x: 50, y: 10)]), color: .red, style: StrokeStyle(lineWidth: 20))
        context.fillLinearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 50, y: 0))
        context.fillConicGradient(Gradient(colors: [.red, .blue]), center: Point(x: 25, y: 25), startAngle: 0)
        context.drawText(TextLayout(text: "Hi", style: TextStyle(fontSize: 20), width: nil), at: .zero)
        context.scaleBy(x: 5, y: 5)
        context.fill(Rect(x: 0, y: 0, width: 50, height: 50), color: .red)
        #expect(inkBounds(bitmap) == nil)
        context.restoreGState()
        context.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .red)
        expectPixel(bitmap, 5, 5, .red)
        #expect(context.cairoError == nil)
    }

    @Test func clippingUnderASingularTransformClipsEverything() throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        context.saveGState()
        context.scaleBy(x: 0, y: 1)
        context.clip(to: Rect(x: 0, y: 0, width: 20, height: 20))
        context.scaleBy(x: 1, y: 1)
        context.restoreGState()
        context.saveGState()
        context.scaleBy(x: 0, y: 1)
        context.clip(to: Rect(x: 0, y: 0, width: 20, height: 20))
        context.concatenate(AffineTransform(scaleX: 1, y: 1))
        context.clear()
        context.restoreGState()
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .red)
        expectPixel(bitmap, 10, 10, .red)
    }
}

@Suite("Alpha")
struct AlphaTests {
    @Test(arguments: [0.5, 0.25, 0.8])
    func alphaMultipliesFillsAndStrokes(_ a: Double) throws {
        let (bitmap, context) = try makeCanvas(60, 60)
        context.setAlpha(a)
        let color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: color)
        context.stroke(Path(polygonLine: [Point(x: 30, y: 40), Point(x: 60, y: 40)]), color: color, style: StrokeStyle(lineWidth: 6))
        let expected = color.withAlpha(0.8 * a)
        expectPixel(bitmap, 10, 10, expected, tolerance: 1)
        expectPixel(bitmap, 45, 40, expected, tolerance: 1)
    }

    @Test func alphaMultipliesGradientsImagesAndText() throws {
        let (bitmap, context) = try makeCanvas(130, 40)
        context.setAlpha(0.5)
        context.saveGState()
        context.clip(to: Rect(x: 0, y: 0, width: 20, height: 20))
        context.fillLinearGradient(Gradient(colors: [.blue]), start: .zero, end: Point(x: 20, y: 0))
        context.restoreGState()
        let image = try Bitmap(width: 2, height: 2)
        image.fill(.green)
        context.draw(image, in: Rect(x: 30, y: 0, width: 20, height: 20))
        context.saveGState()
        context.clip(to: Rect(x: 60, y: 0, width: 20, height: 20))
        context.fillConicGradient(Gradient(colors: [.red]), center: Point(x: 70, y: 10), startAngle: 0)
        context.restoreGState()
        // A full block glyph paints solid ink.
        context.drawText(
            TextLayout(text: "█", style: TextStyle(fontName: "DejaVu Sans", fontSize: 30, color: .black), width: nil),
            at: Point(x: 90, y: 0))
        expectPixel(bitmap, 15, 10, Color.blue.withAlpha(0.5), tolerance: 1)
        expectPixel(bitmap, 40, 10, Color.green.withAlpha(0.5), tolerance: 1)
        expectPixel(bitmap, 70, 10, Color.red.withAlpha(0.5), tolerance: 1)
        expectPixel(bitmap, 100, 20, Color.black.withAlpha(0.5), tolerance: 1)
    }

    @Test func alphaIsClampedAndNonFiniteValuesAreIgnored() throws {
        let (_, context) = try makeCanvas(4, 4)
        context.setAlpha(2)
        #expect(context.alpha == 1)
        context.setAlpha(-1)
        #expect(context.alpha == 0)
        context.setAlpha(0.4)
        context.setAlpha(.nan)
        context.setAlpha(.infinity)
        #expect(context.alpha == 0.4)
    }

    @Test func zeroAlphaPaintsNothing() throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        context.setAlpha(0)
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .red)
        context.fillLinearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 20, y: 0))
        #expect(inkBounds(bitmap) == nil)
    }
}
