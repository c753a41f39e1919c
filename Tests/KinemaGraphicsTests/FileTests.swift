import Foundation
import Testing

@testable import KinemaGraphics

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh folder under the temporary directory, removed with the value.
final class ScratchFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "/kinema-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

@Suite("Input files: only regular files, within a limit")
struct InputFileTests {
    @Test func aRegularFileWithinTheLimitIsReadWhole() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("a.txt", "hello")
        #expect(try InputFile.read(path, limit: 5) == Array("hello".utf8))
        #expect(InputFile.problem(with: path, limit: 5) == nil)
    }

    @Test func aFileOverTheLimitIsRefusedWithBothSizes() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("a.txt", "hello")
        #expect(InputFile.problem(with: path, limit: 4) == "it is 5 bytes, over the limit of 4 bytes")
        #expect(throws: InputFileError(path: path, reason: "it is 5 bytes, over the limit of 4 bytes")) {
            try InputFile.read(path, limit: 4)
        }
    }

    @Test func foldersPipesAndDevicesAreRefusedWithoutBlocking() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let cases = [
            (folder.path, "it is a directory, not a file"), (fifo, "it is a pipe, not a regular file"),
            ("/dev/null", "it is a device, not a regular file"),
        ]
        for (path, reason) in cases {
            #expect(InputFile.problem(with: path, limit: 100) == reason)
            #expect(throws: InputFileError(path: path, reason: reason)) { try InputFile.read(path, limit: 100) }
        }
    }

    @Test func aMissingFileGivesTheSystemsReason() {
        #expect(InputFile.problem(with: "/nonexistent/x", limit: 1) == "No such file or directory")
        #expect(throws: InputFileError(path: "/nonexistent/x", reason: "No such file or directory")) {
            try InputFile.read("/nonexistent/x", limit: 1)
        }
    }

    @Test(arguments: [(0, "0 bytes"), (1023, "1023 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"), (64 << 20, "64 MiB"), (3 << 30, "3 GiB")])
    func sizesAreWrittenInBinaryUnits(bytes: Int, text: String) {
        #expect(InputFile.describe(bytes: bytes) == text)
    }

    @Test func aPNGOverTheImageLimitIsRefusedBeforeDecoding() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/huge.png"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(InputFile.imageSizeLimit + 1)) == 0)
        #expect(throws: GraphicsError.unreadableImage(path: path, reason: "it is 256 MiB, over the limit of 256 MiB")) {
            try Bitmap(pngFile: path)
        }
    }
}

@Suite("Output files: whole or not at all")
struct OutputFileTests {
    @Test func theTemporaryFileKeepsItsNameInAPrivateHiddenFolderBesideTheTarget() throws {
        let folder = try ScratchFolder()
        let output = try OutputFile(folder.path + "/movie.mp4")
        defer { output.discard() }
        let name = URL(fileURLWithPath: output.folder).lastPathComponent
        #expect(output.folder.hasPrefix(folder.path + "/"))
        #expect(name.hasPrefix(".movie.mp4.partial-") && name.count == ".movie.mp4.partial-".count + 6, "\(name)")
        #expect(output.temporaryPath == output.folder + "/movie.mp4")
        var info = stat()
        #expect(lstat(output.folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700, "the folder is open to others: \(String(info.st_mode & 0o777, radix: 8))")
        #expect(output.workingPath("palette.png") == output.folder + "/palette.png")
    }

    @Test func eachOutputGetsAFolderNoOneCouldNameInAdvance() throws {
        let folder = try ScratchFolder()
        let outputs = try (0..<20).map { _ in try OutputFile(folder.path + "/movie.mp4") }
        defer { outputs.forEach { $0.discard() } }
        #expect(Set(outputs.map(\.folder)).count == 20)
    }

    @Test func aVeryLongNameStillFitsTheFolderName() throws {
        let folder = try ScratchFolder()
        let name = String(repeating: "é", count: 120) + ".gif"
        let path = folder.path + "/" + name
        try OutputFile(path).write { fd throws(OutputFileError) in try OutputFile.writeAll(Array("x".utf8), to: fd, path: path) }
        #expect(folder.names == [name])
    }

    @Test func aLinkPlantedAtTheTemporaryNameIsRefusedAndWhatItLeadsToIsUntouched() throws {
        let folder = try ScratchFolder()
        let victim = try folder.file("victim.txt", "keep me")
        let path = folder.path + "/out.txt"
        let output = try OutputFile(path)
        #expect(symlink(victim, output.temporaryPath) == 0)
        #expect(throws: OutputFileError(path: path, reason: "File exists")) {
            try output.write { fd throws(OutputFileError) in try OutputFile.writeAll(Array("new".utf8), to: fd, path: path) }
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(folder.names == ["victim.txt"])
    }

    @Test func aTemporaryFileThatIsNotARegularFileIsNeverCommitted() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("out.gif", "old")
        let output = try OutputFile(path)
        // A FIFO where a program was to write the file: the commit neither blocks nor renames it.
        #expect(mkfifo(output.temporaryPath, 0o644) == 0)
        #expect(throws: OutputFileError(path: path, reason: "the temporary file '\(output.temporaryPath)' is not a regular file")) {
            try output.commit()
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(folder.names == ["out.gif"])
    }

    @Test func aCompleteWriteReplacesTheTargetAndLeavesNothingElse() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("out.txt", "old")
        try OutputFile(path).write { fd throws(OutputFileError) in try OutputFile.writeAll(Array("new".utf8), to: fd, path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(folder.names == ["out.txt"])
    }

    @Test func aFailedWriteKeepsTheOldTargetAndRemovesTheTemporaryFile() throws {
        let folder = try ScratchFolder()
        let path = try folder.file("out.txt", "old")
        let failure = OutputFileError(path: path, reason: "No space left on device")
        #expect(throws: failure) {
            try OutputFile(path).write { fd throws(OutputFileError) in
                try OutputFile.writeAll(Array("half".utf8), to: fd, path: path)
                throw failure
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(folder.names == ["out.txt"])
    }

    @Test func aMissingFolderIsNamed() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/gone/out.txt"
        let reason = "its folder '\(folder.path)/gone' does not exist"
        #expect(OutputFile.problemWithFolder(of: path) == reason)
        #expect(throws: OutputFileError(path: path, reason: reason)) { try OutputFile(path) }
        #expect(throws: GraphicsError.unwritableFile(path: path, reason: reason)) {
            try Bitmap(width: 1, height: 1).writePNG(to: path)
        }
    }

    @Test func aFileInPlaceOfTheFolderIsNamed() throws {
        let folder = try ScratchFolder()
        let file = try folder.file("plain", "x")
        #expect(OutputFile.problemWithFolder(of: file + "/out.txt") == "'\(file)' is not a folder")
    }

    @Test func discardingRemovesAPartialFile() throws {
        let folder = try ScratchFolder()
        let output = try OutputFile(folder.path + "/out.gif")
        #expect(FileManager.default.createFile(atPath: output.temporaryPath, contents: Data("part".utf8)))
        #expect(FileManager.default.createFile(atPath: output.workingPath("palette.png"), contents: Data("p".utf8)))
        #expect(mkfifo(output.workingPath("fifo"), 0o644) == 0)
        output.discard()
        output.discard()
        #expect(folder.names.isEmpty)
    }
}
