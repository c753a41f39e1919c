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
