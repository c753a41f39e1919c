/// One file or folder of a ZIP archive, as its central directory header describes it (APPNOTE
/// section 4.3.12). ``ZipArchive`` makes only entries it has checked: safe names, no links, no
/// encryption, stored or Deflate, sizes within ``ContainerLimits``.
struct ZipEntry: Sendable {
    /// The entry's path inside the archive, `/` between folders (`animations/a.json`).
    var name: String
    /// 0 (stored) or 8 (Deflate).
    var method: Int
    /// The CRC-32 of the uncompressed data.
    var crc32: Int
    var compressedSize: Int
    var uncompressedSize: Int
    /// Where the entry's local file header starts, from the start of the archive.
    var localHeaderOffset: Int

    /// Folders are entries whose names end with `/` (APPNOTE section 4.4.17.1).
    var isFolder: Bool { name.hasSuffix("/") }
    /// The entry's path in errors: `archive:animations/a.json`.
    var errorPath: String { "archive:\(name)" }

    /// Why `name` is unsafe to use as a path, or `nil`. APPNOTE section 4.4.17.1 requires relative
    /// paths with forward slashes and no drive letter; `..` components would escape the folder an
    /// archive is unpacked into (ZIP path traversal, "Zip Slip").
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "an empty entry name" }
        if name.contains("\0") { return "a NUL character in the entry name" }
        if name.contains("\\") { return "backslashes in entry names are not allowed (expected '/' between folders)" }
        if name.hasPrefix("/") { return "absolute paths are not allowed (expected a path relative to the archive's root)" }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if let first = components.first, first.count == 2, first.last == ":" {
            return "paths with a drive letter are not allowed (expected a path relative to the archive's root)"
        }
        if components.contains("..") { return "'..' components are not allowed (they would leave the archive's folder)" }
        return nil
    }

    /// A name for a ZIP compression method (APPNOTE section 4.4.5), for errors.
    static func methodName(_ method: Int) -> String {
        switch method {
        case 0: "stored"
        case 1: "Shrink"
        case 6: "Implode"
        case 8: "Deflate"
        case 9: "Deflate64"
        case 12: "bzip2"
        case 14: "LZMA"
        case 93: "Zstandard"
        case 95: "xz"
        case 98: "PPMd"
        case 99: "AES encryption"
        default: "method \(method)"
        }
    }
}
