import ArgumentParser
import Foundation
import KinemaGraphics
import KinemaRender

struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Assemble the parts of a render made with `kinema render --shard K/N` into one file.",
        discussion: """
            MP4 segments (OUT.K-of-N.mp4) are put in the order of K, whatever order they are given in, \
            checked to be all N parts, and concatenated without re-encoding. Numbered PNG frames \
            (OUT-0000.png, …) are put in the order of their numbers, checked to follow one another, and \
            encoded to the output (.gif, .apng or .mp4) at --fps, which must be the render's (the same \
            default: 60, or 50 for GIF). Needs ffmpeg.
            """)

    @Option(name: [.customShort("o"), .long], help: "The joined file: .mp4 for MP4 segments; .gif, .apng or .mp4 for PNG frames.")
    var output: String

    @Option(parsing: .unconditional, help: "Frames per second of PNG frames (default: 60; 50 for GIF), as rendered.")
    var fps: String?

    @Flag(help: "Print no progress on standard error.")
    var quiet = false

    @Argument(help: "The parts: MP4 segments, or PNG frames.")
    var parts: [String] = []

    func run() throws {
        let format: OutputFormat
        do { format = try OutputFormat(path: output) } catch { throw commandFailure(error) }
        guard !parts.isEmpty else {
            throw CommandFailure(message: "error: PARTS: expected the MP4 segments or PNG frames to join, got none")
        }
        if let missing = parts.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw CommandFailure(message: "error: PARTS: cannot find '\(missing)'")
        }
        // By device and inode: `alias/part.mp4`, with `alias` a link to the parts' folder, is a part.
        if let (_, input) = FileIdentity.clash(outputs: [output], inputs: parts) {
            throw CommandFailure(message: "error: -o/--output: '\(output)' is one of the parts ('\(input)'); choose another output")
        }
        if let problem = OutputFile.problemWithFolder(of: output) {
            throw CommandFailure(message: "error: -o/--output: cannot write '\(output)': \(problem)")
        }
        let kinds = Set(parts.map { URL(fileURLWithPath: $0).pathExtension.lowercased() })
        if kinds == ["mp4"] {
            guard format == .mp4 else {
                throw CommandFailure(message: "error: -o/--output: MP4 segments join into an .mp4 file, got '\(output)'")
            }
            let segments = try ShardJoin.orderedSegments(parts)
            do { try ShardJoin.concatenate(segments, into: output) } catch { throw commandFailure(error) }
            print("\(output) (\(segments.count) segments joined without re-encoding)")
        } else if kinds == ["png"] {
            guard format != .png else {
                throw CommandFailure(message: "error: -o/--output: PNG frames are already a sequence; join them into a .gif, .apng or .mp4")
            }
            let frames = try ShardJoin.orderedFrames(parts)
            let rate = try RenderOptions.framesPerSecond(fps, for: format)
            let summary = try ShardJoin.encode(frames, to: output, format: format, framesPerSecond: rate, quiet: quiet)
            print(summary)
        } else {
            throw CommandFailure(
                message:
                    "error: PARTS: expected MP4 segments (.mp4) or PNG frames (.png), all of one kind, got \(kinds.sorted().map { "." + $0 })"
            )
        }
    }
}
