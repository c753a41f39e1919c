/// A ZIP archive read from memory (PKWARE's APPNOTE.TXT): its central directory is listed
/// up front, and an entry's data is read, inflated and CRC-checked on demand.
///
/// Deliberately narrow, as dotLottie files need nothing more: one disk, no ZIP64, entries stored
/// (method 0) or Deflate-compressed (method 8), no encryption. Everything else is refused with an
/// error that says so, as are unsafe names (absolute, `..`, backslashes), symbolic links, and
/// entries declaring more than ``ContainerLimits`` allows.
struct ZipArchive {
    private let bytes: [UInt8]
    /// The entries in central directory order.
    let entries: [ZipEntry]
    /// Where the central directory starts: no entry's data may reach past it.
    private let centralDirectoryOffset: Int

    private static let localHeaderSignature = 0x0403_4B50  // "PK\3\4"
    private static let centralHeaderSignature = 0x0201_4B50  // "PK\1\2"
    private static let endSignature = 0x0605_4B50  // "PK\5\6"
    private static let zip64LocatorSignature = 0x0706_4B50  // "PK\6\7"

    /// Reads the central directory of the archive in `bytes`.
    ///
    /// - Throws: ``LottieError`` at `archive` (or `archive:NAME` for one entry) when the archive
    ///   is truncated or corrupt, uses a feature this reader does not support, or holds an unsafe entry.
    init(_ bytes: [UInt8]) throws(LottieError) {
        self.bytes = bytes
        let end = try Self.endOfCentralDirectory(in: bytes)
        guard let disk = bytes.uint16(at: end + 4), let directoryDisk = bytes.uint16(at: end + 6),
            let entriesHere = bytes.uint16(at: end + 8), let entryCount = bytes.uint16(at: end + 10),
            let directorySize = bytes.uint32(at: end + 12), let directoryOffset = bytes.uint32(at: end + 16)
        else { throw LottieError("archive", "truncated end-of-central-directory record") }
        // APPNOTE 4.4.1.4: fields at their maximum mean "see the ZIP64 record".
        if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF
            || bytes.hasSignature(Self.zip64LocatorSignature, at: end - 20)
        {
            throw LottieError(
                "archive", "ZIP64 archives are not supported (expected a ZIP archive under 4 GiB with fewer than 65,535 files)")
        }
        guard disk == 0, directoryDisk == 0, entriesHere == entryCount else {
            throw LottieError("archive", "split (multi-disk) ZIP archives are not supported")
        }
        guard directoryOffset + directorySize <= end else {
            throw LottieError(
                "archive",
                "the central directory (\(directorySize) bytes at offset \(directoryOffset)) overlaps its end record at offset \(end): "
                    + "truncated or corrupt archive")
        }
        centralDirectoryOffset = directoryOffset
        entries = try Self.readCentralDirectory(bytes, from: directoryOffset, to: directoryOffset + directorySize, count: entryCount)
    }

    /// The entry named exactly `name`, or `nil`.
    func entry(named name: String) -> ZipEntry? { entries.first { $0.name == name } }

    /// The uncompressed bytes of `entry`, checked against its declared size and CRC-32.
    ///
    /// - Throws: ``LottieError`` at `archive:NAME` when the data is truncated, corrupt, inflates to
    ///   another size than declared, or fails the CRC-32 check.
    func contents(of entry: ZipEntry) throws(LottieError) -> [UInt8] {
        let path = entry.errorPath
        let header = entry.localHeaderOffset
        guard bytes.hasSignature(Self.localHeaderSignature, at: header), let nameLength = bytes.uint16(at: header + 26),
            let extraLength = bytes.uint16(at: header + 28)
        else { throw LottieError(path, "expected a local file header at offset \(header): truncated or corrupt archive") }
        let nameStart = header + 30
        guard nameStart + nameLength <= bytes.count, Self.decodeName(bytes[nameStart..<nameStart + nameLength]) == entry.name else {
            throw LottieError(path, "the local file header at offset \(header) names another file than the central directory")
        }
        let start = nameStart + nameLength + extraLength
        let end = start + entry.compressedSize
        guard end <= centralDirectoryOffset else {
            throw LottieError(
                path,
                "the compressed data (\(entry.compressedSize) bytes at offset \(start)) runs past the archive's files: truncated archive")
        }
        let data: [UInt8]
        if entry.method == 0 {
            data = Array(bytes[start..<end])
        } else {
            data = try Inflate.raw(bytes, start..<end, expectedSize: entry.uncompressedSize, path: path).bytes
        }
        let crc = Inflate.crc32(data, 0..<data.count)
        guard crc == entry.crc32 else {
            throw LottieError(
                path, "CRC-32 mismatch: the data's is \(hex(crc)), expected \(hex(entry.crc32)) as the archive declares (corrupt archive)")
        }
        return data
    }

    /// The offset of the end-of-central-directory record (APPNOTE 4.3.16): 22 bytes and a comment
    /// of up to 65,535 bytes that must end the archive, so it is searched for from the end.
    private static func endOfCentralDirectory(in bytes: [UInt8]) throws(LottieError) -> Int {
        let fixed = 22
        guard bytes.count >= fixed else {
            throw LottieError("archive", "truncated: \(bytes.count) bytes, expected at least the 22-byte end-of-central-directory record")
        }
        var offset = bytes.count - fixed
        let lowest = max(0, offset - 0xFFFF)
        while offset >= lowest {
            if bytes.hasSignature(endSignature, at: offset), bytes.uint16(at: offset + 20) == bytes.count - offset - fixed {
                return offset
            }
            offset -= 1
        }
        throw LottieError(
            "archive", "no end-of-central-directory record in the last 64 KiB: truncated, or not a ZIP archive (expected a dotLottie file)")
    }

    /// Reads and checks `count` central directory headers (APPNOTE 4.3.12) in `bytes[from..<to]`.
    private static func readCentralDirectory(_ bytes: [UInt8], from: Int, to: Int, count: Int) throws(LottieError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        var names: Set<String> = []
        var total = 0
        var offset = from
        for index in 0..<count {
            guard offset + 46 <= to, bytes.hasSignature(centralHeaderSignature, at: offset),
                let flags = bytes.uint16(at: offset + 8), let method = bytes.uint16(at: offset + 10),
                let crc = bytes.uint32(at: offset + 16), let compressedSize = bytes.uint32(at: offset + 20),
                let size = bytes.uint32(at: offset + 24), let nameLength = bytes.uint16(at: offset + 28),
                let extraLength = bytes.uint16(at: offset + 30), let commentLength = bytes.uint16(at: offset + 32),
                let attributes = bytes.uint32(at: offset + 38), let localOffset = bytes.uint32(at: offset + 42),
                offset + 46 + nameLength + extraLength + commentLength <= to
            else {
                throw LottieError(
                    "archive", "expected central directory header \(index + 1) of \(count) at offset \(offset): corrupt archive")
            }
            let name = decodeName(bytes[offset + 46..<offset + 46 + nameLength])
            let path = "archive:\(name)"
            if let problem = ZipEntry.problem(withName: name) { throw LottieError(path, problem) }
            // The high 16 bits of the external attributes hold the Unix mode (st_mode).
            if (attributes >> 16) & 0o170000 == 0o120000 {
                throw LottieError(path, "symbolic links are not allowed (expected a regular file or folder)")
            }
            // Bit 0: encrypted; bit 6: strong encryption (APPNOTE 4.4.4).
            if flags & 0b100_0001 != 0 || method == 99 {
                throw LottieError(path, "encrypted entries are not supported")
            }
            if compressedSize == 0xFFFF_FFFF || size == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
                throw LottieError(path, "ZIP64 entries are not supported (expected sizes and offsets under 4 GiB)")
            }
            guard method == 0 || method == 8 else {
                throw LottieError(
                    path,
                    "compression method \(method) (\(ZipEntry.methodName(method))) is not supported: expected 0 (stored) or 8 (Deflate)")
            }
            guard size <= ContainerLimits.entryBytes else {
                let limit = ContainerLimits.describe(ContainerLimits.entryBytes)
                throw LottieError(
                    path, "declares \(ContainerLimits.describe(size)) uncompressed, more than the \(limit) allowed for one file")
            }
            guard method == 8 || compressedSize == size else {
                throw LottieError(path, "a stored entry declares \(compressedSize) bytes stored but \(size) bytes of data")
            }
            guard names.insert(name).inserted else { throw LottieError(path, "appears twice in the archive") }
            total += size
            guard total <= ContainerLimits.totalBytes else {
                throw LottieError(
                    "archive", "the files declare more than the \(ContainerLimits.describe(ContainerLimits.totalBytes)) allowed in total")
            }
            entries.append(
                ZipEntry(
                    name: name, method: method, crc32: crc, compressedSize: compressedSize, uncompressedSize: size,
                    localHeaderOffset: localOffset))
            offset += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// An entry name: UTF-8 when valid (APPNOTE appendix D; bit 11 marks it, but many tools write
    /// UTF-8 without it), else each byte as the Latin-1 character of that value.
    private static func decodeName(_ bytes: ArraySlice<UInt8>) -> String {
        String(validating: bytes, as: UTF8.self) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

private func hex(_ value: Int) -> String {
    let digits = String(value, radix: 16, uppercase: false)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
