import Foundation
import Testing

/// What a media file holds, read back by tools independent of Kinema: ffprobe for video and
/// animations, the IHDR chunk for PNG.
struct MediaInfo: Equatable, CustomStringConvertible {
    var width: Int
    var height: Int
    var frames: Int

    var description: String { "\(width)×\(height), \(frames) frames" }
}

enum MediaProbe {
    /// Runs `command` (looked up on PATH) with `arguments` and returns its standard output.
    static func output(_ command: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The size and decoded frame count of the first video stream, from ffprobe; `nil` when
    /// ffprobe cannot read the file.
    static func video(_ path: String) throws -> MediaInfo? {
        let text = try output(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_read_frames", "-of",
                "csv=p=0", path,
            ])
        let fields = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        return MediaInfo(width: fields[0], height: fields[1], frames: fields[2])
    }

    /// The width and height in a PNG file's IHDR chunk; `nil` unless the file starts with the PNG
    /// signature and an IHDR chunk.
    static func pngSize(_ path: String) -> (width: Int, height: Int)? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 24 else { return nil }
        let bytes = [UInt8](data.prefix(24))
        guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == Array("IHDR".utf8)[...] else {
            return nil
        }
        func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }
}
