import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaTiming

extension SceneDocument {
    static let topKeys = [
        "kinema", "size", "scale", "background", "safeAreaInsets", "duration", "layers", "views", "script", "overlays", "dynamics",
        "transitions",
    ]
    static let structuralLayerKeys = ["id", "type", "sublayers", "mask", "animations"]
    static let stepKeys = [
        "at", "transaction", "set", "add", "remove", "pause", "resume", "addLayer", "removeLayer", "animate", "touch", "tap", "drag",
        "dynamics",
    ]
    static let actionKeys = [
        "set", "add", "remove", "pause", "resume", "addLayer", "removeLayer", "animate", "touch", "tap", "drag", "dynamics",
    ]

    /// Reads a scene file. Relative `contents` paths resolve against the file's directory.
    public static func load(path: String) throws(SceneError) -> SceneDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(issues: [SceneIssue(path: "$", message: "cannot read the scene file '\(path)'")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(issues: [SceneIssue(path: "$", message: "the scene file is not UTF-8 text")])
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try decode(text, directory: directory.isEmpty ? "." : directory, checkingFiles: true)
    }

    /// Decodes and validates scene JSON; throws every problem found, each with its JSON path.
    /// Relative `contents` paths resolve against `directory`; with `checkingFiles`, a `contents`
    /// file that does not exist is a problem too.
    public static func decode(_ text: String, directory: String? = nil, checkingFiles: Bool = false) throws(SceneError) -> SceneDocument {
        let json: JSONValue
        do { json = try JSONReader.parse(text) } catch {
            throw SceneError(issues: [SceneIssue(path: "$", message: "invalid JSON at \(error.description)")])
        }
        let issues = IssueCollector()
        issues.checksFiles = checkingFiles
        let document = decode(json, issues: issues, directory: directory)
        if let document, issues.issues.isEmpty { return document }
        throw SceneError(issues: issues.issues)
    }

    static func decode(_ json: JSONValue, issues: IssueCollector, directory: String?) -> SceneDocument? {
        guard let o = ObjectReader(json, at: .root, issues: issues) else { return nil }
        o.rejectUnknownKeys(allowed: topKeys, context: "the scene")
        if let version = o["kinema"] {
            if version != .number(1) { issues.add(JSONPath.root.key("kinema"), "unsupported format version (expected 1)") }
        } else {
            issues.add(.root, "missing \"kinema\": 1 (the format version)")
        }
        let parser = ValueParser(issues: issues)
        var size = Size(width: 0, height: 0)
        if let s = o["size"] {
            if let parsed = parser.size(s, at: JSONPath.root.key("size"), nonNegative: true) {
                if parsed.width == 0 || parsed.height == 0 {
                    issues.add(JSONPath.root.key("size"), "expected a positive width and height")
                }
                size = parsed
            }
        } else {
            issues.add(.root, "missing \"size\": [width, height] in points")
        }
        let scale = o.number("scale", above: 0, max: 16) ?? 2
        var background = Color.white
        if let b = o["background"], let c = parser.color(b, at: JSONPath.root.key("background")) { background = c }
        let duration = o.number("duration", above: 0) ?? 3
        let safeArea = o["safeAreaInsets"].flatMap { parser.safeAreaInsets($0, at: JSONPath.root.key("safeAreaInsets"), within: size) }

        var ids: [String: SceneLayerType] = ["root": .layer]
        var layers: [LayerSpec] = []
        if let items = o.array("layers") {
            for (i, item) in items.enumerated() {
                if let l = decodeLayer(item, at: JSONPath.root.key("layers").index(i), ids: &ids, issues: issues, directory: directory) {
                    layers.append(l)
                }
            }
        }
        let catalog = ViewCatalog(issues: issues, directory: directory)
        catalog.scan(o["views"])
        catalog.layerIDs = Set(ids.keys)
        var views: [ViewSpec] = []
        if let items = o.array("views") {
            for (i, item) in items.enumerated() {
                if let v = ViewSpec.decode(item, at: JSONPath.root.key("views").index(i), ids: &ids, catalog: catalog) {
                    views.append(v)
                }
            }
        }
        let dynamicsCatalog = DynamicsCatalog(views: catalog, specs: views)
        catalog.dynamics = dynamicsCatalog
        let dynamics = o["dynamics"].flatMap { DynamicsSpec.decode($0, at: JSONPath.root.key("dynamics"), catalog: dynamicsCatalog) }
        var script: [ScriptStep] = []
        if let items = o.array("script") {
            var live = Set(ids.keys)
            let indexed = items.enumerated().map { ($0.offset, $0.element) }
            let order = indexed.map { index, item -> (Int, Double, JSONValue) in
                if case .number(let t) = item["at"] ?? .null, t.isFinite { return (index, t, item) }
                return (index, 0, item)
            }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            var steps: [(Int, ScriptStep)] = []
            var touches: [SceneTouch.Located] = []
            for (index, _, item) in order {
                catalog.layerIDs.formUnion(ids.keys)
                var located: [SceneTouch.Located] = []
                if var step = decodeStep(
                    item, at: JSONPath.root.key("script").index(index), live: &live, allIDs: &ids, catalog: catalog,
                    touches: &located)
                {
                    if touches.count + located.count > SceneTouch.maximumSampleCount {
                        issues.add(
                            JSONPath.root.key("script").index(index),
                            "the script's touches add up to more than \(SceneTouch.maximumSampleCount) samples (a drag gives 120 per second)"
                        )
                        located = []
                    }
                    step.touches = located.map(\.touch)
                    steps.append((index, step))
                    touches += located
                }
            }
            // Delivery order: by time, then the step's place in the script, then the sample's
            // place in its step (a stable sort keeps the last two).
            SceneTouch.validatePhases(
                touches.enumerated().sorted { ($0.element.touch.time, $0.offset) < ($1.element.touch.time, $1.offset) }.map(\.element),
                issues: issues)
            script = steps.map(\.1)
        }
        // Overlays last: their ids must differ from every layer and view id, those the script
        // adds included.
        var overlays: [OverlaySpec] = []
        if let items = o.array("overlays") {
            catalog.layerIDs.formUnion(ids.keys)
            for (i, item) in items.enumerated() {
                if let spec = OverlaySpec.decode(item, at: JSONPath.root.key("overlays").index(i), ids: &ids, catalog: catalog) {
                    overlays.append(spec)
                }
            }
        }
        var transitions: [TransitionSpec] = []
        if let items = o.array("transitions") {
            catalog.layerIDs.formUnion(ids.keys)
            for (i, item) in items.enumerated() {
                if let spec = TransitionSpec.decode(item, at: JSONPath.root.key("transitions").index(i), ids: &ids, catalog: catalog) {
                    transitions.append(spec)
                }
            }
        }
        return SceneDocument(
            size: size, scale: scale, background: background, safeAreaInsets: safeArea ?? .zero, duration: duration, layers: layers,
            views: views, script: script, overlays: overlays, dynamics: dynamics, transitions: transitions,
            files: issues.namedFiles.sorted())
    }

    static func decodeLayer(
        _ json: JSONValue, at path: JSONPath, ids: inout [String: SceneLayerType], issues: IssueCollector, directory: String?
    ) -> LayerSpec? {
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let type = o.has("type") ? o.enumeration("type", SceneLayerType.self) : .layer
        guard let type else { return nil }
        var id = ""
        if let given = o.string("id") {
            if given.isEmpty {
                issues.add(path.key("id"), "expected a non-empty id")
            } else if ids[given] != nil {
                issues.add(path.key("id"), "duplicate id '\(given)'\(given == "root" ? " (the root layer is called root)" : "")")
            } else {
                ids[given] = type
            }
            id = given
        } else if !o.has("id") {
            issues.add(path, "missing \"id\" (every layer needs a unique id)")
        }
        var settings: [LayerSetting] = []
        var sublayers: [LayerSpec] = []
        var mask: [LayerSpec] = []
        var animations: [AnimationSpec] = []
        for (key, value) in o.members {
            let p = path.key(key)
            switch key {
            case "id", "type": continue
            case "sublayers":
                guard case .array(let items) = value else {
                    issues.add(p, "expected an array of layers, got \(value.typeName)")
                    continue
                }
                for (i, item) in items.enumerated() {
                    if let s = decodeLayer(item, at: p.index(i), ids: &ids, issues: issues, directory: directory) { sublayers.append(s) }
                }
            case "mask":
                if let m = decodeLayer(value, at: p, ids: &ids, issues: issues, directory: directory) { mask = [m] }
            case "animations":
                guard case .array(let items) = value else {
                    issues.add(p, "expected an array of animations, got \(value.typeName)")
                    continue
                }
                for (i, item) in items.enumerated() {
                    if let a = AnimationSpec.decode(item, at: p.index(i), issues: issues, layerType: type) { animations.append(a) }
                }
            default:
                if let setting = LayerSetting.parseMember(
                    key: key, value: value, type: type, at: p, issues: issues, sceneDirectory: directory,
                    context: type == .layer ? "a layer" : "a \(type.rawValue) layer", structuralKeys: structuralLayerKeys)
                {
                    settings.append(setting)
                }
            }
        }
        if type == .image && !o.has("contents") {
            issues.add(path, "an image layer needs \"contents\" (an image file path)")
        }
        if o.has("frame") && (o.has("position") || o.has("bounds")) {
            issues.add(path.key("frame"), "give either \"frame\" or \"position\" and \"bounds\", not both")
        }
        return LayerSpec(id: id, type: type, settings: settings, sublayers: sublayers, mask: mask, animations: animations)
    }

    static func decodeStep(
        _ json: JSONValue, at path: JSONPath, live: inout Set<String>, allIDs: inout [String: SceneLayerType], catalog: ViewCatalog,
        touches: inout [SceneTouch.Located]
    ) -> ScriptStep? {
        let issues = catalog.issues
        let directory = catalog.directory
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        o.rejectUnknownKeys(allowed: stepKeys, context: "a script step")
        guard let at = o.number("at", min: 0) else {
            if !o.has("at") { issues.add(path, "missing \"at\" (the step's time in scene seconds)") }
            return nil
        }
        var step = ScriptStep(at: at, actions: [])
        if let t = o["transaction"], let to = ObjectReader(t, at: path.key("transaction"), issues: issues) {
            to.rejectUnknownKeys(allowed: ["animationDuration", "animationTimingFunction", "disableActions"], context: "a transaction")
            step.animationDuration = to.number("animationDuration", min: 0)
            step.animationTimingFunction = to["animationTimingFunction"].flatMap {
                AnimationSpec.decodeCurve($0, at: path.key("transaction").key("animationTimingFunction"), issues: issues)
            }
            step.disableActions = to.bool("disableActions")
        }
        func layerID(_ v: JSONValue, at p: JSONPath) -> String? {
            guard case .string(let id) = v else {
                issues.add(p, "expected a layer id, got \(v.typeName)")
                return nil
            }
            guard live.contains(id) else {
                var message = "unknown layer id '\(id)'"
                if let s = suggestion(for: id, among: Array(live).sorted()) {
                    message += " (did you mean '\(s)'?)"
                } else if allIDs[id] != nil {
                    message += " (it is not in the tree at this time)"
                }
                issues.add(p, message)
                return nil
            }
            return id
        }
        if let v = o["addLayer"], let ao = ObjectReader(v, at: path.key("addLayer"), issues: issues) {
            ao.rejectUnknownKeys(allowed: ["parent", "layer", "index"], context: "addLayer")
            let parent = ao["parent"].flatMap { layerID($0, at: path.key("addLayer").key("parent")) }
            if !ao.has("parent") { issues.add(path.key("addLayer"), "missing \"parent\" (a layer id)") }
            var index: Int?
            if let n = ao.number("index", min: 0) {
                if let i = Int(exactly: n), i <= 1_000_000 {
                    index = i
                } else {
                    issues.add(path.key("addLayer").key("index"), "expected a whole number from 0 to 1000000, got \(JSONWriter.number(n))")
                }
            }
            if let lv = ao["layer"] {
                if let spec = decodeLayer(lv, at: path.key("addLayer").key("layer"), ids: &allIDs, issues: issues, directory: directory),
                    let parent
                {
                    for id in spec.allIDs { live.insert(id) }
                    step.actions.append(.addLayer(parent: parent, layer: spec, index: index))
                }
            } else {
                issues.add(path.key("addLayer"), "missing \"layer\"")
            }
        }
        if let v = o["set"] {
            let items: [(JSONValue, JSONPath)]
            if case .array(let list) = v {
                items = list.enumerated().map { ($1, path.key("set").index($0)) }
            } else {
                items = [(v, path.key("set"))]
            }
            for (item, p) in items {
                guard let so = ObjectReader(item, at: p, issues: issues) else { continue }
                if so.has("view") {
                    if so.has("layer") {
                        issues.add(p, "give either \"layer\" or \"view\", not both")
                    } else if let change = ViewAnimationSpec.decodeChange(item, at: p, catalog: catalog, context: "set") {
                        step.actions.append(.setView(change))
                    }
                    continue
                }
                guard let idValue = so["layer"] else {
                    issues.add(p, "missing \"layer\" or \"view\" (the id of the layer or view to change)")
                    continue
                }
                guard let id = layerID(idValue, at: p.key("layer")) else { continue }
                let layerType = allIDs[id] ?? .layer
                let settings = so.members.filter { $0.key != "layer" }.compactMap { key, value in
                    LayerSetting.parseMember(
                        key: key, value: value, type: layerType, at: p.key(key), issues: issues, sceneDirectory: directory,
                        context: "set", structuralKeys: ["layer"])
                }
                step.actions.append(.set(layer: id, settings: settings))
            }
        }
        if let v = o["animate"], let spec = ViewAnimationSpec.decode(v, at: path.key("animate"), catalog: catalog) {
            step.actions.append(.animate(spec))
        }
        if let v = o["add"], let ao = ObjectReader(v, at: path.key("add"), issues: issues) {
            ao.rejectUnknownKeys(allowed: ["layer", "animation"], context: "add")
            let id = ao["layer"].flatMap { layerID($0, at: path.key("add").key("layer")) }
            if !ao.has("layer") { issues.add(path.key("add"), "missing \"layer\"") }
            if let av = ao["animation"] {
                if let spec = AnimationSpec.decode(
                    av, at: path.key("add").key("animation"), issues: issues, layerType: id.flatMap { allIDs[$0] } ?? .layer), let id
                {
                    step.actions.append(.add(layer: id, animation: spec))
                }
            } else {
                issues.add(path.key("add"), "missing \"animation\"")
            }
        }
        if let v = o["remove"], let ro = ObjectReader(v, at: path.key("remove"), issues: issues) {
            ro.rejectUnknownKeys(allowed: ["layer", "key", "all"], context: "remove")
            let id = ro["layer"].flatMap { layerID($0, at: path.key("remove").key("layer")) }
            let key = ro.string("key")
            let all = ro.bool("all") ?? false
            if key == nil && !all { issues.add(path.key("remove"), "expected \"key\" or \"all\": true") }
            if key != nil && all { issues.add(path.key("remove"), "give either \"key\" or \"all\": true, not both") }
            if let id { step.actions.append(.remove(layer: id, key: all ? nil : key)) }
        }
        if let v = o["pause"], let id = layerID(v, at: path.key("pause")) { step.actions.append(.pause(layer: id)) }
        if let v = o["resume"], let id = layerID(v, at: path.key("resume")) { step.actions.append(.resume(layer: id)) }
        if let v = o["removeLayer"], let id = layerID(v, at: path.key("removeLayer")) {
            if id == "root" {
                issues.add(path.key("removeLayer"), "the root layer cannot be removed")
            } else if catalog.types[id] != nil {
                issues.add(path.key("removeLayer"), "'\(id)' is a view's layer; views stay for the whole scene")
            } else {
                step.actions.append(.removeLayer(id))
                live.remove(id)
            }
        }
        if let v = o["dynamics"], let dynamics = catalog.dynamics {
            for change in DynamicsChange.decode(v, at: path.key("dynamics"), catalog: dynamics) { step.actions.append(.dynamics(change)) }
        }
        if let v = o["touch"] { touches += SceneTouch.decodeTouch(v, time: at, at: path.key("touch"), issues: issues) }
        if let v = o["tap"] { touches += SceneTouch.decodeTap(v, time: at, at: path.key("tap"), issues: issues) }
        if let v = o["drag"] { touches += SceneTouch.decodeDrag(v, time: at, at: path.key("drag"), issues: issues) }
        if step.actions.isEmpty && !o.members.contains(where: { actionKeys.contains($0.key) }) {
            issues.add(path, "a step needs one of \(actionKeys.joined(separator: ", "))")
        }
        return step
    }
}

extension LayerSpec {
    /// The ids of this layer, its mask and its sublayers.
    var allIDs: [String] {
        [id] + mask.flatMap(\.allIDs) + sublayers.flatMap(\.allIDs)
    }
}
