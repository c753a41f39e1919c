import ArgumentParser
import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender

/// The rendering options `render` and `demo` share.
struct RenderOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames per second, above 0 and at most 1000 (default: 60; 50 for GIF).")
    var fps: String?

    @Option(
        parsing: .unconditional,
        help: "Pixels per point, above 0 and at most \(Int(GraphicsError.maximumScale)) (default: the scene's scale).")
    var scale: String?

    @Option(parsing: .unconditional, help: "Rendering threads, 1 to \(RenderOptions.maximumThreads) (default: one per processor core).")
    var threads: String?

    @Option(
        parsing: .unconditional,
        help:
            "The most memory the renderer's surfaces may hold at once, in MiB, \(RenderOptions.memoryRange.lowerBound) to \(RenderOptions.memoryRange.upperBound) (default: \(Renderer.defaultMemoryBudget >> 20))."
    )
    var maxMemory: String?

    @Flag(help: "Print no progress on standard error.")
    var quiet = false

    static let maximumThreads = 256
    /// The values `--max-memory` accepts, MiB.
    static let memoryRange = 16...1_048_576

    /// `--max-memory` in bytes, or the renderer's default.
    func memoryBudget() throws -> Int {
        guard let maxMemory else { return Renderer.defaultMemoryBudget }
        guard let value = Int(maxMemory.trimmingCharacters(in: .whitespaces)), Self.memoryRange.contains(value) else {
            throw CommandFailure(
                message:
                    "error: --max-memory: expected a whole number of MiB from \(Self.memoryRange.lowerBound) to \(Self.memoryRange.upperBound), got '\(maxMemory)'"
            )
        }
        return value << 20
    }

    /// The frame rate for `format`: `--fps`, else 60, or 50 for GIF, whose frame delays are whole
    /// hundredths of a second and whose players stretch delays under 0.02 s to 0.1 s (a GIF above
    /// 50 frames per second gets a warning on standard error).
    func framesPerSecond(for format: OutputFormat) throws -> Double {
        let value = try Self.framesPerSecond(fps, for: format)
        guard let fps else { return value }
        if format == .gif, value > 50, !quiet {
            let warning = """
                warning: --fps \(fps): GIF frame delays are whole hundredths of a second, and players show delays under \
                0.02 s as 0.1 s; 50 or less plays at the right speed

                """
            FileHandle.standardError.write(Data(warning.utf8))
        }
        return value
    }

    /// `--fps` as given (`text`), checked, or the default for `format`: 60, or 50 for GIF. Also
    /// what `kinema join` takes, so the two agree.
    static func framesPerSecond(_ text: String?, for format: OutputFormat) throws -> Double {
        guard let text else { return format == .gif ? 50 : 60 }
        let value = try parseNumber(text, name: "--fps")
        guard value > 0, value <= FrameTimes.maximumFramesPerSecond else {
            throw CommandFailure(
                message:
                    "error: --fps: expected frames per second above 0 and at most \(Int(FrameTimes.maximumFramesPerSecond)), got \(text)")
        }
        return value
    }

    /// `--scale`, or `defaultScale` (the scene's, which the scene decoder has checked) for a scene
    /// of `size` points.
    func pixelsPerPoint(default defaultScale: Double, size: Size) throws -> Double {
        guard let scale else { return defaultScale }
        return try Self.checkedScale(try parseNumber(scale, name: "--scale"), given: scale, size: size)
    }

    /// `value` (written `given` on the command line) if frames of `size` points can be made at it.
    static func checkedScale(_ value: Double, given: String, size: Size) throws -> Double {
        if let problem = GraphicsError.problem(width: size.width, height: size.height, scale: value, written: given) {
            throw CommandFailure(message: "error: --scale: " + problem)
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
