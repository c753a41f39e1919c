import Foundation
import KinemaGraphics
import Testing

@testable import KinemaRender

/// A GIF made in two passes (the palette first, then the frames mapped to it as they arrive)
/// is the GIF the one-pass graph makes, byte for byte, while ffmpeg never holds the frames.
@Suite("Output: GIF palette pass")
struct OutputGIFPalettePassTests {
    /// Writes `frames` through a sink, as `kinema render` does (every pass, then finish).
    static func encode(_ frames: [Bitmap], to path: String, palettePass: Bool) throws -> FFmpegSink {
        let sink = try FFmpegSink(path: path, format: .gif, framesPerSecond: 10, usesPalettePass: palettePass)
        for pass in 0..<sink.passCount {
            try sink.beginPass(pass)
            for frame in frames { try sink.write(frame) }
        }
        try sink.finish()
        return sink
    }

    @Test("two passes give the one-pass file, byte for byte", arguments: [1, 2, 3])
    func sameBytes(seed: Int) throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Opaque frames (seed 1: colours appear only in later frames) and translucent ones.
        let frames = try (0..<4).map { i in
            seed == 3 ? try OutputFixtures.mixedBitmap(seed: UInt64(10 + i)) : try Self.opaqueBitmap(seed: seed * 10 + i)
        }
        let one = directory.appendingPathComponent("one.gif").path
        let two = directory.appendingPathComponent("two.gif").path
        let single = try Self.encode(frames, to: one, palettePass: false)
        let double = try Self.encode(frames, to: two, palettePass: true)
        #expect(single.passCount == 1 && double.passCount == 2)
        let a = try Data(contentsOf: URL(fileURLWithPath: one)), b = try Data(contentsOf: URL(fileURLWithPath: two))
        #expect(a.count > 100)
        #expect(a == b)
    }

    @Test("the palette pass uses only palettegen, the second pass reads the palette file")
    func arguments() {
        let palette = FFmpegArguments.paletteArguments(width: 8, height: 4, framesPerSecond: 10, palettePath: "/tmp/p.png")
        let text = palette.joined(separator: " ")
        #expect(text.contains("-vf palettegen"))
        #expect(!text.contains("paletteuse"))
        #expect(palette.suffix(2) == ["-y", "file:/tmp/p.png"])
        let use = FFmpegArguments.arguments(
            format: .gif, width: 8, height: 4, framesPerSecond: 10, path: "o.gif", palettePath: "/tmp/p.png")
        let useText = use.joined(separator: " ")
        #expect(useText.contains("-i file:/tmp/p.png -filter_complex [0:v][1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle"))
        #expect(!useText.contains("split"))
    }

    @Test("passes out of order, or finishing after the palette pass only, are errors")
    func passOrder() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.gif").path
        let sink = try FFmpegSink(path: path, format: .gif, framesPerSecond: 10, usesPalettePass: true)
        #expect(throws: RenderError.self) { try sink.beginPass(2) }
        #expect(throws: RenderError.self) { try sink.beginPass(1) }  // no frames in the palette pass yet
        try sink.write(try Self.opaqueBitmap(seed: 1))
        #expect(throws: RenderError.self) { try sink.finish() }
        let mp4 = try FFmpegSink(path: path, format: .mp4, framesPerSecond: 10, usesPalettePass: true)
        #expect(mp4.passCount == 1)
    }

    @Test("the palette file exists between the passes and is removed when the GIF is done")
    func paletteRemoved() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try FFmpegSink(
            path: directory.appendingPathComponent("t.gif").path, format: .gif, framesPerSecond: 10, usesPalettePass: true)
        let frame = try Self.opaqueBitmap(seed: 5)
        try sink.beginPass(0)
        try sink.write(frame)
        try sink.beginPass(1)
        #expect(FileManager.default.fileExists(atPath: sink.palettePath))
        try sink.write(frame)
        try sink.finish()
        #expect(!FileManager.default.fileExists(atPath: sink.palettePath))
    }

    /// An opaque 24 × 16 frame of blocks whose colours depend on `seed`.
    static func opaqueBitmap(seed: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: 24, height: 16)
        for y in 0..<16 {
            let row = bitmap.row(y)
            for x in 0..<24 {
                let v = UInt32(truncatingIfNeeded: (x / 4 + y / 4 * 7 + seed * 13) * 2_654_435_761)
                row[x] = 0xFF00_0000 | (v & 0x00FF_FFFF)
            }
        }
        return bitmap
    }
}
