import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs appear whole or not at all, and a render never replaces its own inputs.
@Suite("kinema render: safe outputs")
struct SafeOutputTests {
    /// The names in `directory` that are temporary outputs.
    static func partials(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains(".partial") }
    }

    @Test("an output folder that is missing is an error naming it, and nothing is made")
    func missingFolder() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let output = files.directory.appendingPathComponent("nowhere/t.png").path
        let result = try Kinema.run(["render", scene, "-o", output, "--at", "0"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        let folder = files.directory.appendingPathComponent("nowhere").path
        #expect(result.stderr == "error: -o/--output: cannot write '\(output)': its folder '\(folder)' does not exist\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("an output that is a folder is an error before any frame is drawn")
    func outputIsAFolder() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let output = files.directory.appendingPathComponent("taken.mp4")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let result = try Kinema.run(["render", scene, "-o", output.path, "--quiet"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr == "error: -o/--output: '\(output.path)' is a folder; expected a file name\n")
    }

    @Test("render refuses to write over its own scene file, by any name")
    func sceneFileIsNotReplaced() throws {
        let files = try SceneFiles()
        let text = RenderScenes.tiny()
        let scene = try files.write(text, as: "scene.png")
        let sameFile = files.directory.appendingPathComponent("sub/../scene.png").path
        try FileManager.default.createDirectory(at: files.directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let result = try Kinema.run(["render", scene, "-o", sameFile, "--at", "0"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("is the scene file ('\(scene)'); choose another output"), "\(result.stderr)")
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == text)
    }

    @Test("render refuses to write over an image the scene reads, through a symbolic link too")
    func imageIsNotReplaced() throws {
        let files = try SceneFiles()
        let image = try files.write(Self.imageBytes, as: "cat.png")
        let scene = try files.write(
            #"{"kinema": 1, "size": [10, 10], "layers": [{"id": "pic", "type": "image", "frame": [0, 0, 10, 10], "contents": "cat.png"}]}"#)
        let link = files.directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: files.directory.path)
        let output = link.appendingPathComponent("cat.png").path
        let result = try Kinema.run(["render", scene, "-o", output, "--at", "0"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("is an image the scene reads"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == Self.imageBytes)
    }

    @Test("ffmpeg failing part way leaves the earlier file and no temporary file")
    func encoderFailureKeepsTheEarlierFile() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        // A stand-in for ffmpeg that writes part of its output, reads some frames, then fails as
        // a full disk would make it.
        let bin = try HostileOutputTests.standIn(
            in: files,
            script: """
                for a; do last=$a; done
                printf partial > "${last#file:}"
                head -c 20000 > /dev/null
                echo "av_interleaved_write_frame(): No space left on device" >&2
                exit 1
                """)
        let output = files.directory.appendingPathComponent("t.mp4")
        try Data("earlier".utf8).write(to: output)
        let result = try Kinema.run(["render", scene, "-o", output.path, "--scale", "8", "--quiet"], environment: ["PATH": bin.path])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.hasPrefix("error: ffmpeg failed with status 1"), "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(try Data(contentsOf: output) == Data("earlier".utf8))
        #expect(Self.partials(in: files.directory).isEmpty)
    }

    @Test("Ctrl-C stops a render with status 130, stops ffmpeg and removes the unfinished file")
    func interrupt() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny(width: 200, height: 150))
        let output = files.directory.appendingPathComponent("long.mp4")
        try Data("earlier".utf8).write(to: output)
        let process = Process()
        process.executableURL = try Kinema.executable.get()
        process.arguments = ["render", scene, "-o", output.path, "--to", "600", "--quiet"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait until ffmpeg has made its temporary file: the render is under way.
        var waited = 0.0
        while Self.partials(in: files.directory).isEmpty && process.isRunning && waited < 60 {
            usleep(50_000)
            waited += 0.05
        }
        let temporary = try #require(Self.partials(in: files.directory).first, "no temporary file appeared")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(message)")
        #expect(message.contains("stopped by signal 2"), "\(message)")
        #expect(Self.partials(in: files.directory).isEmpty)
        #expect(try Data(contentsOf: output) == Data("earlier".utf8))
        #expect(Self.processes(mentioning: temporary).isEmpty, "ffmpeg is still running")
    }

    /// The ids of running processes whose command line contains `text`.
    static func processes(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { id in
            guard id.allSatisfy(\.isNumber), let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }

    /// The bytes of the scene's image: never decoded, as the render stops before reading it.
    static let imageBytes = Data("stands in for a PNG".utf8)
}

/// Files a scene names are read only when they are regular files within the size limits.
@Suite("kinema validate: bounded inputs")
struct BoundedInputTests {
    @Test("a scene path that is a folder, a pipe or a device is an error naming it, without waiting")
    func notRegularFiles() throws {
        let files = try SceneFiles()
        let fifo = files.directory.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let cases = [
            (files.directory.path, "it is a directory, not a file"), (fifo, "it is a pipe, not a regular file"),
            ("/dev/zero", "it is a device, not a regular file"),
        ]
        for (path, reason) in cases {
            let result = try Kinema.run(["validate", path])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.contains("cannot read the scene file '\(path)': \(reason)"), "\(result.stderr)")
        }
    }

    @Test("a scene file over 64 MiB is refused before it is read")
    func oversizedScene() throws {
        let files = try SceneFiles()
        let path = files.directory.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 65 << 20) == 0)  // sparse: no disk space used
        let result = try Kinema.run(["validate", path])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("it is 65 MiB, over the limit of 64 MiB"), "\(result.stderr)")
    }

    @Test("an image path that is a folder is a validation error naming the file")
    func imageFolder() throws {
        let files = try SceneFiles()
        try FileManager.default.createDirectory(at: files.directory.appendingPathComponent("cat.png"), withIntermediateDirectories: true)
        let scene = try files.write(
            #"{"kinema": 1, "size": [10, 10], "layers": [{"id": "pic", "type": "image", "frame": [0, 0, 10, 10], "contents": "cat.png"}]}"#)
        let result = try Kinema.run(["validate", scene])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("layers[0].contents: cannot use 'cat.png' as an image"), "\(result.stderr)")
        #expect(result.stderr.contains("it is a directory, not a file"), "\(result.stderr)")
    }
}
