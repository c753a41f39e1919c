#if canImport(Glibc)
    import Glibc
#endif

/// Reading a file a user named, bounded: only a regular file is read, and only up to a size limit,
/// so that a directory, a device, a pipe or a huge file is an error naming it instead of a hang or
/// an exhausted machine.
public enum InputFile {
    /// The largest scene file read, bytes: 64 MiB (a scene with 10,000 layers is about 2 MB).
    public static let sceneSizeLimit = 64 << 20
    /// The largest image file read, bytes: 256 MiB (the largest image decoded,
    /// ``GraphicsError/maximumImagePixels``, is 256 MiB of pixels; a PNG of noise that size does
    /// not compress).
    public static let imageSizeLimit = 256 << 20

    /// Why `path` cannot be read within `limit` bytes, or `nil` when it is a regular file of at most
    /// `limit` bytes. Follows symbolic links; never opens the file, so a pipe does not block.
    public static func problem(with path: String, limit: Int) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return systemReason() }
        return problem(with: info, limit: limit)
    }

    /// The whole file at `path`, if it is a regular file of at most `limit` bytes.
    ///
    /// The file is opened without blocking (a pipe named by mistake does not hang), checked with
    /// `fstat` on the open descriptor (so a file swapped after a check is still checked), and read
    /// to at most `limit` bytes even if it grows while being read.
    ///
    /// - Throws: ``InputFileError`` naming `path` and what was wrong.
    public static func read(_ path: String, limit: Int) throws(InputFileError) -> [UInt8] {
        let (fd, info) = try openChecked(path, limit: limit)
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InputFileError(path: path, reason: systemReason())
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else {
                throw InputFileError(path: path, reason: "it grew past the limit of \(describe(bytes: limit)) while being read")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// The start of a file and which file it is: what ``readHead(_:count:limit:)`` reads.
    public struct Head: Sendable {
        /// The file's first bytes: as many as asked for, or the whole file when it is shorter.
        public var bytes: [UInt8]
        /// The file's size in bytes.
        public var size: Int
        /// The device and inode (`st_dev`, `st_ino`): equal for two names of one file.
        public var device: UInt64, inode: UInt64
    }

    /// The first `count` bytes of the file at `path` (all of it when shorter), if it is a regular
    /// file of at most `limit` bytes, checked as ``read(_:limit:)`` checks it; the rest is never
    /// read. For checking a header (an image's size) before reading the whole file.
    ///
    /// - Throws: ``InputFileError`` naming `path` and what was wrong.
    public static func readHead(_ path: String, count: Int, limit: Int) throws(InputFileError) -> Head {
        let (fd, info) = try openChecked(path, limit: limit)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, Int(info.st_size))))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InputFileError(path: path, reason: systemReason())
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return Head(bytes: bytes, size: Int(info.st_size), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// `path` opened for reading without blocking, and its `fstat`, when it is a regular file of
    /// at most `limit` bytes; the caller closes the descriptor.
    private static func openChecked(_ path: String, limit: Int) throws(InputFileError) -> (Int32, stat) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw InputFileError(path: path, reason: systemReason()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = systemReason()
            close(fd)
            throw InputFileError(path: path, reason: reason)
        }
        if let problem = problem(with: info, limit: limit) {
            close(fd)
            throw InputFileError(path: path, reason: problem)
        }
        return (fd, info)
    }

    private static func problem(with info: stat, limit: Int) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let size = Int(info.st_size)
            return size > limit ? "it is \(describe(bytes: size)), over the limit of \(describe(bytes: limit))" : nil
        case S_IFDIR: return "it is a directory, not a file"
        case S_IFIFO: return "it is a pipe, not a regular file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a regular file"
        case S_IFSOCK: return "it is a socket, not a regular file"
        default: return "it is not a regular file"
        }
    }

    /// `bytes` in the largest binary unit that keeps it at least 1 ("64 MiB", "300 bytes").
    public static func describe(bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(units[unit])" : "\(rounded) \(units[unit])"
    }
}

/// A named file that could not be read: ``path`` and why.
public struct InputFileError: Error, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var path: String
    /// What was wrong, as a clause ("it is a directory, not a file").
    public var reason: String

    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// The C library's message for the current `errno`.
func systemReason() -> String {
    strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
}
