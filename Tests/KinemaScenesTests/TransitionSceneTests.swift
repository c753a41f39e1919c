import Foundation
import KinemaGeometry
import KinemaScenes
import KinemaUI
import Testing

extension InvalidScene {
    /// A scene whose `"transitions"` holds `entry`, with an image view `photo` and a plain view
    /// `card` (see `viewScene`).
    static func transition(_ entry: String) -> String {
        viewScene(#"{"id": "photo", "type": "imageView", "frame": [0, 64, 80, 80]}"#, extra: #""transitions": [\#(entry)]"#)
    }

    static let transitions: [InvalidScene] = [
        InvalidScene(
            id: "transition without type", json: transition(#"{"id": "z", "source": "photo"}"#), path: "transitions[0]",
            fragments: ["missing \"type\"", "zoom"]),
        InvalidScene(
            id: "unknown transition type", json: transition(#"{"type": "zooom", "id": "z", "source": "photo"}"#),
            path: "transitions[0].type", fragments: ["did you mean 'zoom'"]),
        InvalidScene(
            id: "transition source not an image view", json: transition(#"{"type": "zoom", "id": "z", "source": "card"}"#),
            path: "transitions[0].source", fragments: ["expected an image view", "'card', a view"]),
        InvalidScene(
            id: "transition source unknown", json: transition(#"{"type": "zoom", "id": "z", "source": "phot"}"#),
            path: "transitions[0].source", fragments: ["unknown view id 'phot'", "did you mean 'photo'"]),
        InvalidScene(
            id: "transition without source", json: transition(#"{"type": "zoom", "id": "z"}"#), path: "transitions[0]",
            fragments: ["missing \"source\"", "image view"]),
        InvalidScene(
            id: "transition id taken", json: transition(#"{"type": "zoom", "id": "card", "source": "photo"}"#),
            path: "transitions[0].id", fragments: ["duplicate id 'card'"]),
        InvalidScene(
            id: "transition never shown", json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "presentOnTap": false}"#),
            path: "transitions[0]", fragments: ["presentOnTap", "presentAt"]),
        InvalidScene(
            id: "unknown dismiss direction",
            json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "options": {"dismissDirections": "up"}}"#),
            path: "transitions[0].options.dismissDirections", fragments: ["'up'", "down, any"]),
        InvalidScene(
            id: "unknown scaling", json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "options": {"scaling": "corner"}}"#),
            path: "transitions[0].options.scaling", fragments: ["'corner'", "touch, center"]),
        InvalidScene(
            id: "threshold of 0", json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "options": {"threshold": 0}}"#),
            path: "transitions[0].options.threshold", fragments: ["> 0", "got 0"]),
        InvalidScene(
            id: "scale floor above 1", json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "options": {"scaleFloor": 1.5}}"#),
            path: "transitions[0].options.scaleFloor", fragments: ["1.5"]),
        InvalidScene(
            id: "unknown zoom option", json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "options": {"treshold": 0.2}}"#),
            path: "transitions[0].options.treshold", fragments: ["did you mean 'threshold'"]),
        InvalidScene(
            id: "negative presentAt", json: transition(#"{"type": "zoom", "id": "z", "source": "photo", "presentAt": -1}"#),
            path: "transitions[0].presentAt", fragments: ["-1"]),
    ]
}

/// Zoom transitions declared in scene files: presented by a tap or at a time, dismissed by a
/// scripted drag, and inspected.
@Suite("Zoom transitions in scenes")
struct TransitionSceneTests {
    @Test("each problem is reported at its JSON path", arguments: InvalidScene.transitions)
    func invalid(row: InvalidScene) {
        SceneValidationTests().invalid(row: row)
    }

    /// The folder of the demo photos the tests use.
    static let photos: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-transition-scene-tests").path
        _ = try? DemoPhotos.write(count: 1, to: folder)
        return folder
    }()

    /// The acceptance harness's screen: 375 × 667 with a 20-point status bar, a 320 × 480 photo
    /// as an 80 × 80 thumbnail at (0, 64), and the zoom `entry` members, with `script`.
    static func scene(_ entry: String, script: String = "[]") throws -> Scene {
        let text = #"""
            {"kinema": 1, "size": [375, 667], "safeAreaInsets": [20, 0, 0, 0], "background": "#202020",
             "views": [{"id": "photo", "type": "imageView", "frame": [0, 64, 80, 80], "image": "photo-0@2x.png",
                        "contentMode": "scaleAspectFill", "clipsToBounds": true}],
             "transitions": [{"type": "zoom", "id": "zoom", "source": "photo"\#(entry.isEmpty ? "" : ", " + entry)}],
             "script": \#(script)}
            """#
        return Scene(document: try SceneDocument.decode(text, directory: photos, checkingFiles: true))
    }

    /// The transition's inspection entry at `t`.
    static func entry(_ scene: Scene, at t: Double) throws -> JSONValue {
        let inspection = SceneInspector(document: scene.document).inspect(at: t)
        guard case .array(let list)? = inspection["transitions"], let first = list.first else {
            throw InspectionMissing()
        }
        return first
    }

    struct InspectionMissing: Error {}

    static func frame(_ v: JSONValue?) -> Rect? {
        guard case .array(let n)? = v, n.count == 4 else { return nil }
        let d = n.compactMap { if case .number(let x) = $0 { x } else { nil } }
        return d.count == 4 ? Rect(x: d[0], y: d[1], width: d[2], height: d[3]) : nil
    }

    static func close(_ a: Rect?, _ b: Rect, _ tolerance: Double = 0.5) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    @Test("a tap on the source zooms the photo into its aspect-fit place in the safe area, hiding the source")
    func tapPresents() throws {
        let scene = try Self.scene("", script: #"[{"at": 0.5, "tap": {"point": [40, 104]}}]"#)
        let idle = try Self.entry(scene, at: 0.4)
        #expect(idle["state"] == .string("idle") && idle["imageFrame"] == .null && idle["sourceHidden"] == .bool(false))
        let flying = try Self.entry(scene, at: 0.6)
        #expect(flying["state"] == .string("presenting"), "\(JSONWriter.compact(flying))")
        #expect(flying["sourceHidden"] == .bool(true))
        let shown = try Self.entry(scene, at: 1.0)
        #expect(shown["state"] == .string("presented"), "\(JSONWriter.compact(shown))")
        // 320 × 480 aspect-fit in (0, 20, 375, 647): the harness's D.
        #expect(
            Self.close(Self.frame(shown["imageFrame"]), Rect(x: 0, y: 62.25, width: 375, height: 562.5)), "\(JSONWriter.compact(shown))")
        #expect(shown["type"] == .string("zoom") && shown["id"] == .string("zoom"))
    }

    @Test("a flick down dismisses the photo into its thumbnail, which shows again when it lands")
    func flickDismisses() throws {
        let script = #"""
            [{"at": 0.5, "tap": {"point": [40, 104]}},
             {"at": 1.2, "drag": {"from": [187, 300], "to": [187, 420], "duration": 0.08}}]
            """#
        let scene = try Self.scene("", script: script)
        let flying = try Self.entry(scene, at: 1.35)
        #expect(flying["state"] == .string("dismissing"), "\(JSONWriter.compact(flying))")
        #expect(flying["sourceHidden"] == .bool(true))
        let landed = try Self.entry(scene, at: 2.5)
        #expect(landed["state"] == .string("idle"), "\(JSONWriter.compact(landed))")
        #expect(landed["sourceHidden"] == .bool(false))
        #expect(scene.transitions["zoom"]?.isPresented == false)
    }

    @Test("a slow short drag springs back to the presented photo")
    func slowDragCancels() throws {
        let script = #"""
            [{"at": 0.5, "tap": {"point": [40, 104]}},
             {"at": 1.2, "drag": {"from": [187, 300], "to": [187, 340], "duration": 0.5, "holdBeforeRelease": 0.2}}]
            """#
        let scene = try Self.scene("", script: script)
        let dragging = try Self.entry(scene, at: 1.6)
        #expect(dragging["state"] == .string("dragging"), "\(JSONWriter.compact(dragging))")
        let alpha = dragging["backgroundAlpha"].flatMap { if case .number(let a) = $0 { a } else { nil } } ?? -1
        #expect(alpha > 0 && alpha < 1, "the grid shows through while dragging: \(alpha)")
        let back = try Self.entry(scene, at: 3.0)
        #expect(back["state"] == .string("presented"), "\(JSONWriter.compact(back))")
        #expect(back["sourceHidden"] == .bool(true))
    }

    @Test("presentAt presents without a tap, and the source then ignores taps")
    func presentAt() throws {
        let scene = try Self.scene(#""presentAt": 0.3, "presentOnTap": false"#)
        #expect(try Self.entry(scene, at: 0.2)["state"] == .string("idle"))
        #expect(try Self.entry(scene, at: 0.35)["state"] == .string("presenting"))
        #expect(try Self.entry(scene, at: 1)["state"] == .string("presented"))
        let tapped = try Self.scene(#""presentAt": 5, "presentOnTap": false"#, script: #"[{"at": 0.5, "tap": {"point": [40, 104]}}]"#)
        #expect(try Self.entry(tapped, at: 1)["state"] == .string("idle"))
    }
}
