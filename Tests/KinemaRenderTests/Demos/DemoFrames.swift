import KinemaGraphics
import KinemaRender
import KinemaScenes
import TestSupport
import Testing

/// Renders a demo's frames for the pinned-hash suites: each frame from a fresh scene, or every
/// frame from one scene advanced through the times (the two must give the same pixels).
struct DemoFrames {
    let document: SceneDocument
    let times: [Double]
    let renderer = Renderer()

    /// The frame at `t` of `scene`, at scale 1.
    func render(_ scene: Scene, at t: Double) throws -> Bitmap {
        try renderer.render(scene.rootLayer.renderTree(at: t), size: document.size, scale: 1, background: document.background)
    }

    /// Each frame rendered by a fresh scene played to its time.
    func fresh() throws -> [Bitmap] {
        try times.map { t in
            let scene = Scene(document: document)
            scene.advance(to: t)
            return try render(scene, at: t)
        }
    }

    /// Every frame from one scene advanced through the times in order.
    func advanced() throws -> [Bitmap] {
        let scene = Scene(document: document)
        return try times.map { t in
            scene.advance(to: t)
            return try render(scene, at: t)
        }
    }

    /// Checks the fresh frames against the goldens of `suite` (one per time, `t<seconds>`) with
    /// the rendering tolerance, and that one advanced scene gives exactly the same pixels as fresh
    /// ones. The demos draw text, whose pixels follow the installed fonts' build; goldens with a
    /// tolerance let a new font build pass where exact hashes would fail (frames without text are
    /// pinned exactly elsewhere).
    func check(suite: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try fresh()
        for (i, frame) in fresh.enumerated() {
            let result = GoldenImage.check(frame, suite: suite, name: "t\(times[i])", tolerance: .rendering)
            #expect(result == .matches, "frame at \(times[i]) s: \(result)", sourceLocation: sourceLocation)
        }
        for (i, frame) in try advanced().enumerated() {
            #expect(frame.hasSamePixels(as: fresh[i]), "frame at \(times[i]) s", sourceLocation: sourceLocation)
        }
    }
}
