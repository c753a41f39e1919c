import Foundation
import Testing

/// Small scenes for `kinema render`: 0.5 s, scale 1, and a root background that turns from
/// blue to orange between 0.1 s and 0.4 s, so that frames differ from each other.
enum RenderScenes {
    static func tiny(width: Int = 40, height: Int = 30) -> String {
        """
        {"kinema": 1, "size": [\(width), \(height)], "scale": 1, "background": "#336699", "duration": 0.5,
         "layers": [{"id": "box", "frame": [5, 5, 10, 10], "backgroundColor": "#FF0000"}],
         "script": [{"at": 0.1, "transaction": {"animationDuration": 0.3}, "set": [{"layer": "root", "backgroundColor": "#CC3300"}]}]}
        """
    }
}

/// One successful `kinema render` and what the file must hold.
struct OutputCase: CustomTestStringConvertible, Sendable {
    let id: String
    let output: String
    var width = 40
    var height = 30
    let arguments: [String]
    let expected: MediaInfo
    var testDescription: String { id }

    static let all: [OutputCase] = [
        OutputCase(id: "GIF", output: "t.gif", arguments: ["--fps", "10"], expected: MediaInfo(width: 40, height: 30, frames: 5)),
        OutputCase(id: "MP4", output: "t.mp4", arguments: ["--fps", "10"], expected: MediaInfo(width: 40, height: 30, frames: 5)),
        OutputCase(
            id: "MP4 with an odd size, padded to even", output: "t.mp4", width: 41, height: 31, arguments: ["--fps", "10"],
            expected: MediaInfo(width: 42, height: 32, frames: 5)),
        OutputCase(id: "APNG", output: "t.apng", arguments: ["--fps", "10"], expected: MediaInfo(width: 40, height: 30, frames: 5)),
        OutputCase(
            id: "--scale 2", output: "t.gif", arguments: ["--fps", "10", "--scale", "2"],
            expected: MediaInfo(width: 80, height: 60, frames: 5)),
        OutputCase(
            id: "--from and --to, end excluded", output: "t.apng", arguments: ["--fps", "10", "--from", "0.05", "--to", "0.4"],
            expected: MediaInfo(width: 40, height: 30, frames: 4)),
        OutputCase(
            id: "fractional --fps", output: "t.mp4", arguments: ["--fps", "7.5"], expected: MediaInfo(width: 40, height: 30, frames: 4)),
        OutputCase(
            id: "default --fps is 60", output: "t.apng", arguments: ["--threads", "2"],
            expected: MediaInfo(width: 40, height: 30, frames: 30)),
        OutputCase(
            id: "default --fps for GIF is 50", output: "t.gif", arguments: [], expected: MediaInfo(width: 40, height: 30, frames: 25)),
    ]
}

/// Options `render` must refuse with exit status 1 and a message naming the option.
struct BadRenderOptions: CustomTestStringConvertible, Sendable {
    let id: String
    var output = "out.gif"
    let arguments: [String]
    let fragments: [String]
    var testDescription: String { id }

    static let all: [BadRenderOptions] = [
        BadRenderOptions(id: "--fps 0", arguments: ["--fps", "0"], fragments: ["--fps", "0"]),
        BadRenderOptions(id: "--fps negative", arguments: ["--fps", "-5"], fragments: ["--fps"]),
        BadRenderOptions(id: "--fps NaN", arguments: ["--fps", "nan"], fragments: ["--fps"]),
        BadRenderOptions(id: "--fps above 1000", arguments: ["--fps", "1001"], fragments: ["--fps", "1000"]),
        BadRenderOptions(id: "--scale negative", arguments: ["--scale", "-1"], fragments: ["--scale", "-1"]),
        BadRenderOptions(id: "--scale 0", arguments: ["--scale", "0"], fragments: ["--scale"]),
        BadRenderOptions(id: "--scale a word", arguments: ["--scale", "big"], fragments: ["--scale", "big"]),
        BadRenderOptions(id: "--to before --from", arguments: ["--from", "0.4", "--to", "0.2"], fragments: ["--to", "--from"]),
        BadRenderOptions(id: "--to equal to --from", arguments: ["--from", "0.2", "--to", "0.2"], fragments: ["--to", "--from"]),
        BadRenderOptions(id: "--from after the scene's duration", arguments: ["--from", "1"], fragments: ["--to", "duration"]),
        BadRenderOptions(id: "--to infinite", arguments: ["--to", "inf"], fragments: ["--to"]),
        BadRenderOptions(id: "too many frames", arguments: ["--to", "1000", "--fps", "1000"], fragments: ["frames", "100000"]),
        BadRenderOptions(id: "unknown extension", output: "out.webp", arguments: [], fragments: ["--output", "out.webp", ".gif", ".apng"]),
        BadRenderOptions(id: "no extension", output: "out", arguments: [], fragments: ["--output", ".png"]),
        BadRenderOptions(id: "--threads 0", arguments: ["--threads", "0"], fragments: ["--threads"]),
        BadRenderOptions(id: "--threads a word", arguments: ["--threads", "many"], fragments: ["--threads", "many"]),
        BadRenderOptions(id: "--at with a GIF", arguments: ["--at", "0.1"], fragments: ["--at", ".png"]),
        BadRenderOptions(
            id: "--at with --from", output: "out.png", arguments: ["--at", "0.1", "--from", "0"], fragments: ["--at", "--from"]),
        BadRenderOptions(id: "--at a word", output: "out.png", arguments: ["--at", "soon"], fragments: ["--at", "soon"]),
    ]
}

@Suite("kinema render and demo")
struct RenderCommandTests {
    /// The files in `directory` (names only), sorted.
    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test("every format writes a file with the right size and frame count", arguments: OutputCase.all)
    func formats(row: OutputCase) throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny(width: row.width, height: row.height))
        let output = files.directory.appendingPathComponent(row.output).path
        let result = try Kinema.run(["render", scene, "-o", output, "--quiet"] + row.arguments)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stdout.hasPrefix(output + " (\(row.expected.frames) frames"), "\(result.stdout)")
        #expect(try MediaProbe.video(output) == row.expected)
    }

    @Test("several PNG frames become a numbered sequence")
    func pngSequence() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny(), as: "scene.json")
        let frames = files.directory.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let result = try Kinema.run(["render", scene, "-o", frames.appendingPathComponent("t.png").path, "--fps", "10", "--quiet"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let names = Self.files(in: frames)
        #expect(names == ["t-0000.png", "t-0001.png", "t-0002.png", "t-0003.png", "t-0004.png"])
        for name in names {
            let size = MediaProbe.pngSize(frames.appendingPathComponent(name).path)
            #expect(size?.width == 40 && size?.height == 30, "\(name)")
        }
        #expect(result.stdout.contains("t-0000.png … ") && result.stdout.contains("t-0004.png (5 frames"), "\(result.stdout)")
    }

    @Test("--at writes one PNG file with the name given")
    func oneFrame() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let shots = files.directory.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let output = shots.appendingPathComponent("one.png").path
        let result = try Kinema.run(["render", scene, "-o", output, "--at", "0.25", "--scale", "3"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stdout == output + " (1 frame, 120×90 pixels)\n")
        #expect(Self.files(in: shots) == ["one.png"])
        let size = MediaProbe.pngSize(output)
        #expect(size?.width == 120 && size?.height == 90)
    }

    @Test("bad options exit 1 with a message naming the option", arguments: BadRenderOptions.all)
    func badOptions(row: BadRenderOptions) throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let output = files.directory.appendingPathComponent(row.output).path
        let result = try Kinema.run(["render", scene, "-o", output] + row.arguments)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stdout.isEmpty)
        for fragment in row.fragments {
            #expect(result.stderr.contains(fragment), "missing '\(fragment)' in: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("a missing scene file is named")
    func missingScene() throws {
        let files = try SceneFiles()
        let output = files.directory.appendingPathComponent("out.gif").path
        let result = try Kinema.run(["render", "/nonexistent/kinema/nope.json", "-o", output])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("nope.json"), "\(result.stderr)")
    }

    @Test("a bad scene fails with the messages of kinema validate")
    func badScene() throws {
        let files = try SceneFiles()
        let scene = try files.write(#"{"kinema": 1, "size": [40, -30], "layers": [{"id": "a", "opacity": "x"}]}"#)
        let output = files.directory.appendingPathComponent("out.png").path
        let rendered = try Kinema.run(["render", scene, "-o", output])
        let validated = try Kinema.run(["validate", scene])
        #expect(rendered.status == 1 && !rendered.crashed, "\(rendered)")
        #expect(rendered.stderrLines.count == 2, "\(rendered.stderr)")
        #expect(rendered.stderr == validated.stderr)
    }

    @Test("the same scene renders to the same bytes, whatever the thread count", arguments: ["png", "mp4", "gif", "apng"])
    func determinism(format: String) throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        var outputs: [[Data]] = []
        for (run, threads) in ["1", "3", "3"].enumerated() {
            let directory = files.directory.appendingPathComponent("run\(run)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let result = try Kinema.run(
                [
                    "render", scene, "-o", directory.appendingPathComponent("t.\(format)").path, "--fps", "20", "--threads", threads,
                    "--quiet",
                ])
            #expect(result.status == 0 && !result.crashed, "\(result)")
            outputs.append(
                Self.files(in: directory).compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) })
        }
        #expect(outputs[0].count == (format == "png" ? 10 : 1))
        #expect(outputs[1] == outputs[0], "--threads 3 differs from --threads 1")
        #expect(outputs[2] == outputs[0], "a second run differs")
        if format == "png" { #expect(Set(outputs[0]).count > 2, "frames should differ over time") }
    }

    @Test("without ffmpeg, video formats fail naming the package, and PNG still works", arguments: ["gif", "mp4", "apng"])
    func missingFFmpeg(format: String) throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let empty = files.directory.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let environment = ["PATH": empty.path]
        let output = files.directory.appendingPathComponent("t.\(format)").path
        let video = try Kinema.run(["render", scene, "-o", output, "--quiet"], environment: environment)
        #expect(video.status == 1 && !video.crashed, "\(video)")
        #expect(video.stderr.contains("ffmpeg") && video.stderr.contains("apt-get install ffmpeg"), "\(video.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let png = try Kinema.run(
            ["render", scene, "-o", files.directory.appendingPathComponent("t.png").path, "--at", "0"], environment: environment)
        #expect(png.status == 0 && !png.crashed, "\(png)")
    }

    @Test("progress goes to standard error as lines when it is not a terminal, and --quiet silences it")
    func progress() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let output = files.directory.appendingPathComponent("t.png").path
        let loud = try Kinema.run(["render", scene, "-o", output, "--fps", "20"])
        #expect(loud.status == 0, "\(loud)")
        #expect(loud.stderrLines.first == "rendering: 1/10 frames (10 %)", "\(loud.stderr)")
        #expect(loud.stderrLines.last?.hasPrefix("rendered 10 frames in ") == true, "\(loud.stderr)")
        #expect(!loud.stderr.contains("\r"))
        let quiet = try Kinema.run(["render", scene, "-o", output, "--fps", "20", "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
        #expect(quiet.stdout == loud.stdout)
    }

    @Test("a GIF is rendered in two passes (its palette first), and the progress says so")
    func gifProgress() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let output = files.directory.appendingPathComponent("t.gif").path
        let result = try Kinema.run(["render", scene, "-o", output, "--fps", "20"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.first == "rendering: 2/20 frames over 2 passes (10 %)", "\(result.stderr)")
        #expect(result.stderrLines.last?.hasPrefix("rendered 20 frames over 2 passes in ") == true, "\(result.stderr)")
        #expect(result.stdout.contains("(10 frames,"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("demo renders to out/NAME.gif by default and says where")
    func demoDefault() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["demo", "layers", "--fps", "2", "--scale", "0.1", "--quiet"], in: files.directory)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stdout.hasPrefix("out/layers.gif (12 frames"), "\(result.stdout)")
        // The demo is 375 × 667 points for 6 s: 12 frames at 2 fps, 38 × 67 pixels at scale 0.1 (rounded up).
        let info = try MediaProbe.video(files.directory.appendingPathComponent("out/layers.gif").path)
        #expect(info == MediaInfo(width: 38, height: 67, frames: 12))
    }

    @Test("demo -o picks the format from the extension; --print-scene still prints the scene")
    func demoOutput() throws {
        let files = try SceneFiles()
        let output = files.directory.appendingPathComponent("demo.mp4").path
        let result = try Kinema.run(["demo", "-o", output, "--fps", "1", "--scale", "0.2", "--quiet"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        // With no name, the tutorial demo: 10 s, 10 frames at 1 fps.
        #expect(try MediaProbe.video(output) == MediaInfo(width: 76, height: 134, frames: 10))
        let printed = try Kinema.run(["demo", "layers", "--print-scene"])
        #expect(printed.status == 0 && parsedJSON(printed.stdout) is [String: Any])
    }
}
