import Foundation
import KinemaComponents
import KinemaGeometry
import KinemaScenes
import KinemaUI
import Testing

/// A view scene (see `viewScene`: `card` at (10, 10, 40, 30), button `go` at (140, 60, 50, 30) in
/// a 200 × 100 window) with `"overlays": [overlays]` and `script`.
func overlayScene(_ overlays: String, script: String = "[]") -> String {
    viewScene(script: script, extra: #""overlays": [\#(overlays)]"#)
}

/// A tooltip on `go` shown at 0.5 s, with `more` members.
func tooltipOverlay(_ more: String = "") -> String {
    #"{"type": "tooltip", "id": "tip", "source": "go", "text": "Tap to go", "showAt": 0.5\#(more.isEmpty ? "" : ", " + more)}"#
}

extension InvalidScene {
    static let overlays: [InvalidScene] = [
        InvalidScene(
            id: "overlays is not an array", json: viewScene(extra: #""overlays": {}"#), path: "overlays", fragments: ["array"]),
        InvalidScene(id: "overlay not an object", json: overlayScene("3"), path: "overlays[0]", fragments: ["object"]),
        InvalidScene(
            id: "missing type", json: overlayScene(#"{"id": "tip", "source": "go", "text": "x"}"#), path: "overlays[0]",
            fragments: ["missing \"type\""]),
        InvalidScene(
            id: "type typo", json: overlayScene(#"{"type": "tooltp", "id": "tip", "source": "go", "text": "x"}"#),
            path: "overlays[0].type", fragments: ["did you mean 'tooltip'"]),
        InvalidScene(
            id: "tutorial without steps", json: overlayScene(#"{"type": "tutorial", "id": "t"}"#), path: "overlays[0]",
            fragments: ["missing \"steps\""]),
        InvalidScene(
            id: "tutorial with no steps", json: overlayScene(#"{"type": "tutorial", "id": "t", "steps": []}"#),
            path: "overlays[0].steps", fragments: ["at least one step"]),
        InvalidScene(
            id: "tutorial key typo",
            json: overlayScene(#"{"type": "tutorial", "id": "t", "startsAt": 1, "steps": [{"target": "go", "message": "m"}]}"#),
            path: "overlays[0].startsAt", fragments: ["did you mean 'startAt'"]),
        InvalidScene(
            id: "step target typo",
            json: overlayScene(
                #"{"type": "tutorial", "id": "t", "steps": [{"target": "go", "message": "m"}, {"target": "crad", "message": "m"}]}"#),
            path: "overlays[0].steps[1].target", fragments: ["did you mean 'card'"]),
        InvalidScene(
            id: "step target and rect",
            json: overlayScene(#"{"type": "tutorial", "id": "t", "steps": [{"target": "go", "rect": [0, 0, 1, 1], "message": "m"}]}"#),
            path: "overlays[0].steps[0]", fragments: ["not both"]),
        InvalidScene(
            id: "step without target", json: overlayScene(#"{"type": "tutorial", "id": "t", "steps": [{"message": "m"}]}"#),
            path: "overlays[0].steps[0]", fragments: ["missing \"target\""]),
        InvalidScene(
            id: "step without message", json: overlayScene(#"{"type": "tutorial", "id": "t", "steps": [{"target": "go", "title": "T"}]}"#),
            path: "overlays[0].steps[0]", fragments: ["missing \"message\""]),
        InvalidScene(
            id: "step direction typo",
            json: overlayScene(#"{"type": "tutorial", "id": "t", "steps": [{"target": "go", "message": "m", "direction": "lfet"}]}"#),
            path: "overlays[0].steps[0].direction", fragments: ["did you mean 'left'"]),
        InvalidScene(
            id: "step key typo", json: overlayScene(#"{"type": "tutorial", "id": "t", "steps": [{"target": "go", "mesage": "m"}]}"#),
            path: "overlays[0].steps[0].mesage", fragments: ["did you mean 'message'"]),
        InvalidScene(
            id: "tutorial id taken",
            json: overlayScene(#"{"type": "tutorial", "id": "title", "steps": [{"target": "go", "message": "m"}]}"#),
            path: "overlays[0].id", fragments: ["duplicate id 'title'"]),
        InvalidScene(
            id: "unknown key with suggestion", json: overlayScene(tooltipOverlay(#""maxWidht": 100"#)), path: "overlays[0].maxWidht",
            fragments: ["unknown key", "did you mean 'maxWidth'"]),
        InvalidScene(
            id: "missing id", json: overlayScene(#"{"type": "tooltip", "source": "go", "text": "x"}"#), path: "overlays[0]",
            fragments: ["missing \"id\""]),
        InvalidScene(
            id: "id taken by a view", json: overlayScene(#"{"type": "tooltip", "id": "card", "source": "go", "text": "x"}"#),
            path: "overlays[0].id", fragments: ["duplicate id 'card'"]),
        InvalidScene(
            id: "id taken by a layer", json: overlayScene(#"{"type": "tooltip", "id": "box", "source": "go", "text": "x"}"#),
            path: "overlays[0].id", fragments: ["duplicate id 'box'"]),
        InvalidScene(
            id: "two overlays with one id", json: overlayScene(tooltipOverlay() + ", " + tooltipOverlay()), path: "overlays[1].id",
            fragments: ["duplicate id 'tip'"]),
        InvalidScene(
            id: "source typo", json: overlayScene(#"{"type": "tooltip", "id": "tip", "source": "og", "text": "x"}"#),
            path: "overlays[0].source", fragments: ["unknown view id 'og'", "did you mean 'go'"]),
        InvalidScene(
            id: "source is a layer", json: overlayScene(#"{"type": "tooltip", "id": "tip", "source": "box", "text": "x"}"#),
            path: "overlays[0].source", fragments: ["is a layer, not a view"]),
        InvalidScene(
            id: "source and sourceRect",
            json: overlayScene(#"{"type": "tooltip", "id": "tip", "source": "go", "sourceRect": [0, 0, 1, 1], "text": "x"}"#),
            path: "overlays[0]", fragments: ["not both"]),
        InvalidScene(
            id: "neither source nor sourceRect", json: overlayScene(#"{"type": "tooltip", "id": "tip", "text": "x"}"#),
            path: "overlays[0]", fragments: ["missing \"source\""]),
        InvalidScene(
            id: "sourceRect with three numbers",
            json: overlayScene(#"{"type": "tooltip", "id": "tip", "sourceRect": [0, 0, 1], "text": "x"}"#),
            path: "overlays[0].sourceRect", fragments: ["4|four|x, y, width, height"]),
        InvalidScene(
            id: "missing text", json: overlayScene(#"{"type": "tooltip", "id": "tip", "source": "go"}"#), path: "overlays[0]",
            fragments: ["missing \"text\""]),
        InvalidScene(
            id: "empty text", json: overlayScene(#"{"type": "tooltip", "id": "tip", "source": "go", "text": ""}"#),
            path: "overlays[0].text", fragments: ["empty"]),
        InvalidScene(
            id: "maxWidth zero", json: overlayScene(tooltipOverlay(#""maxWidth": 0"#)), path: "overlays[0].maxWidth", fragments: ["> 0"]),
        InvalidScene(
            id: "directions a word", json: overlayScene(tooltipOverlay(#""directions": "all""#)), path: "overlays[0].directions",
            fragments: ["\"any\""]),
        InvalidScene(
            id: "directions empty", json: overlayScene(tooltipOverlay(#""directions": []"#)), path: "overlays[0].directions",
            fragments: ["at least one"]),
        InvalidScene(
            id: "direction typo", json: overlayScene(tooltipOverlay(#""directions": ["up", "dwon"]"#)),
            path: "overlays[0].directions[1]", fragments: ["did you mean 'down'"]),
        InvalidScene(
            id: "duplicate direction", json: overlayScene(tooltipOverlay(#""directions": ["up", "up"]"#)),
            path: "overlays[0].directions[1]", fragments: ["duplicate direction"]),
        InvalidScene(
            id: "negative showAt", json: overlayScene(tooltipOverlay(#""dismissAt": 2"#).replacingOccurrences(of: "0.5", with: "-1")),
            path: "overlays[0].showAt", fragments: ["≥ 0|>= 0"]),
        InvalidScene(
            id: "dismissAt before showAt", json: overlayScene(tooltipOverlay(#""dismissAt": 0.25"#)), path: "overlays[0].dismissAt",
            fragments: ["after showAt"]),
        InvalidScene(
            id: "bubbleColor not a colour", json: overlayScene(tooltipOverlay(#""bubbleColor": 7"#)), path: "overlays[0].bubbleColor",
            fragments: ["colo"]),
        InvalidScene(
            id: "fontSize zero", json: overlayScene(tooltipOverlay(#""fontSize": 0"#)), path: "overlays[0].fontSize", fragments: ["> 0"]),
        InvalidScene(
            id: "empty font", json: overlayScene(tooltipOverlay(#""font": """#)), path: "overlays[0].font", fragments: ["empty"]),
        InvalidScene(
            id: "negative arrowSize", json: overlayScene(tooltipOverlay(#""arrowSize": [-1, 4]"#)), path: "overlays[0].arrowSize",
            fragments: ["non-negative"]),
        InvalidScene(
            id: "cornerRadius negative", json: overlayScene(tooltipOverlay(#""cornerRadius": -2"#)), path: "overlays[0].cornerRadius",
            fragments: ["≥ 0|>= 0"]),
        InvalidScene(
            id: "duration zero", json: overlayScene(tooltipOverlay(#""duration": 0"#)), path: "overlays[0].duration", fragments: ["> 0"]),
        InvalidScene(
            id: "edgeMargin infinite", json: overlayScene(tooltipOverlay(#""edgeMargin": 1e999"#)), path: "overlays[0].edgeMargin",
            fragments: ["finite"]),
    ]
}

@Suite("scene overlays")
struct OverlayTests {
    @Test("each overlay problem is reported at its JSON path", arguments: InvalidScene.overlays)
    func invalid(row: InvalidScene) {
        SceneValidationTests().invalid(row: row)
    }

    @Test("a tooltip overlay decodes with every field")
    func decodesEverything() throws {
        let json = overlayScene(
            tooltipOverlay(
                ##""maxWidth": 120, "directions": ["down", "left"], "dismissAt": 3, "bubbleColor": "#FF0000", "textColor": "#000000", "fontSize": 12, "font": "DejaVu Sans", "cornerRadius": 6, "arrowSize": [12, 7], "edgeMargin": 4, "duration": 2"##
            ) + #", {"type": "tooltip", "id": "tip2", "sourceRect": [5, 6, 7, 8], "text": "Here", "directions": "any"}"#)
        let document = try SceneDocument.decode(json)
        #expect(document.overlays.map(\.id) == ["tip", "tip2"])
        guard case .tooltip(let a) = try #require(document.overlays.first).content,
            case .tooltip(let b) = try #require(document.overlays.last).content
        else { return }
        #expect(a.source == .view("go") && b.source == .rect(Rect(x: 5, y: 6, width: 7, height: 8)))
        #expect(a.text == "Tap to go" && a.maxWidth == 120 && b.maxWidth == 200)
        #expect(a.directions == [.down, .left] && b.directions == [.up, .down, .left, .right])
        #expect(a.showAt == 0.5 && a.dismissAt == 3 && b.showAt == 0 && b.dismissAt == nil)
        #expect(a.bubbleColor == Color(red: 1, green: 0, blue: 0, alpha: 1) && a.textColor == Color(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(a.fontSize == 12 && a.font == "DejaVu Sans" && a.cornerRadius == 6 && a.edgeMargin == 4 && a.duration == 2)
        #expect(a.arrowSize == Size(width: 12, height: 7))
    }

    /// The engine's input for the tooltip on `go` as the scene shows it (default style, the
    /// window as container): what the test computes independently of the scene.
    static func expectedPlacement(directions: [PopoverArrowDirection], maxWidth: Double) -> PopoverPlacement {
        let font = Font.systemFont(ofSize: 15)
        let style = TextStyle(
            fontName: font.fontName, fontSize: font.pointSize, color: Color(red: 1, green: 1, blue: 1, alpha: 1), alignment: .center)
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 200, height: 100), sourceRect: Rect(x: 140, y: 60, width: 50, height: 30),
            content: .text("Tap to go", style: style, maxWidth: maxWidth))
        input.layoutMargins = .zero
        input.contentInsets = EdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
        input.permittedDirections = directions
        input.arrowBase = 8
        input.arrowHeight = 8
        input.cornerRadius = 4
        return PopoverLayout.place(input)
    }

    static func directionName(_ d: PopoverArrowDirection) -> String {
        [(PopoverArrowDirection.up, "up"), (.down, "down"), (.left, "left"), (.right, "right")].first { $0.0 == d }?.1 ?? "none"
    }

    static func numbers(_ v: JSONValue?) -> [Double] { v?.asArray?.compactMap(\.asNumber) ?? [] }

    static func popover(_ scene: String, at t: Double) throws -> JSONValue? {
        let inspection = SceneInspector(document: try SceneDocument.decode(scene)).inspect(at: t)
        return inspection["overlays"]?.asArray?.first?["popover"]
    }

    @Test("a tooltip is not listed before showAt, and is placed as PopoverLayout.place places it once presented")
    func shownAndPlaced() throws {
        let scene = overlayScene(tooltipOverlay(#""directions": ["down", "up"], "maxWidth": 40"#))
        let inspector = SceneInspector(document: try SceneDocument.decode(scene))
        #expect(inspector.inspect(at: 0.4)["overlays"] == .array([]))
        let entry = try #require(inspector.inspect(at: 0.5)["overlays"]?.asArray?.first)
        #expect(entry["id"] == .string("tip") && entry["type"] == .string("tooltip"))
        #expect(entry["popover"]?["state"] == .string("presenting"))
        let popover = try #require(inspector.inspect(at: 2)["overlays"]?.asArray?.first?["popover"])
        let want = Self.expectedPlacement(directions: [.down, .up], maxWidth: 40)
        #expect(want.arrowDirection == .down)
        // 40 points wraps the text: the bubble is narrower and taller than at the default 200.
        let unwrapped = Self.expectedPlacement(directions: [.down, .up], maxWidth: 200).bubbleFrame
        #expect(want.bubbleFrame.width < unwrapped.width && want.bubbleFrame.height > unwrapped.height)
        #expect(popover["state"] == .string("presented"))
        #expect(popover["arrowDirection"] == .string("down"))
        expectNumbers(Self.numbers(popover["arrowTip"]), [want.arrowTip.x, want.arrowTip.y], tolerance: 1e-9)
        let b = want.bubbleFrame
        expectNumbers(Self.numbers(popover["bubbleFrame"]), [b.minX, b.minY, b.width, b.height], tolerance: 1e-9)
        let base = popover["arrowBase"]?.asArray?.map(Self.numbers) ?? []
        #expect(base.count == 2)
        for (got, p) in zip(base, want.arrowBase) { expectNumbers(got, [p.x, p.y], tolerance: 1e-9) }
        // The arrow's tip is on the source's top edge; the bubble is above it.
        #expect(abs(want.arrowTip.y - 60) < 1e-9 && b.maxY <= 60)
    }

    @Test("mid-entrance the bubble is smaller than the placement (presentation values, not the model)")
    func entranceUsesPresentation() throws {
        let popover = try #require(try Self.popover(overlayScene(tooltipOverlay(#""directions": ["down"]"#)), at: 0.55))
        let want = Self.expectedPlacement(directions: [.down], maxWidth: 200)
        let frame = Self.numbers(popover["bubbleFrame"])
        #expect(frame.count == 4 && frame[2] < want.bubbleFrame.width - 1, "\(frame)")
    }

    @Test("a tooltip is dismissed at dismissAt")
    func dismissedAtDismissAt() throws {
        let scene = overlayScene(tooltipOverlay(#""dismissAt": 2"#))
        #expect(try Self.popover(scene, at: 1.9)?["state"] == .string("presented"))
        #expect(try Self.popover(scene, at: 2.1)?["state"] == .string("dismissing"))
        let gone = try #require(try Self.popover(scene, at: 3))
        #expect(gone["state"] == .string("dismissed") && gone["arrowDirection"] == .string("none"))
        let played = try playedScene(scene, to: 3)
        #expect(played.window.subviews.allSatisfy { !($0 is Tooltip) })
    }

    @Test("a scripted tap outside the bubble dismisses the tooltip; without it the tooltip stays")
    func tapOutsideDismisses() throws {
        let tap = #"[{"at": 1.5, "tap": [20, 90]}]"#
        let tapped = overlayScene(tooltipOverlay(), script: tap)
        #expect(try Self.popover(tapped, at: 1.4)?["state"] == .string("presented"))
        #expect(try Self.popover(tapped, at: 2.5)?["state"] == .string("dismissed"))
        let untouched = overlayScene(tooltipOverlay(), script: #"[{"at": 1.5, "set": {"layer": "box", "opacity": 0.5}}]"#)
        #expect(try Self.popover(untouched, at: 2.5)?["state"] == .string("presented"))
    }

    @Test("duration dismisses the tooltip by itself after the entrance")
    func durationDismisses() throws {
        let scene = overlayScene(tooltipOverlay(#""duration": 1"#))
        #expect(try Self.popover(scene, at: 1.5)?["state"] == .string("presented"))
        #expect(try Self.popover(scene, at: 3.5)?["state"] == .string("dismissed"))
    }

    @Test("styling reaches the tooltip: a sourceRect, a bigger arrow and font")
    func styling() throws {
        let scene = overlayScene(
            ##"{"type": "tooltip", "id": "tip", "sourceRect": [20, 10, 30, 20], "text": "Hi", "directions": ["up"], "arrowSize": [20, 12], "fontSize": 20, "bubbleColor": "#FF0000"}"##
        )
        let played = try playedScene(scene, to: 2)
        let tooltip = try #require(played.tooltips["tip"])
        #expect(tooltip.arrowSize == Size(width: 20, height: 12) && tooltip.font.pointSize == 20)
        #expect(tooltip.bubbleColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        let p = tooltip.inspect()
        #expect(p.arrowDirection == .up && abs(p.arrowTip.y - 30) < 1e-9)
        #expect(abs(p.arrowBase[1].x - p.arrowBase[0].x) == 20)
    }

    @Test("a scene without overlays has no overlays key; the text format lists overlays")
    func inspectKeysAndText() throws {
        let plain = SceneInspector(document: try SceneDocument.decode(viewScene())).inspect(at: 1)
        #expect(plain["overlays"] == nil)
        let inspection = SceneInspector(document: try SceneDocument.decode(overlayScene(tooltipOverlay(#""directions": ["down"]"#))))
            .inspect(at: 2)
        let text = SceneInspector.text(inspection)
        let line = try #require(text.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("overlay tip (tooltip) presented arrow=down arrowTip=[165.0,60.0]"), "\(line)")
    }

    /// Two steps: the button `go` (arrow down preferred) and the rectangle (20, 10, 30, 20).
    static let tutorial = overlayScene(
        #"{"type": "tutorial", "id": "tour", "startAt": 0.5, "steps": [{"target": "go", "title": "Go", "message": "Tap to go", "direction": "down"}, {"rect": [20, 10, 30, 20], "message": "Here", "direction": "up"}]}"#,
        script: #"[{"at": 2, "tap": [20, 90]}, {"at": 4, "tap": [100, 90]}]"#)

    @Test("a tutorial starts at startAt, is placed as its layout input says, and scripted taps advance it to the end")
    func tutorialRuns() throws {
        let document = try SceneDocument.decode(Self.tutorial)
        guard case .tutorial(let spec) = try #require(document.overlays.first).content else {
            Issue.record("not a tutorial")
            return
        }
        #expect(
            spec.steps.count == 2 && spec.steps[0].direction == .down
                && spec.steps[1].target == .rect(Rect(x: 20, y: 10, width: 30, height: 20)))
        let inspector = SceneInspector(document: document)
        #expect(inspector.inspect(at: 0.4)["overlays"] == .array([]))
        let first = try #require(inspector.inspect(at: 1.5)["overlays"]?.asArray?.first)
        #expect(first["type"] == .string("tutorial") && first["step"] == .number(0))
        #expect(first["popover"]?["state"] == .string("presented"))
        let scene = try playedScene(Self.tutorial, to: 1.5)
        let tutorial = try #require(scene.tutorials["tour"])
        let want = PopoverLayout.place(try #require(tutorial.layoutInput(forStep: 0)))
        #expect(first["popover"]?["arrowDirection"] == .string(Self.directionName(want.arrowDirection)))
        expectNumbers(Self.numbers(first["popover"]?["arrowTip"]), [want.arrowTip.x, want.arrowTip.y], tolerance: 1e-9)
        let b = want.bubbleFrame
        expectNumbers(Self.numbers(first["popover"]?["bubbleFrame"]), [b.minX, b.minY, b.width, b.height], tolerance: 1e-9)
        let second = try #require(inspector.inspect(at: 3.5)["overlays"]?.asArray?.first)
        // The scene is held: its tutorial is on screen only while its window lives.
        let later = try playedScene(Self.tutorial, to: 3.5)
        let wantSecond = PopoverLayout.place(try #require(later.tutorials["tour"]?.layoutInput(forStep: 1)))
        #expect(second["step"] == .number(1))
        // The 200 × 100 window is too small for the preferred side: the engine picks another.
        #expect(second["popover"]?["arrowDirection"] == .string(Self.directionName(wantSecond.arrowDirection)))
        expectNumbers(
            Self.numbers(second["popover"]?["arrowTip"]), [wantSecond.arrowTip.x, wantSecond.arrowTip.y], tolerance: 1e-9)
        #expect(second["popover"]?["state"] == .string("presented"))
        let done = try #require(inspector.inspect(at: 5.5)["overlays"]?.asArray?.first)
        #expect(done["popover"]?["state"] == .string("dismissed"), "\(JSONWriter.compact(done))")
        #expect(
            SceneInspector.text(inspector.inspect(at: 3.5)).split(separator: "\n").last?.hasPrefix(
                "overlay tour (tutorial) step=1 presented arrow=") == true)
    }
}
