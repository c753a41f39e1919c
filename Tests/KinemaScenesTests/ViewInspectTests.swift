import KinemaGeometry
import KinemaScenes
import Testing

@Suite("Scene inspector: views")
struct ViewInspectTests {
    static let sliding = viewScene(
        #"{"id": "tagged", "frame": [0, 50, 10, 10], "tag": 3, "accessibilityLabel": "Tagged", "hidden": true}"#,
        script: #"[{"at": 0, "animate": {"duration": 1, "curve": "linear", "changes": [{"view": "card", "center": [130, 25]}]}}]"#)

    @Test("views are listed depth first, back to front, with their layer, superview and frames")
    func listing() throws {
        let inspection = SceneInspector(document: try SceneDocument.decode(Self.sliding)).inspect(at: 0.5)
        #expect(inspection.objectKeys == ["time", "hit", "layers", "views"])
        let views = try #require(inspection["views"]?.asArray)
        #expect(views.compactMap { $0["id"]?.asString } == ["card", "title", "go", "tagged"])
        #expect(views.compactMap { $0["type"]?.asString } == ["view", "label", "button", "view"])
        #expect(views.map { $0["superview"] ?? .string("missing") } == [.null, .string("card"), .null, .null])
        let card = views[0]
        #expect(
            card.objectKeys == [
                "id", "type", "layer", "superview", "frame", "windowFrame", "alpha", "hidden", "userInteractionEnabled", "gestures",
            ])
        // The model frame is already at the end; the window frame is what shows, halfway.
        #expect(card["frame"]?.asNumbers == [110, 10, 40, 30])
        #expect(card["windowFrame"]?.asNumbers == [60, 10, 40, 30])
        #expect(views[1]["windowFrame"]?.asNumbers == [60, 10, 40, 20])
        #expect(views[1]["text"] == .string("Hi") && views[1]["userInteractionEnabled"] == .bool(false))
        #expect(views[2]["title"] == .string("Go") && views[2]["enabled"] == .bool(true) && views[2]["highlighted"] == .bool(false))
        #expect(views[3]["tag"] == .number(3) && views[3]["accessibilityLabel"] == .string("Tagged") && views[3]["hidden"] == .bool(true))
    }

    @Test("the text form lists views after the layers, with the window frame and text")
    func text() throws {
        let inspector = SceneInspector(document: try SceneDocument.decode(Self.sliding))
        let text = SceneInspector.text(inspector.inspect(at: 0.5, hit: Point(x: 65, y: 15)))
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "views"), "\(text)")
        #expect(
            lines[(start + 1)...].map { $0 } == [
                "  card (view) windowFrame=[60.0,10.0,40.0,30.0]",
                #"    title (label) windowFrame=[60.0,10.0,40.0,20.0] text="Hi""#,
                #"  go (button) windowFrame=[140.0,60.0,50.0,30.0] title="Go""#,
                "  tagged (view) windowFrame=[0.0,50.0,10.0,10.0] hidden",
            ])
        // The card is animating without allowUserInteraction, so the window's hit test skips it.
        #expect(lines.contains("hit \"title\"") && !lines.contains { $0.hasPrefix("hitView") })
    }

    @Test("every view type builds a view that inspect reports as that type, nested or not")
    func everyTypeRoundTrips() throws {
        let types = SceneViewType.allCases.map(\.rawValue)
        let views = types.map { #"{"id": "v_\#($0)", "type": "\#($0)", "frame": [0, 0, 20, 20]}"# }
        let nested = #"{"id": "outer", "frame": [0, 0, 50, 50], "subviews": [\#(views.joined(separator: ", "))]}"#
        let json = sceneJSON(extra: #""views": [\#(nested)]"#)
        let inspection = SceneInspector(document: try SceneDocument.decode(json)).inspect(at: 0)
        let listed = try #require(inspection["views"]?.asArray)
        #expect(listed.compactMap { $0["id"]?.asString } == ["outer"] + types.map { "v_" + $0 })
        #expect(listed.compactMap { $0["type"]?.asString } == ["view"] + types)
        // Each type's own members follow the ones every view has.
        #expect(listed[1 + types.firstIndex(of: "scrollView")!]["zoomScale"] == .number(1))
        #expect(listed[1 + types.firstIndex(of: "label")!]["text"] == .null)
    }

    @Test("a view's layer answers sample by the view's id")
    func sampleByViewID() throws {
        let values = try sampledValues(Self.sliding, layer: "title", key: "windowQuad", times: [0.5])
        #expect(values.first.map(flatNumbers) == [60, 10, 100, 10, 100, 30, 60, 30])
    }
}
