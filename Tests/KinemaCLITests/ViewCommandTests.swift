import Foundation
import Testing

/// A scene with a layer, a card view holding a label, a button whose tap slides the card, and a
/// draggable puck; the script taps the button at 1 s and drags the puck from 2 s.
enum ViewScenes {
    static let card = #"""
        {"kinema": 1, "size": [200, 100],
         "layers": [{"id": "box", "frame": [0, 0, 10, 10]}],
         "views": [
           {"id": "card", "frame": [10, 10, 40, 30], "backgroundColor": "#00FF00",
            "subviews": [{"id": "title", "type": "label", "frame": [0, 0, 40, 20], "text": "Hi"}]},
           {"id": "go", "type": "button", "frame": [140, 60, 50, 30], "title": "Go",
            "onTap": [{"duration": 1, "curve": "linear", "changes": [{"view": "card", "center": [130, 25]}]}]},
           {"id": "puck", "frame": [80, 40, 20, 20], "gestures": [{"id": "pan", "type": "pan", "drags": true}]}],
         "script": [{"at": 1, "tap": [165, 75]},
                    {"at": 2, "drag": {"from": [90, 50], "to": [90, 90], "duration": 0.5, "holdBeforeRelease": 0.5}}]}
        """#
}

@Suite("kinema with views")
struct ViewCommandTests {
    static func object(_ result: RunResult) -> [String: Any]? { parsedJSON(result.stdout) as? [String: Any] }

    @Test("inspect lists views with their type, layer, frames, text and gesture states")
    func inspectJSON() throws {
        let files = try SceneFiles()
        let scene = try files.write(ViewScenes.card)
        let result = try Kinema.run(["inspect", scene, "--at", "2.25", "--hit", "120,15"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try #require(Self.object(result))
        #expect(Set(object.keys) == ["time", "hit", "hitView", "layers", "views"])
        #expect(object["hitView"] as? String == "card")
        #expect(object["hit"] as? String == "title")
        let views = try #require(object["views"] as? [[String: Any]])
        #expect(views.compactMap { $0["id"] as? String } == ["card", "title", "go", "puck"])
        #expect(views.compactMap { $0["type"] as? String } == ["view", "label", "button", "view"])
        #expect(views.compactMap { $0["layer"] as? String } == ["card", "title", "go", "puck"])
        #expect(views[1]["superview"] as? String == "card" && views[0]["superview"] is NSNull)
        #expect(views[1]["text"] as? String == "Hi")
        #expect(views[2]["title"] as? String == "Go")
        // The card slid from x 10 to 110 between 1 s and 2 s; its label moved with it.
        #expect(views[0]["windowFrame"] as? [Double] == [110, 10, 40, 30])
        #expect(views[1]["windowFrame"] as? [Double] == [110, 10, 40, 20])
        let gestures = try #require(views[3]["gestures"] as? [[String: Any]])
        #expect(gestures.first?["id"] as? String == "pan" && gestures.first?["state"] as? String == "changed")
        let layers = (object["layers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(layers == ["root", "box", "card", "title", "go", "go.imageView", "go.titleLabel", "puck"])
    }

    @Test("inspect --format text ends with the views, indented under their superviews")
    func inspectText() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(ViewScenes.card), "--at", "2.25", "--format", "text", "--hit", "120,15"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "views"), "\(result.stdout)")
        let views = Array(lines[(start + 1)...])
        #expect(views.count == 4, "\(views)")
        #expect(views[0] == "  card (view) windowFrame=[110.0,10.0,40.0,30.0]")
        #expect(views[1] == #"    title (label) windowFrame=[110.0,10.0,40.0,20.0] text="Hi""#)
        #expect(views[2].hasPrefix("  go (button) windowFrame=[140.0,60.0,50.0,30.0]") && views[2].hasSuffix(#"title="Go""#))
        #expect(views[3].hasPrefix("  puck (view)") && views[3].hasSuffix("gestures=[pan:changed]"))
        #expect(lines.contains("hitView \"card\""))
    }

    @Test("sample works on view ids: the dragged puck follows the finger")
    func sampleView() throws {
        let files = try SceneFiles()
        let result = try Kinema.run([
            "sample", try files.write(ViewScenes.card), "--layer", "puck", "--key", "position.y", "--times", "1.5,2.5,3",
        ])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let samples = (Self.object(result)?["samples"] as? [[String: Any]])?.compactMap { $0["value"] as? Double }
        // 40 points down in 0.5 s: the pan begins once the finger has moved its 10-point slop
        // (hysteresis) and counts from there, so the puck ends 10 points short of the finger.
        let expected = [50.0, 80, 80]
        #expect(samples?.count == 3 && zip(samples ?? [], expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(samples ?? [])")
    }

    @Test("validate reports view and touch problems with their JSON paths")
    func validateProblems() throws {
        let files = try SceneFiles()
        let bad = ViewScenes.card
            .replacingOccurrences(of: #""center": [130, 25]"#, with: #""centre": [130, 25]"#)
            .replacingOccurrences(of: #""duration": 0.5, "holdBeforeRelease""#, with: #""duration": 0, "holdBeforeRelease""#)
        let result = try Kinema.run(["validate", try files.write(bad)])
        #expect(result.status == 1 && !result.crashed && result.stdout.isEmpty, "\(result)")
        #expect(
            result.stderrLines == [
                "views[1].onTap[0].changes[0].centre: unknown key 'centre' in a change (did you mean 'center'?)",
                "script[1].drag.duration: expected a number > 0.0, got 0.0",
            ])
    }

    @Test("the views demo validates, inspects, samples and prints its scene")
    func viewsDemo() throws {
        let validate = try Kinema.run(["validate", "--demo", "views"])
        #expect(validate.status == 0 && validate.stdout == "ok\n", "\(validate)")
        let inspect = try Kinema.run(["inspect", "--demo", "views", "--at", "5.2"])
        #expect(inspect.status == 0 && !inspect.crashed, "\(inspect)")
        let views = try #require(Self.object(inspect)?["views"] as? [[String: Any]])
        #expect(views.compactMap { $0["id"] as? String }.contains("springButton"))
        let buoy = try #require(views.first { $0["id"] as? String == "buoy" })
        #expect((buoy["gestures"] as? [[String: Any]])?.first?["state"] as? String == "changed")
        let status = try #require(views.first { $0["id"] as? String == "status" })
        #expect(status["text"] as? String == "Keyframes: sail and rock, 2.2 s")
        let printed = try Kinema.run(["demo", "views", "--print-scene"])
        #expect(printed.status == 0 && parsedJSON(printed.stdout) is [String: Any], "\(printed)")
        let unknown = try Kinema.run(["inspect", "--demo", "nope", "--at", "0"])
        #expect(unknown.status == 1 && unknown.stderr.contains("unknown demo 'nope'") && unknown.stderr.contains("views"), "\(unknown)")
    }

    @Test("demo views renders the phone screen at scale 2")
    func renderViewsDemo() throws {
        let files = try SceneFiles()
        let output = files.directory.appendingPathComponent("views.png").path
        let one = try Kinema.run(["render", "--demo", "views", "--at", "1", "-o", output])
        #expect(one.status == 0 && !one.crashed, "\(one)")
        #expect(one.stdout == output + " (1 frame, 750×1334 pixels)\n")
        let gif = files.directory.appendingPathComponent("views.gif").path
        let demo = try Kinema.run(["demo", "views", "-o", gif, "--fps", "2", "--scale", "0.5", "--quiet"])
        #expect(demo.status == 0 && !demo.crashed, "\(demo)")
        #expect(demo.stdout == gif + " (15 frames, 188×334 pixels)\n")
        #expect(try MediaProbe.video(gif)?.frames == 15)
    }
}
