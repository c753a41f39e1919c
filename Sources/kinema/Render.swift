import ArgumentParser
import Foundation
import KinemaRender
import KinemaScenes

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to PNG frames, a GIF, an MP4 or an APNG.",
        discussion: """
            The output's extension picks the format. .png writes one file for one frame (--at), else a \
            numbered sequence beside the name (out-0000.png, out-0001.png, …); .gif, .mp4 and .apng need \
            ffmpeg. Frames are at FROM + i / FPS while before TO. MP4 frames with an odd width or height \
            are padded by one black pixel, as H.264's 4:2:0 needs even sizes.

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

    @Option(
        parsing: .unconditional,
        help: "Render only the K-th of N equal parts of the frames (K from 1 to N), to be assembled by `kinema join`.")
    var shard: String?

    @OptionGroup var options: RenderOptions

    func run() throws {
        let format: OutputFormat
        do { format = try OutputFormat(path: output) } catch { throw commandFailure(error) }
        let fps = try options.framesPerSecond(for: format)
        let threads = try options.threadCount()
        let at = try self.at.map { try parseTime($0, name: "--at") }
        let from = try self.from.map { try parseTime($0, name: "--from") }
        let to = try self.to.map { try parseTime($0, name: "--to") }
        if at != nil {
            guard format == .png else {
                throw CommandFailure(message: "error: --at: renders one PNG frame; expected an output ending in .png, got '\(output)'")
            }
            guard from == nil, to == nil else {
                throw CommandFailure(message: "error: --at: give either --at or --from/--to, not both")
            }
        }
        let document = try source.load()
        let scale = try options.pixelsPerPoint(default: document.scale, size: document.size)
        let times: [Double]
        if let at {
            times = [at]
        } else {
            times = try frameTimes(from: from, to: to, duration: document.duration, fps: fps)
        }
        try checkPlayable(document, to: times.last, option: at != nil ? "--at" : to != nil ? "--to" : "--to (the scene's duration)")
        var job = RenderJob(
            document: document, times: times, framesPerSecond: fps, scale: scale, output: output, format: format, threads: threads,
            memoryBudget: try options.memoryBudget(),
            progress: .automatic(quiet: options.quiet), sceneFile: source.demo ? nil : source.scene)
        if let shard { try job.restrict(toShard: try parseShard(shard, singleFrame: at != nil)) }
        print(try job.run())
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
