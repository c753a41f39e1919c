import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Text rendering")
struct TextRenderingTests {
    /// Draws `layout` at `origin` on a fresh transparent bitmap.
    static func render(
        _ layout: TextLayout, at origin: Point = Point(x: 10, y: 10), width: Int = 320, height: Int = 200, scale: Double = 1
    )
        throws -> Bitmap
    {
        let (bitmap, context) = try makeCanvas(width, height)
        context.scaleBy(x: scale, y: scale)
        context.drawText(layout, at: origin)
        context.flush()
        return bitmap
    }

    @Test(arguments: [TextLayoutTests.gothic, TextStyle(fontName: "Helvetica", fontSize: 16)])
    func japaneseInkStaysInsideItsMeasuredBox(_ style: TextStyle) throws {
        let layout = TextLayout(text: TextLayoutTests.japanese, style: style, width: 150)
        #expect(layout.lineCount >= 3)
        let origin = Point(x: 20, y: 15)
        let bitmap = try Self.render(layout, at: origin)
        let box = Rect(
            x: origin.x + layout.textRect.origin.x, y: origin.y + layout.textRect.origin.y, width: layout.size.width,
            height: layout.size.height)
        let ink = try #require(inkBounds(bitmap))
        // Antialiasing may touch the pixel a glyph edge falls in, so the box is widened to whole pixels.
        #expect(Double(ink.minX) >= box.minX.rounded(.down) && Double(ink.maxX) < box.maxX.rounded(.up), "\(ink) in \(box)")
        #expect(Double(ink.minY) >= box.minY.rounded(.down) && Double(ink.maxY) < box.maxY.rounded(.up), "\(ink) in \(box)")
        // And every line has ink: many opaque-ish pixels per line, not a row of missing-glyph boxes.
        for line in layout.lineFrames {
            var dark = 0
            for y in Int(origin.y + line.minY)..<Int(origin.y + line.maxY) {
                for x in Int(origin.x)..<Int(origin.x + 150) where alpha(bitmap, x, y) > 200 { dark += 1 }
            }
            #expect(dark > 40, "line \(line) has \(dark) dark pixels")
        }
    }

    struct AlignmentCase: CustomTestStringConvertible, Sendable {
        var alignment: TextAlignment
        var isWrapped: Bool
        /// Where the ink's centre should be in a 200-point box: 0 left, ½ centre, 1 right.
        var position: Double
        var testDescription: String { "\(alignment)\(isWrapped ? "" : " unwrapped")" }
    }

    @Test(
        arguments: [true, false].flatMap { wrapped in
            [(TextAlignment.natural, 0.0), (.left, 0), (.center, 0.5), (.right, 1), (.justified, 0)].map {
                AlignmentCase(alignment: $0.0, isWrapped: wrapped, position: $0.1)
            }
        })
    func alignmentMovesTheInk(_ c: AlignmentCase) throws {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 18, alignment: c.alignment, isWrapped: c.isWrapped)
        let layout = TextLayout(text: "Align me", style: style, width: 200)
        let bitmap = try Self.render(layout, at: Point(x: 30, y: 10), width: 260, height: 50)
        let ink = try #require(inkBounds(bitmap))
        let inkWidth = Double(ink.maxX - ink.minX)
        let expectedLeft = 30 + (200 - inkWidth) * c.position
        #expect(abs(Double(ink.minX) - expectedLeft) <= 4, "ink \(ink.minX)…\(ink.maxX), expected left ≈ \(expectedLeft)")
        #expect(abs(layout.textRect.minX - (200 - layout.size.width) * c.position) <= TextLayoutTests.unit)
    }

    /// Right-to-left text: natural alignment is right, explicit left and right are physical.
    @Test(
        arguments: [true, false].flatMap { wrapped in
            [(TextAlignment.natural, 1.0), (.left, 0), (.right, 1), (.center, 0.5)].map {
                AlignmentCase(alignment: $0.0, isWrapped: wrapped, position: $0.1)
            }
        })
    func rightToLeftTextAlignsPhysically(_ c: AlignmentCase) throws {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 18, alignment: c.alignment, isWrapped: c.isWrapped)
        let layout = TextLayout(text: "שלום עולם", style: style, width: 200)
        let bitmap = try Self.render(layout, at: Point(x: 30, y: 10), width: 260, height: 50)
        let ink = try #require(inkBounds(bitmap))
        let expectedLeft = 30 + (200 - Double(ink.maxX - ink.minX)) * c.position
        #expect(abs(Double(ink.minX) - expectedLeft) <= 4, "ink \(ink.minX)…\(ink.maxX), expected left ≈ \(expectedLeft)")
    }

    @Test func justifiedTextSpreadsEveryLineButTheLast() throws {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 14, alignment: .justified)
        let layout = TextLayout(text: TextLayoutTests.sentence, style: style, width: 180)
        #expect(layout.lineCount >= 3)
        let lines = layout.lineFrames
        for line in lines.dropLast() { #expect(abs(line.width - 180) < 0.5, "justified line \(line)") }
        #expect(try #require(lines.last).width < 170)
    }

    struct TruncationCase: CustomTestStringConvertible, Sendable {
        var mode: TruncationMode
        /// Whether the start of the text is kept (so the left of the ink matches the full text).
        var keepsStart: Bool
        var testDescription: String { "\(mode)" }
    }

    @Test(arguments: [
        TruncationCase(mode: .end, keepsStart: true), TruncationCase(mode: .middle, keepsStart: true),
        TruncationCase(mode: .start, keepsStart: false),
    ])
    func truncationAddsAnEllipsisWithinTheWidth(_ c: TruncationCase) throws {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 16, isWrapped: false, truncation: c.mode)
        let layout = TextLayout(text: TextLayoutTests.sentence, style: style, width: 180)
        #expect(layout.isTruncated && layout.lineCount == 1)
        #expect(layout.size.width <= 180 + TextLayoutTests.unit)
        let truncated = try Self.render(layout, at: Point(x: 10, y: 10), width: 400, height: 40)
        let ink = try #require(inkBounds(truncated))
        #expect(ink.maxX < 10 + 181)
        var full = style
        full.truncation = .none
        let whole = try Self.render(
            TextLayout(text: TextLayoutTests.sentence, style: full, width: 180), at: Point(x: 10, y: 10), width: 400, height: 40)
        var sameStart = true
        for y in 0..<40 { for x in 0..<40 where truncated.pixel(x: x, y: y) != whole.pixel(x: x, y: y) { sameStart = false } }
        #expect(sameStart == c.keepsStart)
    }

    @Test func shortTextIsNotTruncated() {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 16, isWrapped: false, truncation: .end)
        #expect(!TextLayout(text: "Short", style: style, width: 180).isTruncated)
    }

    @Test(arguments: [TextLayoutTests.sans, TextLayoutTests.gothic])
    func wrappedTextTruncatesTheLastLineThatFits(_ base: TextStyle) {
        var style = base
        style.truncation = .end
        let text = base == TextLayoutTests.sans ? TextLayoutTests.sentence : TextLayoutTests.japanese
        let free = TextLayout(text: text, style: style, width: 110)
        let limited = TextLayout(text: text, style: style, width: 110, maximumHeight: 45)
        #expect(!free.isTruncated && free.size.height > 45)
        #expect(limited.isTruncated && limited.size.height <= 45 && limited.lineCount >= 1)
        #expect(limited.lineCount < free.lineCount)
        for line in limited.lineFrames { #expect(line.maxX <= 110 + TextLayoutTests.unit) }
    }

    /// Text scales with the context and keeps its layout: at 2× the ink is twice as large.
    @Test func drawingIntoAScaledContextScalesTheText() throws {
        let layout = TextLayout(text: "Scale me evenly", style: TextLayoutTests.sans, width: nil)
        let one = try #require(inkBounds(try Self.render(layout, at: Point(x: 5, y: 5))))
        let two = try #require(inkBounds(try Self.render(layout, at: Point(x: 5, y: 5), scale: 2)))
        #expect(abs(Double(two.maxX - two.minX) - 2 * Double(one.maxX - one.minX)) <= 3)
        #expect(abs(Double(two.maxY - two.minY) - 2 * Double(one.maxY - one.minY)) <= 3)
        #expect(abs(Double(two.minX) - 2 * Double(one.minX)) <= 2)
    }

    @Test func textUsesTheStyleColour() throws {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 40, color: Color(red: 0.1, green: 0.6, blue: 0.3))
        let bitmap = try Self.render(TextLayout(text: "█", style: style, width: nil), at: Point(x: 0, y: 0), width: 60, height: 60)
        expectPixel(bitmap, 10, 30, style.color, tolerance: 1)
    }
}
