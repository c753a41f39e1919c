import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// Answers questions about a scene at given times: the data behind `kinema sample` and
/// `kinema inspect`.
public final class SceneInspector {
    let clock: SceneClock

    /// The keys `sample` accepts besides animatable key paths.
    public static let specialKeys = ["localTime", "frame", "windowQuad", "animationKeys"]

    /// The type of every layer the document declares, by id (those its script adds included).
    private let layerTypes: [String: SceneLayerType]

    public init(document: SceneDocument) {
        clock = SceneClock(document: document)
        layerTypes = Self.layerTypes(in: document)
    }

    public var document: SceneDocument { clock.document }

    /// Checks that `layer` and `key` can be sampled; throws a ``SceneError`` naming the problem.
    public func validateSample(layer id: String, key: String) throws(SceneError) {
        func problem(_ path: String, _ message: String) -> SceneError {
            SceneError(issues: [SceneIssue(path: path, message: message)])
        }
        guard let type = layerTypes[id] else {
            var message = "unknown layer id '\(id)'"
            if let s = suggestion(for: id, among: layerTypes.keys.sorted()) { message += " (did you mean '\(s)'?)" }
            throw problem("--layer", message)
        }
        if Self.specialKeys.contains(key) { return }
        let keyPath: LayerKeyPath
        do { keyPath = try LayerKeyPath(parsing: key) } catch {
            var message = error.message + " (or one of \(Self.specialKeys.joined(separator: ", ")))"
            if let s = suggestion(for: key, among: Self.specialKeys + LayerProperty.allCases.map(\.rawValue)) {
                message += "; did you mean '\(s)'?"
            }
            throw problem("--key", message)
        }
        if let owner = keyPath.property.owningKind, owner != type.layerKind {
            throw problem("--key", "'\(key)' is a property of \(owner.rawValue) layers, but '\(id)' is a \(type.rawValue) layer")
        }
    }

    /// The value of `key` on layer `id` at each time, as `{"layer", "key", "samples": [{"time", "value"}]}`.
    /// A layer not in the tree at a time samples as `null`.
    public func sample(layer id: String, key: String, times: [Double]) throws(SceneError) -> JSONValue {
        try validateSample(layer: id, key: key)
        var samples: [JSONValue] = []
        for t in times {
            let scene = clock.scene(at: t)
            let value: JSONValue = scene.layers[id].map { layer in Self.value(of: key, layer: layer, at: t) } ?? .null
            samples.append(.object([("time", .number(t)), ("value", value)]))
        }
        return .object([("layer", .string(id)), ("key", .string(key)), ("samples", .array(samples))])
    }

    static func value(of key: String, layer: Layer, at t: Double) -> JSONValue {
        switch key {
        case "localTime": return .number(layer.localTime(atMediaTime: t))
        case "frame": return SceneEncoding.json(layer.presentation(at: t).frame)
        case "windowQuad": return .array(layer.quadInRoot(using: .presentation(at: t)).map(SceneEncoding.json))
        case "animationKeys": return .array(layer.animationKeys().map(JSONValue.string))
        default:
            guard let keyPath = try? LayerKeyPath(parsing: key), let v = layer.presentationValue(forKeyPath: keyPath, at: t) else {
                return .null
            }
            return SceneEncoding.json(v)
        }
    }

    /// The presentation tree at `t` in back-to-front drawing order, with the layer `hitTest`
    /// finds at `hit` (root coordinates) when given. A scene with views also lists them
    /// (`"views"`) and, with `hit`, names the view the window's hit test finds (`"hitView"`). A
    /// scene with constraints tells what its layout could not do (`"layout"`). A scene with
    /// overlays lists those shown so far (`"overlays"`).
    public func inspect(at t: Double, hit: Point? = nil) -> JSONValue {
        let scene = clock.scene(at: t)
        var members: [(key: String, value: JSONValue)] = [
            ("time", .number(t)), ("hit", Self.hitLayer(in: scene.rootLayer, at: hit, time: t)),
        ]
        let hasViews = !document.views.isEmpty
        if hasViews, let hit { members.append(("hitView", Self.hitView(in: scene, at: hit))) }
        members.append(("layers", .array(Self.describeTree(scene.rootLayer, at: t))))
        if hasViews { members.append(("views", Self.describeViews(of: scene, at: t))) }
        if document.usesConstraints { members.append(("layout", Self.describeLayout(of: scene))) }
        if !document.overlays.isEmpty { members.append(("overlays", Self.describeOverlays(of: scene, at: t))) }
        if let dynamics = scene.dynamics { members.append(("dynamics", Self.describeDynamics(dynamics, in: scene))) }
        if !document.transitions.isEmpty { members.append(("transitions", Self.describeTransitions(of: scene, at: t))) }
        return .object(members)
    }

    /// The presentation tree under `root` at time `t`, in the form ``inspect(at:hit:)`` gives a
    /// scene's (`"time"`, `"hit"`, `"layers"`): for layer trees built in code, such as a Lottie
    /// animation's.
    public static func inspect(layerTree root: Layer, at t: Double, hit: Point? = nil) -> JSONValue {
        .object([("time", .number(t)), ("hit", hitLayer(in: root, at: hit, time: t)), ("layers", .array(describeTree(root, at: t)))])
    }

    /// Every layer under `root` (masks before sublayers, sublayers in drawing order), described
    /// at time `t`: each layer's time, presentation and quad come from its superlayer's, once per
    /// layer (walking up the tree for each layer cost the square of its depth).
    static func describeTree(_ root: Layer, at t: Double) -> [JSONValue] {
        var layers: [JSONValue] = []
        root.walkPresentation(at: t) { presented in
            layers.append(describe(presented))
        }
        return layers
    }

    /// The name of the layer `hitTest` finds at `hit`, or null.
    static func hitLayer(in root: Layer, at hit: Point?, time t: Double) -> JSONValue {
        guard let hit, let found = root.hitTest(hit, using: .presentation(at: t)) else { return .null }
        return found.name.map(JSONValue.string) ?? .null
    }

    static func typeName(_ layer: Layer) -> String {
        if layer.kind == .layer && layer.contents != nil { return "image" }
        return layer.kind.rawValue
    }

    static func describe(_ presented: PresentedLayer) -> JSONValue {
        let layer = presented.layer, state = presented.state
        var members: [(key: String, value: JSONValue)] = [
            ("id", layer.name.map(JSONValue.string) ?? .null),
            ("type", .string(typeName(layer))),
            ("superlayer", presented.superlayer?.name.map(JSONValue.string) ?? .null),
        ]
        if let maskOf = presented.maskOwner?.name { members.append(("maskOf", .string(maskOf))) }
        members.append(("localTime", .number(presented.localTime)))
        members.append(("windowQuad", .array(presented.quadInRoot.map(SceneEncoding.json))))
        members.append(("frame", SceneEncoding.json(state.frame)))
        for property in LayerProperty.allCases {
            if let v = state.value(of: property) { members.append((property.rawValue, SceneEncoding.json(v))) }
        }
        members.append(("beginTime", .number(layer.beginTime)))
        members.append(("speed", .number(layer.speed)))
        members.append(("timeOffset", .number(layer.timeOffset)))
        for attribute in LayerAttribute.allCases {
            // `nil`: another kind's, or not written by name; `.null`: no contents.
            guard let v = state.value(of: attribute), v != .null else { continue }
            members.append((attribute.rawValue, SceneEncoding.json(v)))
        }
        let animations = layer.animationPhases(localTime: presented.localTime).map { entry -> JSONValue in
            .object([
                ("key", entry.key.map(JSONValue.string) ?? .null),
                ("type", .string(entry.animation.typeName)),
                ("keyPath", entry.animation.keyPath.map { .string($0.string) } ?? .null),
                ("phase", .string(entry.phase.rawValue)),
            ])
        }
        members.append(("animations", .array(animations)))
        return .object(members)
    }

    /// The inspection as an indented tree for people.
    public static func text(_ inspection: JSONValue) -> String {
        guard case .array(let layers) = inspection["layers"] ?? .null else { return "" }
        var depth: [String: Int] = [:]
        var lines: [String] = []
        if case .number(let t) = inspection["time"] ?? .null { lines.append("time \(JSONWriter.number(t)) s") }
        if let hit = inspection["hit"], hit != .null { lines.append("hit \(JSONWriter.compact(hit))") }
        if let hit = inspection["hitView"], hit != .null { lines.append("hitView \(JSONWriter.compact(hit))") }
        for layer in layers {
            let id: String = { if case .string(let s) = layer["id"] ?? .null { return s } else { return "?" } }()
            var level = 0
            if case .string(let parent) = layer["superlayer"] ?? .null { level = (depth[parent] ?? 0) + 1 }
            if case .string(let owner) = layer["maskOf"] ?? .null { level = (depth[owner] ?? 0) + 1 }
            depth[id] = level
            let type = layer["type"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
            var line = String(repeating: "  ", count: level) + id + " (\(type)\(layer["maskOf"] != nil ? ", mask" : ""))"
            for key in ["frame", "opacity", "zPosition"] {
                if let v = layer[key] { line += " \(key)=\(JSONWriter.compact(v))" }
            }
            if layer["hidden"] == .bool(true) { line += " hidden" }
            if let t = layer["transform"], t != SceneEncoding.json(.transform(.identity)) { line += " transform=\(JSONWriter.compact(t))" }
            if case .array(let anims) = layer["animations"] ?? .null, !anims.isEmpty {
                let parts = anims.map { a -> String in
                    let key = a["key"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "-"
                    let phase = a["phase"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
                    return "\(key):\(phase)"
                }
                line += " animations=[\(parts.joined(separator: ", "))]"
            }
            lines.append(line)
        }
        if case .array(let views)? = inspection["views"] { lines += viewLines(views) }
        if let layout = inspection["layout"] { lines += layoutLines(layout) }
        if case .array(let overlays)? = inspection["overlays"] { lines += overlayLines(overlays) }
        if let dynamics = inspection["dynamics"] { lines += dynamicsLines(dynamics) }
        return lines.joined(separator: "\n")
    }

    static func layerTypes(in document: SceneDocument) -> [String: SceneLayerType] {
        var types: [String: SceneLayerType] = ["root": .layer]
        func visit(_ spec: LayerSpec) {
            types[spec.id] = spec.type
            spec.mask.forEach(visit)
            spec.sublayers.forEach(visit)
        }
        document.layers.forEach(visit)
        func visit(_ view: ViewSpec) {
            types[view.id] = .layer
            view.subviews.forEach(visit)
        }
        document.views.forEach(visit)
        for step in document.script {
            for action in step.actions {
                action.body.addedLayers.forEach(visit)
            }
        }
        return types
    }
}
