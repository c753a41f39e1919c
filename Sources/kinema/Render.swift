import ArgumentParser
import Foundation
import KinemaGeometry
import KinemaRender
import KinemaScenes

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene or a Lottie file to PNG frames, a GIF, an MP4 or an APNG.",
        discussion: """
            The output's extension picks the format. .png writes one file for one frame (--at), else a \
            numbered sequence beside the name (out-0000.png, out-0001.png, …); .gif, .mp4 and .apng need \
            ffmpeg. Frames are at FROM + i / FPS while before TO. MP4 frames with an odd width or height \
            are padded by one black pixel, as H.264's 4:2:0 needs even sizes.

            A Lottie file (Bodymovin JSON, .lottie or .tgs, told apart from scenes by content) renders \
            from its in point (time 0) at its own frame rate unless --fps is given (at most 50 for a \
            GIF), one pixel per composition pixel unless --scale is given, on a transparent background \
            for PNG and APNG and white for GIF and MP4 unless --background is given. --frame N and \
            --progress P pick one frame by its number or by the fraction of the way from in to out point.

            --shard K/N renders only the K-th of N equal parts of the frames, for rendering on several \
            machines: an .mp4 goes to the segment OUT.K-of-N.mp4; PNG, GIF and APNG frames go to PNG files \
            numbered as in the whole render (OUT-0120.png, …). `kinema join` assembles the parts.
            """)

    @OptionGroup var source: SceneSource

    @Option(name: [.customShort("o"), .long], help: "The output file: .png, .gif, .mp4 or .apng.")
    var output: String

    @Option(parsing: .unconditional, help: "The first frame's time in seconds (default 0).")
    var from: String?

    @Option(parsing: .unconditional, help: "The end time in seconds, excluded (default: the scene's duration).")
    var to: String?

    @Option(parsing: .unconditional, help: "Render the one frame at this time, in seconds, to a PNG file.")
    var at: String?

    @Option(parsing: .unconditional, help: "Lottie: render the one frame with this number (a composition frame) to a PNG file.")
    var frame: String?

    @Option(parsing: .unconditional, help: "Lottie: render the one frame this fraction of the way from in to out point to a PNG file.")
    var progress: String?

    @Option(
        parsing: .unconditional,
        help:
            "The colour under every frame, #RRGGBB or #RRGGBBAA (default: the scene's; for Lottie, transparent in PNG and APNG, white in GIF and MP4)."
    )
    var background: String?

    @Option(
        parsing: .unconditional,
        help: "Render only the K-th of N equal parts of the frames (K from 1 to N), to be assembled by `kinema join`.")
    var shard: String?

    @OptionGroup var options: RenderOptions

    func run() throws {
        let format: OutputFormat
        do { format = try OutputFormat(path: output) } catch { throw commandFailure(error) }
        let loaded = try source.loadSource()
        let fps = try framesPerSecond(for: format, source: loaded)
        let threads = try options.threadCount()
        let at = try singleFrameTime(of: loaded)
        let from = try self.from.map { try parseTime($0, name: "--from") }
        let to = try self.to.map { try parseTime($0, name: "--to") }
        if at != nil {
            let option = singleFrameOption
            guard format == .png else {
                throw CommandFailure(message: "error: \(option): renders one PNG frame; expected an output ending in .png, got '\(output)'")
            }
            guard from == nil, to == nil else {
                throw CommandFailure(message: "error: \(option): give either \(option) or --from/--to, not both")
            }
        }
        let scale = try options.pixelsPerPoint(default: loaded.defaultScale, size: loaded.size)
        let times: [Double]
        if let at {
            times = [at]
        } else {
            times = try frameTimes(from: from, to: to, duration: loaded.duration, fps: fps)
        }
        if case .scene(let document) = loaded {
            try checkPlayable(document, to: times.last, option: at != nil ? "--at" : to != nil ? "--to" : "--to (the scene's duration)")
        }
        var job = RenderJob(
            source: loaded, background: try backgroundColor(for: loaded, format: format), times: times, framesPerSecond: fps,
            scale: scale, output: output, format: format, threads: threads,
            memoryBudget: try options.memoryBudget(),
            progress: .automatic(quiet: options.quiet), sceneFile: source.demo ? nil : source.scene)
        if let shard { try job.restrict(toShard: try parseShard(shard, singleFrame: at != nil)) }
        print(try job.run())
    }

    /// The option that picked a single frame, for messages.
    private var singleFrameOption: String { frame != nil ? "--frame" : progress != nil ? "--progress" : "--at" }

    /// The time of the one frame `--at`, `--frame` or `--progress` asks for (at most one of
    /// them; the last two for Lottie files only), or `nil`.
    private func singleFrameTime(of source: RenderSource) throws -> Double? {
        let given = [("--at", at), ("--frame", frame), ("--progress", progress)].filter { $0.1 != nil }
        guard given.count <= 1 else {
            throw CommandFailure(message: "error: \(given[1].0): give one of --at, --frame and --progress, not several")
        }
        if let at { return try parseTime(at, name: "--at") }
        guard frame != nil || progress != nil else { return nil }
        guard case .lottie(let animation) = source else {
            throw CommandFailure(message: "error: \(singleFrameOption): picks a frame of a Lottie file; for a scene give --at SECONDS")
        }
        if let frame {
            return animation.time(forFrame: try parseNumber(frame, name: "--frame", what: "a finite frame number"))
        }
        let p = try parseNumber(progress ?? "", name: "--progress", what: "a finite fraction")
        return animation.time(forFrame: animation.frameTime(forProgress: p))
    }

    /// `--fps`, or for a Lottie file its own frame rate (at most 50 for a GIF).
    private func framesPerSecond(for format: OutputFormat, source: RenderSource) throws -> Double {
        guard options.fps == nil, case .lottie(let animation) = source else { return try options.framesPerSecond(for: format) }
        return format == .gif ? min(animation.framerate, 50) : animation.framerate
    }

    /// `--background`, or the scene's; for Lottie, none in PNG and APNG and white otherwise.
    private func backgroundColor(for source: RenderSource, format: OutputFormat) throws -> Color? {
        if let background {
            do { return try Color(hex: background) } catch {
                throw CommandFailure(message: "error: --background: \(error)")
            }
        }
        switch source {
        case .scene(let document): return document.background
        case .lottie: return format == .png || format == .apng ? nil : .white
        }
    }

    private func parseShard(_ text: String, singleFrame: Bool) throws -> Shard {
        guard !singleFrame else {
            throw CommandFailure(message: "error: --shard: parts of a range of frames; give --from/--to or neither, not --at")
        }
        do { return try Shard(text) } catch { throw commandFailure(error) }
    }

    private func frameTimes(from: Double?, to: Double?, duration: Double, fps: Double) throws -> [Double] {
        let start = from ?? 0, end = to ?? duration
        if end <= start {
            let endText = to == nil ? "\(end) (the scene's duration; give --to)" : "\(end)"
            throw CommandFailure(message: "error: --to: expected a time after --from (\(start) s), got \(endText)")
        }
        do {
            return Array(try FrameTimes(from: start, to: end, framesPerSecond: fps))
        } catch {
            throw commandFailure(error)
        }
    }
}
