import Foundation
import Testing

/// One scale limit for scene files, `render --scale` and the renderer, and errors that name what
/// the user wrote.
@Suite("kinema: scale limits agree")
struct ScaleLimitTests {
    static func scene(width: Int, height: Int, scale: String?) -> String {
        let scaleMember = scale.map { #", "scale": \#($0)"# } ?? ""
        return #"{"kinema": 1, "size": [\#(width), \#(height)]\#(scaleMember), "layers": []}"#
    }

    @Test("a scene scale that validate accepts renders, with no option error")
    func acceptedSceneScaleRenders() throws {
        let files = try SceneFiles()
        let path = try files.write(Self.scene(width: 20, height: 10, scale: "12"))
        #expect(try Kinema.run(["validate", path]).stdout == "ok\n")
        let output = files.directory.appendingPathComponent("s.png").path
        let result = try Kinema.run(["render", path, "-o", output, "--at", "0"])
        #expect(result.status == 0 && result.stdout == output + " (1 frame, 240×120 pixels)\n", "\(result)")
    }

    @Test(
        "a scene whose frames would be too large is a validation error at the key that makes them so",
        arguments: [
            (5000, 5000, "16", "scale: frames would be 80000×80000 pixels at scale 16.0; expected at most 16384 pixels on a side"),
            (20000, 10, nil, "size: frames would be 40000×20 pixels at scale 2.0; expected at most 16384 pixels on a side"),
            (20, 10, "17", "scale: expected a number ≤ 16.0, got 17.0"),
        ])
    func oversizedScenes(width: Int, height: Int, scale: String?, message: String) throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["validate", try files.write(Self.scene(width: width, height: height, scale: scale))])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderrLines.contains(message), "\(result.stderr)")
    }

    @Test(
        "--scale errors name --scale and the value as written",
        arguments: [
            ("17", "error: --scale: expected pixels per point above 0 and at most 16, got 17"),
            ("16", "error: --scale: frames would be 32000×160 pixels at scale 16; expected at most 16384 pixels on a side"),
        ])
    func commandLineScale(given: String, message: String) throws {
        let files = try SceneFiles()
        let path = try files.write(Self.scene(width: 2000, height: 10, scale: "1"))
        let result = try Kinema.run([
            "render", path, "-o", files.directory.appendingPathComponent("s.png").path, "--at", "0", "--scale", given,
        ])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr == message + "\n", "\(result.stderr)")
    }
}

/// `--max-memory` bounds what a frame's surfaces may hold, and a scene over it fails cleanly.
@Suite("kinema render: memory budget")
struct MemoryBudgetCommandTests {
    static let bigLayer = #"""
        {"kinema": 1, "size": [400, 300], "scale": 1, "layers": [{"id": "poster", "frame": [0, 0, 400, 300],
          "backgroundColor": "#FF0000", "cornerRadius": 20, "shadowOpacity": 0.5, "shadowRadius": 8}]}
        """#

    @Test("a frame over --max-memory fails naming the layer and the option")
    func overBudget() throws {
        let files = try SceneFiles()
        let scene = try files.write(Self.bigLayer)
        let output = files.directory.appendingPathComponent("p.png").path
        let result = try Kinema.run(["render", scene, "-o", output, "--at", "0", "--max-memory", "16", "--scale", "4"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.hasPrefix("error: layer 'poster' needs a 1604×1204-pixel surface (7.4 MiB)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("memory budget of 16 MiB (--max-memory sets the budget, in MiB)\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let fits = try Kinema.run(["render", scene, "-o", output, "--at", "0", "--max-memory", "32", "--scale", "4"])
        #expect(fits.status == 0, "\(fits)")
    }

    @Test("--max-memory takes whole MiB in its range", arguments: ["0", "15", "2000000", "lots", "1.5"])
    func badValues(value: String) throws {
        let files = try SceneFiles()
        let scene = try files.write(Self.bigLayer)
        let result = try Kinema.run([
            "render", scene, "-o", files.directory.appendingPathComponent("p.png").path, "--at", "0", "--max-memory", value,
        ])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(
            result.stderr == "error: --max-memory: expected a whole number of MiB from 16 to 1048576, got '\(value)'\n", "\(result.stderr)")
    }
}
