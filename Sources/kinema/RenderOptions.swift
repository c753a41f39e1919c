import ArgumentParser
import Foundation
import KinemaRender

/// The rendering options `render` and `demo` share.
struct RenderOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames per second, above 0 and at most 1000 (default: 60; 50 for GIF).")
    var fps: String?

    @Option(parsing: .unconditional, help: "Pixels per point, above 0 and at most 8 (default: the scene's scale).")
    var scale: String?

    @Option(parsing: .unconditional, help: "Rendering threads, 1 to \(RenderOptions.maximumThreads) (default: one per processor core).")
    var threads: String?

    @Flag(help: "Print no progress on standard error.")
    var quiet = false

    static let maximumThreads = 256

    /// The frame rate for `format`: `--fps`, else 60, or 50 for GIF, whose frame delays are whole
    /// hundredths of a second and whose players stretch delays under 0.02 s to 0.1 s (a GIF above
    /// 50 frames per second gets a warning on standard error).
    func framesPerSecond(for format: OutputFormat) throws -> Double {
        guard let fps else { return format == .gif ? 50 : 60 }
        let value = try parseNumber(fps, name: "--fps")
        guard value > 0, value <= FrameTimes.maximumFramesPerSecond else {
            throw CommandFailure(
                message:
                    "error: --fps: expected frames per second above 0 and at most \(Int(FrameTimes.maximumFramesPerSecond)), got \(fps)")
        }
        if format == .gif, value > 50, !quiet {
            let warning = """
                warning: --fps \(fps): GIF frame delays are whole hundredths of a second, and players show delays under \
                0.02 s as 0.1 s; 50 or less plays at the right speed

                """
            FileHandle.standardError.write(Data(warning.utf8))
        }
        return value
    }

    /// `--scale`, or `defaultScale` (the scene's).
    func pixelsPerPoint(default defaultScale: Double) throws -> Double {
        guard let scale else { return defaultScale }
        let value = try parseNumber(scale, name: "--scale")
        guard value > 0, value <= 8 else {
            throw CommandFailure(message: "error: --scale: expected pixels per point above 0 and at most 8, got \(scale)")
        }
        return value
    }

    /// `--threads`, or the number of active processor cores.
    func threadCount() throws -> Int {
        guard let threads else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let value = Int(threads.trimmingCharacters(in: .whitespaces)), (1...Self.maximumThreads).contains(value) else {
            throw CommandFailure(message: "error: --threads: expected a whole number from 1 to \(Self.maximumThreads), got '\(threads)'")
        }
        return value
    }
}
