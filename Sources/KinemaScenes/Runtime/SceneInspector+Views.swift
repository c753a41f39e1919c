import KinemaGeometry
import KinemaLayers
import KinemaUI

extension SceneInspector {
    /// The views of `scene` at `t`, depth first, back to front: id, type, layer id, superview,
    /// model frame, window frame (the bounding box of the layer's presentation on screen), the
    /// state that decides hit testing, labels' text, buttons' titles, and gesture recognizers.
    static func describeViews(of scene: Scene, at t: Double) -> JSONValue {
        let ids = Dictionary(scene.views.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: { a, _ in a })
        var out: [JSONValue] = []
        func visit(_ view: View, superview: String?) {
            guard let id = ids[ObjectIdentifier(view)] else { return }
            out.append(describe(view, id: id, superview: superview, scene: scene, at: t))
            for sub in view.subviews { visit(sub, superview: id) }
        }
        for view in scene.window.subviews { visit(view, superview: nil) }
        return .array(out)
    }

    static func describe(_ view: View, id: String, superview: String?, scene: Scene, at t: Double) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(id)),
            ("type", .string(SceneViewType.of(view).rawValue)),
            ("layer", view.layer.name.map(JSONValue.string) ?? .null),
            ("superview", superview.map(JSONValue.string) ?? .null),
            ("frame", SceneEncoding.json(view.frame)),
            ("windowFrame", windowFrame(of: view.layer, at: t)),
            ("alpha", .number(view.alpha)),
            ("hidden", .bool(view.isHidden)),
            ("userInteractionEnabled", .bool(view.isUserInteractionEnabled)),
        ]
        if view.tag != 0 { members.append(("tag", .number(Double(view.tag)))) }
        if let label = view.accessibilityLabel { members.append(("accessibilityLabel", .string(label))) }
        let type = SceneViewType.of(view)
        members += type.traits.inspect(view)
        members.append(("gestures", .array(scene.describeGestures(of: view))))
        return .object(members)
    }

    /// The bounding box of the layer's presentation quad in window coordinates, or `null` when
    /// it is not on screen (a corner behind the eye).
    static func windowFrame(of layer: Layer, at t: Double) -> JSONValue {
        let quad = layer.quadInRoot(using: .presentation(at: t))
        guard !quad.isEmpty, quad.allSatisfy(\.isFinite) else { return .null }
        let xs = quad.map(\.x), ys = quad.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return SceneEncoding.json(Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY))
    }

    /// The id of the view the window's hit test finds at `point` (window coordinates), `null`
    /// for none or for the window itself.
    static func hitView(in scene: Scene, at point: Point) -> JSONValue {
        guard let view = scene.window.hitTest(point, with: nil), view !== scene.window else { return .null }
        var node: View? = view
        while let v = node {
            if let id = scene.views.first(where: { $0.value === v })?.key { return .string(id) }
            node = v.superview
        }
        return .null
    }

    /// The views section of the text form.
    static func viewLines(_ views: [JSONValue]) -> [String] {
        guard !views.isEmpty else { return [] }
        var depth: [String: Int] = [:]
        var lines = ["views"]
        for view in views {
            let id = view["id"]?.stringValue ?? "?"
            var level = 1
            if let parent = view["superview"]?.stringValue { level = (depth[parent] ?? 0) + 1 }
            depth[id] = level
            var line = String(repeating: "  ", count: level) + id + " (\(view["type"]?.stringValue ?? ""))"
            if let layer = view["layer"]?.stringValue, layer != id { line += " layer=\(layer)" }
            if let frame = view["windowFrame"] { line += " windowFrame=\(JSONWriter.compact(frame))" }
            if view["hidden"] == .bool(true) { line += " hidden" }
            for key in ["text", "title"] {
                if let text = view[key], text != .null { line += " \(key)=\(JSONWriter.compact(text))" }
            }
            if view["enabled"] == .bool(false) { line += " disabled" }
            if view["highlighted"] == .bool(true) { line += " highlighted" }
            if let offset = view["contentOffset"] { line += " contentOffset=\(JSONWriter.compact(offset))" }
            if let zoom = view["zoomScale"], zoom != .number(1) { line += " zoomScale=\(JSONWriter.compact(zoom))" }
            if case .array(let gestures)? = view["gestures"], !gestures.isEmpty {
                let parts = gestures.map { g in "\(g["id"]?.stringValue ?? "?"):\(g["state"]?.stringValue ?? "?")" }
                line += " gestures=[\(parts.joined(separator: ", "))]"
            }
            lines.append(line)
        }
        return lines
    }
}

extension SceneInspector {
    /// The layout at the scene's time: `brokenConstraints`, the description of each declared
    /// constraint the engine could not satisfy and ignores, and `ambiguousViews`, the ids of the
    /// views with constraints whose frame they leave undetermined.
    static func describeLayout(of scene: Scene) -> JSONValue {
        .object([
            ("brokenConstraints", .array(scene.brokenConstraints.map { .string($0.constraint.description) })),
            ("ambiguousViews", .array(scene.ambiguousViews.map { .string($0.id) })),
        ])
    }

    /// The layout section of the text form: `layout ok`, or a line per broken constraint and per
    /// ambiguous view.
    static func layoutLines(_ layout: JSONValue) -> [String] {
        let broken = layout["brokenConstraints"]?.arrayValue ?? []
        let ambiguous = layout["ambiguousViews"]?.arrayValue ?? []
        guard !broken.isEmpty || !ambiguous.isEmpty else { return ["layout ok"] }
        return ["layout"] + broken.map { "  broken \($0.stringValue ?? "?")" } + ambiguous.map { "  ambiguous \($0.stringValue ?? "?")" }
    }
}

extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
}
