import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import KinemaScenes

/// One rendering of a scene or a Lottie animation to a file, as `render` and `demo` run it.
struct RenderJob {
    var source: RenderSource
    /// The colour under every frame; `nil` keeps transparent pixels (PNG and APNG only).
    var background: Color?
    /// The scene times of the frames, seconds, increasing.
    var times: [Double]
    var framesPerSecond: Double
    var scale: Double
    var output: String
    var format: OutputFormat
    var threads: Int
    /// The renderer's memory budget, bytes (`--max-memory`).
    var memoryBudget = Renderer.defaultMemoryBudget
    var progress: ProgressReporter.Mode
    /// The scene file rendered, if not a demo: the output may not replace it.
    var sceneFile: String? = nil
    /// Whether a missing output folder is made (for `kinema demo`'s default `out/`); otherwise it
    /// is an error naming it.
    var makesFolder = false
    /// For a shard written as PNG frames: which frames of the whole render ``times`` are, and
    /// how many the whole render has, so the files carry the whole render's numbers.
    var numbering: (frames: Range<Int>, of: Int)? = nil

    /// Renders every frame into the output and returns the line that says what was written.
    ///
    /// Each file appears whole or not at all; Ctrl-C stops the render, removes the unfinished
    /// file and exits with status 130.
    func run() throws -> String {
        try checkOutput()
        // A render goes forward in time: frames freed are not needed again.
        MallocTuning.returnLargeBlocks()
        let sink: any FrameSink
        do {
            if let numbering {
                sink = try PNGSink(path: output, frames: numbering.frames, of: numbering.of)
            } else {
                sink = try format.makeSink(path: output, frameCount: times.count, framesPerSecond: framesPerSecond)
            }
        } catch {
            throw commandFailure(error)
        }
        // Frames written are drawn over again: the sinks copy a frame before `write` returns.
        let spares = SpareFrames()
        let measured = MeasuringSink(sink, afterWrite: spares.give)
        let source = self.source, times = self.times, scale = self.scale, background = self.background
        let renderer = Renderer(memoryBudget: memoryBudget)
        let pipeline = FramePipeline(frameCount: times.count, threadCount: threads) {
            let tree = source.makeTreeSource()
            return { index in
                try renderer.render(tree(times[index]), size: source.size, scale: scale, background: background, drawingOver: spares)
            }
        }
        // A GIF asks for the frames twice (its palette first), which keeps memory flat.
        let passes = measured.passCount, count = times.count
        let reporter = ProgressReporter(total: count * passes, mode: progress, passes: passes)
        do {
            try Interruption.shared.whileRunning(cleanup: { [measured] in measured.abandon() }) {
                for pass in 0..<passes {
                    try measured.beginPass(pass)
                    try pipeline.run(into: measured) { reporter.update(done: pass * count + $0) }
                }
                try sink.finish()
            }
        } catch let error as RenderError {
            // Abandoned here, not left to the sink's deinit: the signal handler's queue may still
            // hold the sink when the tool exits, and its temporary file would stay.
            measured.abandon()
            reporter.abandon()
            throw commandFailure(error)
        } catch {
            measured.abandon()
            reporter.abandon()
            throw CommandFailure(message: "error: \(error)")
        }
        reporter.finish()
        return summary(sink: sink, size: measured.size)
    }

    /// Checks the output before any frame is drawn: not a folder, not the scene file or an image
    /// it reads, and in a folder that exists (or is made, for a demo's default) and is writable.
    private func checkOutput() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandFailure(message: "error: -o/--output: '\(output)' is a folder; expected a file name")
        }
        let parent = URL(fileURLWithPath: output).deletingLastPathComponent()
        if makesFolder {
            do {
                try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(
                    message: "error: -o/--output: cannot create the folder '\(parent.path)': \(error.localizedDescription)")
            }
        }
        if let problem = OutputFile.problemWithFolder(of: output) {
            throw CommandFailure(message: "error: -o/--output: cannot write '\(output)': \(problem)")
        }
        // Files compare by device and inode, so no spelling of a name (symbolic links, a linked
        // folder, `..`, a hard link) hides an input.
        let outputs = format == .png ? framePaths() : [output]
        guard let (path, input) = FileIdentity.clash(outputs: outputs, inputs: [sceneFile].compactMap { $0 } + source.files) else {
            return
        }
        let what: String
        switch source {
        case .lottie:
            what = FileIdentity(input) == sceneFile.flatMap(FileIdentity.init) ? "the Lottie file" : "an image the Lottie file reads"
        case .scene: what = FileIdentity(input) == sceneFile.flatMap(FileIdentity.init) ? "the scene file" : "an image the scene reads"
        }
        throw CommandFailure(message: "error: -o/--output: '\(path)' is \(what) ('\(input)'); choose another output")
    }

    /// The files the PNG frames write.
    private func framePaths() -> [String] {
        let numbering = self.numbering ?? (0..<times.count, times.count)
        guard let sink = try? PNGSink(path: output, frames: numbering.frames, of: numbering.of) else { return [output] }
        return (0..<sink.frameCount).map(sink.path(forFrame:))
    }

    private func summary(sink: any FrameSink, size: (width: Int, height: Int)?) -> String {
        let count = times.count
        var files = output
        if let png = sink as? PNGSink, png.sequenceLength > 1 {
            files = png.path(forFrame: 0) + (count > 1 ? " … " + png.path(forFrame: count - 1) : "")
        }
        var text = "\(files) (\(count) frame\(count == 1 ? "" : "s")"
        if let size {
            text += ", \(size.width)×\(size.height) pixels"
            let encoded = format.encodedSize(width: size.width, height: size.height)
            if encoded != size { text += ", padded to \(encoded.width)×\(encoded.height) for H.264" }
        }
        return text + ")"
    }
}

/// `error` as the message the tool prints, with the library's argument names turned into the
/// options a user typed.
func commandFailure(_ error: RenderError) -> CommandFailure {
    if case .overMemoryBudget = error {
        return CommandFailure(message: "error: \(error.description) (--max-memory sets the budget, in MiB)")
    }
    guard case .invalidArgument(let name, let expected, let got) = error else {
        return CommandFailure(message: "error: \(error.description)")
    }
    let options = ["from": "--from", "to": "--to", "fps": "--fps", "scale": "--scale", "output": "-o/--output", "shard": "--shard"]
    if let option = options[name] {
        return CommandFailure(message: "error: \(option): expected \(expected), got \(got)")
    }
    if name == "frames" {
        return CommandFailure(message: "error: too many frames for --from, --to and --fps: expected \(expected), got \(got)")
    }
    return CommandFailure(message: "error: \(error.description)")
}

/// Passes frames on and remembers their size, for the summary; then hands each frame to
/// `afterWrite`, if given.
final class MeasuringSink: FrameSink, @unchecked Sendable {
    private let sink: any FrameSink
    private let afterWrite: ((Bitmap) -> Void)?
    private(set) var size: (width: Int, height: Int)?

    init(_ sink: any FrameSink, afterWrite: ((Bitmap) -> Void)? = nil) {
        self.sink = sink
        self.afterWrite = afterWrite
    }

    var passCount: Int { sink.passCount }

    func beginPass(_ index: Int) throws(RenderError) {
        try sink.beginPass(index)
    }

    func write(_ frame: Bitmap) throws(RenderError) {
        size = (frame.width, frame.height)
        try sink.write(frame)
        afterWrite?(frame)
    }

    func finish() throws(RenderError) {
        try sink.finish()
    }

    func abandon() {
        sink.abandon()
    }
}

extension RenderJob {
    /// Keeps only `shard`'s frames: an MP4 goes to the shard's segment (`film.2-of-4.mp4`), other
    /// formats to PNG frames numbered as in the whole render (`film-0120.png`), since a GIF's
    /// palette and an APNG need every frame; `kinema join` assembles either.
    mutating func restrict(toShard shard: Shard) throws {
        let all = times.count
        // Every part has a frame, or none of them runs: a job array of more parts than frames
        // fails whole instead of in some of its tasks.
        guard shard.count <= all else {
            throw CommandFailure(message: "error: --shard: expected at most \(all) parts for \(all) frames, got \(shard)")
        }
        let frames = shard.frames(of: all)
        times = Array(times[frames])
        if format == .mp4 {
            output = shard.segmentPath(for: output)
        } else {
            output = Self.pngPath(for: output)
            format = .png
            numbering = (frames, all)
        }
    }

    /// `output` with its extension replaced by `.png`.
    static func pngPath(for output: String) -> String {
        let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
        guard let dot = output[slash...].lastIndex(of: "."), dot != slash else { return output + ".png" }
        return String(output[..<dot]) + ".png"
    }
}
