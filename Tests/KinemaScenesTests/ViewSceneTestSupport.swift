import KinemaGeometry
import KinemaScenes
import KinemaUI
import Testing

/// A 200 × 100 scene with a layer `box`, a plain view `card` (frame 10, 10, 40 × 30, so its
/// center is (30, 25)), a label `title` inside it, a button `go` and, after them, `views`
/// (members of the views array, comma-separated, may be empty), with `script`.
func viewScene(_ more: String = "", script: String = "[]", extra: String = "") -> String {
    let views = #"""
        {"id": "card", "frame": [10, 10, 40, 30], "backgroundColor": "#00FF00",
         "subviews": [{"id": "title", "type": "label", "frame": [0, 0, 40, 20], "text": "Hi"}]},
        {"id": "go", "type": "button", "frame": [140, 60, 50, 30], "title": "Go"}
        """#
    return sceneJSON(
        layers: #"[{"id": "box", "frame": [0, 0, 10, 10]}]"#, script: script,
        extra: #""views": [\#(views)\#(more.isEmpty ? "" : ", " + more)]\#(extra.isEmpty ? "" : ", " + extra)"#)
}

/// The scene for `text` played to `t`.
func playedScene(_ text: String, to t: Double) throws -> Scene {
    let scene = Scene(document: try SceneDocument.decode(text))
    scene.advance(to: t)
    return scene
}

/// The view `id` of a built scene.
func view(_ id: String, in scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws -> View {
    try #require(scene.views[id], "no view '\(id)'", sourceLocation: sourceLocation)
}

/// The presentation position of view `id`'s layer at the scene's time.
func shownCenter(_ id: String, in scene: Scene) throws -> Point {
    try view(id, in: scene).layer.presentation(at: scene.time).position
}
