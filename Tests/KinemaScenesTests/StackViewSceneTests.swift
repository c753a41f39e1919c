import KinemaGeometry
import KinemaScenes
import KinemaTiming
import KinemaUI
import Testing

/// A 200 × 100 scene with a horizontal stack `row` at (0, 0), 200 × 60, of three views of
/// preferred widths (`a` 40, `b` 60 at priority 999, `c` 80 at 998, so `c` gives first), 10
/// apart, with `settings` added to the stack.
private func stackScene(_ settings: String = "", script: String = "[]") -> String {
    sceneJSON(
        script: script,
        extra: #"""
            "views": [
              { "id": "row", "type": "stackView", "spacing": 10\#(settings.isEmpty ? "" : ", " + settings),
                "constraints": [ "row.left == superview.left", "row.top == superview.top", "row.width == 200", "row.height == 60" ],
                "arrangedSubviews": [
                  { "id": "a", "backgroundColor": "#FF0000", "constraints": [ "a.width == 40 @999" ] },
                  { "id": "b", "backgroundColor": "#00FF00", "constraints": [ "b.width == 60 @999" ] },
                  { "id": "c", "backgroundColor": "#0000FF", "constraints": [ "c.width == 80 @998" ] } ] } ]
            """#)
}

@Suite struct StackViewSceneTests {
    @Test func aStackViewArrangesItsViews() throws {
        let scene = try playedScene(stackScene(#""distribution": "equalSpacing", "alignment": "center""#), to: 0)
        let stack = try #require(try view("row", in: scene) as? StackView)
        #expect(stack.axis == .horizontal && stack.distribution == .equalSpacing && stack.alignment == .center)
        #expect(stack.arrangedSubviews.map { $0.layer.name } == ["a", "b", "c"])
        // Equal gaps of (200 − 180) / 2; the views have no height but the ambiguity suppression's 0.
        #expect(try view("a", in: scene).frame == Rect(x: 0, y: 30, width: 40, height: 0))
        #expect(try view("b", in: scene).frame.minX == 50)
        #expect(try view("c", in: scene).frame.minX == 120)
    }

    @Test(arguments: [
        ("\"axis\": \"vertical\"", "vertical"), ("\"alignment\": \"top\"", "horizontal"), ("\"alignment\": \"bottom\"", "horizontal"),
    ])
    func settingsDecode(setting: String, axis: String) throws {
        let scene = try playedScene(stackScene(setting), to: 0)
        let stack = try #require(try view("row", in: scene) as? StackView)
        #expect((stack.axis == .vertical ? "vertical" : "horizontal") == axis)
        if setting.contains("top") { #expect(stack.alignment == .leading) }
        if setting.contains("bottom") { #expect(stack.alignment == .trailing) }
    }

    @Test func badSettingsAreNamedWithTheirPaths() {
        let issues = decodeIssues(stackScene(#""axis": "diagonal", "distribution": "fillEqualy", "isLayoutMarginsRelativeArrangement": 1"#))
        let text = (issues ?? []).map(\.description)
        #expect(text.contains { $0.contains("views[0].axis") && $0.contains("expected one of horizontal, vertical") })
        #expect(text.contains { $0.contains("views[0].distribution") && $0.contains("did you mean 'fillEqually'?") })
        #expect(text.contains { $0.contains("views[0].isLayoutMarginsRelativeArrangement") })
        let notAStack = decodeIssues(
            sceneJSON(extra: #""views": [ { "id": "v", "frame": [0, 0, 10, 10], "arrangedSubviews": [], "axis": "vertical" } ]"#))
        let notes = (notAStack ?? []).map(\.description)
        #expect(
            notes.contains {
                $0.contains("views[0].arrangedSubviews") && $0.contains("'arrangedSubviews' is a property of stack views, not of a view")
            })
        #expect(notes.contains { $0.contains("views[0].axis") })
    }

    @Test func hidingAnArrangedViewInAnAnimatedStepCollapsesIt() throws {
        let text = stackScene(
            script: #"[ { "at": 1, "animate": { "duration": 1, "curve": "linear", "changes": [ { "view": "b", "hidden": true } ] } } ]"#)
        let scene = try playedScene(text, to: 1.5)
        let b = try view("b", in: scene)
        let c = try view("c", in: scene)
        // Fill: c takes the slack; at the end b is 0 wide and c starts 10 after a.
        #expect(b.isHidden && !b.layer.isHidden)
        #expect(c.frame.minX == 50)
        let shown = c.layer.presentation(at: 1.5)
        #expect(abs((shown.position.x - shown.bounds.width / 2) - 85) < 1e-9)
        scene.advance(to: 2.1)
        scene.advance(to: 2.2)
        #expect(b.layer.isHidden)
    }

    @Test func inspectReportsTheArrangement() throws {
        let inspector = SceneInspector(document: try SceneDocument.decode(stackScene(#""axis": "vertical""#)))
        let described = JSONWriter.compact(inspector.inspect(at: 0))
        #expect(described.contains(#""axis":"vertical""#))
        #expect(described.contains(#""arrangedSubviews":["a","b","c"]"#))
    }
}
