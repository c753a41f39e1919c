import Foundation
import KinemaGeometry
import KinemaGraphics
import TestSupport
import Testing

@Suite("PNG")
struct PNGTests {
    /// A bitmap of random valid premultiplied pixels (every channel at most alpha), including
    /// fully transparent and fully opaque ones.
    static func randomBitmap(width: Int, height: Int, seed: UInt64) throws -> Bitmap {
        var random = SeededGenerator(seed: seed)
        let bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = [0, 255, UInt32.random(in: 1...254, using: &random)][Int.random(in: 0...2, using: &random)]
                let channels = (0..<3).map { _ in UInt32.random(in: 0...a, using: &random) }
                bitmap.row(y)[x] = a << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
            }
        }
        return bitmap
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinema-graphics-\(UUID().uuidString)-\(name)").path
    }

    @Test(arguments: [(1, 1, 1), (7, 3, 2), (64, 48, 3)] as [(Int, Int, UInt64)])
    func encodingThenDecodingGivesTheSamePixels(width: Int, height: Int, seed: UInt64) throws {
        let original = try Self.randomBitmap(width: width, height: height, seed: seed)
        let data = try original.pngData()
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try Bitmap(pngData: data)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.hasSamePixels(as: original))
    }

    @Test func filesRoundTrip() throws {
        let original = try Self.randomBitmap(width: 31, height: 17, seed: 9)
        let path = Self.temporaryPath("round-trip.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try original.writePNG(to: path)
        #expect(try Bitmap(pngFile: path).hasSamePixels(as: original))
    }

    struct FormatCase: CustomTestStringConvertible, Sendable {
        var colorType: TinyPNG.ColorType
        var bitDepth: UInt8
        /// Samples of a 2 × 1 image.
        var samples: [UInt8]
        /// The two pixels expected after decoding (straight colours).
        var expected: [Color]
        var testDescription: String { "\(colorType) \(bitDepth)-bit" }
    }

    static let formats: [FormatCase] = [
        FormatCase(colorType: .grey, bitDepth: 8, samples: [0, 204], expected: [.black, Color(white: 0.8)]),
        FormatCase(
            colorType: .rgb, bitDepth: 8, samples: [255, 0, 0, 51, 102, 153], expected: [.red, Color(red: 0.2, green: 0.4, blue: 0.6)]),
        FormatCase(
            colorType: .greyAlpha, bitDepth: 8, samples: [255, 128, 0, 0], expected: [Color(white: 1, alpha: 128.0 / 255), .clear]),
        FormatCase(
            colorType: .rgba, bitDepth: 8, samples: [255, 0, 0, 255, 0, 0, 255, 102],
            expected: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0.4)]),
        FormatCase(
            colorType: .rgba, bitDepth: 16, samples: [255, 255, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 255, 255, 102, 102],
            expected: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0.4)]),
    ]

    /// Whatever format the file has, the bitmap is premultiplied ARGB32, opaque where the file
    /// has no alpha.
    @Test(arguments: formats)
    func everyPNGFormatDecodesToPremultipliedARGB(_ c: FormatCase) throws {
        let data = TinyPNG.make(width: 2, height: 1, colorType: c.colorType, bitDepth: c.bitDepth, samples: c.samples)
        let bitmap = try Bitmap(pngData: data)
        #expect(bitmap.width == 2 && bitmap.height == 1)
        for (x, color) in c.expected.enumerated() { expectPixel(bitmap, x, 0, color, tolerance: 1) }
    }

    struct BadFileCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// The file's contents, or `nil` for no file.
        var contents: [UInt8]?
        /// A word the reason must contain.
        var reasonMentions: String
        var testDescription: String { name }
    }

    static let valid = TinyPNG.make(width: 4, height: 4, colorType: .rgb, samples: [UInt8](repeating: 200, count: 48))

    static let badFiles: [BadFileCase] = [
        BadFileCase(name: "missing", contents: nil, reasonMentions: "No such file"),
        BadFileCase(name: "empty", contents: [], reasonMentions: "empty"),
        BadFileCase(name: "text", contents: Array("hello, not an image\n".utf8), reasonMentions: "not a PNG"),
        BadFileCase(name: "header only", contents: Array(valid.prefix(20)), reasonMentions: "IHDR"),
        BadFileCase(name: "truncated", contents: Array(valid.prefix(valid.count - 30)), reasonMentions: "corrupt"),
        BadFileCase(
            name: "bad checksum", contents: valid.enumerated().map { $0.offset == 45 ? $0.element ^ 0x55 : $0.element },
            reasonMentions: "corrupt"),
        BadFileCase(
            name: "huge header",
            contents: Array(valid.prefix(16)) + TinyPNG.be32(100_000) + TinyPNG.be32(100_000) + Array(valid.dropFirst(24)),
            reasonMentions: "100000×100000"),
        BadFileCase(
            name: "over 64 megapixels within the side limit",
            contents: Array(valid.prefix(16)) + TinyPNG.be32(16384) + TinyPNG.be32(16384) + Array(valid.dropFirst(24)),
            reasonMentions: "16384×16384 pixels; expected at most 64 megapixels"),
        BadFileCase(
            name: "zero width", contents: Array(valid.prefix(16)) + TinyPNG.be32(0) + Array(valid.dropFirst(20)), reasonMentions: "0×4"),
    ]

    @Test(arguments: badFiles)
    func unreadableFilesThrowNamingThePathAndReason(_ c: BadFileCase) throws {
        let path = Self.temporaryPath("\(c.name).png")
        if let contents = c.contents { #expect(FileManager.default.createFile(atPath: path, contents: Data(contents))) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Bitmap(pngFile: path)
            Issue.record("decoding \(c.name) should fail")
        } catch {
            guard case .unreadableImage(let errorPath, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(reason.contains(c.reasonMentions), "\(reason)")
            #expect(error.description.contains(path))
        }
        if let contents = c.contents {
            #expect(throws: GraphicsError.self) { try Bitmap(pngData: contents) }
        }
    }

    /// Files libpng rejects while decoding, which cairo reports as "out of memory", and what the
    /// error must say instead.
    static let corruptFiles: [BadFileCase] = [
        BadFileCase(
            name: "invalid filter type",
            contents: TinyPNG.make(
                width: 4, height: 4, colorType: .rgb, samples: [UInt8](repeating: 200, count: 48), filterTypes: [2: 7]),
            reasonMentions: "corrupt PNG: invalid filter type 7 in row 3 of 4; expected 0 to 4"),
        BadFileCase(
            name: "invalid bit depth",
            contents: Array(valid.prefix(8)) + TinyPNG.chunk("IHDR", TinyPNG.be32(4) + TinyPNG.be32(4) + [3, 2, 0, 0, 0])
                + Array(valid.dropFirst(33)),
            reasonMentions: "corrupt PNG: IHDR: invalid bit depth 3 for colour type 2; expected one of 8, 16"),
        BadFileCase(
            name: "image data that is not deflate",
            contents: Array(valid.prefix(33)) + TinyPNG.chunk("IDAT", [0x78, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0])
                + TinyPNG.chunk("IEND", []),
            reasonMentions: "corrupt PNG: the image data's zlib stream is corrupt"),
        BadFileCase(
            name: "image data with rows missing",
            contents: Array(valid.prefix(33)) + TinyPNG.chunk("IDAT", TinyPNG.zlibStored([UInt8](repeating: 0, count: 13 * 2)))
                + TinyPNG.chunk("IEND", []),
            reasonMentions: "corrupt PNG: the image data holds 2 of 4 rows"),
        BadFileCase(
            name: "IDAT checksum", contents: valid.enumerated().map { $0.offset == 45 ? $0.element ^ 0x55 : $0.element },
            reasonMentions: "corrupt PNG: chunk 'IDAT' at byte 33 has a wrong CRC checksum"),
    ]

    @Test(arguments: corruptFiles)
    func corruptFilesSayWhatIsWrong(_ c: BadFileCase) throws {
        let path = Self.temporaryPath("\(c.name).png")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(c.contents ?? [])))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (name, decode) in [(path, { try Bitmap(pngFile: path) }), (Bitmap.pngDataName, { try Bitmap(pngData: c.contents ?? []) })] {
            do {
                _ = try decode()
                Issue.record("decoding \(c.name) should fail")
            } catch GraphicsError.unreadableImage(let errorPath, let reason) {
                #expect(errorPath == name)
                #expect(reason.hasPrefix(c.reasonMentions), "\(reason)")
                #expect(!reason.contains("memory"), "\(reason)")
            }
        }
    }

    @Test func anInterlacedImageWithAnInvalidFilterNamesItsPass() throws {
        // 2 × 2, 8-bit grey, Adam7: passes 1, 6 and 7 hold pixels, one row each.
        let header = TinyPNG.be32(2) + TinyPNG.be32(2) + [8, 0, 0, 0, 1]
        let rows: [UInt8] = [0, 10] + [0, 20] + [9, 30, 40]
        let file =
            Array(Self.valid.prefix(8)) + TinyPNG.chunk("IHDR", header) + TinyPNG.chunk("IDAT", TinyPNG.zlibStored(rows))
            + TinyPNG.chunk("IEND", [])
        let reason = "corrupt PNG: invalid filter type 9 in row 1 of interlace pass 7; expected 0 to 4"
        #expect(throws: GraphicsError.unreadableImage(path: Bitmap.pngDataName, reason: reason)) { try Bitmap(pngData: file) }
        // The same rows with a valid filter decode.
        let valid =
            Array(Self.valid.prefix(8)) + TinyPNG.chunk("IHDR", header)
            + TinyPNG.chunk("IDAT", TinyPNG.zlibStored([0, 10] + [0, 20] + [0, 30, 40])) + TinyPNG.chunk("IEND", [])
        #expect(try Bitmap(pngData: valid).width == 2)
    }

    @Test func aDirectoryIsNotAnImage() throws {
        let path = FileManager.default.temporaryDirectory.path
        #expect {
            try Bitmap(pngFile: path)
        } throws: { error in
            guard case GraphicsError.unreadableImage(let p, _) = error else { return false }
            return p == path
        }
    }

    @Test func unwritablePathsThrowNamingThePath() throws {
        let path = "/nonexistent-kinema-directory/image.png"
        let bitmap = try Bitmap(width: 2, height: 2)
        #expect {
            try bitmap.writePNG(to: path)
        } throws: { error in
            guard case GraphicsError.unwritableFile(let p, let reason) = error else { return false }
            return p == path && reason == "its folder '/nonexistent-kinema-directory' does not exist"
        }
    }
}
