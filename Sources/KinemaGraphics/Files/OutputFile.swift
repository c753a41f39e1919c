#if canImport(Glibc)
    import Glibc
#endif

/// A file written whole or not at all: its bytes go to a temporary file beside the target, which
/// is renamed over the target only once complete (`rename(2)` replaces a file in one step on the
/// same file system). A failure, or a process stopped part way, leaves the target as it was.
///
/// The temporary file is `.NAME.PID.partial.EXT` in the target's directory: hidden, named after
/// the process that writes it, and keeping the extension (tools such as ffmpeg look at it).
public struct OutputFile: Sendable, Hashable {
    /// The file to create or replace.
    public let path: String
    /// Where the bytes go until ``commit()``.
    public let temporaryPath: String

    /// An output to `path` written by this process.
    public init(_ path: String) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        temporaryPath = directory + "." + stem + ".\(getpid()).partial" + suffix
    }

    /// Moves the finished temporary file over ``path``.
    ///
    /// - Throws: ``OutputFileError`` naming ``path`` when the rename fails (the temporary file is
    ///   removed).
    public func commit() throws(OutputFileError) {
        guard rename(temporaryPath, path) == 0 else {
            let reason = systemReason()
            discard()
            throw OutputFileError(path: path, reason: reason)
        }
    }

    /// Removes the temporary file, if there is one. Safe to call from any thread, at any time.
    public func discard() {
        unlink(temporaryPath)
    }

    /// Creates the temporary file, lets `body` write to its descriptor, and commits; on any error
    /// the temporary file is removed and the target is untouched.
    ///
    /// - Throws: ``OutputFileError`` naming ``path``, from opening, `body`, closing or renaming.
    public func write(_ body: (Int32) throws(OutputFileError) -> Void) throws(OutputFileError) {
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFileError(path: path, reason: OutputFile.reasonForOpening(path)) }
        do {
            try body(fd)
        } catch {
            close(fd)
            discard()
            throw error
        }
        guard close(fd) == 0 else {
            let reason = systemReason()
            discard()
            throw OutputFileError(path: path, reason: reason)
        }
        try commit()
    }

    /// Writes all of `bytes` to `fd`, retrying short writes.
    ///
    /// - Throws: ``OutputFileError`` naming `path` (a full disk says "No space left on device").
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, reason: systemReason())
            }
            offset += n
        }
    }

    /// Why a file cannot be created at `path`: its directory missing or not a directory, or the
    /// system's reason.
    static func reasonForOpening(_ path: String) -> String {
        let reason = systemReason()
        return problemWithFolder(of: path) ?? reason
    }

    /// Why nothing can be written in the folder that holds `path`, or `nil` when a file can be
    /// created there: for checking an output before any work is done.
    public static func problemWithFolder(of path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var info = stat()
        if stat(directory, &info) != 0 { return "its folder '\(directory)' does not exist" }
        if info.st_mode & S_IFMT != S_IFDIR { return "'\(directory)' is not a folder" }
        if access(directory, W_OK) != 0 { return "its folder '\(directory)' is not writable" }
        return nil
    }
}

/// An output that could not be written: the target ``path`` and why.
public struct OutputFileError: Error, Equatable, CustomStringConvertible {
    /// The file the user asked for.
    public var path: String
    /// What went wrong.
    public var reason: String

    public var description: String { "cannot write '\(path)': \(reason)" }
}
