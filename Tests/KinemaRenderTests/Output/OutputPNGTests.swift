import Foundation
import KinemaGraphics
import KinemaRender
import TestSupport
import Testing

/// Test images and an independent decoder (the ffmpeg command) for the output tests.
enum OutputFixtures {
    /// A `width × height` bitmap of premultiplied pixels from a seeded generator: opaque,
    /// transparent and translucent ones (alpha 1, 128, 254 and random), each channel at most its
    /// alpha.
    static func mixedBitmap(width: Int = 7, height: Int = 5, seed: UInt64 = 1, opaque: Bool = false) throws -> Bitmap {
        var random = SeededGenerator(seed: seed)
        let bitmap = try Bitmap(width: width, height: height)
        let alphas: [UInt32] = [255, 0, 1, 128, 254]
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt32 = opaque ? 255 : ((x + y) % 6 == 5 ? UInt32(random.next() % 256) : alphas[(x + 2 * y) % alphas.count])
                func channel() -> UInt32 { a == 0 ? 0 : UInt32(random.next() % UInt64(a + 1)) }
                bitmap.row(y)[x] = a << 24 | channel() << 16 | channel() << 8 | channel()
            }
        }
        return bitmap
    }

    /// A bitmap filled with one premultiplied pixel value.
    static func filled(width: Int, height: Int, pixel: UInt32) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height { bitmap.row(y).update(repeating: pixel, count: width) }
        return bitmap
    }

    /// The straight-alpha R, G, B, A bytes of a premultiplied pixel, computed in floating point.
    static func straightRGBA(_ p: UInt32) -> [UInt8] {
        let a = Double(p >> 24)
        func c(_ v: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Double(v & 0xff) * 255 / a).rounded())) }
        return [c(p >> 16), c(p >> 8), c(p), UInt8(p >> 24)]
    }

    /// Every frame of `path` decoded by ffmpeg as R, G, B, A bytes, frames one after another.
    static func decodeRGBA(_ path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// A new empty directory under the temporary directory.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

@Suite("Output: PNG")
struct OutputPNGTests {
    @Test("PNG frames decode (with ffmpeg) to the un-premultiplied pixels", arguments: [false, true])
    func roundTrip(opaque: Bool) throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bitmap = try OutputFixtures.mixedBitmap(width: 9, height: 4, seed: 7, opaque: opaque)
        let path = directory.appendingPathComponent("t.png").path
        let sink = try PNGSink(path: path, frameCount: 1)
        try sink.write(bitmap)
        try sink.finish()
        let expected = (0..<4).flatMap { y in (0..<9).flatMap { OutputFixtures.straightRGBA(bitmap.pixel(x: $0, y: y)) } }
        let decoded = try OutputFixtures.decodeRGBA(path)
        #expect(decoded.count == expected.count)
        #expect(decoded == expected)
    }

    @Test(
        "frame files: the name itself for one frame, else numbered before the extension",
        arguments: [
            ("out.png", 1, 0, "out.png"), ("out.png", 3, 0, "out-0000.png"), ("out.png", 3, 2, "out-0002.png"),
            ("a.b/out.png", 10_001, 42, "a.b/out-00042.png"), ("dir/noext", 2, 1, "dir/noext-0001"), ("x.PNG", 2, 1, "x-0001.PNG"),
        ])
    func names(path: String, frameCount: Int, index: Int, expected: String) throws {
        #expect(try PNGSink(path: path, frameCount: frameCount).path(forFrame: index) == expected)
    }

    @Test("a sink writes each frame as it comes and checks the count and sizes")
    func sink() throws {
        let directory = try OutputFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f.png").path
        let sink = try PNGSink(path: path, frameCount: 2)
        try sink.write(try OutputFixtures.filled(width: 3, height: 2, pixel: 0xff11_2233))
        #expect(FileManager.default.fileExists(atPath: sink.path(forFrame: 0)))
        #expect(throws: RenderError.self) { try sink.finish() }
        #expect(throws: RenderError.self) { try sink.write(try Bitmap(width: 2, height: 3)) }
        try sink.write(try OutputFixtures.filled(width: 3, height: 2, pixel: 0xff44_5566))
        try sink.finish()
        #expect(throws: RenderError.self) { try sink.write(try Bitmap(width: 3, height: 2)) }
        #expect(
            try OutputFixtures.decodeRGBA(sink.path(forFrame: 1)) == Array(repeating: [0x44, 0x55, 0x66, 0xff], count: 6).flatMap { $0 })
        #expect(throws: RenderError.self) { _ = try PNGSink(path: path, frameCount: 0) }
    }

    @Test("an unwritable file is reported with its path")
    func unwritable() throws {
        let sink = try PNGSink(path: "/nonexistent-kinema-dir/f.png", frameCount: 1)
        #expect {
            try sink.write(try Bitmap(width: 1, height: 1))
        } throws: { error in
            guard case .graphics(.unwritableFile(let path, let reason)) = error as? RenderError else { return false }
            return path == "/nonexistent-kinema-dir/f.png" && !reason.isEmpty
        }
    }
}
