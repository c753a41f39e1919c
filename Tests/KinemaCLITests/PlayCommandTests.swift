import Foundation
import Testing

@Suite struct PlayCommandTests {
    /// The environment without a display (and without a headless SDL driver).
    static var noDisplay: [String: String] {
        ProcessInfo.processInfo.environment.filter { !["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].contains($0.key) }
    }

    @Test func withoutADisplayPlayExitsTwoAndSaysWhatIsMissing() throws {
        let started = Date()
        let result = try Kinema.run(["play", "--demo", "tutorial"], environment: Self.noDisplay)
        #expect(result.status == 2, "\(result)")
        #expect(!result.crashed)
        #expect(result.stderr.contains("set DISPLAY (X11) or WAYLAND_DISPLAY"), "\(result)")
        #expect(result.stderr.contains("kinema render"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aBadSceneIsRefusedBeforeAnyWindowWithValidatesText() throws {
        let files = try SceneFiles()
        let path = files.directory.appendingPathComponent("bad.json").path
        try Data(#"{"size": {"width": -5, "height": 10}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let played = try Kinema.run(["play", path], environment: Self.noDisplay)
        let validated = try Kinema.run(["validate", path])
        #expect(played.status == 1, "\(played)")
        #expect(!played.stderr.isEmpty)
        #expect(validated.stderr.contains(played.stderr.split(separator: "\n").first.map(String.init) ?? "∅"), "\(played)\n\(validated)")
    }

    @Test(arguments: [["--speed", "0"], ["--scale", "-1"], ["--exit-after", "nan"]])
    func badOptionsNameTheOption(_ options: [String]) throws {
        let result = try Kinema.run(["play", "--demo", "tutorial"] + options, environment: Self.noDisplay)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(options[0]), "\(result)")
    }

    @Test func withTheDummyDriverPlayRunsAndReportsItsFrames() throws {
        var environment = Self.noDisplay
        environment["SDL_VIDEODRIVER"] = "dummy"
        let result = try Kinema.run(
            ["play", "--demo", "tutorial", "--scale", "1", "--exit-after", "0.5", "--stats"], environment: environment)
        #expect(result.status == 0, "\(result)")
        let line = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("frames presented "), "\(result)")
        let presented = Int(String(line.split(separator: " ")[2].filter { $0.isNumber })) ?? 0
        #expect(presented > 0, "\(line)")
    }

    @Test func aLottieFilePlaysInALoopingScene() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        var environment = Self.noDisplay
        environment["SDL_VIDEODRIVER"] = "dummy"
        let result = try Kinema.run(["play", input, "--exit-after", "0.3", "--stats"], environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("frames presented "), "\(result)")
        let broken = try files.write(LottieFiles.square().replacingOccurrences(of: "\"w\": 60", with: "\"w\": -1"), as: "broken.json")
        let refused = try Kinema.run(["play", broken], environment: Self.noDisplay)
        #expect(refused.status == 1 && refused.stderr.contains("w: expected a size"), "\(refused)")
    }
}
