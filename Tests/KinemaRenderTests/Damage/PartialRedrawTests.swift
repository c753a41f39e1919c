import KinemaGraphics
import KinemaRender
import KinemaScenes
import Testing

/// A retained frame redrawn only where the render tree changed gives, frame after frame of the
/// built-in demos, exactly the pixels of a full render.
@Suite("Partial redraws of the demos match full renders")
struct PartialRedrawTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let demo: String
        let scale: Double
        /// The frames: `count` of them, `step` seconds apart from `start`.
        let start: Double, step: Double, count: Int
        /// Threads drawing each frame (the live window draws on every core).
        var threads = 1
        var testDescription: String { "\(demo) at scale \(scale)" + (threads > 1 ? " on \(threads) threads" : "") }
        var times: [Double] { (0..<count).map { start + Double($0) * step } }
    }

    /// Every demo through its motion at scale 1, and the moments with the most going on at the
    /// live window's scale 2, drawn on two threads as the live window draws them: the collapse's
    /// fall and push, the tutorial's popovers, the views' transitions.
    static let cases = [
        Case(demo: "layers", scale: 1, start: 0, step: 0.1, count: 62),
        Case(demo: "tutorial", scale: 1, start: 0, step: 0.1, count: 100),
        Case(demo: "views", scale: 1, start: 0, step: 0.1, count: 62),
        Case(demo: "collapse", scale: 1, start: 0, step: 0.1, count: 62),
        Case(demo: "collapse", scale: 2, start: 0.45, step: 1 / 60, count: 20, threads: 2),
        Case(demo: "collapse", scale: 2, start: 3.45, step: 1 / 60, count: 20, threads: 2),
        Case(demo: "tutorial", scale: 2, start: 0.7, step: 1 / 30, count: 20, threads: 2),
        Case(demo: "views", scale: 2, start: 0.5, step: 1 / 30, count: 20, threads: 2),
        Case(demo: "zoom", scale: 1, start: 0.5, step: 0.2, count: 66),
    ]

    @Test(arguments: cases)
    func partialRedrawsMatchFullRenders(_ c: Case) throws {
        let document = try #require(try DemoScenes.document(named: c.demo))
        let scene = Scene(document: document)
        let renderer = Renderer()
        let retained = try RetainedFrame(size: document.size, scale: c.scale, background: document.background, renderer: renderer)
        retained.threads = c.threads
        let whole = retained.bitmap.width * retained.bitmap.height
        var partial = 0, empty = 0
        for t in c.times {
            scene.advance(to: t)
            let tree = scene.rootLayer.renderTree(at: t)
            let region = try retained.render(tree)
            let full = try renderer.render(tree, size: document.size, scale: c.scale, background: document.background)
            #expect(retained.bitmap.hasSamePixels(as: full), "frame at \(t) s, redrawn in \(region)")
            if region.isEmpty { empty += 1 } else if region.area < whole { partial += 1 }
        }
        // The comparison means something only if some frames were redrawn in part.
        #expect(partial + empty > 0, "every frame was redrawn whole")
        #expect(partial > 0, "no frame was redrawn in part")
    }

    @Test func theFirstRenderAndOneAfterInvalidatingRedrawEverything() throws {
        let (root, card) = try DamageTests.scene()
        let frame = try RetainedFrame(size: DamageTests.size, scale: DamageTests.scale, background: .white)
        let whole = DamageRegion(PixelRect(x: 0, y: 0, width: 400, height: 300))
        #expect(try frame.render(root.renderTree(at: 0)) == whole)
        #expect(try frame.render(root.renderTree(at: 1)).isEmpty)
        card.position.y += 10
        let moved = try frame.render(root.renderTree(at: 1))
        #expect(!moved.isEmpty && moved.area < whole.area)
        frame.invalidate()
        #expect(try frame.render(root.renderTree(at: 1)) == whole)
        let full = try Renderer().render(root.renderTree(at: 1), size: DamageTests.size, scale: DamageTests.scale, background: .white)
        #expect(frame.bitmap.hasSamePixels(as: full))
    }
}
