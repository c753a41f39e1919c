import Foundation
import KinemaGraphics
import Testing

@testable import KinemaRender

@Suite("Output: ffmpeg sink")
struct OutputFFmpegSinkTests {
    @Test("every command reads bgra from stdin and is bit-exact", arguments: [OutputFormat.gif, .mp4, .apng])
    func commonArguments(format: OutputFormat) {
        let arguments = FFmpegArguments.arguments(format: format, width: 41, height: 30, framesPerSecond: 29.97, path: "-x.out")
        let text = arguments.joined(separator: " ")
        #expect(text.contains("-f rawvideo -pix_fmt bgra -video_size 41x30 -framerate 29.97 -thread_queue_size 1 -i -"))
        #expect(text.contains("-fflags +bitexact -flags:v +bitexact -map_metadata -1"))
        #expect(arguments.suffix(2) == ["-y", "file:-x.out"])
    }

    @Test(
        "each format has its documented filters and flags",
        arguments: [
            (OutputFormat.gif, 40, ["[a]palettegen[p]", "paletteuse=dither=sierra2_4a:diff_mode=rectangle", "-loop 0"]),
            (.mp4, 40, ["libx264", "-preset medium -crf 18", "format=yuv420p", "-color_primaries bt709", "+faststart", "-threads 4"]),
            (.mp4, 41, ["pad=42:30:0:0:black,scale="]),
            (.apng, 40, ["-plays 0 -f apng"]),
        ])
    func formatArguments(format: OutputFormat, width: Int, fragments: [String]) {
        let text = FFmpegArguments.arguments(format: format, width: width, height: 30, framesPerSecond: 60, path: "o").joined(
            separator: " ")
        for fragment in fragments { #expect(text.contains(fragment), "\(fragment)") }
        #expect(text.contains("pad=") == (format == .mp4 && width % 2 == 1))
        #expect(text.contains("-framerate 60 "))
    }

    @Test("APNG keeps translucent pixels exactly, un-premultiplied")
    func apngAlpha() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.apng").path
        let frames = [try OutputFixtures.mixedBitmap(seed: 1), try OutputFixtures.mixedBitmap(seed: 2)]
        let sink = try FFmpegSink(path: path, format: .apng, framesPerSecond: 10)
        for frame in frames { try sink.write(frame) }
        try sink.finish()
        #expect(sink.framesWritten == 2)
        let expected = frames.flatMap { frame in
            (0..<frame.height).flatMap { y in (0..<frame.width).flatMap { OutputFixtures.straightRGBA(frame.pixel(x: $0, y: y)) } }
        }
        let decoded = try OutputFixtures.decodeRGBA(path)
        #expect(decoded.count == expected.count)
        #expect(decoded == expected)
    }

    @Test("GIF frames decode to their colours, with alpha below 128 transparent", arguments: GIFCase.all)
    func gifFrames(row: GIFCase) throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.gif").path
        let sink = try FFmpegSink(path: path, format: .gif, framesPerSecond: 10)
        for frame in row.frames {
            let bitmap = try Bitmap(width: GIFCase.width, height: GIFCase.height)
            bitmap.row(0).update(from: frame, count: frame.count)
            try sink.write(bitmap)
        }
        try sink.finish()
        let rgba = try OutputFixtures.decodeRGBA(path)
        #expect(rgba.count == row.frames.count * GIFCase.width * GIFCase.height * 4)
        guard rgba.count == row.frames.count * GIFCase.width * GIFCase.height * 4 else { return }
        var wrong: [String] = []
        for (f, frame) in row.frames.enumerated() {
            for (i, pixel) in frame.enumerated() {
                let got = Array(rgba[(f * frame.count + i) * 4..<(f * frame.count + i) * 4 + 4])
                let straight = OutputFixtures.straightRGBA(pixel)
                let matches = pixel >> 24 < 128 ? got[3] == 0 : got == Array(straight[0..<3]) + [255]
                if !matches { wrong.append("frame \(f) pixel \(i): \(got)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("MP4 shows translucent pixels as composited on black")
    func mp4Premultiplied() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.mp4").path
        // 50 % white: premultiplied 0x80808080, which on black is mid grey.
        let frame = try OutputFixtures.filled(width: 16, height: 16, pixel: 0x8080_8080)
        let sink = try FFmpegSink(path: path, format: .mp4, framesPerSecond: 10)
        try sink.write(frame)
        try sink.finish()
        let rgba = try OutputFixtures.decodeRGBA(path)
        #expect(rgba.count == 16 * 16 * 4)
        let worst =
            stride(from: 0, to: rgba.count, by: 4).map { i in (0..<3).map { abs(Int(rgba[i + $0]) - 128) }.max() ?? 255 }.max() ?? 255
        #expect(worst <= 3, "largest channel difference from grey 128: \(worst)")
    }

    @Test("an encoder that fails reports its status and last lines, and the process survives")
    func encoderFailure() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A directory where ffmpeg's temporary file should be: ffmpeg cannot open it and exits
        // at once.
        let path = directory.appendingPathComponent("taken.mp4").path
        let sink = try FFmpegSink(path: path, format: .mp4, framesPerSecond: 10)
        try FileManager.default.createDirectory(atPath: sink.temporaryPath, withIntermediateDirectories: true)
        // 2 MB frames: once ffmpeg has exited, the pipe is full or closed and writes fail with EPIPE.
        let frame = try OutputFixtures.filled(width: 1024, height: 512, pixel: 0xff20_4060)
        var failure: RenderError?
        do {
            for _ in 0..<8 { try sink.write(frame) }
            try sink.finish()
        } catch {
            failure = error
        }
        guard case .encoderFailed(let command, let status, let message) = failure else {
            Issue.record("expected encoderFailed, got \(String(describing: failure))")
            return
        }
        #expect(command == "ffmpeg" && status != 0)
        #expect(message.contains("taken"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a finished video goes to its path only when complete, replacing an earlier file")
    func finishedVideoReplacesTheEarlierFile() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.gif").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        let sink = try FFmpegSink(path: path, format: .gif, framesPerSecond: 10)
        let frame = try OutputFixtures.filled(width: 8, height: 8, pixel: 0xff20_4060)
        try sink.write(frame)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("earlier".utf8), "replaced before finish()")
        try sink.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(3) == Data("GIF".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["t.gif"])
    }

    @Test("an abandoned sink stops ffmpeg, removes its temporary file and keeps the earlier file")
    func abandon() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.mp4").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        let sink = try FFmpegSink(path: path, format: .mp4, framesPerSecond: 10)
        try sink.write(try OutputFixtures.filled(width: 64, height: 64, pixel: 0xff20_4060))
        sink.abandon()
        #expect(throws: RenderError.self) { try sink.write(try OutputFixtures.filled(width: 64, height: 64, pixel: 0xff20_4060)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["t.mp4"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("earlier".utf8))
    }

    @Test("a frame of another size than the first is refused")
    func sizeMismatch() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try FFmpegSink(path: directory.appendingPathComponent("t.gif").path, format: .gif, framesPerSecond: 10)
        try sink.write(try Bitmap(width: 4, height: 3))
        #expect {
            try sink.write(try Bitmap(width: 3, height: 4))
        } throws: { error in
            guard case .invalidArgument(let name, let expected, let got) = error as? RenderError else { return false }
            return name == "frame" && expected.contains("4×3") && got == "3×4"
        }
    }

    @Test("finish without frames, PNG, and bad frame rates are refused")
    func refusals() throws {
        let sink = try FFmpegSink(path: "/tmp/kinema-never-written.gif", format: .gif, framesPerSecond: 10)
        #expect(throws: RenderError.self) { try sink.finish() }
        #expect(throws: RenderError.self) { _ = try FFmpegSink(path: "x.png", format: .png, framesPerSecond: 10) }
        for fps in [0, -1, .nan, .infinity, 1001] {
            #expect(throws: RenderError.self) { _ = try FFmpegSink(path: "x.gif", format: .gif, framesPerSecond: fps) }
        }
    }

    @Test("a sink released before finish stops ffmpeg and deletes the incomplete file")
    func abandoned() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.mp4").path
        do {
            let sink = try FFmpegSink(path: path, format: .mp4, framesPerSecond: 10)
            try sink.write(try OutputFixtures.filled(width: 16, height: 16, pixel: 0xff00_0000))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// Frames for a GIF, 6 × 4 pixels each, and what the test checks: opaque and alpha ≥ 128 pixels
/// decode to their un-premultiplied colour, the others to transparent.
struct GIFCase: CustomTestStringConvertible, Sendable {
    static let width = 6, height = 4
    let id: String
    let frames: [[UInt32]]
    var testDescription: String { id }

    static let red: UInt32 = 0xffff_0000, blue: UInt32 = 0xff00_00ff, green: UInt32 = 0xff00_ff00

    /// A frame of `background` with `color` in columns 1…3 of rows 1…2.
    static func frame(_ background: UInt32, _ color: UInt32? = nil) -> [UInt32] {
        (0..<height).flatMap { y in (0..<width).map { x in (1...3).contains(x) && (1...2).contains(y) ? color ?? background : background } }
    }

    static let all: [GIFCase] = [
        GIFCase(id: "colours that first appear in later frames", frames: [frame(red), frame(red, blue), frame(red, green)]),
        GIFCase(
            id: "a transparent row in the first frame, then opaque frames",
            frames: [[0, 0, 0, 0, 0, 0] + Array(frame(red).dropFirst(width)), frame(red), frame(red, blue)]),
        GIFCase(
            id: "translucent pixels: 25 % alpha transparent, 75 % alpha opaque",
            frames: [
                [red, red, blue, blue, 0, 0] + [0x4040_0000, 0x4000_0040, 0xc0c0_0000, 0xc000_00c0, red, blue] + frame(green).suffix(12),
                frame(0, green),
            ]),
        GIFCase(id: "a square moving over transparency", frames: [frame(0, blue), frame(0, red), frame(0, blue)]),
    ]
}
