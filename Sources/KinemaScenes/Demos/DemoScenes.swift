/// The built-in demo scenes, as scene-file JSON. The same text serves the CLI, tests and docs.
public enum DemoScenes {
    /// The names `kinema demo` accepts.
    public static let names = ["tutorial", "layers", "views", "collapse", "zoom", "lottie", "layout"]

    /// The demo every command uses when `--demo` (or `kinema demo`) names none: `tutorial`, the
    /// first of ``names`` and the README's first demo.
    public static let defaultName = "tutorial"

    /// The scene JSON for a demo name, or `nil`.
    public static func scene(named name: String) -> String? {
        switch name {
        case "tutorial": tutorial
        case "layers": layers
        case "views": views
        case "collapse": collapse
        case "zoom": zoom
        case "lottie": lottie
        case "layout": layout
        default: nil
        }
    }

    /// The demo `name` decoded, its image files resolved in ``resourceDirectory`` (and checked),
    /// or `nil` for an unknown name. Throws when the demo's images cannot be found.
    public static func document(named name: String) throws(SceneError) -> SceneDocument? {
        guard let text = scene(named: name) else { return nil }
        if name == "zoom" { return try zoomDocument() }
        guard ["views", "collapse", "lottie"].contains(name) else { return try SceneDocument.decode(text) }
        guard let directory = resourceDirectory else {
            let files = name == "lottie" ? "Lottie files" : "image 'ship@2x.png'"
            throw SceneError(issues: [
                SceneIssue(
                    path: "$",
                    message:
                        "the \(name) demo's \(files) was not found: expected the resource bundle \(resourceBundleName) beside the executable"
                )
            ])
        }
        return try SceneDocument.decode(text, directory: directory, checkingFiles: true)
    }

    /// The Core Animation tour of the Core Animation guide notes (docs/ported-posts.md): a basic
    /// animation, the guide's keyframe bounce along a path with auto-rotation, the guide's grouped
    /// border width and colour animation, a spring, a push transition between two layers, pause and
    /// resume, implicit animations from a script, and a card flipping under a `sublayerTransform`
    /// with m34 = −1/500. 375 × 667 points at scale 2, 6 seconds.
    public static let layers = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#F2F2F7",
          "duration": 6,
          "layers": [
            { "id": "title", "type": "text", "frame": [20, 40, 335, 40], "string": "Core Animation tour", "font": "DejaVu Sans",
              "fontSize": 28, "foregroundColor": "#1C1C1E", "alignmentMode": "center" },
            { "id": "fader", "frame": [30, 110, 90, 90], "backgroundColor": "#FF3B30", "cornerRadius": 16,
              "animations": [
                { "key": "fade", "type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2,
                  "duration": 1, "autoreverses": true, "repeatCount": "infinity", "timingFunction": "easeInEaseOut" } ] },
            { "id": "traveller", "type": "shape", "position": [30, 262], "bounds": [0, 0, 36, 24],
              "path": "M0 0 L36 12 L0 24 Z", "fillColor": "#007AFF",
              "animations": [
                { "key": "travel", "type": "keyframe", "keyPath": "position",
                  "path": "M30 262 C30 372 187 372 187 262 C187 372 345 372 345 262",
                  "calculationMode": "paced", "rotationMode": "auto", "duration": 3, "repeatCount": "infinity" } ] },
            { "id": "pulse", "frame": [142, 110, 90, 90], "backgroundColor": "#34C759", "cornerRadius": 20,
              "borderColor": "#1C1C1E", "borderWidth": 2,
              "animations": [
                { "key": "pulse", "type": "group", "duration": 1.5, "repeatCount": "infinity", "autoreverses": true,
                  "timingFunction": "easeInEaseOut",
                  "animations": [
                    { "type": "basic", "keyPath": "borderWidth", "fromValue": 2, "toValue": 14 },
                    { "type": "basic", "keyPath": "borderColor", "fromValue": "#1C1C1E", "toValue": "#FFCC00" } ] } ] },
            { "id": "springer", "frame": [255, 110, 90, 90], "backgroundColor": "#FF9500", "cornerRadius": 12,
              "animations": [
                { "key": "pop", "type": "spring", "keyPath": "transform.scale", "fromValue": 0.1, "toValue": 1,
                  "mass": 1, "stiffness": 100, "damping": 5, "duration": 2.86, "beginTime": 0.5, "fillMode": "backwards" } ] },
            { "id": "card", "frame": [30, 430, 140, 100], "backgroundColor": "#5856D6", "cornerRadius": 10,
              "sublayers": [
                { "id": "cardLabel", "type": "text", "frame": [0, 34, 140, 32], "string": "Front", "fontSize": 22,
                  "alignmentMode": "center" } ] },
            { "id": "stage", "frame": [205, 430, 140, 140], "sublayerTransform": "perspective(500)",
              "sublayers": [
                { "id": "flipper", "frame": [20, 20, 100, 100], "backgroundColor": "#AF52DE", "cornerRadius": 8,
                  "animations": [
                    { "key": "flip", "type": "basic", "keyPath": "transform.rotation.y", "fromValue": 0,
                      "toValue": 3.141592653589793, "duration": 2, "beginTime": 1, "fillMode": "both",
                      "removedOnCompletion": false, "timingFunction": "easeInEaseOut" } ] } ] },
            { "id": "gradient", "type": "gradient", "frame": [30, 598, 315, 36], "cornerRadius": 8,
              "colors": ["#FF2D55", "#5AC8FA"], "startPoint": [0, 0.5], "endPoint": [1, 0.5] },
            { "id": "captions", "frame": [0, 0, 375, 667], "sublayers": [
              { "id": "c1", "type": "text", "frame": [20, 204, 110, 16], "string": "opacity", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" },
              { "id": "c2", "type": "text", "frame": [132, 204, 110, 16], "string": "border group", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" },
              { "id": "c3", "type": "text", "frame": [245, 204, 110, 16], "string": "spring", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" },
              { "id": "c4", "type": "text", "frame": [20, 376, 335, 16], "string": "keyframe path (paused 2–3 s)", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" },
              { "id": "c5", "type": "text", "frame": [30, 536, 140, 16], "string": "push transition", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" },
              { "id": "c6", "type": "text", "frame": [205, 572, 140, 16], "string": "m34 = −1/500 flip", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" },
              { "id": "c7", "type": "text", "frame": [30, 640, 315, 16], "string": "implicit animations (3.5 s, 4 s)", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "#6E6E73", "alignmentMode": "center" } ] }
          ],
          "script": [
            { "at": 1.5, "add": { "layer": "card", "animation": { "type": "transition", "transitionType": "push",
              "subtype": "fromRight", "duration": 0.6 } },
              "set": [ { "layer": "card", "backgroundColor": "#FF2D55" }, { "layer": "cardLabel", "string": "Back" } ] },
            { "at": 2, "pause": "traveller" },
            { "at": 3, "resume": "traveller" },
            { "at": 3.5, "set": { "layer": "gradient", "bounds.size.width": 200, "cornerRadius": 18 },
              "transaction": { "animationDuration": 1, "animationTimingFunction": "easeOut" } },
            { "at": 4, "set": { "layer": "fader", "backgroundColor": "#007AFF" } }
          ]
        }
        """#
}
