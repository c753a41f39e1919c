import KinemaGeometry
import KinemaLayers
import KinemaScenes
import TestSupport
import Testing

/// A layer animation on `box` (model position (7, 20)) and its presentation values at times.
/// Expected values follow Core Animation's timing model (KinemaTiming's *The timing model*) by
/// hand.
struct AnimationSamples: CustomTestStringConvertible, Sendable {
    let id: String
    /// The members of the animation object.
    let animation: String
    var key = "position.x"
    let times: [Double]
    let expected: [Double]
    var tolerance = Tolerance.timing
    var needsGeometry = false
    var testDescription: String { needsGeometry ? "\(id)" : id }

    static let curve = Tolerance.curve * 10  // values below span 0…10, curve values are given to 6 places

    static let all: [AnimationSamples] = [
        AnimationSamples(
            id: "linear from/to, removed at the end",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "timingFunction": "linear""#,
            times: [0, 0.25, 0.5, 1, 2], expected: [0, 25, 50, 7, 7]),
        AnimationSamples(
            id: "no timingFunction is linear", animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1"#,
            times: [0.25, 0.75], expected: [25, 75]),
        AnimationSamples(
            id: "missing duration is 0.25 s", animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 100"#,
            times: [0.125, 0.2, 0.25], expected: [50, 80, 7]),
        AnimationSamples(
            id: "zero duration is 0.25 s", animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 0"#,
            times: [0.125, 0.3], expected: [50, 7]),
        AnimationSamples(
            id: "fillMode forwards, not removed",
            animation:
                #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false"#,
            times: [0.5, 1, 5], expected: [50, 100, 100]),
        AnimationSamples(
            id: "fillMode forwards but removed on completion",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "fillMode": "forwards""#,
            times: [0.5, 1.5], expected: [50, 7]),
        AnimationSamples(
            id: "beginTime with fillMode backwards",
            animation:
                #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "beginTime": 0.5, "fillMode": "backwards""#,
            times: [0, 0.25, 1, 1.5], expected: [0, 0, 50, 7]),
        AnimationSamples(
            id: "beginTime without fill",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "beginTime": 0.5"#,
            times: [0.25, 0.75], expected: [7, 25]),
        AnimationSamples(
            id: "toValue only starts at the model value", animation: #""keyPath": "position.x", "toValue": 107, "duration": 1"#,
            times: [0.5], expected: [57]),
        AnimationSamples(
            id: "byValue only: model to model + by", animation: #""keyPath": "position.x", "byValue": 10, "duration": 1"#,
            times: [0.5], expected: [12]),
        AnimationSamples(
            id: "fromValue and byValue", animation: #""keyPath": "position.x", "fromValue": 0, "byValue": 10, "duration": 1"#,
            times: [0.5], expected: [5]),
        AnimationSamples(
            id: "additive adds to the model value",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "additive": true"#,
            times: [0.5], expected: [12]),
        AnimationSamples(
            id: "cumulative repeats build on each other",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "repeatCount": 2, "cumulative": true"#,
            times: [0.5, 1.5], expected: [5, 15]),
        AnimationSamples(
            id: "autoreverses", animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "autoreverses": true"#,
            times: [0.25, 1.5, 2.5], expected: [2.5, 5, 7]),
        AnimationSamples(
            id: "fractional repeatCount",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "repeatCount": 2.5"#,
            times: [1.25, 2.25, 2.6], expected: [2.5, 2.5, 7]),
        AnimationSamples(
            id: "repeatCount infinity",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "repeatCount": "infinity""#,
            times: [100.5, 1000.25], expected: [5, 2.5]),
        AnimationSamples(
            id: "repeatDuration",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "repeatDuration": 1.5"#,
            times: [1.25, 1.6], expected: [2.5, 7]),
        AnimationSamples(
            id: "speed 2", animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "speed": 2"#,
            times: [0.25, 0.6], expected: [5, 7]),
        AnimationSamples(
            id: "timeOffset", animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "timeOffset": 0.5"#,
            times: [0, 0.25], expected: [5, 7.5]),
        AnimationSamples(
            id: "easeIn curve",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "timingFunction": "easeIn""#,
            times: [0.5], expected: [10 * CurveValue.easeInAtHalf], tolerance: curve),
        AnimationSamples(
            id: "easeInEaseOut curve",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "timingFunction": "easeInEaseOut""#,
            times: [0.25], expected: [10 * CurveValue.easeInEaseOutAtQuarter], tolerance: curve),
        AnimationSamples(
            id: "curve from 4 numbers",
            animation: #""keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "timingFunction": [0.25, 0.1, 0.25, 1]"#,
            times: [0.5], expected: [10 * CurveValue.defaultAtHalf], tolerance: curve),
        AnimationSamples(
            id: "sub-path transform.rotation.z",
            animation: #""keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1, "duration": 1"#,
            key: "transform.rotation.z", times: [0.5], expected: [0.5], tolerance: 1e-9),
        AnimationSamples(
            id: "sub-path transform.scale sets x", animation: #""keyPath": "transform.scale", "fromValue": 1, "toValue": 2, "duration": 1"#,
            key: "transform.scale.x", times: [0.5], expected: [1.5], tolerance: 1e-9),
        AnimationSamples(
            id: "sub-path bounds.size.width", animation: #""keyPath": "bounds.size.width", "fromValue": 0, "toValue": 100, "duration": 1"#,
            key: "bounds.size.width", times: [0.25, 2], expected: [25, 40]),
        AnimationSamples(
            id: "keyframes with keyTimes",
            animation: #""type": "keyframe", "keyPath": "position.x", "values": [0, 100, 50], "keyTimes": [0, 0.25, 1], "duration": 1"#,
            times: [0.125, 0.625], expected: [50, 75]),
        AnimationSamples(
            id: "keyframes evenly spaced",
            animation: #""type": "keyframe", "keyPath": "position.x", "values": [0, 100, 50], "duration": 2"#,
            times: [0.5, 1.5], expected: [50, 75]),
        AnimationSamples(
            id: "discrete keyframes",
            animation: #""type": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "calculationMode": "discrete", "duration": 3"#,
            times: [0.5, 1.5, 2.5], expected: [0, 10, 20]),
        AnimationSamples(
            id: "keyframe timingFunctions per segment",
            animation:
                #""type": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "timingFunctions": ["easeIn", "linear"], "duration": 2"#,
            times: [0.5, 1.5], expected: [10 * CurveValue.easeInAtHalf, 15], tolerance: curve),
        AnimationSamples(
            id: "critically damped spring (m 1, k 100, c 20)",
            animation:
                #""type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "mass": 1, "stiffness": 100, "damping": 20, "duration": 2"#,
            times: [0.1, 0.3], expected: [0.26424111765711533, 0.8008517265285442], tolerance: Tolerance.spring),
        AnimationSamples(
            id: "spring from perceptualDuration 0.5, bounce 0",
            animation:
                #""type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "perceptualDuration": 0.5, "bounce": 0, "duration": 2"#,
            times: [0.1, 0.2], expected: [0.35773955646956457, 0.7154156890859573], tolerance: Tolerance.spring),
        AnimationSamples(
            id: "group applies its children in its own time",
            animation: #"""
                "type": "group", "duration": 2, "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}]
                """#,
            times: [0.5, 1.5, 2.5], expected: [50, 7, 7]),
        AnimationSamples(
            id: "value function rotateZ",
            animation: #""keyPath": "transform", "valueFunction": "rotateZ", "fromValue": 0, "toValue": 2, "duration": 1"#,
            key: "transform.rotation.z", times: [0.5], expected: [1], tolerance: 1e-9),
        AnimationSamples(
            id: "keyframe along an SVG path",
            animation: #""type": "keyframe", "keyPath": "position", "path": "M0 0 L100 0", "duration": 1"#,
            times: [0.5], expected: [50], tolerance: 1e-6, needsGeometry: true),
    ]
}

@Suite("Scene runtime")
struct SceneRuntimeTests {
    @Test("layer animations sample at their times", arguments: AnimationSamples.all)
    func animationSamples(row: AnimationSamples) throws {
        let values = try sampledValues(
            boxScene(animations: "[{\(row.animation)}]"), layer: "box", key: row.key, times: row.times)
        expectSamples(values, row.expected, times: row.times, tolerance: row.tolerance)
    }

    @Test("colours sample as [r, g, b, a] and interpolate in premultiplied sRGB")
    func colourAnimation() throws {
        let values = try sampledValues(
            boxScene(animations: #"[{"keyPath": "backgroundColor", "fromValue": [1, 0, 0, 1], "toValue": [0, 0, 1, 0.5], "duration": 1}]"#),
            layer: "box", key: "backgroundColor", times: [0, 0.5])
        expectNumbers(values.first?.asNumbers, [1, 0, 0, 1], tolerance: 1e-12)
        // Premultiplied: (1, 0, 0, 1) and (0, 0, 0.5, 0.5) average to (0.5, 0, 0.25, 0.75), which
        // un-premultiplies to (2/3, 0, 1/3, 0.75).
        expectNumbers(values.last?.asNumbers, [2.0 / 3, 0, 1.0 / 3, 0.75], tolerance: 1e-12)
    }

    @Test("transforms sample as 16 numbers")
    func transformSample() throws {
        let values = try sampledValues(
            boxScene(animations: #"[{"keyPath": "transform.scale", "fromValue": 1, "toValue": 3, "duration": 1}]"#),
            layer: "box", key: "transform", times: [0.5])
        expectNumbers(values.first?.asNumbers, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1], tolerance: 1e-12)
    }

    // MARK: Script

    @Test("set runs the implicit action: 0.25 s with the default curve")
    func implicitSet() throws {
        let times = [0.5, 1, 1.125, 1.25, 2]
        let values = try sampledValues(
            boxScene(script: #"[{"at": 1, "set": {"layer": "box", "opacity": 0}}]"#), layer: "box", key: "opacity", times: times)
        expectSamples(values, [1, 1, 1 - CurveValue.defaultAtHalf, 0, 0], times: times, tolerance: Tolerance.curve)
    }

    @Test("disableActions makes the change jump")
    func disableActions() throws {
        let times = [0.5, 1, 1.125, 2]
        let values = try sampledValues(
            boxScene(script: #"[{"at": 1, "set": {"layer": "box", "opacity": 0}, "transaction": {"disableActions": true}}]"#),
            layer: "box", key: "opacity", times: times)
        expectSamples(values, [1, 0, 0, 0], times: times, tolerance: 0)
    }

    @Test("transaction animationDuration stretches the implicit animation")
    func transactionDuration() throws {
        let times = [1.25, 1.5, 2, 3]
        let values = try sampledValues(
            boxScene(script: #"[{"at": 1, "set": {"layer": "box", "opacity": 0}, "transaction": {"animationDuration": 1}}]"#),
            layer: "box", key: "opacity", times: times)
        expectSamples(
            values, [1 - CurveValue.defaultAtQuarter, 1 - CurveValue.defaultAtHalf, 0, 0], times: times, tolerance: Tolerance.curve)
    }

    @Test("transaction animationTimingFunction replaces the default curve")
    func transactionCurve() throws {
        let times = [1.25, 1.5]
        let values = try sampledValues(
            boxScene(
                script: #"""
                    [{"at": 1, "set": {"layer": "box", "position.y": 60},
                      "transaction": {"animationDuration": 1, "animationTimingFunction": "linear"}}]
                    """#),
            layer: "box", key: "position", times: times)
        expectNumbers(values[0].asNumbers, [7, 30], tolerance: 1e-9)
        expectNumbers(values[1].asNumbers, [7, 40], tolerance: 1e-9)
    }

    @Test("set on several layers in one step")
    func setList() throws {
        let json = sceneJSON(
            layers: #"[{"id": "a", "opacity": 1}, {"id": "b", "zPosition": 0}]"#,
            script:
                #"[{"at": 1, "set": [{"layer": "a", "opacity": 0.5}, {"layer": "b", "zPosition": 4}], "transaction": {"disableActions": true}}]"#
        )
        #expect(try sampledValues(json, layer: "a", key: "opacity", times: [0, 1]) == [.number(1), .number(0.5)])
        #expect(try sampledValues(json, layer: "b", key: "zPosition", times: [0, 1]) == [.number(0), .number(4)])
    }

    @Test("set of a non-animatable text string applies at once")
    func setString() throws {
        let document = try SceneDocument.decode(
            sceneJSON(
                layers: #"[{"id": "t", "type": "text", "string": "Front"}]"#,
                script: #"[{"at": 1, "set": {"layer": "t", "string": "Back"}}]"#))
        let inspector = SceneInspector(document: document)
        func string(at t: Double) -> String? {
            inspector.inspect(at: t)["layers"]?.asArray?.first { $0["id"] == .string("t") }?["string"]?.asString
        }
        #expect(string(at: 0.5) == "Front")
        #expect(string(at: 1) == "Back")
    }

    @Test("steps run in time order whatever their order in the file; equal times in file order")
    func stepOrder() throws {
        let times = [0.5, 1.5, 2.5]
        let values = try sampledValues(
            boxScene(
                script: #"""
                    [{"at": 2, "set": {"layer": "box", "opacity": 0.5}, "transaction": {"disableActions": true}},
                     {"at": 1, "set": {"layer": "box", "opacity": 0.25}, "transaction": {"disableActions": true}},
                     {"at": 2, "set": {"layer": "box", "opacity": 0.75}, "transaction": {"disableActions": true}}]
                    """#),
            layer: "box", key: "opacity", times: times)
        expectSamples(values, [1, 0.25, 0.75], times: times, tolerance: 0)
    }

    @Test("add starts an animation at the step's time when beginTime is 0")
    func addAnimation() throws {
        let json = boxScene(
            script: #"""
                [{"at": 2, "add": {"layer": "box", "animation": {"key": "slide", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}}}]
                """#)
        let times = [1.5, 2, 2.5, 3.5]
        expectSamples(try sampledValues(json, layer: "box", key: "position.x", times: times), [7, 0, 50, 7], times: times, tolerance: 1e-9)
        let keys = try sampledValues(json, layer: "box", key: "animationKeys", times: [1.5, 2.5, 3.5])
        #expect(keys == [.array([]), .array([.string("slide")]), .array([])])
    }

    @Test("add under an existing key replaces that animation")
    func addReplaces() throws {
        let json = boxScene(
            animations: #"[{"key": "slide", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 10}]"#,
            script: #"""
                [{"at": 1, "add": {"layer": "box", "animation": {"key": "slide", "keyPath": "position.x", "fromValue": 100, "toValue": 200, "duration": 10}}}]
                """#)
        let times = [0.5, 2]
        expectSamples(try sampledValues(json, layer: "box", key: "position.x", times: times), [0.5, 110], times: times, tolerance: 1e-9)
        #expect(try sampledValues(json, layer: "box", key: "animationKeys", times: [2]) == [.array([.string("slide")])])
    }

    @Test("remove by key leaves the others; remove all clears")
    func removeAnimations() throws {
        let json = boxScene(
            animations: #"""
                [{"key": "slide", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 10},
                 {"key": "fade", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 10}]
                """#,
            script: #"[{"at": 2, "remove": {"layer": "box", "key": "slide"}}, {"at": 3, "remove": {"layer": "box", "all": true}}]"#)
        let times = [1, 2.5, 3.5]
        expectSamples(try sampledValues(json, layer: "box", key: "position.x", times: times), [10, 7, 7], times: times, tolerance: 1e-9)
        expectSamples(try sampledValues(json, layer: "box", key: "opacity", times: times), [0.1, 0.25, 1], times: times, tolerance: 1e-9)
        #expect(
            try sampledValues(json, layer: "box", key: "animationKeys", times: times)
                == [.array([.string("slide"), .string("fade")]), .array([.string("fade")]), .array([])])
    }

    @Test("pause freezes the value and resume continues from where it stopped (QA1673)")
    func pauseResume() throws {
        let json = boxScene(
            animations: #"[{"key": "slide", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 4}]"#,
            script: #"[{"at": 1, "pause": "box"}, {"at": 3, "resume": "box"}]"#)
        let times = [0.5, 1, 2, 2.99, 3, 4, 5]
        expectSamples(
            try sampledValues(json, layer: "box", key: "position.x", times: times), [12.5, 25, 25, 25, 25, 50, 75], times: times,
            tolerance: 1e-9)
        expectSamples(
            try sampledValues(json, layer: "box", key: "localTime", times: times), [0.5, 1, 1, 1, 1, 2, 3], times: times, tolerance: 1e-9)
        // The animation ends 2 s late: at local time 4, scene time 6.
        expectSamples(
            try sampledValues(json, layer: "box", key: "position.x", times: [5.9, 6.5]), [97.5, 7], times: [5.9, 6.5], tolerance: 1e-9)
    }

    @Test("pausing a parent freezes its sublayers' animations")
    func pauseParent() throws {
        let json = sceneJSON(
            layers: #"""
                [{"id": "parent", "sublayers": [{"id": "kid", "position": [7, 20],
                  "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 4}]}]}]
                """#,
            script: #"[{"at": 2, "pause": "parent"}]"#)
        let times: [Double] = [1, 2, 3]
        expectSamples(try sampledValues(json, layer: "kid", key: "position.x", times: times), [25, 50, 50], times: times, tolerance: 1e-9)
    }

    @Test("addLayer inserts a layer (with its animations starting then) at an index")
    func addLayer() throws {
        let json = boxScene(
            script: #"""
                [{"at": 1, "addLayer": {"parent": "root", "index": 0, "layer": {"id": "late", "position": [3, 4], "bounds": [0, 0, 10, 10], "opacity": 0.5,
                  "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}]}}}]
                """#)
        let times = [0.5, 1.5, 3]
        #expect(try sampledValues(json, layer: "late", key: "opacity", times: times) == [.null, .number(0.5), .number(0.5)])
        expectSamples(try sampledValues(json, layer: "late", key: "position.x", times: times), [nil, 50, 3], times: times, tolerance: 1e-9)
        let inspector = SceneInspector(document: try SceneDocument.decode(json))
        let ids = { (t: Double) in inspector.inspect(at: t)["layers"]?.asArray?.compactMap { $0["id"]?.asString } }
        #expect(ids(0.5) == ["root", "box"])
        #expect(ids(1.5) == ["root", "late", "box"])
    }

    @Test("removeLayer takes the layer and its sublayers out of the tree")
    func removeLayer() throws {
        let json = sceneJSON(
            layers: #"[{"id": "box", "sublayers": [{"id": "kid"}]}, {"id": "other"}]"#,
            script: #"[{"at": 2, "removeLayer": "box"}]"#)
        #expect(try sampledValues(json, layer: "box", key: "opacity", times: [1, 2.5]) == [.number(1), .null])
        #expect(try sampledValues(json, layer: "kid", key: "opacity", times: [1, 2.5]) == [.number(1), .null])
        let inspector = SceneInspector(document: try SceneDocument.decode(json))
        #expect(inspector.inspect(at: 2.5)["layers"]?.asArray?.compactMap { $0["id"]?.asString } == ["root", "other"])
        #expect(inspector.inspect(at: 1)["layers"]?.asArray?.compactMap { $0["id"]?.asString } == ["root", "box", "kid", "other"])
    }

    @Test("a Scene played forwards applies steps exactly once")
    func sceneAdvance() throws {
        let scene = try builtScene(
            boxScene(
                script:
                    #"[{"at": 1, "add": {"layer": "box", "animation": {"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 10}}}]"#
            ))
        scene.advance(to: 0.5)
        #expect(scene.time == 0.5)
        scene.advance(to: 2)
        scene.advance(to: 2)
        scene.advance(to: 1.5)  // ignored: scenes only move forwards
        #expect(scene.time == 2)
        #expect(try layer("box", in: scene).animations.count == 1)
    }

    @Test("sampling a time twice, or going back, gives the same values")
    func backInTime() throws {
        let json = boxScene(
            animations: #"[{"key": "slide", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 4}]"#,
            script: #"[{"at": 1, "pause": "box"}, {"at": 3, "resume": "box"}, {"at": 3.5, "set": {"layer": "box", "opacity": 0}}]"#)
        let times = [4, 0.5, 3.6, 1.5, 3.6, 0]
        let values = try sampledValues(json, layer: "box", key: "position.x", times: times)
        let fresh = try times.map { try sampledValues(json, layer: "box", key: "position.x", times: [$0])[0] }
        #expect(zip(values, fresh).allSatisfy { bitwiseEqual($0, $1) })
        let opacity = try sampledValues(json, layer: "box", key: "opacity", times: [3.6, 1, 3.6])
        #expect(bitwiseEqual(opacity[0], opacity[2]))
    }

    // MARK: Inspection

    @Test("inspect lists layers back to front with ids, types, superlayers and animation phases")
    func inspectShape() throws {
        let json = sceneJSON(
            layers: #"""
                [{"id": "high", "zPosition": 5, "frame": [0, 0, 10, 10]},
                 {"id": "low", "type": "shape", "frame": [20, 30, 40, 50], "sublayers": [{"id": "lowKid", "frame": [1, 2, 3, 4]}],
                  "animations": [{"key": "later", "keyPath": "opacity", "toValue": 0, "beginTime": 5, "duration": 1},
                                 {"key": "now", "keyPath": "cornerRadius", "toValue": 9, "duration": 1},
                                 {"key": "held", "keyPath": "lineWidth", "toValue": 3, "duration": 0.5, "fillMode": "forwards", "removedOnCompletion": false}]}]
                """#)
        let inspection = SceneInspector(document: try SceneDocument.decode(json)).inspect(at: 0.75)
        #expect(inspection.objectKeys == ["time", "hit", "layers"])
        #expect(inspection["time"] == .number(0.75))
        #expect(inspection["hit"] == .null)
        let layers = try #require(inspection["layers"]?.asArray)
        #expect(layers.compactMap { $0["id"]?.asString } == ["root", "low", "lowKid", "high"])
        #expect(layers.map { $0["superlayer"] ?? .string("missing") } == [.null, .string("root"), .string("low"), .string("root")])
        #expect(layers.compactMap { $0["type"]?.asString } == ["layer", "shape", "layer", "layer"])
        for layer in layers {
            let keys = layer.objectKeys ?? []
            for required in ["id", "type", "superlayer", "localTime", "windowQuad", "opacity", "position", "bounds", "animations"] {
                #expect(keys.contains(required), "\(layer["id"]?.asString ?? "?") lacks \(required)")
            }
        }
        let low = layers[1]
        #expect(low["windowQuad"] == .array([[20, 30], [60, 30], [60, 80], [20, 80]].map { .array($0.map { JSONValue.number($0) }) }))
        let animations = try #require(low["animations"]?.asArray)
        #expect(animations.compactMap { $0["key"]?.asString } == ["later", "now", "held"])
        #expect(animations.compactMap { $0["phase"]?.asString } == ["before", "active", "after"])
        #expect(animations.compactMap { $0["type"]?.asString } == ["basic", "basic", "basic"])
        #expect(animations.compactMap { $0["keyPath"]?.asString } == ["opacity", "cornerRadius", "lineWidth"])
        #expect(animations.first?.objectKeys == ["key", "type", "keyPath", "phase"])
    }

    @Test("inspect colours are [r, g, b, a] and transforms 16 numbers")
    func inspectEncodings() throws {
        let json = sceneJSON(
            layers:
                #"[{"id": "x", "backgroundColor": [0.25, 0.5, 0.75, 1], "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1]}]"#)
        let layers = SceneInspector(document: try SceneDocument.decode(json)).inspect(at: 0)["layers"]?.asArray ?? []
        let x = try #require(layers.first { $0["id"] == .string("x") })
        #expect(x["backgroundColor"]?.asNumbers == [0.25, 0.5, 0.75, 1])
        #expect(x["transform"]?.asNumbers == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1])
    }

    @Test(
        "hit testing: the deepest layer, root when only the root contains the point, null outside",
        arguments: [
            (Point(x: 65, y: 65), JSONValue.string("kid")), (Point(x: 120, y: 90), .string("box")), (Point(x: 10, y: 10), .string("root")),
            (Point(x: 500, y: 50), .null), (Point(x: -1, y: 50), .null),
        ])
    func hit(point: Point, expected: JSONValue) throws {
        let json = sceneJSON(
            layers: #"[{"id": "box", "frame": [50, 50, 100, 45], "sublayers": [{"id": "kid", "frame": [10, 10, 20, 20]}]}]"#)
        let inspection = SceneInspector(document: try SceneDocument.decode(json)).inspect(at: 0, hit: point)
        #expect(inspection["hit"] == expected)
    }

    @Test("text form names every layer, sublayers after their parents")
    func inspectText() throws {
        let json = sceneJSON(layers: #"[{"id": "box", "sublayers": [{"id": "kid"}]}, {"id": "other"}]"#)
        let text = SceneInspector.text(SceneInspector(document: try SceneDocument.decode(json)).inspect(at: 0))
        let lines = text.split(separator: "\n").map(String.init)
        let index = { (id: String) in lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(id) } }
        let (root, box, kid, other) = (index("root"), index("box"), index("kid"), index("other"))
        #expect(root != nil && box != nil && kid != nil && other != nil, "\(text)")
        if let root, let box, let kid, let other {
            #expect(root < box && box < kid && kid < other)
            let indent = { (i: Int) in lines[i].prefix { $0 == " " }.count }
            #expect(indent(kid) > indent(box) && indent(box) > indent(root))
        }
    }

    @Test("sample special keys: localTime, frame, windowQuad, animationKeys")
    func specialKeys() throws {
        let json = sceneJSON(
            layers: #"""
                [{"id": "parent", "frame": [100, 50, 200, 100], "transform": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
                  "speed": 2, "timeOffset": 1,
                  "sublayers": [{"id": "kid", "frame": [10, 20, 30, 40],
                    "animations": [{"key": "a", "keyPath": "position.x", "fromValue": 25, "toValue": 125, "duration": 1},
                                   {"key": "b", "keyPath": "opacity", "toValue": 0, "beginTime": 1, "duration": 2}]}]}]
                """#)
        // Parent local time = 2t + 1; the kid inherits it.
        #expect(try sampledValues(json, layer: "parent", key: "localTime", times: [0, 0.5]) == [.number(1), .number(2)])
        #expect(try sampledValues(json, layer: "kid", key: "localTime", times: [0.5]) == [.number(2)])
        // "a" begins when added, at the kid's local time 1 (scene time 0), and is at its fromValue (the model x).
        let frame = try sampledValues(json, layer: "kid", key: "frame", times: [0])
        #expect(frame.first?.asNumbers == [10, 20, 30, 40])
        // Parent scaled ×2 about its centre (200, 100): root = (p − (100, 50))·2 + (200, 100).
        let quad = try sampledValues(json, layer: "kid", key: "windowQuad", times: [0])
        #expect(quad.first == .array([[20, 40], [80, 40], [80, 120], [20, 120]].map { .array($0.map { JSONValue.number($0) }) }))
        // "a" ends at local 2 (t = 0.5); "b" runs over local 1…3 (t = 0…1).
        let keys = try sampledValues(json, layer: "kid", key: "animationKeys", times: [0, 0.75, 5])
        #expect(keys == [.array([.string("a"), .string("b")]), .array([.string("b")]), .array([])])
    }

    @Test("frame follows the presentation")
    func presentationFrame() throws {
        let json = sceneJSON(
            layers: #"""
                [{"id": "x", "frame": [10, 20, 30, 40], "animations": [{"keyPath": "position.x", "fromValue": 25, "toValue": 125, "duration": 1}]}]
                """#)
        #expect(try sampledValues(json, layer: "x", key: "frame", times: [0.5]).first?.asNumbers == [60, 20, 30, 40])
    }

    @Test("sample rejects unknown layers and keys with suggestions")
    func sampleErrors() throws {
        let inspector = SceneInspector(document: try SceneDocument.decode(boxScene()))
        do {
            _ = try inspector.sample(layer: "bxo", key: "opacity", times: [0])
            Issue.record("sampled an unknown layer")
        } catch {
            #expect(error.issues.first?.message.contains("'box'") == true, "\(error)")
        }
        do {
            _ = try inspector.sample(layer: "box", key: "opactiy", times: [0])
            Issue.record("sampled an unknown key")
        } catch {
            #expect(error.issues.first?.message.contains("'opacity'") == true, "\(error)")
        }
        do {
            _ = try inspector.sample(layer: "box", key: "fillColor", times: [0])
            Issue.record("sampled a shape key on a plain layer")
        } catch {
            #expect(error.issues.first?.message.contains("shape") == true, "\(error)")
        }
    }

    // MARK: Determinism

    static let demoTimes = stride(from: 0.0, through: 6.0, by: 0.05).map { $0 }

    @Test("the demo gives identical inspections forwards, backwards and from fresh scenes, bit for bit")
    func demoDeterminism() throws {
        let document = try SceneDocument.decode(DemoScenes.layers)
        let inspector = SceneInspector(document: document)
        var forwards: [JSONValue] = []
        for t in Self.demoTimes { forwards.append(inspector.inspect(at: t)) }
        var backwards: [JSONValue] = []
        for t in Self.demoTimes.reversed() { backwards.append(inspector.inspect(at: t)) }
        backwards.reverse()
        var mismatches: [Double] = []
        for (i, t) in Self.demoTimes.enumerated() where !bitwiseEqual(forwards[i], backwards[i]) { mismatches.append(t) }
        #expect(mismatches.isEmpty, "forwards ≠ backwards at \(mismatches)")
        for t in [0.0, 1.55, 2.5, 3.75, 6.0] {
            let i = try #require(Self.demoTimes.firstIndex { abs($0 - t) < 1e-9 })
            let fresh = SceneInspector(document: document).inspect(at: Self.demoTimes[i])
            #expect(bitwiseEqual(fresh, forwards[i]), "fresh scene differs at \(t)")
        }
    }

    @Test(
        "the demo samples identically forwards and backwards",
        arguments: [
            ("fader", "opacity"), ("traveller", "position"), ("traveller", "transform"), ("pulse", "transform"),
            ("springer", "transform.scale.x"),
            ("flipper", "windowQuad"), ("gradient", "position.y"), ("card", "animationKeys"), ("traveller", "localTime"),
        ])
    func demoSampleDeterminism(id: String, key: String) throws {
        let document = try SceneDocument.decode(DemoScenes.layers)
        let inspector = SceneInspector(document: document)
        let forwards = try inspector.sample(layer: id, key: key, times: Self.demoTimes)
        let backwards = try inspector.sample(layer: id, key: key, times: Self.demoTimes.reversed())
        let f = forwards["samples"]?.asArray ?? [], b = Array((backwards["samples"]?.asArray ?? []).reversed())
        #expect(f.count == Self.demoTimes.count)
        #expect(f.count == b.count && zip(f, b).allSatisfy { bitwiseEqual($0, $1) })
    }

    @Test("demo: paused traveller holds still between 2 s and 3 s")
    func demoPause() throws {
        let document = try SceneDocument.decode(DemoScenes.layers)
        let values = try SceneInspector(document: document).sample(layer: "traveller", key: "localTime", times: [1, 2, 2.5, 3, 4])
        expectSamples(
            values["samples"]?.asArray?.compactMap { $0["value"] } ?? [], [1, 2, 2, 2, 3], times: [1, 2, 2.5, 3, 4], tolerance: 1e-9)
    }
}
