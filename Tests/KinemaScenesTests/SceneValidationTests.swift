import KinemaScenes
import Testing

/// A scene file with one problem: the JSON path it must be reported at and what the message
/// must say. Each fragment matches case-insensitively; `a|b` accepts either wording.
struct InvalidScene: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    let path: String
    let fragments: [String]
    /// The whole message, when the issue gives it verbatim.
    var message: String?
    /// Needs the real colour, path or CSS-transform parser (the local stubs accept anything).
    var needsGeometry = false
    var testDescription: String { needsGeometry ? "\(id)" : id }

    /// A layer `box` with `members`, and the given script.
    static func box(_ members: String, script: String = "[]") -> String {
        sceneJSON(layers: #"[{"id": "box", \#(members)}]"#, script: script)
    }

    /// A layer `box` with one animation made of `members`.
    static func animation(_ members: String, type: String = "layer") -> String {
        box(#""type": "\#(type)", "animations": [{\#(members)}]"#)
    }

    static let all: [InvalidScene] = [
        // Document level
        InvalidScene(id: "top level is not an object", json: "[1, 2]", path: "$", fragments: ["object"]),
        InvalidScene(
            id: "syntax error has line and column", json: "{\"kinema\": 1,\n \"size\": [1, 2],}", path: "$",
            fragments: ["line 2", "column"]),
        InvalidScene(
            id: "NaN is a syntax error", json: #"{"kinema": 1, "size": [10, 10], "scale": NaN}"#, path: "$", fragments: ["line 1"]),
        InvalidScene(id: "missing size", json: #"{"kinema": 1}"#, path: "$", fragments: ["size"]),
        InvalidScene(id: "missing format version", json: #"{"size": [10, 10]}"#, path: "$", fragments: ["kinema"]),
        InvalidScene(
            id: "safeAreaInsets with three numbers", json: sceneJSON(extra: #""safeAreaInsets": [20, 0, 34]"#), path: "safeAreaInsets",
            fragments: ["4 numbers [top, left, bottom, right]", "got 3"]),
        InvalidScene(
            id: "negative safe area inset", json: sceneJSON(extra: #""safeAreaInsets": [20, -1, 34, 0]"#), path: "safeAreaInsets[1]",
            fragments: ["0 or more points", "-1"]),
        InvalidScene(
            id: "safe area taller than the scene", json: sceneJSON(extra: #""safeAreaInsets": [60, 0, 40, 0]"#), path: "safeAreaInsets",
            fragments: ["top + bottom under the scene's height 100", "got 100"]),
        InvalidScene(
            id: "safe area wider than the scene", json: sceneJSON(extra: #""safeAreaInsets": [0, 150, 0, 60]"#), path: "safeAreaInsets",
            fragments: ["left + right under the scene's width 200", "got 210"]),
        InvalidScene(id: "unsupported format version", json: #"{"kinema": 2, "size": [10, 10]}"#, path: "kinema", fragments: ["1"]),
        InvalidScene(
            id: "unknown top-level key with did-you-mean", json: sceneJSON(extra: #""backgrond": [1, 1, 1, 1]"#), path: "backgrond",
            fragments: ["backgrond", "did you mean 'background'"]),
        InvalidScene(
            id: "unknown top-level key 'layer'", json: #"{"kinema": 1, "size": [10, 10], "layer": []}"#, path: "layer",
            fragments: ["did you mean 'layers'"]),
        InvalidScene(id: "negative size", json: #"{"kinema": 1, "size": [-10, 100]}"#, path: "size", fragments: ["negative"]),
        InvalidScene(id: "size with one number", json: #"{"kinema": 1, "size": [100]}"#, path: "size", fragments: ["got 1"]),
        InvalidScene(id: "size as a string", json: #"{"kinema": 1, "size": "100x100"}"#, path: "size", fragments: ["string"]),
        InvalidScene(id: "1e999 size is infinity", json: #"{"kinema": 1, "size": [1e999, 10]}"#, path: "size[0]", fragments: ["finite"]),
        InvalidScene(
            id: "-1e999 duration is infinity", json: sceneJSON(extra: #""duration": -1e999"#), path: "duration", fragments: ["finite"]),
        InvalidScene(
            id: "layers is not an array", json: #"{"kinema": 1, "size": [10, 10], "layers": {}}"#, path: "layers", fragments: ["array"]),
        InvalidScene(id: "layer is not an object", json: sceneJSON(layers: "[5]"), path: "layers[0]", fragments: ["object"]),
        // Layers
        InvalidScene(id: "layer without id", json: sceneJSON(layers: #"[{"opacity": 1}]"#), path: "layers[0]", fragments: ["id"]),
        InvalidScene(
            id: "unknown layer key with suggestion", json: box(#""opactiy": 0.5"#), path: "layers[0].opactiy",
            fragments: ["opactiy", "did you mean 'opacity'"]),
        InvalidScene(
            id: "unknown layer key 'backgroundColour'", json: box(#""backgroundColour": [1, 0, 0, 1]"#), path: "layers[0].backgroundColour",
            fragments: ["did you mean 'backgroundColor'"]),
        InvalidScene(id: "negative bounds", json: box(#""bounds": [0, 0, -10, 20]"#), path: "layers[0].bounds", fragments: ["negative"]),
        InvalidScene(id: "negative frame height", json: box(#""frame": [0, 0, 10, -1]"#), path: "layers[0].frame", fragments: ["negative"]),
        InvalidScene(
            id: "1e999 position is infinity", json: box(#""position": [1e999, 0]"#), path: "layers[0].position[0]", fragments: ["finite"]),
        InvalidScene(
            id: "-1e999 zPosition is infinity", json: box(#""zPosition": -1e999"#), path: "layers[0].zPosition", fragments: ["finite"]),
        InvalidScene(id: "string for opacity", json: box(#""opacity": "high""#), path: "layers[0].opacity", fragments: ["number"]),
        InvalidScene(id: "number for position", json: box(#""position": 5"#), path: "layers[0].position", fragments: ["[x, y]"]),
        InvalidScene(
            id: "string for hidden", json: box(#""hidden": "yes""#), path: "layers[0].hidden", fragments: ["true or false|boolean"]),
        InvalidScene(id: "transform with 3 numbers", json: box(#""transform": [1, 0, 0]"#), path: "layers[0].transform", fragments: ["16"]),
        InvalidScene(
            id: "colour component above 1", json: box(#""backgroundColor": [1.5, 0, 0, 1]"#), path: "layers[0].backgroundColor",
            fragments: ["0…1|0...1|0 to 1"]),
        InvalidScene(
            id: "colour with 3 components", json: box(#""backgroundColor": [1, 0, 0]"#), path: "layers[0].backgroundColor",
            fragments: ["[r, g, b, a]"]),
        InvalidScene(
            id: "colour as a number", json: box(#""backgroundColor": 7"#), path: "layers[0].backgroundColor", fragments: ["#RRGGBB"]),
        InvalidScene(
            id: "shape property on a plain layer", json: box(#""fillColor": [1, 0, 0, 1]"#), path: "layers[0].fillColor",
            fragments: ["shape"]),
        InvalidScene(
            id: "text property on a shape layer", json: box(#""type": "shape", "string": "hi""#), path: "layers[0].string",
            fragments: ["text"]),
        InvalidScene(
            id: "unknown layer type with suggestion", json: box(#""type": "shap""#), path: "layers[0].type",
            fragments: ["shap", "did you mean 'shape'"]),
        InvalidScene(
            id: "unknown alignmentMode with suggestion", json: box(#""type": "text", "alignmentMode": "centre""#),
            path: "layers[0].alignmentMode",
            fragments: ["did you mean 'center'"]),
        InvalidScene(
            id: "unknown contentsGravity with suggestion", json: box(#""contentsGravity": "resizeAspectFil""#),
            path: "layers[0].contentsGravity",
            fragments: ["did you mean 'resizeAspectFill'"]),
        InvalidScene(
            id: "sublayers is not an array", json: box(#""sublayers": {"id": "x"}"#), path: "layers[0].sublayers", fragments: ["array"]),
        InvalidScene(
            id: "nested layer problem", json: box(#""sublayers": [{"id": "a"}, {"id": "b", "opacity": "x"}]"#),
            path: "layers[0].sublayers[1].opacity",
            fragments: ["number"]),
        InvalidScene(
            id: "mask problem", json: box(#""mask": {"id": "m", "bounds": [0, 0, -1, 1]}"#), path: "layers[0].mask.bounds",
            fragments: ["negative"]),
        InvalidScene(
            id: "duplicate ids", json: sceneJSON(layers: #"[{"id": "box"}, {"id": "box"}]"#), path: "layers[1].id",
            fragments: ["duplicate", "box"]),
        InvalidScene(
            id: "duplicate id in sublayers", json: box(#""sublayers": [{"id": "box"}]"#), path: "layers[0].sublayers[0].id",
            fragments: ["duplicate"]),
        InvalidScene(id: "a layer called root", json: sceneJSON(layers: #"[{"id": "root"}]"#), path: "layers[0].id", fragments: ["root"]),
        InvalidScene(id: "image layer without contents", json: box(#""type": "image""#), path: "layers[0]", fragments: ["contents"]),
        // Layer values that need the real parsers
        InvalidScene(
            id: "hex colour with a bad digit", json: box(##""backgroundColor": "#GG0000""##), path: "layers[0].backgroundColor",
            fragments: [], needsGeometry: true),
        InvalidScene(
            id: "hex colour of 4 digits", json: box(##""backgroundColor": "#FFF0F""##), path: "layers[0].backgroundColor", fragments: [],
            needsGeometry: true),
        InvalidScene(
            id: "hex background without #", json: sceneJSON(extra: #""background": "red""#), path: "background", fragments: [],
            needsGeometry: true),
        InvalidScene(
            id: "bad SVG path data", json: box(#""type": "shape", "path": "M0 0 Q""#), path: "layers[0].path", fragments: [],
            needsGeometry: true),
        InvalidScene(
            id: "unknown CSS transform function", json: box(#""transform": "spin(45deg)""#), path: "layers[0].transform", fragments: [],
            needsGeometry: true),
        // Animations
        InvalidScene(
            id: "unknown animation key with suggestion", json: animation(#""keyPath": "opacity", "toValue": 0, "duraton": 1"#),
            path: "layers[0].animations[0].duraton", fragments: ["did you mean 'duration'"]),
        InvalidScene(
            id: "unknown animation type with suggestion", json: animation(#""type": "basc", "keyPath": "opacity""#),
            path: "layers[0].animations[0].type", fragments: ["did you mean 'basic'"]),
        InvalidScene(
            id: "fillMode typo", json: animation(#""keyPath": "opacity", "toValue": 0, "fillMode": "forward""#),
            path: "layers[0].animations[0].fillMode", fragments: ["forward", "did you mean 'forwards'"]),
        InvalidScene(
            id: "timing function typo", json: animation(#""keyPath": "opacity", "toValue": 0, "timingFunction": "lenear""#),
            path: "layers[0].animations[0].timingFunction", fragments: ["did you mean 'linear'"]),
        InvalidScene(
            id: "timing function with 3 numbers", json: animation(#""keyPath": "opacity", "toValue": 0, "timingFunction": [0, 0, 1]"#),
            path: "layers[0].animations[0].timingFunction", fragments: ["4"]),
        InvalidScene(
            id: "calculationMode typo",
            json: animation(#""type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "pacd""#),
            path: "layers[0].animations[0].calculationMode", fragments: ["did you mean 'paced'"]),
        InvalidScene(
            id: "transitionType typo", json: animation(#""type": "transition", "transitionType": "psh""#),
            path: "layers[0].animations[0].transitionType", fragments: ["did you mean 'push'"]),
        InvalidScene(
            id: "repeatCount as another string", json: animation(#""keyPath": "opacity", "toValue": 0, "repeatCount": "forever""#),
            path: "layers[0].animations[0].repeatCount", fragments: ["infinity"]),
        InvalidScene(
            id: "1e999 duration is infinity", json: animation(#""keyPath": "opacity", "toValue": 0, "duration": 1e999"#),
            path: "layers[0].animations[0].duration", fragments: ["finite"]),
        InvalidScene(
            id: "1e999 beginTime is infinity", json: animation(#""keyPath": "opacity", "toValue": 0, "beginTime": 1e999"#),
            path: "layers[0].animations[0].beginTime", fragments: ["finite"]),
        InvalidScene(
            id: "1e999 toValue is infinity", json: animation(#""keyPath": "position.x", "toValue": 1e999"#),
            path: "layers[0].animations[0].toValue", fragments: ["finite"]),
        InvalidScene(
            id: "non-animatable keyPath frame", json: animation(#""keyPath": "frame", "toValue": [0, 0, 1, 1]"#),
            path: "layers[0].animations[0].keyPath", fragments: ["frame", "animatable"]),
        InvalidScene(
            id: "non-animatable keyPath name", json: animation(#""keyPath": "name", "toValue": 1"#),
            path: "layers[0].animations[0].keyPath", fragments: ["name", "animatable"]),
        InvalidScene(
            id: "sub-field a point lacks", json: animation(#""keyPath": "position.z", "toValue": 1"#),
            path: "layers[0].animations[0].keyPath", fragments: ["position.z"]),
        InvalidScene(
            id: "keyPath with suggestion", json: animation(#""keyPath": "opcity", "toValue": 1"#),
            path: "layers[0].animations[0].keyPath", fragments: ["did you mean 'opacity'"]),
        InvalidScene(
            id: "path keyPath on a plain layer", json: animation(#""keyPath": "path", "toValue": null"#),
            path: "layers[0].animations[0].keyPath", fragments: ["shape"]),
        InvalidScene(
            id: "fontSize keyPath on a shape layer", json: animation(#""keyPath": "fontSize", "toValue": 3"#, type: "shape"),
            path: "layers[0].animations[0].keyPath", fragments: ["text"]),
        InvalidScene(
            id: "string toValue for opacity", json: animation(#""keyPath": "opacity", "toValue": "transparent""#),
            path: "layers[0].animations[0].toValue", fragments: ["number"]),
        InvalidScene(
            id: "point fromValue for opacity", json: animation(#""keyPath": "opacity", "fromValue": [0, 1]"#),
            path: "layers[0].animations[0].fromValue", fragments: ["number"]),
        InvalidScene(
            id: "number toValue for position", json: animation(#""keyPath": "position", "toValue": 3"#),
            path: "layers[0].animations[0].toValue", fragments: ["[x, y]"]),
        InvalidScene(
            id: "keyframe value of the wrong type", json: animation(#""type": "keyframe", "keyPath": "opacity", "values": [0, "half", 1]"#),
            path: "layers[0].animations[0].values[1]", fragments: ["number"]),
        InvalidScene(
            id: "keyTimes count (the issue's example)",
            json: box(
                #"""
                "animations": [{"keyPath": "opacity", "toValue": 0},
                               {"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "keyTimes": [0, 1]}]
                """#),
            path: "layers[0].animations[1].keyTimes", fragments: [], message: "3 values expected (one per value), got 2"),
        InvalidScene(
            id: "timingFunctions count",
            json: animation(#""type": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "timingFunctions": ["linear"]"#),
            path: "layers[0].animations[0].timingFunctions", fragments: ["2", "got 1"]),
        InvalidScene(
            id: "keyframe without values", json: animation(#""type": "keyframe", "keyPath": "opacity""#),
            path: "layers[0].animations[0]", fragments: ["values"]),
        InvalidScene(
            id: "basic without keyPath", json: animation(#""toValue": 1"#), path: "layers[0].animations[0]", fragments: ["keyPath"]),
        InvalidScene(
            id: "problem inside a group",
            json: animation(#""type": "group", "animations": [{"keyPath": "opacity", "toValue": 0}, {"keyPath": "frame"}]"#),
            path: "layers[0].animations[0].animations[1].keyPath", fragments: ["frame"]),
        InvalidScene(
            id: "valueFunction on a non-transform key path",
            json: animation(#""keyPath": "opacity", "valueFunction": "rotateZ", "toValue": 1"#),
            path: "layers[0].animations[0].valueFunction", fragments: ["transform"]),
        InvalidScene(
            id: "valueFunction typo", json: animation(#""keyPath": "transform", "valueFunction": "rotatez", "toValue": 1"#),
            path: "layers[0].animations[0].valueFunction", fragments: ["did you mean 'rotateZ'"]),
        InvalidScene(
            id: "animations is not an array", json: box(#""animations": {"keyPath": "opacity"}"#), path: "layers[0].animations",
            fragments: ["array"]),
        // Script
        InvalidScene(
            id: "unknown id in set with suggestion",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "set": {"layer": "bxo", "opacity": 0}}]"#),
            path: "script[0].set.layer", fragments: ["bxo", "did you mean 'box'"]),
        InvalidScene(
            id: "unknown id in pause with suggestion", json: box("\"opacity\": 1", script: #"[{"at": 1, "pause": "boxx"}]"#),
            path: "script[0].pause", fragments: ["did you mean 'box'"]),
        InvalidScene(
            id: "unknown id in resume", json: box("\"opacity\": 1", script: #"[{"at": 1, "resume": "nothing"}]"#),
            path: "script[0].resume", fragments: ["nothing"]),
        InvalidScene(
            id: "unknown id in add",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "add": {"layer": "bo", "animation": {"keyPath": "opacity"}}}]"#),
            path: "script[0].add.layer", fragments: ["did you mean 'box'"]),
        InvalidScene(
            id: "unknown id in remove", json: box("\"opacity\": 1", script: #"[{"at": 1, "remove": {"layer": "bax", "all": true}}]"#),
            path: "script[0].remove.layer", fragments: ["did you mean 'box'"]),
        InvalidScene(
            id: "unknown addLayer parent",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "addLayer": {"parent": "rot", "layer": {"id": "n"}}}]"#),
            path: "script[0].addLayer.parent", fragments: ["did you mean 'root'"]),
        InvalidScene(
            id: "unknown id in removeLayer", json: box("\"opacity\": 1", script: #"[{"at": 1, "removeLayer": "boxes"}]"#),
            path: "script[0].removeLayer", fragments: ["did you mean 'box'"]),
        InvalidScene(
            id: "layer used after it was removed",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "removeLayer": "box"}, {"at": 2, "set": {"layer": "box", "opacity": 0}}]"#),
            path: "script[1].set.layer", fragments: ["box"]),
        InvalidScene(
            id: "layer used before it is added (steps in time order)",
            json: box(
                "\"opacity\": 1",
                script: #"[{"at": 2, "addLayer": {"parent": "root", "layer": {"id": "late"}}}, {"at": 1, "pause": "late"}]"#),
            path: "script[1].pause", fragments: ["late"]),
        InvalidScene(
            id: "addLayer with a duplicate id",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "addLayer": {"parent": "root", "layer": {"id": "box"}}}]"#),
            path: "script[0].addLayer.layer.id", fragments: ["duplicate"]),
        InvalidScene(
            id: "step with no action", json: box("\"opacity\": 1", script: #"[{"at": 1}]"#), path: "script[0]",
            fragments: ["set", "add", "remove"]),
        InvalidScene(
            id: "step with only a transaction",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "transaction": {"disableActions": true}}]"#),
            path: "script[0]", fragments: ["set"]),
        InvalidScene(
            id: "step without at", json: box("\"opacity\": 1", script: #"[{"pause": "box"}]"#), path: "script[0]", fragments: ["at"]),
        InvalidScene(
            id: "step at infinity", json: box("\"opacity\": 1", script: #"[{"at": 1e999, "pause": "box"}]"#), path: "script[0].at",
            fragments: ["finite"]),
        InvalidScene(
            id: "unknown step key with suggestion", json: box("\"opacity\": 1", script: #"[{"at": 1, "sett": {"layer": "box"}}]"#),
            path: "script[0].sett", fragments: ["did you mean 'set'"]),
        InvalidScene(
            id: "unknown transaction key with suggestion",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "pause": "box", "transaction": {"animationDuraton": 1}}]"#),
            path: "script[0].transaction.animationDuraton", fragments: ["did you mean 'animationDuration'"]),
        InvalidScene(
            id: "string for opacity in set",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "set": {"layer": "box", "opacity": "none"}}]"#),
            path: "script[0].set.opacity", fragments: ["number"]),
        InvalidScene(
            id: "unknown key in set with suggestion",
            json: box("\"opacity\": 1", script: #"[{"at": 1, "set": {"layer": "box", "opactiy": 0}}]"#),
            path: "script[0].set.opactiy", fragments: ["did you mean 'opacity'"]),
        InvalidScene(
            id: "second set of a list",
            json: box(
                "\"opacity\": 1", script: #"[{"at": 1, "set": [{"layer": "box", "opacity": 0}, {"layer": "box", "zPosition": "up"}]}]"#),
            path: "script[0].set[1].zPosition", fragments: ["number"]),
        InvalidScene(
            id: "added animation with a keyPath of another layer type",
            json: box(
                "\"opacity\": 1", script: #"[{"at": 1, "add": {"layer": "box", "animation": {"keyPath": "fillColor", "toValue": null}}}]"#),
            path: "script[0].add.animation.keyPath", fragments: ["shape"]),
        InvalidScene(
            id: "remove without key or all", json: box("\"opacity\": 1", script: #"[{"at": 1, "remove": {"layer": "box"}}]"#),
            path: "script[0].remove", fragments: ["key"]),
        InvalidScene(
            id: "removing the root layer", json: box("\"opacity\": 1", script: #"[{"at": 1, "removeLayer": "root"}]"#),
            path: "script[0].removeLayer", fragments: ["root"]),
        InvalidScene(
            id: "script is not an array", json: box("\"opacity\": 1", script: #"{"at": 1}"#), path: "script", fragments: ["array"]),
    ]
}

/// A scene file that must decode without problems.
struct ValidScene: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    var testDescription: String { id }

    static let all: [ValidScene] = [
        ValidScene(id: "the smallest scene", json: #"{"kinema": 1, "size": [1, 1]}"#),
        ValidScene(
            id: "repeatCount infinity", json: InvalidScene.animation(#""keyPath": "opacity", "toValue": 0, "repeatCount": "infinity""#)),
        ValidScene(id: "repeatCount fraction", json: InvalidScene.animation(#""keyPath": "opacity", "toValue": 0, "repeatCount": 2.5"#)),
        ValidScene(
            id: "timing function as 4 numbers",
            json: InvalidScene.animation(#""keyPath": "opacity", "toValue": 0, "timingFunction": [0.25, 0.1, 0.25, 1]"#)),
        ValidScene(
            id: "transform sub-path animation", json: InvalidScene.animation(#""keyPath": "transform.rotation.z", "byValue": 3.14"#)),
        ValidScene(id: "bounds sub-path animation", json: InvalidScene.animation(#""keyPath": "bounds.size.width", "toValue": 10"#)),
        ValidScene(id: "colour null", json: InvalidScene.box(#""backgroundColor": null"#)),
        ValidScene(id: "hex colours", json: InvalidScene.box(##""backgroundColor": "#FF0000", "borderColor": "#00FF0080""##)),
        ValidScene(
            id: "keyTimes one per value",
            json: InvalidScene.animation(#""type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.5, 1]"#)),
        ValidScene(
            id: "paced keyframes ignore keyTimes",
            json: InvalidScene.animation(#""type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "paced""#)),
        ValidScene(id: "frame instead of position and bounds", json: InvalidScene.box(#""frame": [0, 0, 10, 10]"#)),
        ValidScene(id: "zero-size bounds", json: InvalidScene.box(#""bounds": [0, 0, 0, 0]"#)),
        ValidScene(id: "negative position", json: InvalidScene.box(#""position": [-5, -1e300]"#)),
        ValidScene(id: "huge finite numbers", json: InvalidScene.box(#""position": [1.7976931348623157e308, -1.7976931348623157e308]"#)),
        ValidScene(
            id: "every step action",
            json: InvalidScene.box(
                #""opacity": 1"#,
                script: #"""
                    [{"at": 0, "set": {"layer": "box", "opacity": 0.5}, "transaction": {"disableActions": true}},
                     {"at": 0.5, "add": {"layer": "box", "animation": {"key": "a", "keyPath": "opacity", "toValue": 0}}},
                     {"at": 1, "remove": {"layer": "box", "key": "a"}},
                     {"at": 1.5, "pause": "box"},
                     {"at": 2, "resume": "box"},
                     {"at": 2.5, "addLayer": {"parent": "box", "layer": {"id": "kid", "type": "shape"}, "index": 0}},
                     {"at": 3, "set": {"layer": "kid", "fillColor": [0, 0, 0, 1]}},
                     {"at": 3.5, "removeLayer": "kid"},
                     {"at": 4, "remove": {"layer": "box", "all": true}}]
                    """#)),
        ValidScene(
            id: "set as a list",
            json: InvalidScene.box(
                #""opacity": 1"#, script: #"[{"at": 1, "set": [{"layer": "box", "opacity": 0}, {"layer": "root", "opacity": 0.5}]}]"#)),
        ValidScene(id: "the built-in demo", json: DemoScenes.layers),
    ]
}

@Suite("Scene validation")
struct SceneValidationTests {
    @Test("each problem is reported at its JSON path", arguments: InvalidScene.all)
    func invalid(row: InvalidScene) {
        guard let issues = decodeIssues(row.json) else {
            Issue.record("decoded without problems; expected one at \(row.path)")
            return
        }
        let atPath = issues.filter { $0.path == row.path }
        guard let issue = atPath.first else {
            Issue.record("nothing reported at \(row.path); got:\n\(issues.map(\.description).joined(separator: "\n"))")
            return
        }
        #expect(!issue.message.isEmpty)
        if let message = row.message {
            #expect(atPath.map(\.message).contains(message), "\(atPath.map(\.message))")
            #expect(atPath.map(\.description).contains("\(row.path): \(message)"))
        }
        for fragment in row.fragments {
            let options = fragment.split(separator: "|").map { $0.lowercased() }
            let found = atPath.contains { issue in options.contains { issue.message.lowercased().contains($0) } }
            #expect(found, "no message at \(row.path) mentions \(options); got \(atPath.map(\.message))")
        }
    }

    @Test("valid scenes decode", arguments: ValidScene.all)
    func valid(row: ValidScene) {
        let issues = decodeIssues(row.json)
        #expect(issues == nil, "\(issues?.map(\.description).joined(separator: "\n") ?? "")")
    }

    @Test("every problem is reported, in document order")
    func multipleProblems() {
        let json = #"""
            {"kinema": 1, "size": [200, 100], "sise": [1, 1],
             "layers": [
               {"id": "box", "bounds": [0, 0, -1, 5], "opacity": "x",
                "animations": [{"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "keyTimes": [0, 1]},
                               {"keyPath": "frame"}]},
               {"id": "box"}],
             "script": [{"at": 1, "set": {"layer": "bx", "opacity": 0}}, {"at": 2}]}
            """#
        guard let issues = decodeIssues(json) else {
            Issue.record("decoded without problems")
            return
        }
        let expected = [
            "sise", "layers[0].bounds", "layers[0].opacity", "layers[0].animations[0].keyTimes", "layers[0].animations[1].keyPath",
            "layers[1].id", "script[0].set.layer", "script[1]",
        ]
        #expect(issues.map(\.path) == expected, "\(issues.map(\.description).joined(separator: "\n"))")
        #expect(issues.first?.message.contains("did you mean 'size'") == true)
    }

    @Test("SceneError describes every issue as `path: message`, one per line")
    func errorDescription() {
        do {
            _ = try SceneDocument.decode(#"{"kinema": 1, "size": [-1, 1], "colour": 1}"#)
            Issue.record("decoded")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(lines == error.issues.map { "\($0.path): \($0.message)" })
            #expect(Set(error.issues.map(\.path)) == ["size", "colour"])
        }
    }

    @Test("the demo scene validates")
    func demoValidates() throws {
        let document = try SceneDocument.decode(DemoScenes.layers)
        #expect(document.size.width == 375 && document.size.height == 667)
        #expect(document.duration == 6)
        #expect(DemoScenes.scene(named: "layers") == DemoScenes.layers)
        #expect(DemoScenes.scene(named: "nope") == nil)
    }
}
