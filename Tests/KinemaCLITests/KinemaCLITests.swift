import Foundation
import Testing

/// Scene files the CLI tests share. The root is 200 × 100 (width ≠ height).
enum Scenes {
    /// `box` at (7, 20), 40 × 30, with `slide`: position.x 0 → 100 over 1 s, linear; `fill` adds
    /// members such as `"fillMode": "forwards"`.
    static func slide(fill: String = "") -> String {
        """
        {"kinema": 1, "size": [200, 100], "layers": [
          {"id": "box", "position": [7, 20], "bounds": [0, 0, 40, 30], "backgroundColor": [0.25, 0.5, 0.75, 1],
           "animations": [{"key": "slide", "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                           "duration": 1, "timingFunction": "linear"\(fill.isEmpty ? "" : ", " + fill)}]},
          {"id": "parent", "frame": [100, 50, 200, 100], "transform": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
           "sublayers": [{"id": "kid", "frame": [10, 20, 30, 40]}]},
          {"id": "clock", "speed": 2, "timeOffset": 1}]}
        """
    }

    /// For hit testing: `box` covers x 50…150, y 50…95 of the root; its `kid` x 60…80, y 60…80.
    static let hits = """
        {"kinema": 1, "size": [200, 100], "layers": [
          {"id": "box", "frame": [50, 50, 100, 45], "zPosition": 1, "sublayers": [{"id": "kid", "type": "shape", "frame": [10, 10, 20, 20]}]},
          {"id": "under", "frame": [0, 0, 10, 10],
           "animations": [{"key": "fade", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 2}]}]}
        """

    static let demoIDs = [
        "root", "title", "fader", "traveller", "pulse", "springer", "card", "cardLabel", "stage", "flipper", "gradient",
        "captions", "c1", "c2", "c3", "c4", "c5", "c6", "c7",
    ]
}

/// One `kinema sample` call and its exact output (compared without insignificant whitespace).
struct SampleCase: CustomTestStringConvertible, Sendable {
    let id: String
    var fill = ""
    let arguments: [String]
    let expected: String
    var testDescription: String { id }

    static let all: [SampleCase] = [
        SampleCase(
            id: "--times, fillMode forwards and kept", fill: #""fillMode": "forwards", "removedOnCompletion": false"#,
            arguments: ["--layer", "box", "--key", "position.x", "--times", "0,0.5,1"],
            expected:
                #"{"layer": "box", "key": "position.x", "samples": [{"time": 0.0, "value": 0.0}, {"time": 0.5, "value": 50.0}, {"time": 1.0, "value": 100.0}]}"#
        ),
        SampleCase(
            id: "--times, removed at the end: model value at 1",
            arguments: ["--layer", "box", "--key", "position.x", "--times", "0,0.5,1"],
            expected:
                #"{"layer": "box", "key": "position.x", "samples": [{"time": 0.0, "value": 0.0}, {"time": 0.5, "value": 50.0}, {"time": 1.0, "value": 7.0}]}"#
        ),
        SampleCase(
            id: "--range, END included", fill: #""fillMode": "both", "removedOnCompletion": false"#,
            arguments: ["--layer", "box", "--key", "position.x", "--range", "0:1:0.25"],
            expected: """
                {"layer": "box", "key": "position.x", "samples": [{"time": 0.0, "value": 0.0}, {"time": 0.25, "value": 25.0},
                 {"time": 0.5, "value": 50.0}, {"time": 0.75, "value": 75.0}, {"time": 1.0, "value": 100.0}]}
                """),
        SampleCase(
            id: "--range not landing on END",
            arguments: ["--layer", "box", "--key", "position.x", "--range", "0.25:1.5:0.5"],
            expected:
                #"{"layer": "box", "key": "position.x", "samples": [{"time": 0.25, "value": 25.0}, {"time": 0.75, "value": 75.0}, {"time": 1.25, "value": 7.0}]}"#
        ),
        SampleCase(
            id: "times in the order given",
            arguments: ["--layer", "box", "--key", "position.x", "--times", "0.5,0.25"],
            expected: #"{"layer": "box", "key": "position.x", "samples": [{"time": 0.5, "value": 50.0}, {"time": 0.25, "value": 25.0}]}"#),
        SampleCase(
            id: "whole point", arguments: ["--layer", "box", "--key", "position", "--times", "0.5"],
            expected: #"{"layer": "box", "key": "position", "samples": [{"time": 0.5, "value": [50.0, 20.0]}]}"#),
        SampleCase(
            id: "colour as [r, g, b, a]", arguments: ["--layer", "box", "--key", "backgroundColor", "--times", "0"],
            expected: #"{"layer": "box", "key": "backgroundColor", "samples": [{"time": 0.0, "value": [0.25, 0.5, 0.75, 1.0]}]}"#),
        SampleCase(
            id: "transform as 16 numbers", arguments: ["--layer", "parent", "--key", "transform", "--times", "0"],
            expected: #"""
                {"layer": "parent", "key": "transform", "samples": [{"time": 0.0, "value":
                 [2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]}]}
                """#),
        SampleCase(
            id: "localTime through speed and timeOffset", arguments: ["--layer", "clock", "--key", "localTime", "--times", "0,0.5"],
            expected: #"{"layer": "clock", "key": "localTime", "samples": [{"time": 0.0, "value": 1.0}, {"time": 0.5, "value": 2.0}]}"#),
        SampleCase(
            id: "frame of the presentation", arguments: ["--layer", "box", "--key", "frame", "--times", "0.5,2"],
            expected:
                #"{"layer": "box", "key": "frame", "samples": [{"time": 0.5, "value": [30.0, 5.0, 40.0, 30.0]}, {"time": 2.0, "value": [-13.0, 5.0, 40.0, 30.0]}]}"#
        ),
        // Parent scaled ×2 about its centre (200, 100): root = (p − (100, 50))·2 + (200, 100).
        SampleCase(
            id: "windowQuad through a scaled parent", arguments: ["--layer", "kid", "--key", "windowQuad", "--times", "0"],
            expected:
                #"{"layer": "kid", "key": "windowQuad", "samples": [{"time": 0.0, "value": [[20.0, 40.0], [80.0, 40.0], [80.0, 120.0], [20.0, 120.0]]}]}"#
        ),
        SampleCase(
            id: "windowQuad follows the animation", arguments: ["--layer", "box", "--key", "windowQuad", "--times", "0.5"],
            expected:
                #"{"layer": "box", "key": "windowQuad", "samples": [{"time": 0.5, "value": [[30.0, 5.0], [70.0, 5.0], [70.0, 35.0], [30.0, 35.0]]}]}"#
        ),
        SampleCase(
            id: "animationKeys", arguments: ["--layer", "box", "--key", "animationKeys", "--times", "0.5,2"],
            expected:
                #"{"layer": "box", "key": "animationKeys", "samples": [{"time": 0.5, "value": ["slide"]}, {"time": 2.0, "value": []}]}"#),
        SampleCase(
            id: "root layer", arguments: ["--layer", "root", "--key", "bounds", "--times", "0"],
            expected: #"{"layer": "root", "key": "bounds", "samples": [{"time": 0.0, "value": [0.0, 0.0, 200.0, 100.0]}]}"#),
    ]
}

/// Arguments `kinema` must refuse with exit status 1 and a message on standard error.
struct BadArguments: CustomTestStringConvertible, Sendable {
    let id: String
    /// `SCENE` stands for the path of a valid scene file.
    let arguments: [String]
    /// Each must appear in standard error (case-insensitive).
    let fragments: [String]
    var testDescription: String { id }

    static let all: [BadArguments] = [
        BadArguments(
            id: "sample without --layer", arguments: ["sample", "SCENE", "--key", "opacity", "--times", "0"], fragments: ["--layer"]),
        BadArguments(id: "sample without --key", arguments: ["sample", "SCENE", "--layer", "box", "--times", "0"], fragments: ["--key"]),
        BadArguments(
            id: "sample without times", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity"],
            fragments: ["--times", "--range"]),
        BadArguments(
            id: "both --times and --range",
            arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--times", "0", "--range", "0:1:0.5"],
            fragments: ["--times", "--range"]),
        BadArguments(
            id: "range with two parts", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "0:1"],
            fragments: ["--range"]),
        BadArguments(
            id: "range with four parts", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "0:1:0.5:2"],
            fragments: ["--range"]),
        BadArguments(
            id: "range END before START", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "1:0:0.5"],
            fragments: ["--range"]),
        BadArguments(
            id: "range STEP zero", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "0:1:0"],
            fragments: ["--range"]),
        BadArguments(
            id: "range STEP negative", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "0:1:-0.5"],
            fragments: ["--range"]),
        BadArguments(
            id: "range of words", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "a:b:c"],
            fragments: ["--range"]),
        BadArguments(
            id: "range NaN", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "nan:1:0.5"],
            fragments: ["--range"]),
        BadArguments(
            id: "times with a word", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--times", "0,soon"],
            fragments: ["--times", "soon"]),
        BadArguments(
            id: "times empty", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--times", ""], fragments: ["--times"]),
        BadArguments(
            id: "times infinite", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--times", "inf"],
            fragments: ["--times"]),
        BadArguments(
            id: "unknown layer id with suggestion", arguments: ["sample", "SCENE", "--layer", "bxo", "--key", "opacity", "--times", "0"],
            fragments: ["bxo", "'box'"]),
        BadArguments(
            id: "unknown key with suggestion", arguments: ["sample", "SCENE", "--layer", "box", "--key", "opactiy", "--times", "0"],
            fragments: ["opactiy", "'opacity'"]),
        BadArguments(
            id: "non-animatable key", arguments: ["sample", "SCENE", "--layer", "box", "--key", "name", "--times", "0"], fragments: ["name"]
        ),
        BadArguments(
            id: "key of another layer type", arguments: ["sample", "SCENE", "--layer", "box", "--key", "fillColor", "--times", "0"],
            fragments: ["shape"]),
        BadArguments(id: "missing scene file", arguments: ["validate", "/nonexistent/kinema/nope.json"], fragments: ["nope.json"]),
        BadArguments(id: "scene and --demo", arguments: ["validate", "SCENE", "--demo"], fragments: ["--demo"]),
        BadArguments(id: "neither scene nor --demo", arguments: ["validate"], fragments: ["--demo"]),
        BadArguments(id: "inspect without --at", arguments: ["inspect", "SCENE"], fragments: ["--at"]),
        BadArguments(id: "inspect --at a word", arguments: ["inspect", "SCENE", "--at", "later"], fragments: ["--at"]),
        BadArguments(id: "inspect --format xml", arguments: ["inspect", "SCENE", "--at", "0", "--format", "xml"], fragments: ["format"]),
        BadArguments(
            id: "inspect --hit with one number", arguments: ["inspect", "SCENE", "--at", "0", "--hit", "5"], fragments: ["--hit"]),
        BadArguments(id: "inspect --hit with words", arguments: ["inspect", "SCENE", "--at", "0", "--hit", "x,y"], fragments: ["--hit"]),
        BadArguments(id: "inspect --hit NaN", arguments: ["inspect", "SCENE", "--at", "0", "--hit", "nan,1"], fragments: ["--hit"]),
        BadArguments(id: "unknown subcommand", arguments: ["frobnicate"], fragments: ["frobnicate"]),
        BadArguments(id: "unknown option", arguments: ["validate", "SCENE", "--verbose"], fragments: ["--verbose"]),
        BadArguments(id: "unknown demo", arguments: ["demo", "nope", "--print-scene"], fragments: ["nope"]),
    ]
}

/// Input files `kinema` must survive: exit status 0 or 1, never a signal.
struct HostileInput: CustomTestStringConvertible, Sendable {
    let id: String
    let bytes: Data
    var testDescription: String { id }

    init(_ id: String, _ text: String) {
        self.id = id
        self.bytes = Data(text.utf8)
    }

    init(_ id: String, bytes: Data) {
        self.id = id
        self.bytes = bytes
    }

    /// Deterministic pseudo-random bytes (a 64-bit LCG).
    static func junk(count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
    }

    static func scene(_ layers: String, script: String = "[]", size: String = "[200, 100]") -> String {
        #"{"kinema": 1, "size": \#(size), "layers": \#(layers), "script": \#(script)}"#
    }

    static let nestedLayers: String = {
        var text = #"{"id": "deep", "frame": [1, 1, 2, 2]}"#
        for i in 0..<200 { text = #"{"id": "n\#(i)", "frame": [1, 1, 300, 300], "sublayers": [\#(text)]}"# }
        return scene("[\(text)]")
    }()

    static let all: [HostileInput] = [
        HostileInput("empty file", ""),
        HostileInput("whitespace", " \n\t\r\n "),
        HostileInput("binary junk", bytes: junk(count: 4096, seed: 1)),
        HostileInput("binary junk starting like JSON", bytes: Data("{\"kinema\": 1, \"size\": [".utf8) + junk(count: 512, seed: 2)),
        HostileInput("NUL bytes", bytes: Data(repeating: 0, count: 64)),
        HostileInput(
            "invalid UTF-8 in an id",
            bytes: Data(#"{"kinema": 1, "size": [9, 9], "layers": [{"id": ""#.utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(#""}]}"#.utf8)),
        HostileInput("UTF-8 byte order mark", bytes: Data([0xEF, 0xBB, 0xBF]) + Data(#"{"kinema": 1, "size": [9, 9]}"#.utf8)),
        HostileInput("10000 nested arrays", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
        HostileInput("10000 nested objects", String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)),
        HostileInput("10000 unclosed arrays", String(repeating: "[", count: 10_000)),
        HostileInput(
            "10000 nested sublayers",
            #"{"kinema": 1, "size": [9, 9], "layers": ["# + String(repeating: #"{"id": "x", "sublayers": ["#, count: 10_000)
                + String(repeating: "]}", count: 10_000) + "]}"),
        HostileInput("200 nested sublayers (valid)", nestedLayers),
        HostileInput("top level is a string", #""kinema""#),
        HostileInput("top level is a number", "1e999"),
        HostileInput("top level is null", "null"),
        HostileInput("top level is an array", "[1, 2, 3]"),
        HostileInput("duplicate keys", #"{"kinema": 1, "kinema": 1, "size": [9, 9]}"#),
        HostileInput("unterminated string", #"{"kinema": 1, "size": [9, 9], "layers": [{"id": "abc"#),
        HostileInput(
            "lone surrogates in ids", #"{"kinema": 1, "size": [9, 9], "layers": [{"id": "\uD800"}, {"id": "\uDC00\uD800\u0041"}]}"#),
        HostileInput(
            "wrong types everywhere",
            #"""
            {"kinema": "1", "size": "big", "scale": [], "background": 5, "duration": "long",
             "layers": [{"id": 5, "type": 7, "frame": "x", "opacity": [], "sublayers": {}, "mask": 3, "animations": {}},
                        3, null, "layer", [],
                        {"id": "a", "position": {"x": 1}, "transform": "rotate(", "path": 5, "colors": "red", "hidden": 0,
                         "animations": [5, null, {"type": [], "keyPath": 5, "duration": "x", "repeatCount": true, "keyTimes": "x", "values": 5,
                                         "timingFunction": {}, "fillMode": 1, "animations": "x"},
                                        {"type": "keyframe", "keyPath": "position", "values": [1, "a", null, [1]], "keyTimes": [null, "x"],
                                         "timingFunctions": [5, [1, 2]], "path": []},
                                        {"type": "group", "animations": [[], {"type": "group", "animations": 5}]},
                                        {"type": "transition", "transitionType": 5, "subtype": [], "startProgress": "a"},
                                        {"type": "spring", "keyPath": "opacity", "mass": "heavy", "perceptualDuration": [], "bounce": {}}]}],
             "script": [5, null, {"at": "x", "set": 5, "add": [], "remove": "x", "pause": 5, "resume": [], "addLayer": "x", "removeLayer": {}},
                        {"at": 1, "set": [5, {"layer": 5}, {"layer": "a", "opacity": {}}], "transaction": 5},
                        {"at": 1, "addLayer": {"parent": 5, "layer": 5, "index": "x"}, "transaction": {"animationDuration": "x", "disableActions": 1}}]}
            """#),
        HostileInput(
            "nulls everywhere",
            #"""
            {"kinema": null, "size": null, "scale": null, "background": null, "duration": null, "layers": [{"id": null, "type": null,
             "frame": null, "opacity": null, "position": null, "transform": null, "animations": [{"keyPath": null, "toValue": null,
             "duration": null, "repeatCount": null}]}], "script": [{"at": null, "set": null}]}
            """#),
        HostileInput(
            "infinite numbers",
            scene(#"[{"id": "a", "frame": [1e999, -1e999, 1e999, 1e999], "opacity": -1e999, "zPosition": 1e999}]"#, size: "[1e999, 1e999]")),
        HostileInput(
            "huge finite geometry",
            scene(
                #"""
                [{"id": "a", "position": [1.7976931348623157e308, -1.7976931348623157e308], "bounds": [-1e308, 1e308, 1e308, 1e308],
                  "anchorPoint": [1e308, -1e308], "transform": [1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308],
                  "sublayerTransform": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                  "sublayers": [{"id": "b", "frame": [1e308, 1e308, 1e308, 1e308], "cornerRadius": 1e308, "borderWidth": 1e308}]}]
                """#, size: "[1.7976931348623157e308, 1e308]")),
        HostileInput(
            "huge timing",
            scene(
                #"""
                [{"id": "a", "speed": 1e308, "timeOffset": -1e308, "beginTime": 1e308,
                  "animations": [{"keyPath": "position.x", "fromValue": -1e308, "toValue": 1e308, "duration": 1e308, "repeatCount": 1e308,
                                  "speed": 1e308, "timeOffset": 1e308, "beginTime": -1e308, "autoreverses": true, "cumulative": true, "fillMode": "both"},
                                 {"keyPath": "opacity", "toValue": 0, "duration": 5e-324, "repeatCount": 1e308, "repeatDuration": 1e308, "speed": 5e-324},
                                 {"keyPath": "position.y", "byValue": 1e308, "duration": 1, "repeatCount": "infinity", "cumulative": true, "additive": true},
                                 {"type": "keyframe", "keyPath": "position", "values": [[0, 0], [1e308, 1e308], [-1e308, 0]], "calculationMode": "cubicPaced"},
                                 {"type": "keyframe", "keyPath": "position", "values": [[0, 0], [0, 0], [0, 0]], "calculationMode": "paced"},
                                 {"type": "group", "duration": 1e308, "repeatCount": "infinity", "speed": 0, "animations": [{"keyPath": "opacity", "toValue": 0, "speed": 0}]}]},
                 {"id": "b", "speed": 0, "timeOffset": 1e308}]
                """#)),
        HostileInput(
            "extreme springs",
            scene(
                #"""
                [{"id": "a", "animations": [
                  {"type": "spring", "keyPath": "position.x", "toValue": 1e308, "mass": 5e-324, "stiffness": 1e308, "damping": 0, "initialVelocity": 1e308, "duration": 10},
                  {"type": "spring", "keyPath": "position.y", "toValue": 1, "mass": 1e308, "stiffness": 5e-324, "damping": 1e308, "duration": 1e308},
                  {"type": "spring", "keyPath": "opacity", "toValue": 0, "perceptualDuration": 5e-324, "bounce": 1, "duration": 10},
                  {"type": "spring", "keyPath": "zPosition", "toValue": 1, "perceptualDuration": 1e308, "bounce": -1, "duration": 10}]}]
                """#)),
        HostileInput(
            "addLayer with a huge index",
            scene(#"[{"id": "a"}]"#, script: #"[{"at": 0.5, "addLayer": {"parent": "root", "index": 1e300, "layer": {"id": "b"}}}]"#)),
        HostileInput(
            "addLayer with an index just past Int",
            scene(
                #"[{"id": "a"}]"#,
                script: #"[{"at": 0.5, "addLayer": {"parent": "a", "index": 9223372036854775808, "layer": {"id": "b"}}}]"#)),
        HostileInput(
            "script at huge times",
            scene(
                #"[{"id": "a"}]"#,
                script: #"[{"at": 1e308, "pause": "a"}, {"at": 1.7976931348623157e308, "resume": "a"}, {"at": 0, "removeLayer": "a"}]"#)),
        HostileInput(
            "masks of masks and a mask in the script",
            scene(
                #"[{"id": "a", "mask": {"id": "m", "mask": {"id": "mm", "sublayers": [{"id": "s"}]}}}]"#,
                script:
                    #"[{"at": 0, "removeLayer": "m"}, {"at": 1, "addLayer": {"parent": "mm", "layer": {"id": "z"}}}, {"at": 2, "removeLayer": "a"}]"#
            )),
        HostileInput("a 1 MB id", scene(#"[{"id": "\#(String(repeating: "x", count: 1_000_000))"}]"#)),
        HostileInput(
            "5000 layers",
            scene("[" + (0..<5000).map { #"{"id": "l\#($0)", "frame": [\#($0 % 200), 0, 1, 1]}"# }.joined(separator: ",") + "]")),
        HostileInput(
            "keyframes with many values",
            scene(
                #"[{"id": "a", "animations": [{"type": "keyframe", "keyPath": "opacity", "values": [\#((0..<20_000).map { "\($0 % 2)" }.joined(separator: ","))], "calculationMode": "cubic"}]}]"#
            )),
        HostileInput(
            "views with wrong types everywhere",
            #"""
            {"kinema": 1, "size": [200, 100], "views": [5, null, "view", [],
              {"id": 5, "type": 7, "frame": "x", "alpha": [], "subviews": {}, "gestures": 3, "onTap": 1, "layer": 5},
              {"id": "b", "type": "button", "onTap": [5, {"duration": "x", "changes": 5, "then": 5, "keyframes": {}, "options": [5]}],
               "gestures": [5, {"type": 5}, {"type": "pan", "id": [], "drags": "yes", "onEnded": {}, "requireToFail": 5}]}],
             "script": [{"at": 1, "animate": 5, "touch": 5, "tap": {}, "drag": []},
                        {"at": 2, "animate": {"changes": [5, {"view": 5}], "keyframes": [5, {"start": "x"}]}, "set": {"view": []}}]}
            """#),
        HostileInput(
            "nulls everywhere in views",
            #"""
            {"kinema": 1, "size": [200, 100], "views": [{"id": null, "type": null, "frame": null, "text": null, "subviews": null,
              "gestures": [{"type": null, "id": null}]}],
             "script": [{"at": 1, "animate": null, "touch": null, "tap": null, "drag": null, "set": {"view": null}}]}
            """#),
        HostileInput("200 nested subviews (valid)", nestedViews),
        HostileInput(
            "huge fonts and geometry, and a minute of dragging",
            #"""
            {"kinema": 1, "size": [200, 100],
             "views": [{"id": "l", "type": "label", "text": "Huge", "fontSize": 1e300},
                       {"id": "b", "type": "button", "title": "Huge", "fontSize": 1e300, "center": [1.7e308, -1.7e308]},
                       {"id": "n", "type": "label", "text": "lines", "numberOfLines": 1000000, "frame": [0, 0, 1e308, 1e308],
                        "gestures": [{"id": "p", "type": "pan", "drags": true, "onEnded": [{"duration": 1e308, "changes": [{"view": "n", "center": [1e308, 1e308]}]}]}]}],
             "script": [{"at": 0, "drag": {"from": [0, 0], "to": [1e308, -1e308], "duration": 60}},
                        {"at": 0.5, "animate": {"springDuration": 1e-300, "bounce": -1, "velocity": 1e308, "changes": [{"view": "l", "center": [-1e308, 1e308]}]}},
                        {"at": 61, "tap": [1e308, 1e308]}]}
            """#),
    ]

    static let nestedViews: String = {
        var text = #"{"id": "deep", "type": "button", "title": "Deep", "frame": [1, 1, 2, 2]}"#
        for i in 0..<200 { text = #"{"id": "v\#(i)", "frame": [1, 1, 300, 300], "subviews": [\#(text)]}"# }
        return #"{"kinema": 1, "size": [200, 100], "views": [\#(text)], "script": [{"at": 1, "tap": [150, 50]}]}"#
    }()
}

/// Arguments with a valid scene that must not crash the tool (exit 0 or 1).
struct HostileArguments: CustomTestStringConvertible, Sendable {
    let id: String
    let arguments: [String]
    var testDescription: String { id }

    static func sample(_ more: [String], layer: String = "box", key: String = "position.x") -> [String] {
        ["sample", "SCENE", "--layer", layer, "--key", key] + more
    }

    static let all: [HostileArguments] = [
        HostileArguments(id: "range with an infinite count", arguments: sample(["--range", "0:1e300:1e-300"])),
        HostileArguments(id: "range whose span overflows", arguments: sample(["--range=-1e308:1e308:1e300"])),
        HostileArguments(id: "range with a count beyond Int", arguments: sample(["--range", "0:1e30:1"])),
        HostileArguments(id: "range with ten million samples", arguments: sample(["--range", "0:1e7:1"])),
        HostileArguments(id: "range with a subnormal step", arguments: sample(["--range", "0:1:5e-324"])),
        HostileArguments(id: "huge times", arguments: sample(["--times", "1e308,-1e308,1.7976931348623157e308,5e-324"])),
        HostileArguments(id: "times beyond Double", arguments: sample(["--times", "1e999"])),
        HostileArguments(id: "times -inf", arguments: sample(["--times=-inf"])),
        HostileArguments(id: "times with spaces and signs", arguments: sample(["--times", " 1 ,+2,-0"])),
        HostileArguments(id: "empty key", arguments: sample(["--times", "0"], key: "")),
        HostileArguments(id: "empty layer", arguments: sample(["--times", "0"], layer: "")),
        HostileArguments(id: "key with a trailing dot", arguments: sample(["--times", "0"], key: "position.")),
        HostileArguments(id: "key with three parts", arguments: sample(["--times", "0"], key: "position.x.y")),
        HostileArguments(id: "key of dots", arguments: sample(["--times", "0"], key: "...")),
        HostileArguments(id: "windowQuad at huge times", arguments: sample(["--times", "1e308"], layer: "kid", key: "windowQuad")),
        HostileArguments(id: "inspect at a huge time", arguments: ["inspect", "SCENE", "--at", "1e308", "--hit", "1e308,-1e308"]),
        HostileArguments(id: "inspect at a negative time", arguments: ["inspect", "SCENE", "--at=-1e308", "--format", "text"]),
        HostileArguments(id: "inspect at a subnormal time", arguments: ["inspect", "SCENE", "--at", "5e-324", "--hit", "5e-324,5e-324"]),
        HostileArguments(id: "inspect --hit infinity", arguments: ["inspect", "SCENE", "--at", "0", "--hit", "inf,-inf"]),
    ]
}

@Suite("kinema CLI")
struct KinemaCLITests {
    @Test("the executable is found")
    func executableFound() {
        if case .failure(let error) = Kinema.executable { Issue.record("\(error)") }
    }

    // MARK: validate

    @Test("validate prints ok and exits 0")
    func validateOK() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["validate", try files.write(Scenes.slide())])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stdout == "ok\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("validate lists every problem as PATH: message on standard error and exits 1")
    func validateErrors() throws {
        let files = try SceneFiles()
        let scene = #"""
            {"kinema": 1, "size": [200, 100], "backgrond": [1, 1, 1, 1],
             "layers": [{"id": "box", "bounds": [0, 0, -5, 5],
                         "animations": [{"keyPath": "opacity", "toValue": 0},
                                        {"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "keyTimes": [0, 1]}]}],
             "script": [{"at": 1, "pause": "bxo"}]}
            """#
        let result = try Kinema.run(["validate", try files.write(scene)])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderrLines
        let paths = ["backgrond", "layers[0].bounds", "layers[0].animations[1].keyTimes", "script[0].pause"]
        #expect(lines.count == paths.count, "\(lines)")
        for (line, path) in zip(lines, paths) {
            #expect(line.hasPrefix(path + ": "), "\(line)")
        }
        #expect(lines.contains("layers[0].animations[1].keyTimes: 3 values expected (one per value), got 2"), "\(lines)")
        #expect(lines.first?.contains("did you mean 'background'") == true)
        #expect(lines.last?.contains("did you mean 'box'") == true)
    }

    @Test("validate reports a syntax error with its line and column")
    func validateSyntax() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["validate", try files.write("{\"kinema\": 1,\n  \"size\": [1, 2]]}")])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("$: "))
        #expect(result.stderr.contains("line 2") && result.stderr.contains("column 17"), "\(result.stderr)")
    }

    // MARK: sample

    @Test("sample prints one JSON object with the exact values", arguments: SampleCase.all)
    func sample(row: SampleCase) throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["sample", try files.write(Scenes.slide(fill: row.fill))] + row.arguments)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(parsedJSON(result.stdout) is [String: Any], "not one JSON object: \(result.stdout)")
        #expect(withoutInsignificantWhitespace(result.stdout) == withoutInsignificantWhitespace(row.expected))
    }

    @Test("sample of a layer added later is null before it exists")
    func sampleAddedLayer() throws {
        let files = try SceneFiles()
        let scene = #"""
            {"kinema": 1, "size": [200, 100], "script": [{"at": 1, "addLayer": {"parent": "root", "layer": {"id": "late", "opacity": 0.5}}}]}
            """#
        let result = try Kinema.run(["sample", try files.write(scene), "--layer", "late", "--key", "opacity", "--times", "0,1"])
        #expect(result.status == 0, "\(result)")
        #expect(
            withoutInsignificantWhitespace(result.stdout)
                == #"{"layer":"late","key":"opacity","samples":[{"time":0.0,"value":null},{"time":1.0,"value":0.5}]}"#)
    }

    @Test("sample of the demo")
    func sampleDemo() throws {
        let result = try Kinema.run(["sample", "--demo", "layers", "--layer", "fader", "--key", "opacity", "--times", "0,0.5"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = parsedJSON(result.stdout) as? [String: Any]
        let samples = object?["samples"] as? [[String: Any]] ?? []
        let values = samples.compactMap { ($0["value"] as? NSNumber)?.doubleValue }
        #expect(values.count == 2)
        // fader: opacity 1 → 0.2, easeInEaseOut over 1 s; the curve is 0.5 at the midpoint.
        if values.count == 2 {
            #expect(abs(values[0] - 1) < 1e-9)
            #expect(abs(values[1] - 0.6) < 1e-5)
        }
    }

    // MARK: inspect

    @Test("inspect prints time, hit and the layers back to front")
    func inspectJSON() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(Scenes.hits), "--at", "0.5"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try #require(parsedJSON(result.stdout) as? [String: Any], "\(result.stdout)")
        #expect(Set(object.keys) == ["time", "hit", "layers"])
        let text = result.stdout
        let order = ["\"time\"", "\"hit\"", "\"layers\""].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "keys out of order")
        #expect((object["time"] as? NSNumber)?.doubleValue == 0.5)
        #expect(object["hit"] is NSNull)
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.compactMap { $0["id"] as? String } == ["root", "under", "box", "kid"])
        #expect(layers.map { $0["superlayer"] as? String ?? "-" } == ["-", "root", "root", "box"])
        #expect(layers.compactMap { $0["type"] as? String } == ["layer", "layer", "layer", "shape"])
        for layer in layers {
            for key in ["id", "type", "superlayer", "localTime", "windowQuad", "opacity", "position", "bounds", "transform", "animations"] {
                #expect(layer[key] != nil, "\(layer["id"] ?? "?") lacks \(key)")
            }
            #expect((layer["transform"] as? [Any])?.count == 16)
        }
        let under = layers[1]
        #expect((under["opacity"] as? NSNumber)?.doubleValue == 0.75)
        let animations = try #require(under["animations"] as? [[String: Any]])
        #expect(animations.count == 1)
        #expect(animations.first?["key"] as? String == "fade")
        #expect(animations.first?["type"] as? String == "basic")
        #expect(animations.first?["keyPath"] as? String == "opacity")
        #expect(animations.first?["phase"] as? String == "active")
        let quad = (layers[3]["windowQuad"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) }
        #expect(quad == [[60, 60], [80, 60], [80, 80], [60, 80]])
    }

    @Test(
        "inspect --hit names the deepest layer, root, or null",
        arguments: [
            ("65,65", "kid"), ("120,90", "box"), ("5,5", "under"), ("100,20", "root"), ("250,50", nil), ("200.5,20", nil), ("50,-0.5", nil),
        ] as [(String, String?)])
    func inspectHit(point: String, expected: String?) throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(Scenes.hits), "--at", "0", "--hit", point])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try #require(parsedJSON(result.stdout) as? [String: Any], "\(result.stdout)")
        if let expected {
            #expect(object["hit"] as? String == expected)
        } else {
            #expect(object["hit"] is NSNull, "hit: \(object["hit"] ?? "missing")")
        }
    }

    @Test("inspect --format text prints the tree for people")
    func inspectText() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(Scenes.hits), "--at", "0.5", "--format", "text"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(parsedJSON(result.stdout) == nil, "text output parses as JSON")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let index = { (id: String) in lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(id + " ") } }
        let found = ["root", "under", "box", "kid"].map(index)
        #expect(found.allSatisfy { $0 != nil }, "\(result.stdout)")
        let positions = found.compactMap { $0 }
        #expect(positions == positions.sorted())
    }

    @Test("inspect --format json is the default")
    func inspectFormatJSON() throws {
        let files = try SceneFiles()
        let path = try files.write(Scenes.hits)
        let plain = try Kinema.run(["inspect", path, "--at", "1"])
        let json = try Kinema.run(["inspect", path, "--at", "1", "--format", "json"])
        #expect(plain.status == 0 && json.status == 0)
        #expect(plain.stdout == json.stdout)
    }

    @Test(
        "negative numbers are accepted as option values after a space",
        arguments: [
            ["inspect", "SCENE", "--at", "0", "--hit", "-1,-1"], ["inspect", "SCENE", "--at", "-0.5"],
            ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--times", "-0.5,0"],
            ["sample", "SCENE", "--layer", "box", "--key", "opacity", "--range", "-1:0:0.5"],
        ])
    func negativeValues(arguments: [String]) throws {
        let files = try SceneFiles()
        let scene = try files.write(Scenes.hits)
        let result = try Kinema.run(arguments.map { $0 == "SCENE" ? scene : $0 })
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(parsedJSON(result.stdout) is [String: Any])
    }

    @Test("inspect --hit=-1,-1 (outside the root) gives null")
    func hitOutsideNegative() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(Scenes.hits), "--at", "0", "--hit=-1,-1"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect((parsedJSON(result.stdout) as? [String: Any])?["hit"] is NSNull)
    }

    // MARK: demo

    @Test("--demo works for validate and inspect")
    func demo() throws {
        let validate = try Kinema.run(["validate", "--demo"])
        #expect(validate.status == 0 && validate.stdout == "ok\n", "\(validate)")
        let inspect = try Kinema.run(["inspect", "--demo", "layers", "--at", "1"])
        #expect(inspect.status == 0 && !inspect.crashed, "\(inspect)")
        let object = parsedJSON(inspect.stdout) as? [String: Any]
        let ids = (object?["layers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == Scenes.demoIDs)
        let text = try Kinema.run(["inspect", "--demo", "layers", "--at", "2.5", "--format", "text"])
        #expect(text.status == 0 && Scenes.demoIDs.allSatisfy { text.stdout.contains($0) }, "\(text)")
    }

    /// `--demo` with no name is the same demo as `kinema demo` with no name: the tutorial (see
    /// OverlayCommandTests).
    @Test("--demo with no name is the tutorial demo")
    func demoDefault() throws {
        let unnamed = try Kinema.run(["inspect", "--demo", "--at", "5.8"])
        #expect(unnamed.status == 0 && !unnamed.crashed, "\(unnamed)")
        #expect(unnamed.stdout == (try Kinema.run(["inspect", "--demo", "tutorial", "--at", "5.8"])).stdout)
    }

    @Test("demo layers --print-scene prints a scene that validates and matches --demo layers")
    func demoPrintScene() throws {
        let printed = try Kinema.run(["demo", "layers", "--print-scene"])
        #expect(printed.status == 0 && !printed.crashed, "\(printed)")
        #expect(parsedJSON(printed.stdout) is [String: Any])
        let files = try SceneFiles()
        let path = try files.write(printed.stdout, as: "demo.json")
        let validate = try Kinema.run(["validate", path])
        #expect(validate.status == 0 && validate.stdout == "ok\n", "\(validate)")
        let fromFile = try Kinema.run(["inspect", path, "--at", "3.7"])
        let builtIn = try Kinema.run(["inspect", "--demo", "layers", "--at", "3.7"])
        #expect(fromFile.status == 0 && fromFile.stdout == builtIn.stdout)
    }

    // MARK: Errors

    @Test("bad arguments exit 1 with a message", arguments: BadArguments.all)
    func badArguments(row: BadArguments) throws {
        let files = try SceneFiles()
        let scene = try files.write(Scenes.slide())
        let result = try Kinema.run(row.arguments.map { $0 == "SCENE" ? scene : $0 })
        #expect(!result.crashed, "\(result)")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        for fragment in row.fragments {
            #expect(result.stderr.lowercased().contains(fragment.lowercased()), "stderr lacks '\(fragment)': \(result.stderr)")
        }
    }

    @Test("sample of an invalid scene lists its problems")
    func sampleInvalidScene() throws {
        let files = try SceneFiles()
        let path = try files.write(#"{"kinema": 1, "size": [-1, 5]}"#)
        let result = try Kinema.run(["sample", path, "--layer", "root", "--key", "opacity", "--times", "0"])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.hasPrefix("size: "), "\(result.stderr)")
    }

    @Test("hostile scene files never crash the tool", arguments: HostileInput.all)
    func hostileInput(row: HostileInput) throws {
        let files = try SceneFiles()
        let path = try files.write(row.bytes, as: "hostile.json")
        let runs = [
            ["validate", path],
            ["sample", path, "--layer", "root", "--key", "windowQuad", "--times", "0,0.75,1e300"],
            ["inspect", path, "--at", "2.5", "--hit", "1,1"],
            ["inspect", path, "--at", "1e300", "--format", "text"],
        ]
        for arguments in runs {
            let result = try Kinema.run(arguments)
            #expect(!result.crashed, "\(arguments.first ?? ""): died with signal \(result.status)\n\(result.stderr.prefix(1000))")
            #expect(result.status == 0 || result.status == 1, "\(arguments.first ?? ""): exit \(result.status)")
            if result.status == 1 { #expect(!result.stderr.isEmpty, "\(arguments.first ?? ""): exit 1 without a message") }
        }
    }

    @Test("hostile arguments never crash the tool", arguments: HostileArguments.all)
    func hostileArguments(row: HostileArguments) throws {
        let files = try SceneFiles()
        let scene = try files.write(Scenes.slide())
        let result = try Kinema.run(row.arguments.map { $0 == "SCENE" ? scene : $0 })
        #expect(!result.crashed, "died with signal \(result.status)\n\(result.stderr.prefix(1000))")
        #expect(result.status == 0 || result.status == 1, "exit \(result.status)")
    }
}
