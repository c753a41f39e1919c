import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import Testing

@Suite("Demo frames are pinned")
struct DemoDeterminismTests {
    static let times = [0.0, 0.75, 1.8, 2.5, 3.9, 5.25]

    /// FNV-1a hashes of the `layers` demo's frames at `times`, at scale 1, rendered by fresh
    /// scenes. Any change to the pixels changes these: re-pin them only after looking at the
    /// frames (`kinema render --demo --at T -o frame.png`).
    static let pinned: [UInt64] = [
        0xc323_27af_cc97_0357, 0x1234_6674_ddf2_ca79, 0x1d8b_5b4f_9da6_4887, 0xa105_019a_3fca_62e3, 0x5344_6c82_3c51_5510,
        0xb2d2_9836_3729_98b7,
    ]

    static func frames(renderer: Renderer) throws -> [Bitmap] {
        let document = try SceneDocument.decode(DemoScenes.layers)
        return try times.map { t in
            let scene = Scene(document: document)
            scene.advance(to: t)
            return try renderer.render(scene.rootLayer.renderTree(at: t), size: document.size, scale: 1, background: document.background)
        }
    }

    @Test func demoFrameHashesArePinned() throws {
        let hashes = try Self.frames(renderer: Renderer()).map(\.contentHash)
        #expect(hashes == Self.pinned, "frame hashes: \(hashes.map { "0x" + String($0, radix: 16) }.joined(separator: ", "))")
    }

    @Test func oneSceneAdvancedThroughEveryFrameGivesTheSameFrames() throws {
        let document = try SceneDocument.decode(DemoScenes.layers)
        let renderer = Renderer()
        let fresh = try Self.frames(renderer: renderer)
        let scene = Scene(document: document)
        for (i, t) in Self.times.enumerated() {
            scene.advance(to: t)
            let frame = try renderer.render(
                scene.rootLayer.renderTree(at: t), size: document.size, scale: 1, background: document.background)
            #expect(frame.hasSamePixels(as: fresh[i]), "frame at \(t) s")
        }
    }
}
