import Foundation
import KinemaGeometry
import KinemaGraphics
import Testing

/// The landing page's example (KinemaGraphics.docc/KinemaGraphics.md), run as written.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test func landingPageExample() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-doc-\(UUID().uuidString)-bubble.png").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        // 300 × 160 points at 2 pixels per point.
        let bitmap = try Bitmap(width: 600, height: 320)
        let context = GraphicsContext(bitmap: bitmap)
        context.scaleBy(x: 2, y: 2)

        // A rounded rectangle with a border.
        let body = Path(rect: Rect(x: 10, y: 10, width: 280, height: 140), cornerRadius: 16)
        context.fill(body, color: .white)
        context.stroke(body, color: .blue, style: StrokeStyle(lineWidth: 2, lineJoin: .round))

        // Text wrapped to 248 points; Japanese wraps between characters.
        let style = TextStyle(fontName: "Sans", fontSize: 17, color: .darkGray)
        let text = TextLayout(
            text: "Tap the button to begin. ボタンをタップして始めましょう。",
            style: style, width: 248)
        #expect(text.lineCount == 2)
        context.drawText(text, at: Point(x: 26, y: 26))

        // Finish drawing, then write the file.
        context.flush()
        try bitmap.writePNG(to: path)

        let written = try Bitmap(pngFile: path)
        #expect(written.hasSamePixels(as: bitmap))
        expectPixel(written, 100, 280, .white)
        expectPixel(written, 21, 100, .blue, tolerance: 1)
        if let directory = ProcessInfo.processInfo.environment["KINEMA_SAMPLE_DIR"] {
            try bitmap.writePNG(to: directory + "/graphics-doc-example.png")
        }
    }
}
