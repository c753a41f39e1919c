import Dispatch
import Foundation
import KinemaGeometry
import KinemaGraphics
import Testing

/// A sample with everything the module draws: shapes, strokes, all three gradients, an image
/// and text in Latin and Japanese.
enum Sample {
    static let size = (width: 480, height: 320)

    static func draw(into context: GraphicsContext, sharedText: TextLayout? = nil) throws {
        context.fillLinearGradient(
            Gradient(colors: [Color(red: 0.95, green: 0.97, blue: 1), Color(red: 0.8, green: 0.87, blue: 0.98)]), start: .zero,
            end: Point(x: 0, y: 320))
        let bubble = Path(rect: Rect(x: 20, y: 20, width: 280, height: 180), cornerRadius: 24)
        context.fill(bubble, color: .white)
        context.stroke(bubble, color: Color(red: 0.2, green: 0.45, blue: 0.9), style: StrokeStyle(lineWidth: 3, lineJoin: .round))
        let text =
            sharedText
            ?? TextLayout(
                text: "Tap here to start.\nこんにちは、世界。日本語の折り返しを確かめます。",
                style: TextStyle(fontName: "Helvetica", fontSize: 17, color: Color(white: 0.15), lineSpacing: 2), width: 248)
        context.drawText(text, at: Point(x: 36, y: 36))
        context.saveGState()
        context.clip(to: Path(ellipseIn: Rect(x: 320, y: 20, width: 140, height: 140)))
        context.fillConicGradient(
            Gradient(colors: [.red, .yellow, .green, .cyan, .blue, .magenta, .red]), center: Point(x: 390, y: 90), startAngle: -.pi / 2)
        context.restoreGState()
        context.saveGState()
        context.clip(to: Rect(x: 320, y: 180, width: 140, height: 120))
        context.fillRadialGradient(
            Gradient(colors: [.white, .orange, .purple], locations: [0, 0.4, 1]), startCenter: Point(x: 370, y: 220), startRadius: 4,
            endCenter: Point(x: 390, y: 240), endRadius: 90)
        context.restoreGState()
        context.saveGState()
        context.translateBy(x: 160, y: 255)
        context.rotate(by: -0.2)
        context.stroke(
            Path(rect: Rect(x: -120, y: -30, width: 240, height: 60), cornerRadius: 12), color: .purple,
            style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [14, 8], dashPhase: 4))
        context.restoreGState()
        let checker = try Bitmap(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { checker.row(y)[x] = (x + y).isMultiple(of: 2) ? 0xff33_3333 : 0xffee_eeee } }
        context.setAlpha(0.8)
        context.draw(checker, in: Rect(x: 36, y: 150, width: 40, height: 40), filter: .nearest)
        context.draw(checker, in: Rect(x: 86, y: 150, width: 40, height: 40), filter: .bilinear)
    }

    static func render(sharedText: TextLayout? = nil) throws -> Bitmap {
        let bitmap = try Bitmap(width: size.width, height: size.height)
        do {
            let context = GraphicsContext(bitmap: bitmap)
            try draw(into: context, sharedText: sharedText)
        }
        return bitmap
    }
}

/// Collects results written from several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var hashes: [UInt64] = []
    func append(_ h: UInt64) { lock.withLock { hashes.append(h) } }
    var all: [UInt64] { lock.withLock { hashes } }
}

@Suite("Determinism")
struct DeterminismTests {
    @Test func theSameDrawingGivesTheSameBytes() throws {
        let first = try Sample.render()
        let second = try Sample.render()
        #expect(first.hasSamePixels(as: second))
        #expect(first.contentHash == second.contentHash)
        #expect(inkBounds(first) != nil)
        if let directory = ProcessInfo.processInfo.environment["KINEMA_SAMPLE_DIR"] {
            try first.writePNG(to: directory + "/graphics-sample.png")
        }
    }

    @Test(arguments: [2, 4])
    func drawingOnSeveralThreadsAtOnceGivesTheSameBytes(threads: Int) throws {
        let expected = try Sample.render().contentHash
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            if let bitmap = try? Sample.render() { results.append(bitmap.contentHash) }
        }
        #expect(results.all.count == threads)
        #expect(results.all.allSatisfy { $0 == expected }, "\(results.all) vs \(expected)")
    }

    /// One layout, made on this thread, drawn from several threads at the same time.
    @Test func aSharedLayoutDrawsTheSameOnEveryThread() throws {
        let layout = TextLayout(
            text: "Shared layout — 共有レイアウト", style: TextStyle(fontName: "Sans", fontSize: 15, alignment: .center), width: 240)
        let expected = try Sample.render(sharedText: layout).contentHash
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let bitmap = try? Sample.render(sharedText: layout) { results.append(bitmap.contentHash) }
        }
        #expect(results.all == [UInt64](repeating: expected, count: 4))
    }

    /// Layouts measured on several threads at once agree with one measured alone.
    @Test func layoutsMadeOnSeveralThreadsMeasureTheSame() {
        let text = TextLayoutTests.japanese + " " + TextLayoutTests.sentence
        let expected = TextLayout(text: text, style: TextLayoutTests.sans, width: 140)
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let layout = TextLayout(text: text, style: TextLayoutTests.sans, width: 140)
            let same = layout.size == expected.size && layout.lineFrames == expected.lineFrames
            results.append(same ? 1 : 0)
        }
        #expect(results.all == [UInt64](repeating: 1, count: 8))
    }
}
