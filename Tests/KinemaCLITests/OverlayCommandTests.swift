import Foundation
import Testing

/// A 200 × 100 scene with a button `go` and a tooltip on it from 0.5 s, dismissed by a tap
/// outside at 2 s.
enum OverlayScenes {
    static let tip = #"""
        {"kinema": 1, "size": [200, 100],
         "views": [{"id": "go", "type": "button", "frame": [140, 60, 50, 30], "title": "Go"}],
         "overlays": [{"type": "tooltip", "id": "tip", "source": "go", "text": "Tap to go", "directions": ["down"], "showAt": 0.5}],
         "script": [{"at": 2, "tap": [20, 90]}]}
        """#
}

@Suite("kinema with overlays")
struct OverlayCommandTests {
    @Test("inspect lists the tooltip's popover: state, arrow and bubble in window coordinates")
    func inspectJSON() throws {
        let files = try SceneFiles()
        let scene = try files.write(OverlayScenes.tip)
        let result = try Kinema.run(["inspect", scene, "--at", "1.5"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try #require(parsedJSON(result.stdout) as? [String: Any], "\(result.stdout)")
        #expect(Set(object.keys) == ["time", "hit", "layers", "views", "overlays"])
        let overlays = try #require(object["overlays"] as? [[String: Any]])
        #expect(overlays.count == 1)
        #expect(overlays.first?["id"] as? String == "tip" && overlays.first?["type"] as? String == "tooltip")
        let popover = try #require(overlays.first?["popover"] as? [String: Any])
        #expect(popover["state"] as? String == "presented")
        #expect(popover["arrowDirection"] as? String == "down")
        #expect(popover["arrowTip"] as? [Double] == [165, 60])
        let base = try #require(popover["arrowBase"] as? [[Double]])
        #expect(base.count == 2 && base.allSatisfy { $0[1] == 52 }, "\(base)")
        let frame = try #require(popover["bubbleFrame"] as? [Double])
        #expect(frame.count == 4 && frame[1] + frame[3] == 52, "\(frame)")
        let after = try Kinema.run(["inspect", scene, "--at", "3"])
        let gone = ((parsedJSON(after.stdout) as? [String: Any])?["overlays"] as? [[String: Any]])?.first?["popover"] as? [String: Any]
        #expect(gone?["state"] as? String == "dismissed" && gone?["arrowDirection"] as? String == "none")
    }

    @Test("inspect --format text ends with one line per overlay")
    func inspectText() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(OverlayScenes.tip), "--at", "1.5", "--format", "text"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("overlay tip (tooltip) presented arrow=down arrowTip=[165.0,60.0] bubbleFrame="), "\(last)")
    }

    @Test("validate names an overlay problem by its JSON path")
    func validateErrors() throws {
        let files = try SceneFiles()
        let bad = OverlayScenes.tip.replacingOccurrences(of: #""source": "go""#, with: #""source": "og""#)
        let result = try Kinema.run(["validate", try files.write(bad)])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("overlays[0].source: unknown view id 'og' (did you mean 'go'?)"), "\(result.stderr)")
        let tutorial = OverlayScenes.tip.replacingOccurrences(of: #""type": "tooltip""#, with: #""type": "tutorial""#)
        let second = try Kinema.run(["validate", try files.write(tutorial)])
        #expect(second.status == 1 && second.stderr.contains("overlays[0].source: unknown key 'source' in a tutorial overlay"), "\(second)")
    }

    @Test("demo with no name renders the tutorial demo to out/tutorial.gif")
    func demoTutorialDefault() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["demo", "--fps", "1", "--scale", "0.1", "--quiet"], in: files.directory)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stdout.hasPrefix("out/tutorial.gif (10 frames"), "\(result.stdout)")
        // 375 × 667 points for 10 s: 10 frames at 1 fps, 38 × 67 pixels at scale 0.1 (rounded up).
        let info = try MediaProbe.video(files.directory.appendingPathComponent("out/tutorial.gif").path)
        #expect(info == MediaInfo(width: 38, height: 67, frames: 10))
    }

    @Test("demo tutorial --print-scene prints a scene with a four-step tutorial overlay; inspect --demo tutorial shows its steps")
    func demoTutorialScene() throws {
        let printed = try Kinema.run(["demo", "tutorial", "--print-scene"])
        #expect(printed.status == 0 && !printed.crashed, "\(printed)")
        #expect(try Kinema.run(["demo", "--print-scene"]).stdout == printed.stdout, "the default demo is the tutorial")
        let scene = try #require(parsedJSON(printed.stdout) as? [String: Any])
        let overlay = try #require((scene["overlays"] as? [[String: Any]])?.first)
        #expect(overlay["type"] as? String == "tutorial")
        let steps = try #require(overlay["steps"] as? [[String: Any]])
        #expect(steps.count == 4)
        #expect(steps.allSatisfy { ($0["message"] as? String)?.unicodeScalars.contains { $0.value >= 0x3040 } == true })
        let inspected = try Kinema.run(["inspect", "--demo", "tutorial", "--at", "5.8", "--format", "text"])
        #expect(inspected.status == 0 && !inspected.crashed, "\(inspected)")
        let last = inspected.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("overlay tour (tutorial) step=2 presented arrow=down"), "\(last)")
    }
}
