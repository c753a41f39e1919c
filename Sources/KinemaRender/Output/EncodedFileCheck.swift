import Foundation

/// Checks a file ffmpeg wrote before it replaces anything, since ffmpeg's exit status alone does
/// not prove the file whole: ffmpeg 5.1 can exit 0 after failing to write an MP4's trailer on a
/// full disk ("moov atom not found" when the file is read), and a GIF cut short by the disk still
/// opens, with fewer frames.
///
/// The check reads the file back with `ffprobe` (installed with ffmpeg): the container must
/// parse and its video stream must hold the expected number of packets (one per frame for every
/// format Kinema writes). `-count_packets` reads packets without decoding them, so the check
/// costs a read of the file.
public enum EncodedFileCheck {
    /// The number of video packets in the file at `path`, read with `ffprobe`.
    ///
    /// - Throws: ``RenderError/missingEncoder(command:package:)`` when `ffprobe` is not on
    ///   `PATH`; ``RenderError/encoderFailed(command:status:message:)`` when the file does not
    ///   parse as a video (ffprobe's message).
    public static func videoPackets(in path: String) throws(RenderError) -> Int {
        let fields = try probe(path, entries: "stream=nb_read_packets", counting: true)
        guard fields.count == 1, let count = Int(fields[0]), count >= 0 else {
            throw .encoderFailed(command: "ffprobe", status: 0, message: "'\(path)': no video stream with packets")
        }
        return count
    }

    /// Checks that the file at `path` parses and holds `frames` video frames.
    ///
    /// - Throws: ``RenderError/encoderFailed(command:status:message:)`` naming `output` (the
    ///   file the user asked for) and what was found.
    public static func verify(_ path: String, holds frames: Int, output: String) throws(RenderError) {
        let found: Int
        do { found = try videoPackets(in: path) } catch {
            if case .encoderFailed(_, _, let message) = error {
                throw .encoderFailed(
                    command: "ffmpeg", status: 0,
                    message: "it reported success, but what it wrote for '\(output)' does not read back as a video (\(message))")
            }
            throw error
        }
        guard found == frames else {
            throw .encoderFailed(
                command: "ffmpeg", status: 0,
                message: "it reported success, but what it wrote for '\(output)' holds \(found) of the \(frames) frames (a full disk?)")
        }
    }

    /// `ffprobe`'s values for `entries` of the first video stream of `path` (`-show_entries`,
    /// `stream=…`), as fields split at commas and slashes; with `counting`, packets are counted
    /// (`-count_packets`, for `nb_read_packets`).
    ///
    /// - Throws: ``RenderError/missingEncoder(command:package:)`` or
    ///   ``RenderError/encoderFailed(command:status:message:)`` with ffprobe's message.
    public static func probe(_ path: String, entries: String, counting: Bool) throws(RenderError) -> [Substring] {
        guard let ffprobe = FFmpegSink.locate("ffprobe") else { throw .missingEncoder(command: "ffprobe", package: "ffmpeg") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments =
            ["-v", "error"] + (counting ? ["-count_packets"] : [])
            + ["-select_streams", "v:0", "-show_entries", entries, "-of", "csv=p=0", path]
        let out = Pipe(), errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw .encoderFailed(command: "ffprobe", status: -1, message: "cannot start: \(error.localizedDescription)")
        }
        // With `-v error`, ffprobe prints a line or two: one pipe cannot fill while the other is read.
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let message = printed.split(whereSeparator: \.isNewline).suffix(4).joined(separator: "\n")
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .encoderFailed(
                command: "ffprobe", status: process.terminationStatus, message: message.isEmpty ? "it could not read the file" : message)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).split(whereSeparator: { $0 == "," || $0 == "/" })
    }
}
