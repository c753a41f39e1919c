/// A gzip file (RFC 1952) read from memory, as Telegram's `.tgs` stickers are: one member of
/// Deflate data with its header, CRC-32 and size checked.
enum GzipMember {
    /// The two bytes every gzip member starts with (RFC 1952 section 2.3.1).
    static let magic: [UInt8] = [0x1F, 0x8B]

    // Header flag bits (FLG, RFC 1952 section 2.3.1).
    private static let headerCRCFlag = 0x02
    private static let extraFlag = 0x04
    private static let nameFlag = 0x08
    private static let commentFlag = 0x10
    private static let reservedFlags = 0xE0

    /// The uncompressed data of the single gzip member `bytes` holds.
    ///
    /// The header may carry the optional extra field, file name, comment and header CRC; the
    /// trailer's CRC-32 and ISIZE must match the data, and ISIZE may not exceed
    /// ``ContainerLimits/entryBytes`` (checked before inflating). Concatenated members, which
    /// `gunzip` would join, are refused: a sticker is one member.
    ///
    /// - Throws: ``LottieError`` at `archive` naming what is wrong or unsupported.
    static func decompress(_ bytes: [UInt8]) throws(LottieError) -> [UInt8] {
        let path = "archive"
        guard bytes.count >= 18 else {
            throw LottieError(path, "truncated gzip data: \(bytes.count) bytes, expected at least an 18-byte header and trailer")
        }
        guard bytes.starts(with: magic) else { throw LottieError(path, "expected gzip data (starting 1f 8b)") }
        guard bytes[2] == 8 else { throw LottieError(path, "gzip compression method \(bytes[2]) is not supported: expected 8 (Deflate)") }
        let flags = Int(bytes[3])
        guard flags & reservedFlags == 0 else { throw LottieError(path, "reserved gzip header flags are set: corrupt or newer gzip data") }
        var offset = 10  // ID1 ID2 CM FLG MTIME(4) XFL OS
        if flags & extraFlag != 0 {
            guard let length = bytes.uint16(at: offset) else { throw truncatedHeader() }
            offset += 2 + length
        }
        if flags & nameFlag != 0 { offset = try skipZeroTerminated(bytes, from: offset) }
        if flags & commentFlag != 0 { offset = try skipZeroTerminated(bytes, from: offset) }
        if flags & headerCRCFlag != 0 {
            guard let stored = bytes.uint16(at: offset) else { throw truncatedHeader() }
            let crc = Inflate.crc32(bytes, 0..<offset) & 0xFFFF
            guard crc == stored else { throw LottieError(path, "gzip header CRC mismatch: corrupt header") }
            offset += 2
        }
        let trailer = bytes.count - 8
        guard offset <= trailer, let crc = bytes.uint32(at: trailer), let size = bytes.uint32(at: trailer + 4) else {
            throw LottieError(path, "truncated gzip data: the header runs into the 8-byte trailer")
        }
        guard size <= ContainerLimits.entryBytes else {
            let limit = ContainerLimits.describe(ContainerLimits.entryBytes)
            let declared = ContainerLimits.describe(size)
            throw LottieError(
                path, "the gzip trailer declares \(declared) uncompressed, more than the \(limit) allowed (or truncated data)")
        }
        let (data, consumed) = try Inflate.raw(bytes, offset..<trailer, expectedSize: size, path: path)
        guard offset + consumed == trailer else {
            throw LottieError(
                path, "\(trailer - offset - consumed) bytes follow the gzip data: expected one gzip member and its 8-byte trailer")
        }
        guard Inflate.crc32(data, 0..<data.count) == crc else { throw LottieError(path, "gzip CRC-32 mismatch: corrupt data") }
        return data
    }

    private static func skipZeroTerminated(_ bytes: [UInt8], from offset: Int) throws(LottieError) -> Int {
        guard offset < bytes.count, let zero = bytes[offset...].firstIndex(of: 0) else { throw truncatedHeader() }
        return zero + 1
    }

    private static func truncatedHeader() -> LottieError { LottieError("archive", "truncated gzip header") }
}
