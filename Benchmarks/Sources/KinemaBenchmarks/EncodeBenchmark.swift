import Foundation
import Kinema

/// Rendering while encoding (issue 19): `kinema demo tutorial` end to end, as `kinema render`
/// runs it (frames drawn on every core by `FramePipeline` while ffmpeg encodes the ones before
/// them; a GIF asks for the frames twice, its palette first), beside its floor: the same sink,
/// so the same ffmpeg commands, fed the same frames read back from a raw file, with nothing to
/// draw. Both write the same file, byte for byte. Interleaved, best of N rounds.
enum EncodeBenchmark {
    static func run(format: OutputFormat, rounds: Int) throws {
        // As `kinema render` does.
        MallocTuning.returnLargeBlocks()
        guard let document = try DemoScenes.document(named: "tutorial") else { throw CommandLineError("no tutorial demo") }
        let fps = format == .gif ? 50.0 : 60.0
        let times = Array(try FrameTimes(from: 0, to: document.duration, framesPerSecond: fps))
        let folder = NSTemporaryDirectory() + "kinema-encode-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // The frames once, raw, for the floor.
        let raw = folder + "/frames.bgra"
        let dump = try RawFileSink(path: raw)
        try pipeline(document, times: times, spares: SpareFrames()).run(into: dump)
        try dump.finish()
        guard let size = dump.size else { throw CommandLineError("no frames") }
        print("demo `tutorial`, \(size.width)×\(size.height), \(times.count) frames, \(format.rawValue) at \(Int(fps)) fps:")

        let clock = ContinuousClock()
        var floor = Double.infinity, kinema = Double.infinity
        for round in 1...max(rounds, 1) {
            let floorPath = folder + "/floor.\(format.rawValue)", kinemaPath = folder + "/kinema.\(format.rawValue)"
            var start = clock.now
            let floorSink = try format.makeSink(path: floorPath, frameCount: times.count, framesPerSecond: fps)
            for pass in 0..<floorSink.passCount {
                try floorSink.beginPass(pass)
                try RawFileSink.replay(raw, width: size.width, height: size.height, into: floorSink)
            }
            try floorSink.finish()
            let f = seconds(clock.now - start)

            start = clock.now
            let spares = SpareFrames()
            let sink = GivingBack(try format.makeSink(path: kinemaPath, frameCount: times.count, framesPerSecond: fps), to: spares)
            let frames = pipeline(document, times: times, spares: spares)
            for pass in 0..<sink.passCount {
                try sink.beginPass(pass)
                try frames.run(into: sink)
            }
            try sink.finish()
            let k = seconds(clock.now - start)
            let same = FileManager.default.contentsEqual(atPath: floorPath, andPath: kinemaPath)
            print(
                "  round \(round): ffmpeg alone \(String(format: "%.2f", f)) s, Kinema end to end \(String(format: "%.2f", k)) s"
                    + " (\(String(format: "%.2f", k / f))×)\(same ? "" : "; the files differ!")")
            floor = min(floor, f)
            kinema = min(kinema, k)
        }
        print(
            "  best: ffmpeg alone \(String(format: "%.2f", floor)) s, Kinema \(String(format: "%.2f", kinema)) s: \(String(format: "%.2f", kinema / floor))× the floor"
        )
    }

    /// The demo's frames drawn on every core, in order, as `kinema render` draws them: over the
    /// frames already written, from `spares`, redrawn only where their trees and the new one's
    /// differ.
    static func pipeline(_ document: SceneDocument, times: [Double], spares: SpareFrames) -> FramePipeline {
        let renderer = Renderer()
        return FramePipeline(frameCount: times.count, threadCount: ProcessInfo.processInfo.activeProcessorCount) {
            let scene = Scene(document: document)
            return { index in
                scene.advance(to: times[index])
                return try renderer.render(
                    scene.rootLayer.renderTree(at: times[index]), size: document.size, scale: document.scale,
                    background: document.background, drawingOver: spares)
            }
        }
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
}

/// Passes frames to a sink, then gives them back to be drawn over.
final class GivingBack: FrameSink {
    let sink: any FrameSink
    let spares: SpareFrames
    init(_ sink: any FrameSink, to spares: SpareFrames) {
        self.sink = sink
        self.spares = spares
    }
    var passCount: Int { sink.passCount }
    func beginPass(_ index: Int) throws(RenderError) { try sink.beginPass(index) }
    func write(_ frame: Bitmap) throws(RenderError) {
        try sink.write(frame)
        spares.give(frame)
    }
    func finish() throws(RenderError) { try sink.finish() }
    func abandon() { sink.abandon() }
}

/// Writes frames' pixels, row after row, to a file; reads them back into a sink.
final class RawFileSink: FrameSink {
    private let handle: FileHandle
    private(set) var size: (width: Int, height: Int)?

    init(path: String) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    func write(_ frame: Bitmap) throws(RenderError) {
        size = (frame.width, frame.height)
        let rowBytes = frame.width * 4
        var data = Data(count: rowBytes * frame.height)
        data.withUnsafeMutableBytes { out in
            for y in 0..<frame.height { (out.baseAddress! + y * rowBytes).copyMemory(from: frame.row(y), byteCount: rowBytes) }
        }
        handle.write(data)
    }

    func finish() throws(RenderError) { try? handle.close() }

    /// Every frame of `path` written to `sink`, in order: read straight into one bitmap, which
    /// the sink has copied into ffmpeg's pipe by the time `write` returns.
    static func replay(_ path: String, width: Int, height: Int, into sink: any FrameSink) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw CommandLineError("cannot open \(path)") }
        defer { close(fd) }
        let frame = try Bitmap(width: width, height: height)
        let rowBytes = width * 4
        while true {
            for y in 0..<height {
                var done = 0
                while done < rowBytes {
                    let n = read(fd, UnsafeMutableRawPointer(frame.row(y)) + done, rowBytes - done)
                    if n == 0 && y == 0 && done == 0 { return }
                    guard n > 0 else { throw CommandLineError("\(path) ends inside a frame") }
                    done += n
                }
            }
            try sink.write(frame)
        }
    }
}
