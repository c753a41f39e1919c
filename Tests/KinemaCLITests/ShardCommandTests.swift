import Foundation
import Testing

/// `kinema render --shard K/N` and `kinema join`: the parts of a render, rendered apart (by
/// GNU parallel, a Slurm array or a Kubernetes Indexed Job) and joined, are the whole render.
@Suite("kinema render --shard and kinema join")
struct ShardCommandTests {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The MD5 of every decoded frame of a video, in order (ffmpeg's framemd5).
    static func decodedFrames(_ path: String) throws -> [String] {
        try MediaProbe.output("ffmpeg", ["-v", "error", "-i", path, "-f", "framemd5", "-"]).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// The PSNR of `a`'s frames against `b`'s, in dB (ffmpeg's psnr filter, all frames).
    static func psnr(_ a: String, _ b: String) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "info", "-nostdin", "-i", a, "-i", b, "-lavfi", "psnr", "-f", "null", "-"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = text.range(of: "average:") else { return nil }
        let number = text[range.upperBound...].prefix { !$0.isWhitespace }
        return number == "inf" ? .infinity : Double(number)
    }

    /// Checks that `joined` holds the segments' own frames, unchanged (no re-encoding), and
    /// the frames of `whole` within H.264's loss, at the same rate.
    static func expectJoined(_ joined: String, segments: [String], whole: String) throws {
        let parts = try segments.flatMap { try decodedFrames($0) }
        let frames = try decodedFrames(joined)
        #expect(!frames.isEmpty && frames == parts, "the joined frames are the segments' frames, in order")
        #expect(frames.count == (try decodedFrames(whole)).count)
        let rate = try MediaProbe.output(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=avg_frame_rate,duration", "-of", "csv=p=0", joined])
        let wholeRate = try MediaProbe.output(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=avg_frame_rate,duration", "-of", "csv=p=0", whole])
        #expect(rate == wholeRate, "rate and duration: joined \(rate), whole \(wholeRate)")
        let quality = try #require(try psnr(joined, whole))
        #expect(quality >= 35, "PSNR against the whole render: \(quality) dB")
    }

    @Test("PNG shards write the whole render's files, byte for byte")
    func pngShards() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let whole = files.directory.appendingPathComponent("whole"), parts = files.directory.appendingPathComponent("parts")
        for folder in [whole, parts] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let run = try Kinema.run(["render", scene, "-o", whole.appendingPathComponent("f.png").path, "--quiet", "--fps", "20"])
        #expect(run.status == 0, "\(run)")
        for k in [3, 1, 2] {
            let shard = try Kinema.run(
                ["render", scene, "-o", parts.appendingPathComponent("f.png").path, "--quiet", "--fps", "20", "--shard", "\(k)/3"])
            #expect(shard.status == 0, "\(shard)")
        }
        let names = RenderCommandTests.files(in: whole)
        #expect(names.count == 10 && names.first == "f-0000.png")
        #expect(RenderCommandTests.files(in: parts) == names)
        for name in names {
            let a = FileManager.default.contents(atPath: whole.appendingPathComponent(name).path)
            let b = FileManager.default.contents(atPath: parts.appendingPathComponent(name).path)
            #expect(a != nil && a == b, "\(name)")
        }
    }

    @Test("GIF and APNG shards go through PNG frames and join into the whole render's bytes", arguments: ["gif", "apng"])
    func animationShards(format: String) throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let dir = files.directory
        let whole = dir.appendingPathComponent("whole.\(format)").path
        #expect(try Kinema.run(["render", scene, "-o", whole, "--quiet"]).status == 0)
        for k in [2, 1] {
            let shard = try Kinema.run([
                "render", scene, "-o", dir.appendingPathComponent("f.\(format)").path, "--quiet", "--shard", "\(k)/2",
            ])
            #expect(shard.status == 0 && shard.stdout.contains("f-0000.png") == (k == 1), "\(shard)")
        }
        let frames = RenderCommandTests.files(in: dir).filter { $0.hasPrefix("f-") }.map { dir.appendingPathComponent($0).path }
        #expect(frames.count == (format == "gif" ? 25 : 30))
        let joined = dir.appendingPathComponent("joined.\(format)").path
        let join = try Kinema.run(["join", "-o", joined, "--quiet"] + frames.reversed())
        #expect(join.status == 0, "\(join)")
        let a = FileManager.default.contents(atPath: joined), b = FileManager.default.contents(atPath: whole)
        #expect(a != nil && a == b, "the joined \(format) is the whole render's")
    }

    @Test("MP4 segments, given in any order, join without re-encoding into the whole render's frames")
    func mp4Segments() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let dir = files.directory
        let whole = dir.appendingPathComponent("whole.mp4").path
        #expect(try Kinema.run(["render", scene, "-o", whole, "--quiet"]).status == 0)
        var segments: [String] = []
        for k in 1...3 {
            let shard = try Kinema.run(["render", scene, "-o", dir.appendingPathComponent("film.mp4").path, "--quiet", "--shard", "\(k)/3"])
            #expect(shard.status == 0, "\(shard)")
            segments.append(dir.appendingPathComponent("film.\(k)-of-3.mp4").path)
            #expect(try MediaProbe.video(segments[k - 1])?.frames == 10)
        }
        let joined = dir.appendingPathComponent("film.mp4").path
        let join = try Kinema.run(["join", "-o", joined, segments[2], segments[0], segments[1]])
        #expect(join.status == 0, "\(join)")
        try Self.expectJoined(joined, segments: segments, whole: whole)
        // A missing segment is named, and nothing is written.
        let partial = dir.appendingPathComponent("partial.mp4").path
        let missing = try Kinema.run(["join", "-o", partial, segments[0], segments[2]])
        #expect(missing.status == 1 && missing.stderr.contains("2-of-3"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    @Test("bad shards and joins exit 1 naming what is wrong")
    func errors() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let out = files.directory.appendingPathComponent("f.mp4").path
        for (shard, fragment) in [("0/2", "K/N"), ("3/2", "3/2"), ("two/4", "'two/4'"), ("31/40", "at most 30 parts")] {
            let run = try Kinema.run(["render", scene, "-o", out, "--shard", shard, "--quiet"])
            #expect(run.status == 1 && run.stderr.contains("--shard") && run.stderr.contains(fragment), "\(shard): \(run)")
        }
        let at = try Kinema.run([
            "render", scene, "-o", files.directory.appendingPathComponent("f.png").path, "--at", "0.1", "--shard", "1/2",
        ])
        #expect(at.status == 1 && at.stderr.contains("--shard") && at.stderr.contains("--at"), "\(at)")
        let frame = try files.write("x", as: "g-0000.png"), later = try files.write("x", as: "g-0002.png")
        let gap = try Kinema.run(["join", "-o", files.directory.appendingPathComponent("g.gif").path, frame, later])
        #expect(gap.status == 1 && gap.stderr.contains("frame 1 is missing"), "\(gap)")
        let mixed = try Kinema.run(["join", "-o", out, frame, out])
        #expect(mixed.status == 1, "\(mixed)")
        let unnamed = try files.write("x", as: "clip.mp4")
        let plain = try Kinema.run(["join", "-o", files.directory.appendingPathComponent("j.mp4").path, unnamed])
        #expect(plain.status == 1 && plain.stderr.contains("K-of-N"), "\(plain)")
    }

    /// The scaling guide's GNU parallel recipe, two jobs on this machine.
    @Test("GNU parallel renders two shards at once, and the join is the whole render")
    func gnuParallel() throws {
        let kinema = try Kinema.executable.get().path
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let dir = files.directory
        let whole = dir.appendingPathComponent("whole.mp4").path
        #expect(try Kinema.run(["render", scene, "-o", whole, "--quiet"]).status == 0)
        let out = dir.appendingPathComponent("out/film.mp4").path
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        let parallel = try ChildRun.run(
            "/usr/bin/env",
            [
                "parallel", "--will-cite", "-j2", "--halt", "now,fail=1", kinema, "render", scene, "-o", out, "--shard", "{}/2", "--quiet",
                ":::", "1", "2",
            ])
        #expect(parallel.status == 0, "GNU parallel (the Makefile installs Debian's `parallel`): \(parallel)")
        let segments = (1...2).map { dir.appendingPathComponent("out/film.\($0)-of-2.mp4").path }
        let joined = dir.appendingPathComponent("film.mp4").path
        let join = try Kinema.run(["join", "-o", joined] + segments.reversed())
        #expect(join.status == 0, "\(join)")
        try Self.expectJoined(joined, segments: segments, whole: whole)
    }

    /// `deploy/slurm/render-shards.sbatch`, run as Slurm runs each task of `--array=1-2`.
    @Test("the Slurm array script renders its task's shard")
    func slurmScript() throws {
        let kinema = try Kinema.executable.get().path
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let dir = files.directory
        let script = Self.repository.appendingPathComponent("deploy/slurm/render-shards.sbatch").path
        let output = dir.appendingPathComponent("out/film.mp4").path
        for k in 1...2 {
            var environment = ProcessInfo.processInfo.environment
            environment["SLURM_ARRAY_TASK_ID"] = "\(k)"
            environment["SLURM_ARRAY_TASK_COUNT"] = "2"
            environment["SLURM_ARRAY_TASK_MIN"] = "1"
            environment["SLURM_ARRAY_TASK_MAX"] = "2"
            environment["KINEMA"] = kinema
            let run = try ChildRun.run("/bin/bash", [script, scene, output], environment: environment)
            #expect(run.status == 0, "task \(k): \(run)")
        }
        let segments = (1...2).map { dir.appendingPathComponent("out/film.\($0)-of-2.mp4").path }
        let whole = dir.appendingPathComponent("whole.mp4").path
        #expect(try Kinema.run(["render", scene, "-o", whole, "--quiet"]).status == 0)
        let joined = dir.appendingPathComponent("film.mp4").path
        #expect(try Kinema.run(["join", "-o", joined] + segments).status == 0)
        try Self.expectJoined(joined, segments: segments, whole: whole)
        // Outside an array job, it says so.
        let alone = try ChildRun.run("/bin/bash", [script, scene, output], environment: ["PATH": "/usr/bin:/bin"])
        #expect(alone.status == 1 && alone.stderr.contains("SLURM_ARRAY_TASK_ID"), "\(alone)")
    }

    /// The commands of `deploy/kubernetes/render-shards.yaml`, with `/work` a folder here and
    /// each index of the Indexed Job in turn.
    @Test("the Kubernetes Indexed Job's commands render and join its four shards")
    func kubernetesCommands() throws {
        let kinema = try Kinema.executable.get()
        let text = try String(contentsOf: Self.repository.appendingPathComponent("deploy/kubernetes/render-shards.yaml"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let render = try #require(lines.first { $0.hasPrefix("kinema render ") }, "a `kinema render` line")
        let join = try #require(lines.first { $0.hasPrefix("- kinema join ") || $0.hasPrefix("kinema join ") }, "a `kinema join` line")
        #expect(text.contains("completionMode: Indexed") && text.contains("completions: 4"))
        let files = try SceneFiles()
        let work = files.directory.path
        _ = try files.write(RenderScenes.tiny())
        try FileManager.default.createDirectory(atPath: work + "/out", withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = kinema.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for index in 0..<4 {
            environment["JOB_COMPLETION_INDEX"] = "\(index)"
            let command = render.replacingOccurrences(of: "/work/", with: work + "/")
            let run = try ChildRun.run("/bin/sh", ["-c", command], environment: environment)
            #expect(run.status == 0, "index \(index): \(command): \(run)")
        }
        let joinCommand = join.replacingOccurrences(of: "- kinema", with: "kinema").replacingOccurrences(of: "/work/", with: work + "/")
        let joined = try ChildRun.run("/bin/sh", ["-c", joinCommand], environment: environment)
        #expect(joined.status == 0, "\(joinCommand): \(joined)")
        #expect(try MediaProbe.video(work + "/film.mp4")?.frames == 30)
    }
}

/// Runs a program other than `kinema` and collects what it printed.
enum ChildRun {
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both while the child runs: a full pipe would stall it.
        let group = DispatchGroup()
        nonisolated(unsafe) var stdout = Data()
        nonisolated(unsafe) var stderr = Data()
        DispatchQueue.global().async(group: group) { stdout = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
