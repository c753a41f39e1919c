import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A file written whole or not at all: its bytes go to a temporary file beside the target, which
/// is renamed over the target only once complete and synced to the disk (`rename(2)` replaces a
/// file in one step on the same file system). A failure, or a process stopped part way, leaves
/// the target as it was.
///
/// The temporary file lives in a private folder made for this output alone, beside the target:
/// `.NAME.partial-XXXXXX/NAME`, where `XXXXXX` is chosen at random by `mkdtemp(3)`, which
/// creates the folder only if nothing has that name yet, readable and writable by this user
/// alone. Nothing planted in the output's folder beforehand (a symbolic link to another file, a
/// FIFO, a folder) can be where the bytes go: the name is not known in advance, the folder is
/// new, and the file in it is created with `O_EXCL | O_NOFOLLOW`. A program such as ffmpeg can
/// be given ``temporaryPath`` to write to, and helper files such as a palette go beside it
/// (``workingPath(_:)``), so that ``discard()`` removes them all at once.
///
/// Every private folder the process has made and not yet committed or discarded is known
/// (``discardAll()``), so that a process stopped by a signal removes them all, even one made a
/// moment before the signal came.
///
/// Every step is checked: a short write, a full disk (`ENOSPC`), an I/O error, a failed `fsync`,
/// `close` or `rename` is an ``OutputFileError`` naming ``path`` and the system's reason.
public struct OutputFile: Sendable, Hashable {
    /// The file to create or replace.
    public let path: String
    /// The private folder that holds the temporary file until ``commit()``.
    public let folder: String
    /// Where the bytes go until ``commit()``: the target's own name, in ``folder``.
    public let temporaryPath: String

    /// Makes the private folder for an output to `path`.
    ///
    /// - Throws: ``OutputFileError`` naming `path` when the folder cannot be made (its folder
    ///   missing, not a folder or not writable, or the disk full).
    public init(_ path: String) throws(OutputFileError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // mkdtemp's six random characters must end the name; the target's name before them is
        // cut so that the folder's name fits in a file name's 255 bytes.
        var template = Array((directory + "." + String(decoding: name.utf8.prefix(200), as: UTF8.self) + ".partial-XXXXXX").utf8CString)
        let made = OutputFile.unfinished.withLock { state -> Result<String, OutputFileError> in
            guard !state.isStopping else { return .failure(OutputFileError(path: path, reason: "the process is stopping")) }
            guard let made = mkdtemp(&template) else {
                return .failure(OutputFileError(path: path, reason: OutputFile.reasonForOpening(path)))
            }
            let folder = String(cString: made)
            state.folders.insert(folder)
            return .success(folder)
        }
        folder = try made.get()
        temporaryPath = folder + "/" + name
    }

    /// The private folders made and not yet committed or discarded, and whether the process is
    /// stopping (no more are made).
    private struct Unfinished: ~Copyable {
        var folders: Set<String> = []
        var isStopping = false
    }

    private static let unfinished = Mutex(Unfinished())

    /// Removes every private folder the process has made and not committed, and refuses to make
    /// more: for a process about to exit because a signal stopped it. Safe from any thread; it
    /// waits only for a folder being made at that moment.
    public static func discardAll() {
        let folders = unfinished.withLock { state in
            state.isStopping = true
            return state.folders
        }
        for folder in folders { remove(folder: folder) }
    }

    /// A path in ``folder`` for a helper file that goes with the output (a palette, a list of
    /// parts): removed with the folder by ``commit()`` and ``discard()``.
    public func workingPath(_ name: String) -> String {
        folder + "/" + name
    }

    /// Writes `bytes` to a new helper file `name` in ``folder`` (a list of parts for ffmpeg, say)
    /// and returns its path; it goes with the output's folder.
    ///
    /// - Throws: ``OutputFileError`` naming ``path`` and what the helper file is for.
    public func writeWorkingFile(_ name: String, _ bytes: [UInt8]) throws(OutputFileError) -> String {
        let file = workingPath(name)
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw OutputFileError(path: path, reason: "cannot write '\(file)': \(systemReason())") }
        defer { close(fd) }
        try OutputFile.writeAll(bytes, to: fd, path: path)
        return file
    }

    /// Creates the temporary file for writing: a new regular file, never an existing name or a
    /// symbolic link.
    ///
    /// - Throws: ``OutputFileError`` naming ``path``.
    public func create() throws(OutputFileError) -> Int32 {
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFileError(path: path, reason: systemReason()) }
        return fd
    }

    /// Moves the finished temporary file over ``path`` and removes the private folder.
    ///
    /// The temporary file must be a regular file (whoever wrote it); it is synced to the disk
    /// before the rename, and the folder holding ``path`` after it, so that the new file survives
    /// a power cut whole.
    ///
    /// - Throws: ``OutputFileError`` naming ``path`` when the temporary file is missing or not a
    ///   regular file, or the sync or rename fails (the temporary file is removed).
    public func commit() throws(OutputFileError) {
        do {
            try sync()
        } catch {
            discard()
            throw error
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = systemReason()
            discard()
            throw OutputFileError(path: path, reason: reason)
        }
        discard()
        let directory = OutputFile.directory(of: path)
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            // The rename is done; a folder that cannot be synced (some file systems refuse) does
            // not undo it.
            _ = fsync(fd)
            close(fd)
        }
    }

    /// Syncs the temporary file, after checking it is a regular file.
    private func sync() throws(OutputFileError) {
        let fd = open(temporaryPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw OutputFileError(path: path, reason: "the temporary file is gone: \(systemReason())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw OutputFileError(path: path, reason: "the temporary file '\(temporaryPath)' is not a regular file")
        }
        guard fsync(fd) == 0 else { throw OutputFileError(path: path, reason: systemReason()) }
    }

    /// Removes the private folder and everything in it. Safe to call from any thread, at any
    /// time, any number of times: it never blocks on what is in the folder (removing a name
    /// does not open it).
    public func discard() {
        OutputFile.remove(folder: folder)
    }

    private static func remove(folder: String) {
        _ = unfinished.withLock { $0.folders.remove(folder) }
        guard let stream = opendir(folder) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(stream)
        for name in names { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// Creates the temporary file, lets `body` write to its descriptor, syncs, closes and
    /// commits; on any error the temporary file is removed and the target is untouched.
    ///
    /// - Throws: ``OutputFileError`` naming ``path``, from creating, `body`, syncing, closing or
    ///   renaming.
    public func write(_ body: (Int32) throws(OutputFileError) -> Void) throws(OutputFileError) {
        let fd: Int32
        do { fd = try create() } catch {
            discard()
            throw error
        }
        do throws(OutputFileError) {
            try body(fd)
            guard fsync(fd) == 0 else { throw OutputFileError(path: path, reason: systemReason()) }
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
            if n == 0 { throw OutputFileError(path: path, reason: "the file system accepted no more bytes") }
            offset += n
        }
    }

    /// Why a file cannot be created at `path`: its directory missing or not a directory, or the
    /// system's reason.
    static func reasonForOpening(_ path: String) -> String {
        let reason = systemReason()
        return problemWithFolder(of: path) ?? reason
    }

    /// The folder that holds `path`: `.` for a bare name.
    static func directory(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        return slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    /// Why nothing can be written in the folder that holds `path`, or `nil` when a file can be
    /// created there: for checking an output before any work is done.
    public static func problemWithFolder(of path: String) -> String? {
        let directory = directory(of: path)
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

    /// An error writing `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write '\(path)': \(reason)" }
}
