import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A file system of a few hundred KiB (tmpfs), mounted by the test and unmounted when the value
/// goes: a disk that fills up. Mounting needs root (or the capability to mount); where the
/// machine does not allow it, the tests that need it are skipped, saying so.
final class SmallDisk {
    let directory: URL

    init(kibibytes: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let status = Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0755", "tmpfs", directory.path])
        guard status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw SmallDiskError(message: "mount -t tmpfs failed with status \(status)")
        }
    }

    deinit {
        _ = Self.command("/bin/umount", [directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Fills the disk up to `free` bytes or fewer left, with a file of its own.
    func fill(leaving free: Int) throws {
        var info = statvfs()
        guard statvfs(directory.path, &info) == 0 else { throw SmallDiskError(message: "statvfs failed") }
        let available = Int(info.f_bavail) * Int(info.f_frsize)
        let filler = directory.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: Data(count: max(0, available - free)))
    }

    /// Whether this machine lets the tests mount a small disk (tried once).
    static let isAvailable: Bool = {
        guard getuid() == 0 else { return false }
        return (try? SmallDisk(kibibytes: 64)) != nil
    }()

    private static func command(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct SmallDiskError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Every name beside an output: what a render leaves in its folder must be what it was asked for.
func namesIn(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

/// Outputs are never wrong: a full disk, an encoder that reports success over a broken file,
/// names planted beside the output and folders linked elsewhere lose nothing and leave nothing.
@Suite("kinema render and join: hostile outputs")
struct HostileOutputTests {
    /// A scene whose frames do not compress: every frame new noise-like stripes, so its GIF and
    /// MP4 need far more than a few KiB.
    static func busyScene() -> String {
        """
        {"kinema": 1, "size": [120, 90], "scale": 2, "background": "#102030", "duration": 1,
         "layers": [{"id": "a", "frame": [0, 0, 120, 90], "backgroundColor": "#FF0000"},
                    {"id": "b", "frame": [10, 10, 40, 40], "backgroundColor": "#00FF00", "cornerRadius": 20}],
         "script": [{"at": 0, "transaction": {"animationDuration": 1},
                     "set": [{"layer": "a", "backgroundColor": "#0000FF"}, {"layer": "b", "position": [100, 70], "opacity": 0.2}]}]}
        """
    }

    @Test(
        "a full disk fails GIF, MP4, APNG and PNG renders with a non-zero status, keeping the earlier file and leaving nothing",
        .enabled(if: SmallDisk.isAvailable, "mounting a small tmpfs needs root"), arguments: ["gif", "mp4", "apng", "png"])
    func fullDisk(format: String) throws {
        let files = try SceneFiles()
        let scene = try files.write(Self.busyScene())
        let disk = try SmallDisk(kibibytes: 256)
        let output = disk.directory.appendingPathComponent("film.\(format)")
        let earlier = Data("an earlier good file".utf8)
        try earlier.write(to: output)
        try disk.fill(leaving: 0)
        let before = namesIn(disk.directory)
        let at = format == "png" ? ["--at", "0.5"] : ["--fps", "20"]
        let result = try Kinema.run(["render", scene, "-o", output.path, "--quiet"] + at)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stdout.isEmpty, "a success line was printed: \(result.stdout)")
        // ffmpeg says so, or exits 0 (APNG does) over a file the check then reads back.
        let named = ["No space left on device", "frames (a full disk?)", "does not read back as a video"].contains {
            result.stderr.contains($0)
        }
        #expect(named && result.stderr.contains("film.\(format)"), "\(result.stderr)")
        #expect(try Data(contentsOf: output) == earlier)
        #expect(namesIn(disk.directory) == before)
    }

    @Test("an ffmpeg that exits 0 over a file cut short is a failure: the earlier file stays")
    func ffmpegSuccessIsNotTrusted() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let bin = try Self.standIn(
            in: files,
            script: """
                for a; do last=$a; done
                printf 'GIF89a cut short' > "${last#file:}"
                cat > /dev/null
                exit 0
                """)
        for format in ["gif", "mp4"] {
            let output = files.directory.appendingPathComponent("t.\(format)")
            try Data("earlier".utf8).write(to: output)
            let result = try Kinema.run(["render", scene, "-o", output.path, "--quiet"], environment: ["PATH": bin.path])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.contains("it reported success, but what it wrote for '\(output.path)'"), "\(result.stderr)")
            #expect(try Data(contentsOf: output) == Data("earlier".utf8))
        }
        #expect(namesIn(files.directory) == ["bin", "scene.json", "t.gif", "t.mp4"])
    }

    @Test("an ffmpeg killed by a signal is a failure, never a success")
    func ffmpegKilled() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let bin = try Self.standIn(in: files, script: "kill -9 $$")
        let output = files.directory.appendingPathComponent("t.gif")
        let result = try Kinema.run(["render", scene, "-o", output.path, "--quiet"], environment: ["PATH": bin.path])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("killed by signal 9"), "\(result.stderr)")
        #expect(namesIn(files.directory) == ["bin", "scene.json"])
    }

    @Test("a symbolic link or a FIFO planted at the output's name is replaced, never written through or waited on")
    func plantedAtTheOutput() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let victim = try files.write(Data("someone else's file".utf8), as: "victim.txt")
        for format in ["png", "gif"] {
            let output = files.directory.appendingPathComponent("out.\(format)")
            try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim)
            let result = try Kinema.run(["render", scene, "-o", output.path, "--quiet"] + (format == "png" ? ["--at", "0"] : []))
            #expect(result.status == 0, "\(result)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("someone else's file".utf8))
            let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
            try FileManager.default.removeItem(at: output)
            #expect(mkfifo(output.path, 0o644) == 0)
            let second = try Kinema.run(["render", scene, "-o", output.path, "--quiet"] + (format == "png" ? ["--at", "0"] : []))
            #expect(second.status == 0, "\(second)")
            #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.type] as? FileAttributeType == .typeRegular)
        }
        #expect(namesIn(files.directory) == ["out.gif", "out.png", "scene.json", "victim.txt"])
    }

    @Test("join refuses an output that is a part reached through a linked folder, and a hard link to a part")
    func joinThroughALinkedFolder() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let parts = files.directory.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        for k in 1...2 {
            let result = try Kinema.run(["render", scene, "-o", parts.appendingPathComponent("f.mp4").path, "--shard", "\(k)/2", "--quiet"])
            try #require(result.status == 0, "\(result)")
        }
        let segments = ["f.1-of-2.mp4", "f.2-of-2.mp4"].map { parts.appendingPathComponent($0).path }
        let before = try segments.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let alias = files.directory.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: parts.path)
        let hard = files.directory.appendingPathComponent("hard.mp4")
        #expect(link(segments[1], hard.path) == 0)
        for output in [alias.appendingPathComponent("f.1-of-2.mp4").path, hard.path] {
            let result = try Kinema.run(["join", "-o", output, "--quiet"] + segments)
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.contains("is one of the parts"), "\(result.stderr)")
        }
        #expect(try segments.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        #expect(namesIn(parts) == ["f.1-of-2.mp4", "f.2-of-2.mp4"])
    }

    @Test("Ctrl-C to the whole process group during an MP4 join exits 130 and leaves no list, no partial file")
    func interruptedJoin() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        for k in 1...2 {
            let result = try Kinema.run([
                "render", scene, "-o", files.directory.appendingPathComponent("f.mp4").path, "--shard", "\(k)/2", "--quiet",
            ])
            try #require(result.status == 0, "\(result)")
        }
        // ffmpeg stands in as a process that never finishes; ffprobe is the real one.
        let bin = try Self.standIn(in: files, script: "exec sleep 60")
        let output = files.directory.appendingPathComponent("joined.mp4")
        try Data("earlier".utf8).write(to: output)
        let process = Process()
        // setsid: kinema leads a process group of its own, which the test signals whole, as a
        // terminal's Ctrl-C does.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments =
            ["--wait", try Kinema.executable.get().path, "join", "-o", output.path, "--quiet"]
            + ["f.1-of-2.mp4", "f.2-of-2.mp4"].map { files.directory.appendingPathComponent($0).path }
        process.environment = ["PATH": bin.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var waited = 0.0
        func listed() -> Bool {
            SafeOutputTests.partials(in: files.directory).contains {
                namesIn(files.directory.appendingPathComponent($0)).contains("segments.txt")
            }
        }
        while !listed() && process.isRunning && waited < 60 {
            usleep(20_000)
            waited += 0.02
        }
        try #require(listed(), "the join never wrote its list of segments")
        usleep(200_000)
        // kinema's own process group, never the test's.
        let group = try #require(Self.processGroup(ofProcessMentioning: output.path), "kinema is not running")
        try #require(group != getpgrp(), "kinema shares the test's process group")
        kill(-group, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(message)")
        #expect(namesIn(files.directory) == ["bin", "f.1-of-2.mp4", "f.2-of-2.mp4", "joined.mp4", "scene.json"])
        #expect(try Data(contentsOf: output) == Data("earlier".utf8))
    }

    @Test("render refuses to write over an image a scene's Lottie view reads")
    func lottieViewImageIsNotReplaced() throws {
        let files = try SceneFiles()
        let tiny = try files.write(RenderScenes.tiny(width: 4, height: 4), as: "tiny.json")
        let image = files.directory.appendingPathComponent("img.png").path
        try #require(try Kinema.run(["render", tiny, "-o", image, "--at", "0"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        _ = try files.write(
            #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 4, "h": 4, "assets": [{"id": "i", "w": 4, "h": 4, "u": "", "p": "img.png", "e": 0}], "layers": [{"ty": 2, "ind": 1, "refId": "i", "ip": 0, "op": 30, "st": 0, "ks": {}}]}"#,
            as: "anim.json")
        let scene = try files.write(
            #"{"kinema": 1, "size": [20, 20], "layers": [], "views": [{"id": "l", "type": "lottie", "frame": [0, 0, 4, 4], "animation": "anim.json"}]}"#
        )
        let result = try Kinema.run(["render", scene, "-o", image, "--at", "0"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("is an image the scene reads"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    }

    /// The process group of the `kinema` process whose command line mentions `text`, when it
    /// leads a group of its own.
    static func processGroup(ofProcessMentioning text: String) -> pid_t? {
        for id in SafeOutputTests.processes(mentioning: text) {
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                let command = FileManager.default.contents(atPath: "/proc/\(id)/cmdline"),
                String(decoding: command, as: UTF8.self).split(separator: "\0").first?.hasSuffix("kinema") == true,
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's name in parentheses: state, parent, process group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, let group = pid_t(fields[2]), String(group) == id { return group }
        }
        return nil
    }

    /// A folder `bin` holding a stand-in `ffmpeg` running `script` under `sh`, and the real
    /// `ffprobe`.
    static func standIn(in files: SceneFiles, script: String) throws -> URL {
        let bin = files.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg").path
        try "#!/bin/sh\nPATH=/usr/bin:/bin\n\(script)\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let probe = try #require(
            ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first { FileManager.default.isExecutableFile(atPath: $0) }, "ffprobe is missing")
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("ffprobe").path, withDestinationPath: probe)
        return bin
    }
}
