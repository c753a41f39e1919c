import Foundation
import KinemaGeometry
import KinemaScenes
import KinemaUI
import Testing

extension InvalidScene {
    /// A scroll view `s` with `members` after its id.
    static func scroll(_ members: String) -> String {
        viewScene(#"{"id": "s", "type": "scrollView", "frame": [0, 0, 100, 100], \#(members)}"#)
    }

    static let scrollViews: [InvalidScene] = [
        InvalidScene(
            id: "negative contentSize", json: scroll(#""contentSize": [100, -5]"#), path: "views[2].contentSize",
            fragments: ["non-negative width and height"]),
        InvalidScene(
            id: "contentInset with two numbers", json: scroll(#""contentInset": [1, 2]"#), path: "views[2].contentInset",
            fragments: ["4 numbers [top, left, bottom, right]"]),
        InvalidScene(
            id: "decelerationRate by an unknown name", json: scroll(#""decelerationRate": "slow""#), path: "views[2].decelerationRate",
            fragments: ["\"normal\", \"fast\" or a number above 0 and below 1", "\"slow\""]),
        InvalidScene(
            id: "decelerationRate of 1", json: scroll(#""decelerationRate": 1"#), path: "views[2].decelerationRate",
            fragments: ["below 1", "got 1"]),
        InvalidScene(
            id: "zoom scale of 0", json: scroll(#""zoomScale": 0"#), path: "views[2].zoomScale", fragments: ["> 0", "got 0"]),
        InvalidScene(
            id: "minimum zoom above the maximum", json: scroll(#""minimumZoomScale": 2, "maximumZoomScale": 1.5"#),
            path: "views[2].maximumZoomScale", fragments: ["maximumZoomScale ≥ minimumZoomScale", "1.5 < 2"]),
        InvalidScene(
            id: "unknown inset adjustment", json: scroll(#""contentInsetAdjustmentBehavior": "sometimes""#),
            path: "views[2].contentInsetAdjustmentBehavior", fragments: ["automatic, scrollableAxes, never, always"]),
        InvalidScene(
            id: "scroll key on a label", json: viewScene(#"{"id": "x", "type": "label", "contentOffset": [0, 10]}"#),
            path: "views[2].contentOffset", fragments: [], message: "'contentOffset' is a property of scroll views, not of a label"),
        InvalidScene(
            id: "isPagingEnabled not a Boolean", json: scroll(#""isPagingEnabled": "yes""#), path: "views[2].isPagingEnabled",
            fragments: ["true or false", "a string"]),
    ]
}

/// Scroll views declared in scene files: their keys, scripted drags and pinches, inspection.
@Suite("Scroll views in scenes")
struct ScrollViewSceneTests {
    @Test("each problem is reported at its JSON path", arguments: InvalidScene.scrollViews)
    func invalid(row: InvalidScene) {
        SceneValidationTests().invalid(row: row)
    }

    /// A 200 × 100 scroll view over a 200 × 400 column of four 100-point rows, with `members`,
    /// and `script`.
    static func column(_ members: String = "", script: String = "[]") -> String {
        let rows = (0..<4).map { ##"{"id": "row\##($0)", "frame": [0, \##($0 * 100), 200, 100], "backgroundColor": "#3366CC"}"## }
        return sceneJSON(
            script: script,
            extra:
                #""views": [{"id": "s", "type": "scrollView", "frame": [0, 0, 200, 100], "contentSize": [200, 400]\#(members.isEmpty ? "" : ", " + members), "subviews": [\#(rows.joined(separator: ", "))]}]"#
        )
    }

    @Test("the keys reach the scroll view")
    func keys() throws {
        let scene = try playedScene(
            Self.column(
                #""contentOffset": [0, 50], "contentInset": [10, 0, 20, 0], "bounces": false, "isPagingEnabled": true, "decelerationRate": "fast", "showsVerticalScrollIndicator": false, "contentInsetAdjustmentBehavior": "never""#
            ), to: 0)
        let s = try #require(try view("s", in: scene) as? ScrollView)
        #expect(s.contentSize == Size(width: 200, height: 400))
        #expect(s.contentOffset == Point(x: 0, y: 50))
        #expect(s.contentInset == EdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(!s.bounces && s.isPagingEnabled && !s.showsVerticalScrollIndicator)
        #expect(s.decelerationRate == .fast)
        #expect(s.contentInsetAdjustmentBehavior == .never)
        #expect(s.bounds.origin == Point(x: 0, y: 50), "the offset is the bounds' origin")
    }

    @Test("a scripted drag scrolls, and the release decelerates past where the finger stopped")
    func scriptedDrag() throws {
        let text = Self.column(script: #"[{"at": 0.5, "drag": {"from": [100, 90], "to": [100, 30], "duration": 0.1}}]"#)
        let released = try playedScene(text, to: 0.6)
        let s = try #require(try view("s", in: released) as? ScrollView)
        let atRelease = s.contentOffset.y
        #expect(atRelease > 40 && atRelease <= 60, "the content followed the finger, less the slop: \(atRelease)")
        released.advance(to: 2)
        #expect(s.contentOffset.y > atRelease + 20, "a 600 pt/s flick carries on: \(s.contentOffset.y)")
        #expect(s.contentOffset.y <= 300, "never past the end at rest: \(s.contentOffset.y)")
        #expect(!s.isDragging)
    }

    @Test("the first subview zooms, and zoomScale is set once it is there")
    func zoom() throws {
        let scene = try playedScene(Self.column(#""minimumZoomScale": 1, "maximumZoomScale": 3, "zoomScale": 2"#), to: 0)
        let s = try #require(try view("s", in: scene) as? ScrollView)
        #expect(s.zoomScale == 2)
        let row = try view("row0", in: scene)
        #expect(abs(row.frame.width - 400) < 1e-9, "the zooming view is scaled: \(row.frame)")
        let clamped = try playedScene(Self.column(#""maximumZoomScale": 3, "zoomScale": 5"#), to: 0)
        #expect(try #require(try view("s", in: clamped) as? ScrollView).zoomScale == 3)
    }

    @Test("a scroll view with nothing of the scene's in it zooms nothing, not its indicators")
    func zoomWithoutContent() throws {
        let text = sceneJSON(
            script:
                #"[{"at": 0.5, "drag": {"from": [100, 90], "to": [100, 30], "duration": 0.1}}, {"at": 2, "animate": {"duration": 0, "changes": [{"view": "s", "zoomScale": 2}]}}]"#,
            extra:
                #""views": [{"id": "s", "type": "scrollView", "frame": [0, 0, 200, 100], "contentSize": [200, 400], "maximumZoomScale": 3}]"#
        )
        let scene = try playedScene(text, to: 2.1)
        let s = try #require(try view("s", in: scene) as? ScrollView)
        #expect(!s.subviews.isEmpty, "scrolling made an indicator")
        #expect(s.subviews.allSatisfy { $0.transform == .identity }, "an indicator was zoomed")
    }

    @Test("inspect gives each scroll view's contentOffset and zoomScale")
    func inspect() throws {
        let document = try SceneDocument.decode(Self.column(#""contentOffset": [0, 120]"#))
        let json = SceneInspector(document: document).inspect(at: 0)
        guard case .array(let views)? = json["views"] else {
            Issue.record("no views in \(JSONWriter.compact(json))")
            return
        }
        let entry = try #require(views.first { $0["id"] == .string("s") })
        #expect(entry["type"] == .string("scrollView"))
        #expect(entry["contentOffset"] == .array([.number(0), .number(120)]))
        #expect(entry["zoomScale"] == .number(1))
        #expect(views.first { $0["id"] == .string("row0") }?["contentOffset"] == nil)
    }
}
