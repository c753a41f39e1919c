import Foundation
import KinemaGraphics
import KinemaRender

/// How `kinema join` orders, checks and assembles the parts of a sharded render.
enum ShardJoin {
    /// `paths`, MP4 segments named `NAME.K-of-N.mp4`, in the order of K, after checking that
    /// they are the N parts of one render, each once.
    static func orderedSegments(_ paths: [String]) throws -> [String] {
        var byIndex: [Int: String] = [:]
        var count: Int?
        for path in paths {
            guard let shard = Shard.ofSegment(path) else {
                throw CommandFailure(message: "error: PARTS: '\(path)' is not named as a segment (NAME.K-of-N.mp4, as --shard writes)")
            }
            if let count, count != shard.count {
                throw CommandFailure(message: "error: PARTS: '\(path)' is a part of \(shard.count), the others of \(count)")
            }
            count = shard.count
            if let other = byIndex[shard.index] {
                throw CommandFailure(message: "error: PARTS: part \(shard) is given twice ('\(other)' and '\(path)')")
            }
            byIndex[shard.index] = path
        }
        let n = count ?? 0
        let missing = (1...max(n, 1)).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.prefix(5).map { "\($0)-of-\(n)" }.joined(separator: ", ")
            throw CommandFailure(
                message: "error: PARTS: expected all \(n) parts, missing \(missing.count): \(names)\(missing.count > 5 ? ", …" : "")")
        }
        return (1...n).compactMap { byIndex[$0] }
    }

    /// `paths`, PNG frames named `NAME-NNNN.png`, in the order of their numbers, after checking
    /// that the numbers follow one another.
    static func orderedFrames(_ paths: [String]) throws -> [String] {
        var numbered: [(number: Int, path: String)] = []
        for path in paths {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            guard let dash = stem.lastIndex(of: "-"), let number = Int(stem[stem.index(after: dash)...]),
                stem[stem.index(after: dash)...].allSatisfy(\.isNumber)
            else {
                throw CommandFailure(message: "error: PARTS: '\(path)' is not a numbered frame (NAME-0000.png, as --shard writes)")
            }
            numbered.append((number, path))
        }
        numbered.sort { $0.number < $1.number }
        for (a, b) in zip(numbered, numbered.dropFirst()) where b.number != a.number + 1 {
            let problem = b.number == a.number ? "is given twice" : "is missing"
            throw CommandFailure(
                message: "error: PARTS: frame \(a.number + (b.number == a.number ? 0 : 1)) \(problem) (after '\(a.path)')")
        }
        return numbered.map(\.path)
    }

    /// Concatenates MP4 segments into `output` without re-encoding (ffmpeg's concat demuxer with
    /// stream copy); `output` appears whole or not at all, holding every segment's frames (read
    /// back before it replaces anything), and nothing is left behind, whatever stops the join.
    static func concatenate(_ segments: [String], into output: String) throws(RenderError) {
        guard let ffmpeg = FFmpegSink.locate("ffmpeg") else { throw .missingEncoder(command: "ffmpeg", package: "ffmpeg") }
        // The concat demuxer's list: a `file '…'` line per segment (a quote written '\''), and
        // its exact duration: left to the demuxer, it is the container's, in milliseconds, and
        // each join would shift the frames after it by up to half a millisecond.
        var lines: [String] = []
        var frames = 0
        for path in segments {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            lines.append("file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'\n")
            lines.append("duration \(try videoDuration(of: path))\n")
            frames += try EncodedFileCheck.videoPackets(in: path)
        }
        let file: OutputFile
        do { file = try OutputFile(output) } catch { throw .graphics(.unwritableFile(path: error.path, reason: error.reason)) }
        // The list lives in the output's private folder, so that every way out removes it with the
        // unfinished output: an error, a signal.
        let list: String
        do { list = try file.writeWorkingFile("segments.txt", Array(lines.joined().utf8)) } catch {
            file.discard()
            throw .graphics(.unwritableFile(path: error.path, reason: error.reason))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-v", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", "-movflags", "+faststart",
            file.temporaryPath,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try Interruption.shared.whileRunning(
                cleanup: { [process] in
                    if process.isRunning { process.terminate() }
                    file.discard()
                }
            ) {
                try process.run()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                    let signal = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)\n" : ""
                    throw RenderError.encoderFailed(
                        command: "ffmpeg", status: process.terminationStatus,
                        message: signal + message.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                try EncodedFileCheck.verify(file.temporaryPath, holds: frames, output: output)
            }
            try file.commit()
        } catch let error as RenderError {
            file.discard()
            throw error
        } catch let error as OutputFileError {
            file.discard()
            throw .graphics(.unwritableFile(path: output, reason: error.description))
        } catch {
            file.discard()
            throw .encoderFailed(command: "ffmpeg", status: -1, message: "\(error)")
        }
    }

    /// The exact duration of a segment's video stream, seconds, as text (its length in its own
    /// time base, from ffprobe).
    static func videoDuration(of path: String) throws(RenderError) -> String {
        // "1/15360,5120": the time base, then the length in it.
        let fields: [Substring]
        do { fields = try EncodedFileCheck.probe(path, entries: "stream=time_base,duration_ts", counting: false) } catch {
            guard case .encoderFailed(let command, let status, let message) = error else { throw error }
            throw .encoderFailed(command: command, status: status, message: "'\(path)': \(message)")
        }
        guard fields.count == 3, let num = Double(fields[0]), let den = Double(fields[1]), let length = Double(fields[2]), den > 0,
            num > 0, length > 0
        else {
            throw .encoderFailed(command: "ffprobe", status: 0, message: "'\(path)': no video stream with a length")
        }
        return String(format: "%.9f", length * num / den)
    }

    /// Encodes PNG frames, in order, into `output` through the encoder `kinema render` uses, so
    /// the file is the one a single render of the same frames writes.
    static func encode(_ frames: [String], to output: String, format: OutputFormat, framesPerSecond: Double, quiet: Bool) throws -> String {
        let sink: MeasuringSink
        do { sink = MeasuringSink(try format.makeSink(path: output, frameCount: frames.count, framesPerSecond: framesPerSecond)) } catch {
            throw commandFailure(error)
        }
        MallocTuning.returnLargeBlocks()
        let passes = sink.passCount, count = frames.count
        let reporter = ProgressReporter(total: count * passes, mode: .automatic(quiet: quiet), passes: passes)
        var size: (width: Int, height: Int)?
        do {
            try Interruption.shared.whileRunning(cleanup: { [sink] in sink.abandon() }) {
                for pass in 0..<passes {
                    try sink.beginPass(pass)
                    for (i, path) in frames.enumerated() {
                        let frame: Bitmap
                        do throws(GraphicsError) { frame = try Bitmap(pngFile: path) } catch { throw RenderError.graphics(error) }
                        if let size, size != (frame.width, frame.height) {
                            throw CommandFailure(
                                message:
                                    "error: PARTS: '\(path)' is \(frame.width)×\(frame.height) pixels, the frames before it \(size.width)×\(size.height)"
                            )
                        }
                        size = (frame.width, frame.height)
                        try sink.write(frame)
                        reporter.update(done: pass * count + i + 1)
                    }
                }
                try sink.finish()
            }
        } catch let error as RenderError {
            sink.abandon()
            reporter.abandon()
            throw commandFailure(error)
        } catch {
            sink.abandon()
            reporter.abandon()
            throw error
        }
        reporter.finish()
        return "\(output) (\(count) frame\(count == 1 ? "" : "s") joined\(size.map { ", \($0.width)×\($0.height) pixels" } ?? ""))"
    }
}
