import Foundation
import Kinema

/// Renderer benchmark (issue 3): the `layers` demo at its own scale (750 × 1334 pixels), 180
/// frames at 30 fps over its 6 seconds, rendered (a) on one thread by one scene advancing frame
/// by frame, and (b) through `FramePipeline` on every core, frames discarded. Also reports the
/// first frame alone (content rasterisation and font loading included) and one frame `memcpy`.
struct DemoBenchmarkResult {
    var singleThreadMsPerFrame: Double
    var allCoresMsPerFrame: Double
    var threads: Int
    var firstFrameMs: Double
    var checksum: UInt64
}

private final class DiscardingSink: FrameSink {
    var frames = 0
    var checksum: UInt64 = 0
    func write(_ frame: Bitmap) throws(RenderError) {
        frames += 1
        checksum &+= UInt64(frame.pixel(x: frame.width / 2, y: frame.height / 2))
    }
    func finish() throws(RenderError) {}
}

func demoBenchmark(frames: Int = 180) throws -> DemoBenchmarkResult {
    let document = try SceneDocument.decode(DemoScenes.layers)
    let fps = Double(frames) / document.duration
    let clock = ContinuousClock()

    // First frame, cold: a new renderer and scene.
    let coldStart = clock.now
    do {
        let scene = Scene(document: document)
        scene.advance(to: 0)
        _ = try Renderer().render(
            scene.rootLayer.renderTree(at: 0), size: document.size, scale: document.scale, background: document.background)
    }
    let first = clock.now - coldStart

    // One thread, one scene moving forwards.
    let renderer = Renderer()
    let scene = Scene(document: document)
    var checksum: UInt64 = 0
    let singleStart = clock.now
    for i in 0..<frames {
        let t = Double(i) / fps
        scene.advance(to: t)
        let b = try renderer.render(
            scene.rootLayer.renderTree(at: t), size: document.size, scale: document.scale, background: document.background)
        checksum &+= UInt64(b.pixel(x: b.width / 2, y: b.height / 2))
    }
    let single = clock.now - singleStart

    // Every core through the pipeline.
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let shared = Renderer()
    let pipeline = FramePipeline(frameCount: frames, threadCount: threads) {
        let scene = Scene(document: document)
        return { i in
            let t = Double(i) / fps
            scene.advance(to: t)
            return try shared.render(
                scene.rootLayer.renderTree(at: t), size: document.size, scale: document.scale, background: document.background)
        }
    }
    let sink = DiscardingSink()
    let parallelStart = clock.now
    try pipeline.run(into: sink)
    let parallel = clock.now - parallelStart
    precondition(sink.checksum == checksum, "the pipeline's frames differ from the single-threaded ones")

    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15 }
    return DemoBenchmarkResult(
        singleThreadMsPerFrame: ms(single) / Double(frames), allCoresMsPerFrame: ms(parallel) / Double(frames), threads: threads,
        firstFrameMs: ms(first), checksum: checksum)
}
