#if canImport(Glibc)
    import Glibc
#endif

/// A file as the file system knows it: its device and inode numbers. Two names with the same
/// identity are one file, however they are spelt: through symbolic links, `..`, a symbolic link
/// to a folder, or hard links.
public struct FileIdentity: Hashable, Sendable {
    /// The device that holds the file (`st_dev`).
    public var device: UInt64
    /// The file's number on its device (`st_ino`).
    public var inode: UInt64

    /// The identity of the file at `path`, following symbolic links; `nil` when there is none.
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identities an output at `path` could reach: the name itself (not following a symbolic
    /// link there, which a rename replaces) and, when it is a symbolic link, the file it leads to.
    /// Empty when nothing is at `path` yet. Symbolic links in the folders on the way are followed.
    public static func reachedBy(output path: String) -> Set<FileIdentity> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return [] }
        var identities: Set<FileIdentity> = [FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))]
        if let target = FileIdentity(path) { identities.insert(target) }
        return identities
    }

    /// The first of `inputs` that writing `outputs` would replace or write through, as
    /// `(output, input)`; `nil` when they are all distinct files.
    ///
    /// Compares devices and inodes, so no spelling of a path (symbolic links, folders linked
    /// elsewhere, `.` and `..`, hard links) hides a clash. An output that does not exist yet
    /// cannot be an input.
    public static func clash(outputs: [String], inputs: [String]) -> (output: String, input: String)? {
        var byIdentity: [FileIdentity: String] = [:]
        for input in inputs {
            if let identity = FileIdentity(input), byIdentity[identity] == nil { byIdentity[identity] = input }
        }
        guard !byIdentity.isEmpty else { return nil }
        for output in outputs {
            for identity in reachedBy(output: output) {
                if let input = byIdentity[identity] { return (output, input) }
            }
        }
        return nil
    }

    private init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
