import CRlottie
import Foundation
import Kinema

/// Lottie playback (issue 21): `Resources/lottie-benchmark.json`, a one-second 512 × 512
/// animation at 60 fps of typical complexity (seven layers: shape layers with groups, fills,
/// strokes, a gradient, a trim path, a morphing path, a polystar, eased keyframes, and a
/// precomposition placed twice with parenting inside), rendered to 60 PNG files' bytes on one
/// thread by Kinema (`Renderer` + `Bitmap.pngData`) and by rlottie (Debian's librlottie, its C
/// API, drawing into a `Bitmap` encoded by the same `pngData`), so only the drawing differs.
/// Interleaved rounds, which one goes first alternating; the best round of each is compared.
/// PNG encoding takes most of each frame, and its time depends on the pixels, so drawing alone
/// and encoding alone (each renderer's own frames) are timed too.
///
/// Then `kinema render ANIM.json -o x.mp4` as the tool runs it (frames drawn on every core by
/// `FramePipeline` while ffmpeg encodes, on white) beside ffmpeg alone fed the same frames, as
/// `EncodeBenchmark` measures the tutorial demo.
enum LottieBenchmark {
    static func run(rounds: Int) throws {
        guard let url = Bundle.module.url(forResource: "lottie-benchmark", withExtension: "json") else {
            throw CommandLineError("lottie-benchmark.json is missing from the bundle")
        }
        let data = try Data(contentsOf: url)
        let clock = ContinuousClock()

        // Setting up, once each: decoding and building the layers; rlottie's parsing.
        var start = clock.now
        let animation = try LottieAnimation(data: data)
        let layer = animation.makeLayer()
        let kinemaSetup = seconds(clock.now - start)
        start = clock.now
        guard let rlottie = String(decoding: data, as: UTF8.self).withCString({ lottie_animation_from_data($0, "", "") }) else {
            throw CommandLineError("rlottie cannot read lottie-benchmark.json")
        }
        defer { lottie_animation_destroy(rlottie) }
        let rlottieSetup = seconds(clock.now - start)

        let width = Int(animation.size.width), height = Int(animation.size.height)
        let frames = Int(lottie_animation_get_totalframe(rlottie))
        print("lottie-benchmark.json, \(width)×\(height), \(frames) frames at \(Int(animation.framerate)) fps, to PNG, one thread:")
        print("  setting up: Kinema \(ms(kinemaSetup)) ms (decode and build the layers), rlottie \(ms(rlottieSetup)) ms (parse)")

        let renderer = Renderer()
        var kinemaFrame: Bitmap?
        let rlottieFrame = try Bitmap(width: width, height: height)
        /// Every frame drawn by Kinema and encoded; the PNG bytes' total.
        func kinemaRound() throws -> Int {
            var bytes = 0
            for f in 0..<frames {
                let tree = layer.renderTree(at: animation.time(forFrame: Double(f)))
                let bitmap = try renderer.render(tree, size: animation.size, scale: 1, background: nil, reusing: kinemaFrame)
                bytes += try bitmap.pngData().count
                kinemaFrame = bitmap
            }
            return bytes
        }
        func rlottieRound() throws -> Int {
            var bytes = 0
            for f in 0..<frames {
                // rlottie numbers frames from the in point and clears the buffer itself.
                lottie_animation_render(
                    rlottie, f, rlottieFrame.data.assumingMemoryBound(to: UInt32.self), width, height, rlottieFrame.stride)
                bytes += try rlottieFrame.pngData().count
            }
            return bytes
        }

        // The two draw the same frames: compare the middle one (premultiplied channels).
        _ = try kinemaRound()
        _ = try rlottieRound()
        let middle = frames / 2
        lottie_animation_render(rlottie, middle, rlottieFrame.data.assumingMemoryBound(to: UInt32.self), width, height, rlottieFrame.stride)
        let ours = try renderer.render(layer.renderTree(at: animation.time(forFrame: Double(middle))), size: animation.size, scale: 1)
        let (mean, share) = difference(ours, rlottieFrame)
        print(
            "  frame \(middle), Kinema vs rlottie: mean difference \(String(format: "%.2f", mean)) levels, "
                + "\(String(format: "%.2f", share * 100)) % of pixels off by more than 16")

        var kinemaTimes: [Double] = [], rlottieTimes: [Double] = []
        var kinemaBytes = 0, rlottieBytes = 0
        for round in 1...max(rounds, 1) {
            let kinemaFirst = round % 2 == 1
            for turn in 0..<2 {
                start = clock.now
                if (turn == 0) == kinemaFirst {
                    kinemaBytes = try kinemaRound()
                    kinemaTimes.append(seconds(clock.now - start))
                } else {
                    rlottieBytes = try rlottieRound()
                    rlottieTimes.append(seconds(clock.now - start))
                }
            }
            let k = kinemaTimes.last!, r = rlottieTimes.last!
            print(
                "  round \(round): Kinema \(ms(k / Double(frames))) ms/frame, rlottie \(ms(r / Double(frames))) ms/frame"
                    + " (\(String(format: "%.2f", k / r))×)")
        }
        let k = kinemaTimes.min()!, r = rlottieTimes.min()!
        print(
            "  best: Kinema \(ms(k / Double(frames))) ms/frame, rlottie \(ms(r / Double(frames))) ms/frame: "
                + "Kinema / rlottie = \(String(format: "%.2f", k / r))× (PNG bytes per round: Kinema \(kinemaBytes), rlottie \(rlottieBytes))"
        )

        // Drawing alone, and encoding alone (each renderer's own frames, kept), without the other.
        var kinemaFrames: [Bitmap] = [], rlottieFrames: [Bitmap] = []
        for f in 0..<frames {
            kinemaFrames.append(
                try renderer.render(layer.renderTree(at: animation.time(forFrame: Double(f))), size: animation.size, scale: 1))
            lottie_animation_render(rlottie, f, rlottieFrame.data.assumingMemoryBound(to: UInt32.self), width, height, rlottieFrame.stride)
            rlottieFrames.append(rlottieFrame.copy())
        }
        var drawK = Double.infinity, drawR = Double.infinity, encodeK = Double.infinity, encodeR = Double.infinity
        var treeK = Double.infinity
        for _ in 0..<max(rounds, 1) {
            start = clock.now
            for f in 0..<frames { _ = layer.renderTree(at: animation.time(forFrame: Double(f))) }
            treeK = min(treeK, seconds(clock.now - start))
            start = clock.now
            for f in 0..<frames {
                kinemaFrame = try renderer.render(
                    layer.renderTree(at: animation.time(forFrame: Double(f))), size: animation.size, scale: 1, background: nil,
                    reusing: kinemaFrame)
            }
            drawK = min(drawK, seconds(clock.now - start))
            start = clock.now
            for f in 0..<frames {
                lottie_animation_render(
                    rlottie, f, rlottieFrame.data.assumingMemoryBound(to: UInt32.self), width, height, rlottieFrame.stride)
            }
            drawR = min(drawR, seconds(clock.now - start))
            start = clock.now
            for frame in kinemaFrames { _ = try frame.pngData() }
            encodeK = min(encodeK, seconds(clock.now - start))
            start = clock.now
            for frame in rlottieFrames { _ = try frame.pngData() }
            encodeR = min(encodeR, seconds(clock.now - start))
        }
        let n = Double(frames)
        print(
            "  drawing alone (best): Kinema \(ms(drawK / n)) ms/frame, rlottie \(ms(drawR / n)) ms/frame "
                + "(\(String(format: "%.2f", drawK / drawR))×)")
        print("  of Kinema's drawing, its render trees alone (best): \(ms(treeK / n)) ms/frame")
        print("  PNG encoding alone (best): Kinema's frames \(ms(encodeK / n)) ms/frame, rlottie's \(ms(encodeR / n)) ms/frame")

        try endToEnd(animation: animation, rounds: rounds)
    }

    /// `kinema render ANIM.json -o x.mp4` in process, as the tool runs it, beside ffmpeg alone.
    static func endToEnd(animation: LottieAnimation, rounds: Int) throws {
        MallocTuning.returnLargeBlocks()
        let fps = animation.framerate
        let times = Array(try FrameTimes(from: 0, to: animation.duration, framesPerSecond: fps))
        let folder = NSTemporaryDirectory() + "kinema-lottie-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let format = OutputFormat.mp4

        let raw = folder + "/frames.bgra"
        let dump = try RawFileSink(path: raw)
        try pipeline(animation, times: times, spares: SpareFrames()).run(into: dump)
        try dump.finish()
        guard let size = dump.size else { throw CommandLineError("no frames") }
        print("kinema render lottie-benchmark.json -o x.mp4 (\(size.width)×\(size.height), \(times.count) frames, on white):")

        let clock = ContinuousClock()
        var floor = Double.infinity, kinema = Double.infinity
        for round in 1...max(rounds, 1) {
            let floorPath = folder + "/floor.mp4", kinemaPath = folder + "/kinema.mp4"
            var start = clock.now
            let floorSink = try format.makeSink(path: floorPath, frameCount: times.count, framesPerSecond: fps)
            try floorSink.beginPass(0)
            try RawFileSink.replay(raw, width: size.width, height: size.height, into: floorSink)
            try floorSink.finish()
            let f = EncodeBenchmark.seconds(clock.now - start)

            start = clock.now
            let spares = SpareFrames()
            let sink = GivingBack(try format.makeSink(path: kinemaPath, frameCount: times.count, framesPerSecond: fps), to: spares)
            try sink.beginPass(0)
            try pipeline(animation, times: times, spares: spares).run(into: sink)
            try sink.finish()
            let k = EncodeBenchmark.seconds(clock.now - start)
            let same = FileManager.default.contentsEqual(atPath: floorPath, andPath: kinemaPath)
            print(
                "  round \(round): ffmpeg alone \(String(format: "%.3f", f)) s, Kinema end to end \(String(format: "%.3f", k)) s"
                    + " (\(String(format: "%.2f", k / f))×)\(same ? "" : "; the files differ!")")
            floor = min(floor, f)
            kinema = min(kinema, k)
        }
        print(
            "  best: ffmpeg alone \(String(format: "%.3f", floor)) s, Kinema \(String(format: "%.3f", kinema)) s: "
                + "\(String(format: "%.2f", kinema / floor))× the floor")
    }

    /// The animation's frames drawn on every core, on white, as `kinema render` draws an MP4's.
    static func pipeline(_ animation: LottieAnimation, times: [Double], spares: SpareFrames) -> FramePipeline {
        let renderer = Renderer()
        return FramePipeline(frameCount: times.count, threadCount: ProcessInfo.processInfo.activeProcessorCount) {
            let root = animation.makeLayer()
            return { index in
                try renderer.render(
                    root.renderTree(at: times[index]), size: animation.size, scale: 1, background: .white, reusing: spares.take())
            }
        }
    }

    /// The mean absolute difference of the premultiplied channels (0–255), and the share of
    /// pixels differing by more than 16 in some channel.
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (mean: Double, share: Double) {
        var total = 0, over = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y)
            for x in 0..<a.width {
                var largest = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let d = abs(Int((ra[x] >> shift) & 0xff) - Int((rb[x] >> shift) & 0xff))
                    total += d
                    largest = max(largest, d)
                }
                if largest > 16 { over += 1 }
            }
        }
        let pixels = Double(a.width * a.height)
        return (Double(total) / (pixels * 4), Double(over) / pixels)
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
    static func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }
}
