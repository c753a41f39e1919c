/// The built-in demo scenes, as scene-file JSON. The same text serves the CLI, tests and docs.
public enum DemoScenes {
    /// The names `kinema demo` accepts.
    public static let names = ["layers"]

    /// The scene JSON for a demo name, or `nil`.
    public static func scene(named name: String) -> String? {
        switch name {
        case "layers": layers
        default: nil
        }
    }

    /// The Core Animation tour of seed 001: a basic animation, a keyframe animation along a path
    /// with auto-rotation, a group, a spring, a push transition, pause and resume, implicit
    /// animations from a script, and a perspective flip under a `sublayerTransform`.
    public static let layers = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#F2F2F7",
          "duration": 6,
          "layers": [
            { "id": "title", "type": "text", "frame": [20, 40, 335, 40], "string": "Core Animation tour",
              "fontSize": 28, "foregroundColor": "#1C1C1E", "alignmentMode": "center" },
            { "id": "fader", "frame": [30, 110, 90, 90], "backgroundColor": "#FF3B30", "cornerRadius": 16,
              "animations": [
                { "key": "fade", "type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2,
                  "duration": 1, "autoreverses": true, "repeatCount": "infinity", "timingFunction": "easeInEaseOut" } ] },
            { "id": "traveller", "type": "shape", "position": [60, 300], "bounds": [0, 0, 36, 24],
              "path": "M0 0 L36 12 L0 24 Z", "fillColor": "#007AFF",
              "animations": [
                { "key": "travel", "type": "keyframe", "keyPath": "position",
                  "path": "M60 300 C60 220 315 220 315 300 C315 380 60 380 60 300",
                  "calculationMode": "paced", "rotationMode": "auto", "duration": 3, "repeatCount": "infinity" } ] },
            { "id": "pulse", "frame": [142, 110, 90, 90], "backgroundColor": "#34C759", "cornerRadius": 45,
              "animations": [
                { "key": "pulse", "type": "group", "duration": 1.5, "repeatCount": "infinity",
                  "animations": [
                    { "type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 1.3, "duration": 0.75, "autoreverses": true },
                    { "type": "basic", "keyPath": "cornerRadius", "fromValue": 45, "toValue": 12, "duration": 0.75, "autoreverses": true } ] } ] },
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
            { "id": "gradient", "type": "gradient", "frame": [30, 590, 315, 40], "cornerRadius": 8,
              "colors": ["#FF2D55", "#5AC8FA"], "startPoint": [0, 0.5], "endPoint": [1, 0.5] }
          ],
          "script": [
            { "at": 1.5, "add": { "layer": "card", "animation": { "type": "transition", "transitionType": "push",
              "subtype": "fromRight", "duration": 0.6 } },
              "set": [ { "layer": "card", "backgroundColor": "#FF2D55" }, { "layer": "cardLabel", "string": "Back" } ] },
            { "at": 2, "pause": "traveller" },
            { "at": 3, "resume": "traveller" },
            { "at": 3.5, "set": { "layer": "gradient", "position.y": 560 },
              "transaction": { "animationDuration": 1, "animationTimingFunction": "easeOut" } },
            { "at": 4, "set": { "layer": "fader", "backgroundColor": "#007AFF" } }
          ]
        }
        """#
}
