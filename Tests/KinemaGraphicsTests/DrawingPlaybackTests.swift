import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Drawing playback")
struct DrawingPlaybackTests {
    static let style = TextStyle(fontName: "DejaVu Sans", fontSize: 13, color: .darkGray, alignment: .center, truncation: .end)
    static let text = "Recorded text, wrapped and centred in its rectangle"
    static let gradient = Gradient(colors: [.orange, .purple], locations: [0.2, 0.9])

    static func checkerboard() throws -> Bitmap {
        let image = try Bitmap(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { image.row(y)[x] = (x + y).isMultiple(of: 2) ? 0xff00_00ff : 0xffff_ff00 } }
        return image
    }

    /// Records a drawing that uses every command, through the recording context layers get.
    static func recorded() -> Drawing {
        let d = DrawingContext(size: Size(width: 160, height: 120))
        d.setFillColor(Color(red: 0.9, green: 0.95, blue: 1))
        d.fill(Rect(x: 0, y: 0, width: 160, height: 120))
        d.saveGState()
        d.translateBy(x: 80, y: 60)
        d.rotate(by: 0.3)
        d.setStrokeColor(.blue)
        d.setLineWidth(5)
        d.setLineCap(.round)
        d.setLineJoin(.bevel)
        d.setLineDash(phase: 3, lengths: [12, 6])
        d.addRect(Rect(x: -40, y: -25, width: 80, height: 50))
        d.strokePath()
        d.restoreGState()
        d.saveGState()
        d.addEllipse(in: Rect(x: 10, y: 10, width: 60, height: 40))
        d.clip(using: .evenOdd)
        d.drawLinearGradient(gradient, start: Point(x: 10, y: 10), end: Point(x: 70, y: 50))
        d.restoreGState()
        d.setAlpha(0.7)
        d.drawRadialGradient(gradient, startCenter: Point(x: 130, y: 30), startRadius: 0, endCenter: Point(x: 130, y: 30), endRadius: 30)
        d.drawImage(source: "checker.png", in: Rect(x: 110, y: 70, width: 40, height: 40))
        d.drawImage(source: "missing.png", in: Rect(x: 0, y: 0, width: 160, height: 120))
        d.drawText(text, style: style, in: Rect(x: 5, y: 60, width: 100, height: 40))
        return d.drawing
    }

    /// The same drawing made with direct calls.
    static func direct(_ c: GraphicsContext, checker: Bitmap) {
        c.saveGState()
        c.fill(Path(rect: Rect(x: 0, y: 0, width: 160, height: 120)), color: Color(red: 0.9, green: 0.95, blue: 1))
        c.saveGState()
        c.translateBy(x: 80, y: 60)
        c.rotate(by: 0.3)
        let dash = StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .bevel, dash: [12, 6], dashPhase: 3)
        c.stroke(Path(rect: Rect(x: -40, y: -25, width: 80, height: 50)), color: .blue, style: dash)
        c.restoreGState()
        c.saveGState()
        c.clip(to: Path(ellipseIn: Rect(x: 10, y: 10, width: 60, height: 40)), rule: .evenOdd)
        c.fillLinearGradient(gradient, start: Point(x: 10, y: 10), end: Point(x: 70, y: 50))
        c.restoreGState()
        c.setAlpha(0.7)
        c.fillRadialGradient(gradient, startCenter: Point(x: 130, y: 30), startRadius: 0, endCenter: Point(x: 130, y: 30), endRadius: 30)
        c.draw(checker, in: Rect(x: 110, y: 70, width: 40, height: 40))
        c.drawText(TextLayout(text: text, style: style, width: 100, maximumHeight: 40), at: Point(x: 5, y: 60))
        c.restoreGState()
    }

    @Test func playbackDrawsTheSamePixelsAsDirectCalls() throws {
        let checker = try Self.checkerboard()
        let (played, playing) = try makeCanvas(160, 120)
        playing.scaleBy(x: 1, y: 1)
        var requested: [String] = []
        playing.draw(Self.recorded()) { source in
            requested.append(source)
            return source == "checker.png" ? checker : nil
        }
        let (direct, directContext) = try makeCanvas(160, 120)
        Self.direct(directContext, checker: checker)
        #expect(requested == ["checker.png", "missing.png"])
        #expect(inkBounds(played) != nil)
        #expect(played.hasSamePixels(as: direct))
    }

    /// Transforms, clips and alpha set by a drawing end with it, and its unmatched restores do
    /// not pop state saved before it.
    @Test func playbackStateDoesNotLeak() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.saveGState()
        context.translateBy(x: 10, y: 20)
        var drawing = DrawingContext(size: Size(width: 10, height: 10)).drawing
        drawing.commands = [
            .restore, .restore, .concatenate(AffineTransform(scaleX: 3, y: 3)), .setAlpha(0.2),
            .clip(Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)), .nonZero), .save, .save,
        ]
        context.draw(drawing) { _ in nil }
        #expect(context.ctm == AffineTransform(translationX: 10, y: 20))
        #expect(context.alpha == 1)
        context.fill(Rect(x: 50, y: 50, width: 10, height: 10), color: .red)
        expectPixel(bitmap, 65, 75, .red)
        context.restoreGState()
        #expect(context.ctm == .identity)
        #expect(context.cairoError == nil)
    }
}
