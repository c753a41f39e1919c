import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

@testable import KinemaScenes

/// Builds the scene for `text` at time 0.
func builtScene(_ text: String, directory: String? = nil) throws -> Scene {
    Scene(document: try SceneDocument.decode(text, directory: directory))
}

/// The layer `id` of a built scene.
func layer(_ id: String, in scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws -> Layer {
    try #require(scene.layers[id], "no layer '\(id)'", sourceLocation: sourceLocation)
}

/// Every number inside a value, in encoding order (colours as r, g, b, a; transforms m11…m44).
func flatNumbers(_ value: JSONValue) -> [Double] {
    switch value {
    case .number(let n): [n]
    case .array(let items): items.flatMap(flatNumbers)
    default: []
    }
}

/// Whether two values have the same kind and agree number by number within `tolerance`.
func isClose(_ a: AnimatableValue?, _ b: AnimatableValue, _ tolerance: Double) -> Bool {
    guard let a, a.kind == b.kind else { return false }
    let x = SceneEncoding.json(a), y = SceneEncoding.json(b)
    if x == y { return true }
    let nx = flatNumbers(x), ny = flatNumbers(y)
    return nx.count == ny.count && !nx.isEmpty && zip(nx, ny).allSatisfy { isClose($0, $1, tolerance) }
}

/// One layer member in a scene file and the model value it must give.
struct PropertySetting: CustomTestStringConvertible, Sendable {
    let id: String
    /// The layer's JSON members after `"id": "x"`.
    let members: String
    let keyPath: LayerKeyPath
    let expected: AnimatableValue
    /// Needs the real colour, path or CSS-transform parser (the local stubs ignore their input).
    var needsGeometry = false
    var testDescription: String { needsGeometry ? "\(id)" : id }

    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> AnimatableValue {
        .color(Color(red: r, green: g, blue: b, alpha: a))
    }

    static let translate5x6 = Transform3D([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])!

    static let all: [PropertySetting] = [
        // Numbers
        PropertySetting(id: "opacity", members: #""opacity": 0.25"#, keyPath: "opacity", expected: 0.25),
        PropertySetting(id: "zPosition", members: #""zPosition": -3"#, keyPath: "zPosition", expected: -3),
        PropertySetting(id: "anchorPointZ", members: #""anchorPointZ": 2"#, keyPath: "anchorPointZ", expected: 2),
        PropertySetting(id: "cornerRadius", members: #""cornerRadius": 6"#, keyPath: "cornerRadius", expected: 6),
        PropertySetting(id: "borderWidth", members: #""borderWidth": 1.5"#, keyPath: "borderWidth", expected: 1.5),
        PropertySetting(id: "shadowOpacity", members: #""shadowOpacity": 0.75"#, keyPath: "shadowOpacity", expected: 0.75),
        PropertySetting(id: "shadowRadius", members: #""shadowRadius": 4"#, keyPath: "shadowRadius", expected: 4),
        PropertySetting(id: "contentsScale", members: #""contentsScale": 3"#, keyPath: "contentsScale", expected: 3),
        // Points, sizes, rects
        PropertySetting(id: "anchorPoint", members: #""anchorPoint": [0, 1]"#, keyPath: "anchorPoint", expected: .point(Point(x: 0, y: 1))),
        PropertySetting(id: "position", members: #""position": [7, 20]"#, keyPath: "position", expected: .point(Point(x: 7, y: 20))),
        PropertySetting(
            id: "shadowOffset", members: #""shadowOffset": [3, -4]"#, keyPath: "shadowOffset", expected: .size(Size(width: 3, height: -4))),
        PropertySetting(
            id: "bounds", members: #""bounds": [1, 2, 30, 40]"#, keyPath: "bounds", expected: .rect(Rect(x: 1, y: 2, width: 30, height: 40))
        ),
        PropertySetting(
            id: "contentsRect", members: #""contentsRect": [0.1, 0.2, 0.3, 0.4]"#, keyPath: "contentsRect",
            expected: .rect(Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))),
        PropertySetting(
            id: "contentsCenter", members: #""contentsCenter": [0.25, 0.5, 0.5, 0.25]"#, keyPath: "contentsCenter",
            expected: .rect(Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25))),
        // Sub-paths, applied after the whole property in document order
        PropertySetting(
            id: "position.x after position", members: #""position": [1, 2], "position.x": 9"#, keyPath: "position",
            expected: .point(Point(x: 9, y: 2))),
        PropertySetting(
            id: "bounds.size.width after bounds", members: #""bounds": [0, 0, 10, 20], "bounds.size.width": 50"#, keyPath: "bounds",
            expected: .rect(Rect(x: 0, y: 0, width: 50, height: 20))),
        PropertySetting(
            id: "transform.rotation.z", members: #""transform.rotation.z": 0.5"#, keyPath: "transform",
            expected: .transform(.makeRotation(0.5, 0, 0, 1))),
        PropertySetting(
            id: "transform.translation.x", members: #""transform.translation.x": 12"#, keyPath: "transform",
            expected: .transform(.makeTranslation(12, 0, 0))),
        // Colours as [r, g, b, a] and null
        PropertySetting(
            id: "backgroundColor [r,g,b,a]", members: #""backgroundColor": [0.1, 0.2, 0.3, 0.4]"#, keyPath: "backgroundColor",
            expected: color(0.1, 0.2, 0.3, 0.4)),
        PropertySetting(id: "borderColor null", members: #""borderColor": null"#, keyPath: "borderColor", expected: .color(nil)),
        PropertySetting(
            id: "shadowColor [r,g,b,a]", members: #""shadowColor": [0, 0, 1, 1]"#, keyPath: "shadowColor", expected: color(0, 0, 1)),
        // Transforms as 16 numbers
        PropertySetting(
            id: "transform 16 numbers", members: #""transform": [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1]"#, keyPath: "transform",
            expected: .transform(translate5x6)),
        PropertySetting(
            id: "sublayerTransform 16 numbers", members: #""sublayerTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]"#,
            keyPath: "sublayerTransform", expected: .transform(.makePerspective(distance: 500))),
        // Booleans
        PropertySetting(id: "hidden", members: #""hidden": true"#, keyPath: "hidden", expected: true),
        PropertySetting(id: "masksToBounds", members: #""masksToBounds": true"#, keyPath: "masksToBounds", expected: true),
        PropertySetting(id: "doubleSided", members: #""doubleSided": false"#, keyPath: "doubleSided", expected: false),
        // Shape layers
        PropertySetting(id: "shape lineWidth", members: #""type": "shape", "lineWidth": 3"#, keyPath: "lineWidth", expected: 3),
        PropertySetting(id: "shape strokeStart", members: #""type": "shape", "strokeStart": 0.1"#, keyPath: "strokeStart", expected: 0.1),
        PropertySetting(id: "shape strokeEnd", members: #""type": "shape", "strokeEnd": 0.9"#, keyPath: "strokeEnd", expected: 0.9),
        PropertySetting(id: "shape miterLimit", members: #""type": "shape", "miterLimit": 4"#, keyPath: "miterLimit", expected: 4),
        PropertySetting(id: "shape lineDashPhase", members: #""type": "shape", "lineDashPhase": 2"#, keyPath: "lineDashPhase", expected: 2),
        PropertySetting(
            id: "shape lineDashPattern", members: #""type": "shape", "lineDashPattern": [4, 2]"#, keyPath: "lineDashPattern",
            expected: .numbers([4, 2])),
        PropertySetting(
            id: "shape fillColor", members: #""type": "shape", "fillColor": [1, 0, 0, 1]"#, keyPath: "fillColor", expected: color(1, 0, 0)),
        PropertySetting(
            id: "shape strokeColor", members: #""type": "shape", "strokeColor": [0, 1, 0, 0.5]"#, keyPath: "strokeColor",
            expected: color(0, 1, 0, 0.5)),
        // Text layers
        PropertySetting(id: "text fontSize", members: #""type": "text", "fontSize": 18"#, keyPath: "fontSize", expected: 18),
        PropertySetting(
            id: "text foregroundColor", members: #""type": "text", "foregroundColor": [0, 0, 0, 1]"#, keyPath: "foregroundColor",
            expected: color(0, 0, 0)),
        // Gradient layers
        PropertySetting(
            id: "gradient colors", members: #""type": "gradient", "colors": [[1, 0, 0, 1], [0, 0, 1, 1]]"#, keyPath: "colors",
            expected: .colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])),
        PropertySetting(
            id: "gradient locations", members: #""type": "gradient", "locations": [0, 0.25]"#, keyPath: "locations",
            expected: .numbers([0, 0.25])),
        PropertySetting(
            id: "gradient startPoint", members: #""type": "gradient", "startPoint": [0, 0.5]"#, keyPath: "startPoint",
            expected: .point(Point(x: 0, y: 0.5))),
        PropertySetting(
            id: "gradient endPoint", members: #""type": "gradient", "endPoint": [1, 0.25]"#, keyPath: "endPoint",
            expected: .point(Point(x: 1, y: 0.25))),
        // Hex colours and CSS transforms (real parsers needed)
        PropertySetting(
            id: "#RRGGBB", members: ##""backgroundColor": "#FF0000""##, keyPath: "backgroundColor", expected: color(1, 0, 0),
            needsGeometry: true),
        PropertySetting(
            id: "#RRGGBB mixed", members: ##""backgroundColor": "#3366CC""##, keyPath: "backgroundColor", expected: color(0.2, 0.4, 0.8),
            needsGeometry: true),
        PropertySetting(
            id: "#RRGGBBAA", members: ##""borderColor": "#00FF0080""##, keyPath: "borderColor", expected: color(0, 1, 0, 128.0 / 255.0),
            needsGeometry: true),
        PropertySetting(
            id: "hex gradient colors", members: ##""type": "gradient", "colors": ["#FF0000", "#0000FF"]"##, keyPath: "colors",
            expected: .colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]), needsGeometry: true),
        PropertySetting(
            id: "CSS translate", members: #""transform": "translate(10, 20)""#, keyPath: "transform",
            expected: .transform(.makeTranslation(10, 20, 0)), needsGeometry: true),
        PropertySetting(
            id: "CSS rotate(90deg)", members: #""transform": "rotate(90deg)""#, keyPath: "transform",
            expected: .transform(.makeRotation(.pi / 2, 0, 0, 1)), needsGeometry: true),
        PropertySetting(
            id: "CSS scale(2)", members: #""transform": "scale(2)""#, keyPath: "transform",
            expected: .transform(.makeScale(2, 2, 1)), needsGeometry: true),
        PropertySetting(
            id: "CSS perspective(500) sets m34 = -1/500", members: #""sublayerTransform": "perspective(500)""#,
            keyPath: "sublayerTransform",
            expected: .transform(.makePerspective(distance: 500)), needsGeometry: true),
        // The issue's example; the rightmost function applies first.
        PropertySetting(
            id: "CSS chain, rightmost first",
            members: #""transform": "translate(10, 20) rotate(45deg) scale(2) perspective(500) rotateY(30deg)""#, keyPath: "transform",
            expected: .transform(
                Transform3D.makeRotation(.pi / 6, 0, 1, 0)
                    .concatenating(.makePerspective(distance: 500))
                    .concatenating(.makeScale(2, 2, 1))
                    .concatenating(.makeRotation(.pi / 4, 0, 0, 1))
                    .concatenating(.makeTranslation(10, 20, 0))),
            needsGeometry: true),
    ]
}

@Suite("Scene decoding")
struct SceneDecodingTests {
    @Test("top-level fields")
    func topLevel() throws {
        let document = try SceneDocument.decode(
            #"{"kinema": 1, "size": [320, 240], "scale": 3, "background": [0.1, 0.2, 0.3, 1], "duration": 4.5}"#)
        #expect(document.size == Size(width: 320, height: 240))
        #expect(document.scale == 3)
        #expect(document.background == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        #expect(document.duration == 4.5)
        #expect(document.layers.isEmpty)
        #expect(document.script.isEmpty)
    }

    @Test("defaults: scale 2, white background, 3 s")
    func defaults() throws {
        let document = try SceneDocument.decode(#"{"kinema": 1, "size": [10, 20]}"#)
        #expect(document.scale == 2)
        #expect(document.background == Color(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(document.duration == 3)
    }

    @Test("hex background")
    func hexBackground() throws {
        let document = try SceneDocument.decode(##"{"kinema": 1, "size": [10, 20], "background": "#336699"}"##)
        #expect(isClose(.color(document.background), .color(Color(red: 0.2, green: 0.4, blue: 0.6)), 1e-9))
    }

    @Test("the root layer: id root, frame (0, 0, w, h), the scene background")
    func rootLayer() throws {
        let scene = try builtScene(#"{"kinema": 1, "size": [200, 100], "background": [0, 0.5, 1, 1]}"#)
        let root = try layer("root", in: scene)
        #expect(root === scene.rootLayer)
        #expect(root.name == "root")
        #expect(root.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(root.bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(root.backgroundColor == Color(red: 0, green: 0.5, blue: 1, alpha: 1))
        #expect(root.superlayer == nil)
    }

    @Test("layer members set model values", arguments: PropertySetting.all)
    func property(row: PropertySetting) throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "x", \#(row.members)}]"#))
        let value = try layer("x", in: scene).value(forKeyPath: row.keyPath)
        #expect(isClose(value, row.expected, 1e-9), "got \(value.map { JSONWriter.compact(SceneEncoding.json($0)) } ?? "nil")")
    }

    @Test(
        "layer types make layers of their kind",
        arguments: [("layer", LayerKind.layer), ("shape", .shape), ("text", .text), ("gradient", .gradient), ("transform", .transform)])
    func layerTypes(type: String, kind: LayerKind) throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "x", "type": "\#(type)"}]"#))
        #expect(try layer("x", in: scene).kind == kind)
    }

    @Test("no type means a plain layer")
    func defaultType() throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "x"}]"#))
        #expect(try layer("x", in: scene).kind == .layer)
    }

    @Test("image layers are plain layers with contents; relative paths resolve against the scene's directory")
    func imageLayer() throws {
        let scene = try builtScene(
            sceneJSON(
                layers:
                    #"[{"id": "rel", "type": "image", "contents": "pics/cat.png"}, {"id": "abs", "type": "image", "contents": "/data/dog.png"}]"#
            ),
            directory: "/scenes")
        let rel = try layer("rel", in: scene), abs = try layer("abs", in: scene)
        #expect(rel.kind == .layer)
        #expect(rel.contents?.source == "/scenes/pics/cat.png")
        #expect(abs.contents?.source == "/data/dog.png")
        let inspection = SceneInspector(document: scene.document).inspect(at: 0)
        let types = inspection["layers"]?.asArray?.compactMap { $0["type"]?.asString }
        #expect(types == ["layer", "image", "image"])
    }

    @Test("frame sets the position (anchor at the centre) and the bounds size")
    func frame() throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "x", "frame": [10, 20, 30, 40]}]"#))
        let x = try layer("x", in: scene)
        #expect(x.bounds == Rect(x: 0, y: 0, width: 30, height: 40))
        #expect(x.position == Point(x: 25, y: 40))
        #expect(x.frame == Rect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test("frame with a custom anchor point")
    func frameWithAnchor() throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "x", "anchorPoint": [0, 0], "frame": [10, 20, 30, 40]}]"#))
        let x = try layer("x", in: scene)
        #expect(x.position == Point(x: 10, y: 20))
        #expect(x.frame == Rect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test("text layer settings")
    func textSettings() throws {
        let scene = try builtScene(
            sceneJSON(
                layers: #"""
                    [{"id": "t", "type": "text", "string": "Hello", "font": "Menlo", "alignmentMode": "center",
                      "wrapped": true, "truncationMode": "middle"}]
                    """#))
        let t = try #require(try layer("t", in: scene) as? TextLayer)
        #expect(t.string == "Hello")
        #expect(t.fontName == "Menlo")
        #expect(t.alignmentMode == .center)
        #expect(t.isWrapped)
        #expect(t.truncationMode == .middle)
    }

    @Test("shape layer settings")
    func shapeSettings() throws {
        let scene = try builtScene(
            sceneJSON(layers: #"[{"id": "s", "type": "shape", "lineCap": "round", "lineJoin": "bevel", "fillRule": "evenOdd"}]"#))
        let s = try #require(try layer("s", in: scene) as? ShapeLayer)
        #expect(s.lineCap == .round)
        #expect(s.lineJoin == .bevel)
        #expect(s.fillRule == .evenOdd)
    }

    @Test("gradient type")
    func gradientType() throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "g", "type": "gradient", "gradientType": "radial"}]"#))
        #expect(try #require(try layer("g", in: scene) as? GradientLayer).type == .radial)
    }

    @Test("maskedCorners, contentsGravity and layer timing")
    func otherSettings() throws {
        let scene = try builtScene(
            sceneJSON(
                layers: #"""
                    [{"id": "x", "maskedCorners": ["minXMinY", "maxXMaxY"], "contentsGravity": "resizeAspectFill",
                      "beginTime": 1.5, "speed": 2, "timeOffset": 0.25}]
                    """#))
        let x = try layer("x", in: scene)
        #expect(x.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(x.contentsGravity == .resizeAspectFill)
        #expect(x.beginTime == 1.5)
        #expect(x.speed == 2)
        #expect(x.timeOffset == 0.25)
    }

    @Test("paths from rect and ellipse objects")
    func pathObjects() throws {
        let scene = try builtScene(
            sceneJSON(
                layers: #"""
                    [{"id": "r", "type": "shape", "path": {"rect": [2, 4, 36, 24], "cornerRadius": 6}},
                     {"id": "e", "type": "shape", "path": {"ellipse": [0, 0, 50, 30]}},
                     {"id": "p", "shadowPath": {"rect": [1, 2, 3, 4]}}]
                    """#))
        let r = try #require(try layer("r", in: scene) as? ShapeLayer)
        let e = try #require(try layer("e", in: scene) as? ShapeLayer)
        #expect(r.path?.boundingBox == Rect(x: 2, y: 4, width: 36, height: 24))
        #expect(!(r.path?.elements.isEmpty ?? true))
        #expect(r.path?.contains(Point(x: 20, y: 16)) == true)
        #expect(r.path?.contains(Point(x: 2.5, y: 4.5)) == false, "the rounded corner is outside")
        #expect(e.path?.boundingBox.map { isClose($0, Rect(x: 0, y: 0, width: 50, height: 30), 1e-6) } == true)
        #expect(try layer("p", in: scene).shadowPath?.boundingBox == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("paths from SVG path data")
    func svgPath() throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "s", "type": "shape", "path": "M0 0 L36 12 L0 24 Z"}]"#))
        let s = try #require(try layer("s", in: scene) as? ShapeLayer)
        #expect(
            s.path?.elements == [
                .moveTo(Point(x: 0, y: 0)), .lineTo(Point(x: 36, y: 12)), .lineTo(Point(x: 0, y: 24)), .closeSubpath,
            ])
        #expect(s.path?.boundingBox == Rect(x: 0, y: 0, width: 36, height: 24))
    }

    @Test("null path clears the path")
    func nullPath() throws {
        let scene = try builtScene(sceneJSON(layers: #"[{"id": "s", "type": "shape", "path": null}]"#))
        #expect(try #require(try layer("s", in: scene) as? ShapeLayer).path == nil)
    }

    @Test("sublayers and masks build a tree")
    func tree() throws {
        let scene = try builtScene(
            sceneJSON(
                layers: #"""
                    [{"id": "a", "sublayers": [{"id": "a1"}, {"id": "a2", "sublayers": [{"id": "a2x"}]}],
                      "mask": {"id": "m", "type": "shape"}},
                     {"id": "b"}]
                    """#))
        let root = scene.rootLayer
        #expect(root.sublayers.map(\.name) == ["a", "b"])
        let a = try layer("a", in: scene)
        #expect(a.sublayers.map(\.name) == ["a1", "a2"])
        #expect(try layer("a2x", in: scene).superlayer === layer("a2", in: scene))
        #expect(a.mask === (try layer("m", in: scene)))
        #expect(a.mask?.kind == .shape)
        #expect(try layer("m", in: scene).superlayer == nil)
        #expect(Set(scene.layers.keys) == ["root", "a", "a1", "a2", "a2x", "m", "b"])
    }

    @Test("basic animation fields")
    func basicAnimationFields() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"key": "move", "type": "basic", "keyPath": "position.x", "fromValue": 1, "toValue": 2, "byValue": 3,
                      "beginTime": 0.5, "duration": 2, "speed": 1.5, "timeOffset": 0.25, "repeatCount": 3, "repeatDuration": 0,
                      "autoreverses": true, "fillMode": "both", "removedOnCompletion": false, "timingFunction": [0.1, 0.2, 0.3, 0.4],
                      "additive": true, "cumulative": true}]
                    """#))
        let box = try layer("box", in: scene)
        #expect(box.animationKeys() == ["move"])
        let any = try #require(box.animation(forKey: "move"))
        guard case .basic(let a) = any else {
            Issue.record("expected a basic animation, got \(any.typeName)")
            return
        }
        #expect(a.keyPath == LayerKeyPath(.position, .x))
        #expect(a.fromValue == .number(1))
        #expect(a.toValue == .number(2))
        #expect(a.byValue == .number(3))
        #expect(a.timing.beginTime == 0.5)
        #expect(a.timing.duration == 2)
        #expect(a.timing.speed == 1.5)
        #expect(a.timing.timeOffset == 0.25)
        #expect(a.timing.repeatCount == 3)
        #expect(a.timing.autoreverses)
        #expect(a.timing.fillMode == .both)
        #expect(!a.isRemovedOnCompletion)
        #expect(a.timingFunction == TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4))
        #expect(a.isAdditive)
        #expect(a.isCumulative)
    }

    @Test("animation defaults: basic, 0.25 s, removed on completion, no fill")
    func animationDefaults() throws {
        let scene = try builtScene(boxScene(animations: #"[{"key": "k", "keyPath": "opacity", "toValue": 0}]"#))
        let any = try #require(try layer("box", in: scene).animation(forKey: "k"))
        #expect(any.typeName == "basic")
        #expect(any.timing.duration == 0.25)
        #expect(any.timing.beginTime == 0)
        #expect(any.timing.fillMode == .removed)
        #expect(any.timing.repeatCount == 0)
        #expect(any.isRemovedOnCompletion)
    }

    @Test("zero duration becomes 0.25 s")
    func zeroDuration() throws {
        let scene = try builtScene(boxScene(animations: #"[{"key": "k", "keyPath": "opacity", "toValue": 0, "duration": 0}]"#))
        #expect(try layer("box", in: scene).animation(forKey: "k")?.timing.duration == 0.25)
    }

    @Test("repeatCount \"infinity\"")
    func infiniteRepeat() throws {
        let scene = try builtScene(boxScene(animations: #"[{"key": "k", "keyPath": "opacity", "toValue": 0, "repeatCount": "infinity"}]"#))
        #expect(try layer("box", in: scene).animation(forKey: "k")?.timing.repeatCount == .infinity)
    }

    @Test("timing functions by name", arguments: TimingFunction.Name.allCases)
    func namedCurve(name: TimingFunction.Name) throws {
        let scene = try builtScene(
            boxScene(animations: #"[{"key": "k", "keyPath": "opacity", "toValue": 0, "timingFunction": "\#(name.rawValue)"}]"#))
        #expect(try layer("box", in: scene).animation(forKey: "k")?.timingFunction == TimingFunction(name: name))
    }

    @Test("keyframe animation fields")
    func keyframeFields() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"key": "kf", "type": "keyframe", "keyPath": "position", "values": [[0, 0], [10, 20], [30, 5]],
                      "keyTimes": [0, 0.4, 1], "timingFunctions": ["easeIn", [0.5, 0, 0.5, 1]], "calculationMode": "cubic",
                      "tensionValues": [0, 0.5, -0.5], "continuityValues": [0, 0, 1], "biasValues": [-1, 0, 0], "duration": 2}]
                    """#))
        let any = try #require(try layer("box", in: scene).animation(forKey: "kf"))
        guard case .keyframe(let a) = any else {
            Issue.record("expected a keyframe animation, got \(any.typeName)")
            return
        }
        #expect(a.keyPath == "position")
        #expect(a.values == [.point(Point(x: 0, y: 0)), .point(Point(x: 10, y: 20)), .point(Point(x: 30, y: 5))])
        #expect(a.keyTimes == [0, 0.4, 1])
        #expect(a.timingFunctions == [.easeIn, TimingFunction(controlPoints: 0.5, 0, 0.5, 1)])
        #expect(a.calculationMode == .cubic)
        #expect(a.tensionValues == [0, 0.5, -0.5])
        #expect(a.continuityValues == [0, 0, 1])
        #expect(a.biasValues == [-1, 0, 0])
        #expect(a.timing.duration == 2)
    }

    @Test("keyframe path with rotationMode")
    func keyframePath() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"key": "kf", "type": "keyframe", "keyPath": "position", "path": "M0 0 L100 0 L100 50",
                      "rotationMode": "auto", "calculationMode": "paced", "duration": 1}]
                    """#))
        let any = try #require(try layer("box", in: scene).animation(forKey: "kf"))
        guard case .keyframe(let a) = any else {
            Issue.record("expected a keyframe animation, got \(any.typeName)")
            return
        }
        #expect(a.rotationMode == .rotateAuto)
        #expect(a.path?.elements == [.moveTo(Point(x: 0, y: 0)), .lineTo(Point(x: 100, y: 0)), .lineTo(Point(x: 100, y: 50))])
    }

    @Test("spring fields")
    func springFields() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"key": "s", "type": "spring", "keyPath": "position.y", "fromValue": 0, "toValue": 10,
                      "mass": 2, "stiffness": 300, "damping": 7, "initialVelocity": -4, "duration": 1}]
                    """#))
        let any = try #require(try layer("box", in: scene).animation(forKey: "s"))
        guard case .spring(let a) = any else {
            Issue.record("expected a spring animation, got \(any.typeName)")
            return
        }
        #expect(a.mass == 2)
        #expect(a.stiffness == 300)
        #expect(a.damping == 7)
        #expect(a.initialVelocity == -4)
        #expect(a.fromValue == .number(0))
        #expect(a.toValue == .number(10))
    }

    @Test("spring from perceptualDuration and bounce: mass 1, stiffness (2π/d)², damping 4π/d for bounce 0")
    func springPerceptual() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"key": "s", "type": "spring", "keyPath": "position.y", "toValue": 10, "perceptualDuration": 0.5, "bounce": 0}]
                    """#))
        guard case .spring(let a) = try #require(try layer("box", in: scene).animation(forKey: "s")) else {
            Issue.record("expected a spring animation")
            return
        }
        #expect(isClose(a.mass, 1, 1e-9))
        #expect(isClose(a.stiffness, 157.91367041742973, 1e-6))
        #expect(isClose(a.damping, 25.132741228718345, 1e-6))
    }

    @Test("group animation fields")
    func groupFields() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"key": "g", "type": "group", "duration": 2, "animations": [
                      {"keyPath": "opacity", "toValue": 0, "duration": 1},
                      {"type": "spring", "keyPath": "position.x", "toValue": 5, "duration": 2},
                      {"type": "keyframe", "keyPath": "cornerRadius", "values": [0, 4], "duration": 2}]}]
                    """#))
        guard case .group(let g) = try #require(try layer("box", in: scene).animation(forKey: "g")) else {
            Issue.record("expected a group")
            return
        }
        #expect(g.animations.map(\.typeName) == ["basic", "spring", "keyframe"])
        #expect(g.animations.map { $0.keyPath?.string } == ["opacity", "position.x", "cornerRadius"])
        #expect(g.timing.duration == 2)
    }

    @Test("transition fields; stored under the key \"transition\" as in Core Animation")
    func transitionFields() throws {
        let scene = try builtScene(
            boxScene(
                animations: #"""
                    [{"type": "transition", "transitionType": "push", "subtype": "fromRight", "startProgress": 0.25,
                      "endProgress": 0.75, "duration": 0.6}]
                    """#))
        guard case .transition(let t) = try #require(try layer("box", in: scene).animation(forKey: "transition")) else {
            Issue.record("expected a transition")
            return
        }
        #expect(t.type == .push)
        #expect(t.subtype == .fromRight)
        #expect(t.startProgress == 0.25)
        #expect(t.endProgress == 0.75)
        #expect(t.timing.duration == 0.6)
    }

    @Test(
        "value functions",
        arguments: [("rotateZ", ValueFunction.rotateZ, "1.5"), ("scale", .scale, "[1, 2, 3]"), ("translateX", .translateX, "4")])
    func valueFunction(name: String, function: ValueFunction, value: String) throws {
        let scene = try builtScene(
            boxScene(animations: #"[{"key": "v", "keyPath": "transform", "valueFunction": "\#(name)", "toValue": \#(value)}]"#))
        guard case .basic(let a) = try #require(try layer("box", in: scene).animation(forKey: "v")) else {
            Issue.record("expected a basic animation")
            return
        }
        #expect(a.valueFunction == function)
    }

    @Test("script steps are sorted by time, stably, and keep their transaction settings")
    func scriptOrder() throws {
        let document = try SceneDocument.decode(
            boxScene(
                script: #"""
                    [{"at": 2, "pause": "box"},
                     {"at": 1, "set": {"layer": "box", "opacity": 0.5},
                      "transaction": {"animationDuration": 0.75, "animationTimingFunction": "easeOut", "disableActions": false}},
                     {"at": 2, "resume": "box"},
                     {"at": 0.5, "remove": {"layer": "box", "all": true}}]
                    """#))
        #expect(document.script.map(\.at) == [0.5, 1, 2, 2])
        let step = document.script[1]
        #expect(step.animationDuration == 0.75)
        #expect(step.animationTimingFunction == .easeOut)
        #expect(step.disableActions == false)
        let first = document.script[2].actions.first?.body as? PauseAnimationsAction
        let second = document.script[3].actions.first?.body as? ResumeAnimationsAction
        #expect(document.script[2].actions.map(\.name) == ["pause"], "pause then resume at t = 2 (document order)")
        #expect(first?.layer == "box" && second?.layer == "box")
    }
}
