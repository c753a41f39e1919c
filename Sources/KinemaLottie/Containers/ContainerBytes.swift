/// How much a container may expand to: a guard against decompression bombs (a few kilobytes
/// declaring or inflating to gigabytes). Real Lottie files are far smaller: a Telegram sticker
/// is at most 64 KB compressed.
enum ContainerLimits {
    /// The most one file inside a container may hold once decompressed: 64 MiB.
    static let entryBytes = 64 << 20
    /// The most all the files of one archive may hold together once decompressed: 256 MiB.
    static let totalBytes = 256 << 20

    /// `count` bytes in words (`64 MiB`, `1 GiB`, `300 bytes`), for error messages.
    static func describe(_ count: Int) -> String {
        if count >= 1 << 30, count % (1 << 30) == 0 { return "\(count >> 30) GiB" }
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}

/// Little-endian reads from a byte array, as ZIP (APPNOTE section 4.4.1) and gzip (RFC 1952
/// section 2.1) store their numbers. Each returns `nil` past the end, so a truncated file is an
/// error and never a crash.
extension [UInt8] {
    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        return Int(self[offset]) | Int(self[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> Int? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        return Int(self[offset]) | Int(self[offset + 1]) << 8 | Int(self[offset + 2]) << 16 | Int(self[offset + 3]) << 24
    }

    /// Whether the four bytes at `offset` are the little-endian `signature`.
    func hasSignature(_ signature: Int, at offset: Int) -> Bool { uint32(at: offset) == signature }
}
