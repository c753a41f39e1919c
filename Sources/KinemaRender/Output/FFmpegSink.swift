import Foundation
import KinemaGraphics

#if canImport(Glibc)
    import Glibc
#endif

/// Encodes frames into a GIF, MP4 or APNG file by streaming them to an `ffmpeg` process.
///
/// Frames go to ffmpeg's standard input as raw `bgra` through a pipe, with no temporary files;
/// ffmpeg starts with the first frame, whose size fixes the video's. The command lines
/// (docs/rendering-notes.md) use ffmpeg's bit-exact flags, so the same frames give the same
/// file, byte for byte, on the same ffmpeg build:
///
/// - GIF: one palette for the animation (`palettegen`, `paletteuse` with `sierra2_4a` dithering
///   and `diff_mode=rectangle`), looping forever. In one pass, ffmpeg holds every frame in memory
///   until the palette is known (4 bytes per pixel per frame: 2 GB for 500 frames of 750 × 1334).
///   With ``usesPalettePass`` the sink asks for the frames twice: the first pass only builds the
///   palette (`palettegen` keeps a colour histogram, not frames), the second maps the frames to
///   it as they arrive, so memory stays flat. Both give the same file, byte for byte. Pixels with alpha below 128 become
///   transparent, which GIF shows reliably only when the first frame already has transparency:
///   a pixel that turns transparent after an opaque frame keeps showing the older colour,
///   because ffmpeg 5.1 never restores the background between frames.
/// - MP4: H.264 (`libx264`, preset `medium`, CRF 18, 4 encoder threads), 4:2:0, tagged BT.709,
///   `+faststart`. There is no alpha: translucent pixels show as composited on black. 4:2:0
///   needs even sizes, so an odd width or height is padded by one black pixel on the right or at
///   the bottom (see ``OutputFormat/encodedSize(width:height:)``).
/// - APNG: lossless RGBA, looping forever.
///
/// GIF and APNG store straight alpha, so translucent frames are un-premultiplied first.
///
/// ffmpeg writes to a temporary file in a private folder beside ``path`` (an ``OutputFile``),
/// renamed over ``path`` when ``finish()`` succeeds. ffmpeg's exit status is not trusted alone:
/// the file is read back (``EncodedFileCheck``) and must hold every frame written, and an
/// ffmpeg that exits non-zero or is killed by a signal is a failure. An encoder failure, a full
/// disk or a stopped render never leaves a partial file, and a file already at ``path`` stays
/// until the new one is complete.
///
/// Creating a sink sets the process's `SIGPIPE` disposition to "ignore", so that an encoder
/// that dies early makes ``write(_:)`` throw instead of killing the process. A sink that is
/// released before ``finish()``, or told to ``abandon()``, stops ffmpeg and deletes the
/// temporary file.
public final class FFmpegSink: FrameSink {
    /// The output file.
    public let path: String
    /// The output format: ``OutputFormat/gif``, ``OutputFormat/mp4`` or ``OutputFormat/apng``.
    public let format: OutputFormat
    /// The frame rate written into the file, frames per second.
    public let framesPerSecond: Double
    /// The `ffmpeg` executable used.
    public let executable: String
    /// How many frames have been sent to ffmpeg.
    public private(set) var framesWritten = 0
    /// Where ffmpeg writes the file until ``finish()`` renames it to ``path``: a name in a private
    /// folder made for this sink (see `OutputFile`).
    public var temporaryPath: String { output.temporaryPath }

    private var process: Process?
    private var input: Int32 = -1
    private var errors: OutputCollector?
    private var size: (width: Int, height: Int)?
    private var straight: [UInt8] = []
    private var isFinished = false
    private let output: OutputFile
    /// Guards `process` against ``abandon()`` from another thread.
    private let processLock = NSLock()
    private var isAbandoned = false

    /// Whether a GIF is made in two passes over the frames (the palette first; see the type's
    /// discussion). Ignored for the other formats. Default `false`; ``OutputFormat/makeSink(path:frameCount:framesPerSecond:)``
    /// turns it on.
    public let usesPalettePass: Bool
    /// The pass the frames now written belong to.
    private var pass = 0
    /// Where the palette pass writes the palette: a PNG in the output's private folder.
    var palettePath: String { output.workingPath("palette.png") }

    /// 2 for a GIF made with a palette pass, else 1.
    public var passCount: Int { usesPalettePass && format == .gif ? 2 : 1 }

    /// Creates a sink that writes `format` to `path` at `framesPerSecond`, with the `ffmpeg`
    /// found on `PATH`.
    ///
    /// - Parameters:
    ///   - path: the output file; an existing file is replaced.
    ///   - format: ``OutputFormat/gif``, ``OutputFormat/mp4`` or ``OutputFormat/apng``.
    ///   - framesPerSecond: above 0 and at most 1000.
    ///   - usesPalettePass: for a GIF, whether to build the palette in a first pass over the
    ///     frames (``passCount`` 2) so that memory stays flat. Default `false`.
    /// - Throws: ``RenderError/missingEncoder(command:package:)`` when `ffmpeg` or `ffprobe` is
    ///   not on `PATH`; ``RenderError/invalidArgument(name:expected:got:)`` for
    ///   ``OutputFormat/png`` or a bad frame rate; ``RenderError/graphics(_:)`` when the output's
    ///   private folder cannot be made beside `path`.
    public init(path: String, format: OutputFormat, framesPerSecond: Double, usesPalettePass: Bool = false) throws(RenderError) {
        guard format.needsFFmpeg else {
            throw .invalidArgument(name: "format", expected: "gif, mp4 or apng (PNG frames use PNGSink)", got: format.rawValue)
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= FrameTimes.maximumFramesPerSecond else {
            throw .invalidArgument(
                name: "fps", expected: "frames per second above 0 and at most \(Int(FrameTimes.maximumFramesPerSecond))",
                got: "\(framesPerSecond)")
        }
        guard let executable = FFmpegSink.locate("ffmpeg") else {
            throw .missingEncoder(command: "ffmpeg", package: "ffmpeg")
        }
        guard FFmpegSink.locate("ffprobe") != nil else { throw .missingEncoder(command: "ffprobe", package: "ffmpeg") }
        do { output = try OutputFile(path) } catch { throw .graphics(.unwritableFile(path: error.path, reason: error.reason)) }
        self.path = path
        self.format = format
        self.framesPerSecond = framesPerSecond
        self.executable = executable
        self.usesPalettePass = usesPalettePass
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        guard !isFinished else { return }
        if input >= 0 { close(input) }
        if let process {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        output.discard()
    }

    /// Stops ffmpeg and removes the temporary file and palette, leaving ``path`` as it was; for a
    /// render that is interrupted. Safe to call from any thread, for instance a signal handler's
    /// queue; writes after it fail.
    public func abandon() {
        processLock.lock()
        isAbandoned = true
        let process = self.process
        processLock.unlock()
        if let process, process.isRunning {
            // SIGKILL: ffmpeg blocked reading its input does not act on SIGTERM until the input
            // ends, and what it would write is thrown away anyway.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        output.discard()
    }

    /// Ends the palette pass (waits for ffmpeg to write the palette) before pass 1; nothing for
    /// pass 0.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a pass out of order or
    ///   a palette pass without frames; ``RenderError/encoderFailed(command:status:message:)``
    ///   when ffmpeg could not build the palette.
    public func beginPass(_ index: Int) throws(RenderError) {
        guard index == pass || (index == 1 && pass == 0 && passCount == 2) else {
            throw .invalidArgument(name: "pass", expected: "pass \(pass) or \(pass + 1) of \(passCount)", got: "pass \(index)")
        }
        guard index == 1, pass == 0 else { return }
        guard process != nil else {
            throw .invalidArgument(name: "frame", expected: "at least 1 frame in the palette pass", got: "0 frames")
        }
        let error = stop()
        guard let process, process.terminationReason == .exit, process.terminationStatus == 0 else { throw error }
        self.process = nil
        size = nil
        framesWritten = 0
        pass = 1
    }

    /// The first executable file named `command` in the directories of `PATH`, or `nil`.
    public static func locate(_ command: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories where !directory.isEmpty {
            let candidate = directory.hasSuffix("/") ? directory + command : directory + "/" + command
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }

    /// Sends `frame` to ffmpeg, starting ffmpeg with the first frame.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a frame of another size
    ///   than the first, or after ``finish()``; ``RenderError/encoderFailed(command:status:message:)``
    ///   when ffmpeg cannot start or has stopped, with the last lines it printed.
    public func write(_ frame: Bitmap) throws(RenderError) {
        guard !isFinished else {
            throw .invalidArgument(name: "frame", expected: "no frames after finish()", got: "frame \(framesWritten + 1)")
        }
        if let size {
            guard size == (frame.width, frame.height) else {
                throw .invalidArgument(
                    name: "frame", expected: "\(size.width)×\(size.height) pixels like the first frame",
                    got: "\(frame.width)×\(frame.height)")
            }
        }
        // MP4 has no alpha, so its frames go as they are, without the scan for translucency.
        let isOpaque = format == .mp4 || PixelConversion.isOpaque(frame)
        if size == nil { try start(width: frame.width, height: frame.height, isTranslucent: !isOpaque) }
        let sent: Bool
        if isOpaque {
            sent = sendRows(of: frame)
        } else {
            PixelConversion.straightBGRA(frame, into: &straight)
            sent = straight.withUnsafeBytes { send($0) }
        }
        guard sent else { throw stop() }
        framesWritten += 1
    }

    /// Closes ffmpeg's input and waits for it to write the file.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` when no frame was written;
    ///   ``RenderError/encoderFailed(command:status:message:)`` when ffmpeg fails.
    public func finish() throws(RenderError) {
        guard !isFinished else { return }
        guard pass == passCount - 1 else {
            throw .invalidArgument(name: "pass", expected: "\(passCount) passes before finish()", got: "\(pass + 1)")
        }
        guard process != nil else {
            throw .invalidArgument(name: "frame", expected: "at least 1 frame before finish()", got: "0 frames")
        }
        let error = stop()
        guard let process, process.terminationReason == .exit, process.terminationStatus == 0 else {
            output.discard()
            throw error
        }
        do {
            try EncodedFileCheck.verify(output.temporaryPath, holds: framesWritten, output: path)
        } catch {
            output.discard()
            throw error
        }
        do { try output.commit() } catch { throw .graphics(.unwritableFile(path: error.path, reason: error.reason)) }
        isFinished = true
    }

    private func start(width: Int, height: Int, isTranslucent: Bool) throws(RenderError) {
        guard let inputPipe = Self.makePipe() else { throw Self.failure("cannot create a pipe: \(String(cString: strerror(errno)))") }
        guard let errorPipe = Self.makePipe() else {
            close(inputPipe.read)
            close(inputPipe.write)
            throw Self.failure("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        // A larger pipe (F_SETPIPE_SZ, Linux) means fewer context switches per frame; failing only costs speed.
        _ = fcntl(inputPipe.write, 1031, Int32(1 << 20))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        if passCount == 2 && pass == 0 {
            process.arguments = FFmpegArguments.paletteArguments(
                width: width, height: height, framesPerSecond: framesPerSecond, palettePath: palettePath)
        } else {
            process.arguments = FFmpegArguments.arguments(
                format: format, width: width, height: height, framesPerSecond: framesPerSecond, path: output.temporaryPath,
                isTranslucent: isTranslucent, palettePath: passCount == 2 ? palettePath : nil)
        }
        // ffmpeg holds frames of the same size as ours: it gives them back when done, too.
        process.environment = ProcessInfo.processInfo.environment.merging(MallocTuning.returnLargeBlocksEnvironment) { _, new in new }
        process.standardInput = FileHandle(fileDescriptor: inputPipe.read, closeOnDealloc: false)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: errorPipe.write, closeOnDealloc: false)
        processLock.lock()
        defer { processLock.unlock() }
        guard !isAbandoned else {
            for fd in [inputPipe.read, inputPipe.write, errorPipe.read, errorPipe.write] { close(fd) }
            throw Self.failure("the render was abandoned")
        }
        do {
            try process.run()
        } catch {
            for fd in [inputPipe.read, inputPipe.write, errorPipe.read, errorPipe.write] { close(fd) }
            throw Self.failure("cannot start \(executable): \(error)")
        }
        close(inputPipe.read)
        close(errorPipe.write)
        self.process = process
        input = inputPipe.write
        errors = OutputCollector(reading: errorPipe.read)
        size = (width, height)
    }

    /// A pipe whose ends are closed in child processes (ffmpeg gets its end through `dup2`, which
    /// clears the flag), so that no other child keeps ffmpeg's input open.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    private func sendRows(of frame: Bitmap) -> Bool {
        let rowBytes = frame.width * 4
        if frame.stride == rowBytes { return send(frame.bytes) }
        for y in 0..<frame.height where !send(UnsafeRawBufferPointer(start: frame.row(y), count: rowBytes)) {
            return false
        }
        return true
    }

    /// Writes all of `bytes` to ffmpeg's input; false when ffmpeg no longer reads it.
    private func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(input, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Closes ffmpeg's input, waits for it to exit and returns the error describing how it ended.
    private func stop() -> RenderError {
        if input >= 0 {
            close(input)
            input = -1
        }
        guard let process else { return Self.failure("ffmpeg did not start") }
        process.waitUntilExit()
        let lines = errors?.lastLines(6) ?? ""
        let status = process.terminationStatus
        let writing = "writing '\(path)'"
        if process.terminationReason == .uncaughtSignal {
            return .encoderFailed(
                command: "ffmpeg", status: status,
                message: "killed by signal \(status) \(writing)" + (lines.isEmpty ? "" : "\n" + lines))
        }
        return .encoderFailed(
            command: "ffmpeg", status: status, message: "\(writing): " + (lines.isEmpty ? "it stopped reading frames" : lines))
    }

    private static func failure(_ message: String) -> RenderError {
        .encoderFailed(command: "ffmpeg", status: -1, message: message)
    }
}
