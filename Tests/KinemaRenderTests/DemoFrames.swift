import KinemaGraphics
import KinemaRender
import KinemaScenes
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

    /// Checks the fresh frames' hashes against `pinned`, and that one advanced scene gives the
    /// same pixels as fresh ones.
    func check(pinned: [UInt64], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try fresh()
        let hashes = fresh.map(\.contentHash)
        #expect(
            hashes == pinned, "frame hashes: \(hashes.map { "0x" + String($0, radix: 16) }.joined(separator: ", "))",
            sourceLocation: sourceLocation)
        for (i, frame) in try advanced().enumerated() {
            #expect(frame.hasSamePixels(as: fresh[i]), "frame at \(times[i]) s", sourceLocation: sourceLocation)
        }
    }
}
