import CZlib
import Foundation
import KinemaLottie
import Testing

/// `.lottie` (ZIP) and `.tgs` (gzip) archives written byte by byte here, with zlib compressing,
/// so each test controls every field the reader checks.
@Suite struct LottieContainerTests {
    /// A small but compressible animation: a red rectangle, its layer repeated.
    static let animationJSON: String = {
        let layer = """
            {"ty": 4, "ind": IND, "nm": "L", "ip": 0, "op": 30, "st": 0, "ks": {},
             "shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}, "r": {"a": 0, "k": 0}},
              {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]}
            """
        let layers = (1...8).map { layer.replacingOccurrences(of: "IND", with: "\($0)") }
        return """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "assets": [], "layers": [\(layers.joined(separator: ","))]}
            """
    }()
    static let otherJSON = #"{"v": "5.7.4", "fr": 60, "ip": 0, "op": 60, "w": 512, "h": 512, "assets": [], "layers": []}"#
    /// The 8-byte PNG signature and some bytes, standing in for an image.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(0..<200).map { UInt8($0 % 7) }

    // MARK: dotLottie

    @Test func dotLottieVersion1ReadsManifestAnimationAndImages() throws {
        var zip = ZipBuilder(comment: "written by the tests, with a fake PK\u{5}\u{6} inside")
        zip.add(
            "manifest.json",
            #"""
            {"version": "1.0", "generator": "tests", "animations": [
              {"id": "a", "speed": 2, "loop": true, "direction": -1, "playMode": "bounce", "autoplay": true}]}
            """#, deflate: false)
        zip.add("animations/", "")  // a folder entry
        zip.add("animations/a.json", Self.animationJSON)
        zip.add("images/img_0.png", Self.png, deflate: false)
        let bytes = zip.bytes()
        #expect(bytes.count < Self.animationJSON.utf8.count)  // the animation really is deflated
        let contents = try LottieContainer.open(Data(bytes))
        #expect(contents.kind == .dotLottie)
        #expect(contents.json == Data(Self.animationJSON.utf8))
        #expect(contents.images == ["img_0.png": Data(Self.png)])
        let settings = try #require(contents.settings)
        #expect(settings == DotLottieSettings(animationID: "a", speed: 2, loop: true, direction: -1, playMode: .bounce, autoplay: true))
        #expect(settings.signedSpeed == -2)
        #expect(try LottieAnimation(data: contents.json).size.width == 100)
    }

    @Test func dotLottieVersion2ReadsFoldersAAndI() throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"version": "2", "animations": [{"id": "x"}]}"#)
        zip.add("animations/x.json", Self.otherJSON)  // version 1's folders: not read
        zip.add("images/old.png", [1, 2, 3])
        zip.add("a/x.json", Self.animationJSON)
        zip.add("i/img_0.png", Self.png)
        zip.add("i/nested/img_1.png", [9, 9])
        let contents = try LottieContainer.open(Data(zip.bytes()))
        #expect(contents.json == Data(Self.animationJSON.utf8))
        #expect(contents.images == ["img_0.png": Data(Self.png), "nested/img_1.png": Data([9, 9])])
        #expect(contents.settings == DotLottieSettings(animationID: "x"))
    }

    @Test func dotLottieVersion2WithoutFolderAIsAnError() throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"version": "2.0", "animations": [{"id": "x"}]}"#)
        zip.add("animations/x.json", Self.animationJSON)
        let error = try #require(openingError(zip.bytes()))
        #expect(error.problems.map(\.path) == ["archive:a/x.json"])
        #expect(error.description.contains("expected at a/x.json"))
    }

    @Test func activeAnimationIdPicksTheSecondAnimation() throws {
        var zip = ZipBuilder()
        zip.add(
            "manifest.json",
            #"""
            {"activeAnimationId": "second",
             "animations": [{"id": "first", "speed": 3}, {"id": "second", "speed": 0.5, "mode": "bounce"}]}
            """#)
        zip.add("animations/first.json", Self.animationJSON)
        zip.add("animations/second.json", Self.otherJSON)
        let contents = try LottieContainer.open(Data(zip.bytes()))
        #expect(contents.json == Data(Self.otherJSON.utf8))
        #expect(contents.settings == DotLottieSettings(animationID: "second", speed: 0.5, playMode: .bounce))
    }

    @Test func withoutActiveAnimationIdTheFirstIsPlayed() throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "first", "loop": 3}, {"id": "second"}]}"#)
        zip.add("animations/first.json", Self.animationJSON)
        zip.add("animations/second.json", Self.otherJSON)
        let contents = try LottieContainer.open(Data(zip.bytes()))
        #expect(contents.json == Data(Self.animationJSON.utf8))
        #expect(contents.settings == DotLottieSettings(animationID: "first", loop: true))
    }

    @Test(arguments: [
        (#"{"activeAnimationId": "third", "animations": [{"id": "first"}]}"#, "$.activeAnimationId: 'third' is not among"),
        (#"{"animations": []}"#, "$.animations: expected a non-empty array"),
        (#"{"animations": [{"id": "first", "direction": 0}]}"#, "$.animations[0].direction: expected 1 (forwards) or -1"),
        (#"{"animations": [{"id": "first", "playMode": "pingpong"}]}"#, #"$.animations[0].playMode: expected "normal" or "bounce""#),
        (#"{"version": "two", "animations": [{"id": "first"}]}"#, "$.version: expected a version"),
        (#"{"animations": [{"id": "first"}"#, "$: not JSON"),
    ])
    func badManifestsAreErrors(manifest: String, message: String) throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", manifest)
        zip.add("animations/first.json", Self.animationJSON)
        let error = try #require(openingError(zip.bytes()))
        #expect(error.problems.map(\.path) == ["archive:manifest.json"])
        #expect(error.description.contains(message), "\(error)")
    }

    @Test func anArchiveWithoutManifestIsAnError() throws {
        var zip = ZipBuilder()
        zip.add("animations/a.json", Self.animationJSON)
        let error = try #require(openingError(zip.bytes()))
        #expect(error.description == "archive: expected manifest.json at the root of the dotLottie archive")
    }

    // MARK: Unsafe and broken archives

    @Test(arguments: [
        ("../evil.json", "'..' components are not allowed"),
        ("images/../../evil.png", "'..' components are not allowed"),
        ("/etc/passwd", "absolute paths are not allowed"),
        ("C:/evil.json", "drive letter"),
        ("images\\evil.png", "backslashes in entry names are not allowed"),
    ])
    func unsafeEntryNamesAreRejected(name: String, message: String) throws {
        var zip = ZipBuilder.valid()
        zip.add(name, "{}")
        let error = try #require(openingError(zip.bytes()))
        #expect(error.problems.map(\.path) == ["archive:\(name)"])
        #expect(error.description.contains(message), "\(error)")
    }

    @Test func symbolicLinksAreRejected() throws {
        var zip = ZipBuilder.valid()
        // Unix mode S_IFLNK | 0777 in the high half of the external attributes; the data is the target.
        zip.add("images/img_0.png", "../../../etc/passwd", deflate: false, externalAttributes: 0o120777 << 16)
        let error = try #require(openingError(zip.bytes()))
        #expect(error.description == "archive:images/img_0.png: symbolic links are not allowed (expected a regular file or folder)")
    }

    @Test func aCRCMismatchIsRejected() throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "a"}]}"#)
        zip.add("animations/a.json", Self.animationJSON, crc: 0x1234_5678)
        let error = try #require(openingError(zip.bytes()))
        #expect(error.problems.map(\.path) == ["archive:animations/a.json"])
        #expect(error.description.contains("CRC-32 mismatch"))
        #expect(error.description.contains("expected 0x12345678"))
    }

    @Test func aTruncatedArchiveIsRejected() throws {
        let bytes = ZipBuilder.valid().bytes()
        for length in [bytes.count - 1, bytes.count / 2, 30, 4] {
            let error = try #require(openingError(Array(bytes.prefix(length))))
            #expect(error.problems.map(\.path) == ["archive"])
            #expect(error.description.contains("truncated"), "\(length) bytes: \(error)")
        }
    }

    @Test func aTruncatedDeflateStreamIsRejected() throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "a"}]}"#)
        zip.add("animations/a.json", Self.animationJSON, truncateCompressedTo: 40)
        let error = try #require(openingError(zip.bytes()))
        #expect(
            error.description == "archive:animations/a.json: compressed data ends early (truncated): expected a complete Deflate stream")
    }

    @Test func aDeclaredGibibyteIsRejectedBeforeInflating() throws {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "a"}]}"#)
        zip.add("animations/a.json", Self.animationJSON, declaredSize: 1 << 30)
        let error = try #require(openingError(zip.bytes()))
        #expect(error.description == "archive:animations/a.json: declares 1 GiB uncompressed, more than the 64 MiB allowed for one file")
    }

    @Test func filesDeclaringMoreThan256MiBTogetherAreRejected() throws {
        var zip = ZipBuilder.valid()
        for index in 0..<5 { zip.add("images/\(index).png", Self.png, declaredSize: 60 << 20) }
        let error = try #require(openingError(zip.bytes()))
        #expect(error.description == "archive: the files declare more than the 256 MiB allowed in total")
    }

    @Test func dataInflatingToAnotherSizeThanDeclaredIsRejected() throws {
        let size = Self.animationJSON.utf8.count
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "a"}]}"#)
        zip.add("animations/a.json", Self.animationJSON, declaredSize: 100)
        #expect(openingError(zip.bytes())?.description == "archive:animations/a.json: inflates to more than the declared 100 bytes")
        zip.entries.removeLast()
        zip.add("animations/a.json", Self.animationJSON, declaredSize: size + 1)
        #expect(
            openingError(zip.bytes())?.description
                == "archive:animations/a.json: inflates to \(size) bytes, expected the declared \(size + 1) bytes")
    }

    @Test func inflatingStopsAtTheDeclaredSize() throws {
        // 32 MiB of zeros deflate to about 32 KiB. Cut to half, the stream never ends: reading it
        // to its end would find it truncated, so "more than declared" shows inflating stopped
        // one byte past the declared 1 KiB.
        let zeros = [UInt8](repeating: 0, count: 32 << 20)
        let compressed = rawDeflate(zeros)
        var zip = ZipBuilder.valid()
        zip.add("images/img_0.png", zeros, declaredSize: 1024, truncateCompressedTo: compressed.count / 2)
        #expect(openingError(zip.bytes())?.description == "archive:images/img_0.png: inflates to more than the declared 1024 bytes")
        let header: [UInt8] = [0x1F, 0x8B, 8, 0] + le32(0) + [0, 3]
        let sticker = header + compressed.prefix(compressed.count / 2) + le32(crc32(zeros)) + le32(1024)
        #expect(openingError(sticker)?.description == "archive: inflates to more than the declared 1024 bytes")
    }

    @Test func unsupportedFeaturesAreNamed() throws {
        let cases: [(ZipBuilder.Entry, String)] = [
            (.init(name: "images/a.png", data: Self.png, flags: 1), "encrypted entries are not supported"),
            (.init(name: "images/a.png", data: Self.png, method: 12), "compression method 12 (bzip2) is not supported"),
            (.init(name: "images/a.png", data: Self.png, declaredSize: 0xFFFF_FFFF), "ZIP64 entries are not supported"),
        ]
        for (entry, message) in cases {
            var zip = ZipBuilder.valid()
            zip.entries.append(entry)
            let error = try #require(openingError(zip.bytes()))
            #expect(error.problems.map(\.path) == ["archive:images/a.png"])
            #expect(error.description.contains(message), "\(error)")
        }
    }

    // MARK: Telegram stickers and plain JSON

    @Test func telegramStickerRoundTrip() throws {
        let json = Array(Self.animationJSON.utf8)
        for bytes in [
            gzip(json), gzip(json, name: "sticker.json", comment: "a comment", extra: [1, 2, 3, 4], headerCRC: true), zlibGzip(json),
        ] {
            let contents = try LottieContainer.open(Data(bytes))
            #expect(contents.kind == .telegramSticker)
            #expect(contents.json == Data(json))
            #expect(contents.images.isEmpty && contents.settings == nil)
        }
    }

    @Test func brokenTelegramStickersAreRejected() throws {
        let json = Array(Self.animationJSON.utf8)
        var badCRC = gzip(json)
        badCRC[badCRC.count - 8] ^= 0xFF
        var badSize = gzip(json)
        badSize[badSize.count - 4] &+= 1
        var bomb = gzip(json)
        bomb.replaceSubrange((bomb.count - 4)..., with: [0, 0, 0, 0x40])  // ISIZE 1 GiB
        var badHeaderCRC = gzip(json, name: "sticker.json", headerCRC: true)
        badHeaderCRC[12] ^= 0xFF
        let cases: [([UInt8], String)] = [
            (badCRC, "archive: gzip CRC-32 mismatch: corrupt data"),
            (badSize, "archive: inflates to \(json.count) bytes, expected the declared \(json.count + 1) bytes"),
            (bomb, "archive: the gzip trailer declares 1 GiB uncompressed, more than the 64 MiB allowed (or truncated data)"),
            (badHeaderCRC, "archive: gzip header CRC mismatch: corrupt header"),
            (Array(gzip(json).prefix(12)), "archive: truncated gzip data: 12 bytes, expected at least an 18-byte header and trailer"),
        ]
        for (bytes, message) in cases {
            #expect(openingError(bytes)?.description == message)
        }
    }

    @Test func plainJSONPassesThroughUnchanged() throws {
        let data = Data(Self.animationJSON.utf8)
        let contents = try LottieContainer.open(data)
        #expect(contents.kind == .json)
        #expect(contents.json == data)
        #expect(contents.images.isEmpty && contents.settings == nil)
        // Not checked here: decoding reports what is wrong with it.
        #expect(try LottieContainer.open(Data("not json".utf8)).json == Data("not json".utf8))
    }
}

/// The error opening `bytes` throws, or `nil` when it opens.
private func openingError(_ bytes: [UInt8]) -> LottieError? {
    do {
        _ = try LottieContainer.open(Data(bytes))
        return nil
    } catch {
        return error
    }
}

/// Writes ZIP archives field by field (PKWARE's APPNOTE: local file headers and data, then the
/// central directory, then the end record), with fields a test may falsify.
struct ZipBuilder {
    struct Entry {
        var name: String
        var data: [UInt8]
        var deflate = true
        var externalAttributes = 0o100644 << 16
        var flags = 0
        var method: Int?
        var crc: Int?
        var declaredSize: Int?
        var truncateCompressedTo: Int?
    }

    var entries: [Entry] = []
    var comment = ""

    /// A valid version 1 archive to add a bad entry to.
    static func valid() -> ZipBuilder {
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "a"}]}"#)
        zip.add("animations/a.json", LottieContainerTests.animationJSON)
        return zip
    }

    mutating func add(
        _ name: String, _ text: String, deflate: Bool = true, externalAttributes: Int = 0o100644 << 16, crc: Int? = nil,
        declaredSize: Int? = nil, truncateCompressedTo: Int? = nil
    ) {
        add(
            name, Array(text.utf8), deflate: deflate, externalAttributes: externalAttributes, crc: crc, declaredSize: declaredSize,
            truncateCompressedTo: truncateCompressedTo)
    }

    mutating func add(
        _ name: String, _ data: [UInt8], deflate: Bool = true, externalAttributes: Int = 0o100644 << 16, crc: Int? = nil,
        declaredSize: Int? = nil, truncateCompressedTo: Int? = nil
    ) {
        entries.append(
            Entry(
                name: name, data: data, deflate: deflate, externalAttributes: externalAttributes, crc: crc, declaredSize: declaredSize,
                truncateCompressedTo: truncateCompressedTo))
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            var stored = entry.deflate ? rawDeflate(entry.data) : entry.data
            if let length = entry.truncateCompressedTo { stored = Array(stored.prefix(length)) }
            let method = entry.method ?? (entry.deflate ? 8 : 0)
            let crc = entry.crc ?? crc32(entry.data)
            let size = entry.declaredSize ?? entry.data.count
            let name = Array(entry.name.utf8)
            let offset = out.count
            // Local file header: signature, version needed, flags, method, time, date, CRC, sizes, name and extra lengths.
            out += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(method) + le16(0) + le16(0x21)
            out += le32(crc) + le32(stored.count) + le32(size) + le16(name.count) + le16(0) + name + stored
            // Central directory header: made by Unix (3) zip 2.0, then as above, comment length,
            // disk, internal and external attributes, local header offset.
            central += le32(0x0201_4B50) + le16(3 << 8 | 20) + le16(20) + le16(entry.flags) + le16(method) + le16(0) + le16(0x21)
            central += le32(crc) + le32(stored.count) + le32(size) + le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(entry.externalAttributes) + le32(offset) + name
        }
        let directoryOffset = out.count
        let comment = Array(comment.utf8)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
        out += le32(central.count) + le32(directoryOffset) + le16(comment.count) + comment
        return out
    }
}

/// A gzip member written field by field (RFC 1952), with the optional header fields.
private func gzip(_ data: [UInt8], name: String? = nil, comment: String? = nil, extra: [UInt8]? = nil, headerCRC: Bool = false) -> [UInt8] {
    var flags = 0
    if headerCRC { flags |= 0x02 }
    if extra != nil { flags |= 0x04 }
    if name != nil { flags |= 0x08 }
    if comment != nil { flags |= 0x10 }
    var out: [UInt8] = [0x1F, 0x8B, 8, UInt8(flags)] + le32(0) + [0, 3]
    if let extra { out += le16(extra.count) + extra }
    if let name { out += Array(name.utf8) + [0] }
    if let comment { out += Array(comment.utf8) + [0] }
    if headerCRC { out += le16(crc32(out) & 0xFFFF) }
    return out + rawDeflate(data) + le32(crc32(data)) + le32(data.count)
}

/// gzip as zlib itself writes it (window bits 15 + 16).
private func zlibGzip(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: 31) }

private func rawDeflate(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: -15) }

private func deflate(_ data: [UInt8], windowBits: Int32) -> [UInt8] {
    var stream = z_stream()
    precondition(kinema_deflateInit(&stream, 9, windowBits) == Z_OK)
    defer { deflateEnd(&stream) }
    var input = data
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(data.count))) + 32)
    let status = input.withUnsafeMutableBufferPointer { source in
        output.withUnsafeMutableBufferPointer { target in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            stream.next_out = target.baseAddress
            stream.avail_out = UInt32(target.count)
            return CZlib.deflate(&stream, Z_FINISH)
        }
    }
    precondition(status == Z_STREAM_END)
    return Array(output.prefix(Int(stream.total_out)))
}

private func crc32(_ data: [UInt8]) -> Int {
    data.withUnsafeBufferPointer { Int(CZlib.crc32(0, $0.baseAddress, UInt32($0.count))) }
}

private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
