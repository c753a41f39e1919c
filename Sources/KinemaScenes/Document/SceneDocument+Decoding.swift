import Foundation
import KinemaGeometry
import KinemaGraphics

extension SceneDocument {
    static let topKeys = [
        "kinema", "size", "scale", "background", "safeAreaInsets", "duration", "layers", "views", "script", "overlays", "dynamics",
        "transitions",
    ]
    static let structuralLayerKeys = ["id", "type", "sublayers", "mask", "animations"]
    /// The keys a script step accepts: its time, its transaction and the actions.
    static let stepKeys = ["at", "transaction"] + StepAction.names

    /// Reads a scene file: a regular file of at most `InputFile.sceneSizeLimit` bytes (64 MiB).
    /// Relative `contents` paths resolve against the file's directory.
    public static func load(path: String) throws(SceneError) -> SceneDocument {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: InputFile.sceneSizeLimit) } catch {
            throw SceneError(issues: [SceneIssue(path: "$", message: "cannot read the scene file '\(path)': \(error.reason)")])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
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
        var document = decodeWindow(o)
        var ids: [String: SceneLayerType] = ["root": .layer]
        document.layers = decodeArray(o, "layers") { decodeLayer($0, at: $1, ids: &ids, issues: issues, directory: directory) }
        let catalog = ViewCatalog(issues: issues, directory: directory)
        catalog.scan(o["views"])
        catalog.layerIDs = Set(ids.keys)
        document.views = decodeArray(o, "views") { ViewSpec.decode($0, at: $1, ids: &ids, catalog: catalog) }
        let dynamicsCatalog = DynamicsCatalog(views: catalog, specs: document.views)
        catalog.dynamics = dynamicsCatalog
        document.dynamics = o["dynamics"].flatMap { DynamicsSpec.decode($0, at: JSONPath.root.key("dynamics"), catalog: dynamicsCatalog) }
        if let items = o.array("script") { document.script = decodeScript(items, ids: &ids, catalog: catalog) }
        // Overlays last: their ids must differ from every layer and view id, those the script
        // adds included.
        catalog.layerIDs.formUnion(ids.keys)
        document.overlays = decodeArray(o, "overlays") { OverlaySpec.decode($0, at: $1, ids: &ids, catalog: catalog) }
        catalog.layerIDs.formUnion(ids.keys)
        document.transitions = decodeArray(o, "transitions") { TransitionSpec.decode($0, at: $1, ids: &ids, catalog: catalog) }
        document.files = issues.namedFiles.sorted()
        return document
    }

    /// The window's values (format version, size, scale, background, duration, safe area), each
    /// with its default when absent; the lists are left empty.
    private static func decodeWindow(_ o: ObjectReader) -> SceneDocument {
        let issues = o.issues
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
        let scale = o.number("scale", above: 0, max: GraphicsError.maximumScale) ?? 2
        if size.width > 0, size.height > 0,
            let problem = GraphicsError.problem(width: size.width, height: size.height, scale: scale), scale <= GraphicsError.maximumScale
        {
            issues.add(JSONPath.root.key(o.has("scale") ? "scale" : "size"), problem)
        }
        var background = Color.white
        if let b = o["background"], let c = parser.color(b, at: JSONPath.root.key("background")) { background = c }
        let duration = o.number("duration", above: 0) ?? 3
        let safeArea = o["safeAreaInsets"].flatMap { parser.safeAreaInsets($0, at: JSONPath.root.key("safeAreaInsets"), within: size) }
        return SceneDocument(
            size: size, scale: scale, background: background, safeAreaInsets: safeArea ?? .zero, duration: duration, layers: [],
            views: [], script: [])
    }

    /// The items of the top-level array `key` that `decodeItem` (given an item and its path)
    /// decodes; none when the key is absent or not an array.
    private static func decodeArray<Item>(_ o: ObjectReader, _ key: String, _ decodeItem: (JSONValue, JSONPath) -> Item?) -> [Item] {
        guard let items = o.array(key) else { return [] }
        return items.enumerated().compactMap { decodeItem($1, JSONPath.root.key(key).index($0)) }
    }

    /// The script's steps, sorted by time (stable), each with its touches; checks that the
    /// touches of all steps together stay within ``SceneTouch/maximumSampleCount`` and that
    /// their phases follow each other.
    private static func decodeScript(_ items: [JSONValue], ids: inout [String: SceneLayerType], catalog: ViewCatalog) -> [ScriptStep] {
        let issues = catalog.issues
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
                item, at: JSONPath.root.key("script").index(index), live: &live, allIDs: &ids, catalog: catalog, touches: &located)
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
        return steps.map(\.1)
    }

    static func decodeLayer(
        _ json: JSONValue, at path: JSONPath, ids: inout [String: SceneLayerType], issues: IssueCollector, directory: String?
    ) -> LayerSpec? {
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let type = o.has("type") ? o.enumeration("type", SceneLayerType.self) : .layer
        guard let type else { return nil }
        let id = registerID(o, as: type, in: &ids, what: "layer")
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

    /// Reads the `"id"` of a layer or view object (`what` names it) and registers it in `ids` as
    /// `type`; reports an empty, duplicate or missing id. Returns the id, empty when missing.
    static func registerID(_ o: ObjectReader, as type: SceneLayerType, in ids: inout [String: SceneLayerType], what: String) -> String {
        guard let given = o.string("id") else {
            if !o.has("id") { o.issues.add(o.path, "missing \"id\" (every \(what) needs a unique id)") }
            return ""
        }
        if given.isEmpty {
            o.issues.add(o.path.key("id"), "expected a non-empty id")
        } else if ids[given] != nil {
            o.issues.add(o.path.key("id"), "duplicate id '\(given)'\(given == "root" ? " (the root layer is called root)" : "")")
        } else {
            ids[given] = type
        }
        return given
    }

    /// Decodes one script step: its time, its transaction, then each action through the
    /// ``StepAction`` table. Layers the step adds join `live` and `allIDs`, layers it removes
    /// leave `live`; its touch samples are added to `touches`.
    static func decodeStep(
        _ json: JSONValue, at path: JSONPath, live: inout Set<String>, allIDs: inout [String: SceneLayerType], catalog: ViewCatalog,
        touches: inout [SceneTouch.Located]
    ) -> ScriptStep? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        o.rejectUnknownKeys(allowed: stepKeys, context: "a script step")
        guard let at = o.number("at", min: 0) else {
            if !o.has("at") { issues.add(path, "missing \"at\" (the step's time in scene seconds)") }
            return nil
        }
        var step = ScriptStep(at: at, actions: [])
        if let t = o["transaction"] { decodeTransaction(t, at: path.key("transaction"), into: &step, issues: issues) }
        var decoding = StepDecoding(time: at, catalog: catalog, live: live, allIDs: allIDs, step: step)
        for action in StepAction.inDecodingOrder {
            if let v = o[action.name] { action.decode(v, path.key(action.name), &decoding) }
        }
        live = decoding.live
        allIDs = decoding.allIDs
        touches += decoding.touches
        if decoding.step.actions.isEmpty && !o.members.contains(where: { StepAction.names.contains($0.key) }) {
            issues.add(path, "a step needs one of \(StepAction.names.joined(separator: ", "))")
        }
        return decoding.step
    }

    /// A step's `"transaction"`: its animation duration, timing function and `disableActions`.
    private static func decodeTransaction(_ t: JSONValue, at path: JSONPath, into step: inout ScriptStep, issues: IssueCollector) {
        guard let to = ObjectReader(t, at: path, issues: issues) else { return }
        to.rejectUnknownKeys(allowed: ["animationDuration", "animationTimingFunction", "disableActions"], context: "a transaction")
        step.animationDuration = to.number("animationDuration", min: 0)
        step.animationTimingFunction = to["animationTimingFunction"].flatMap {
            AnimationSpec.decodeCurve($0, at: path.key("animationTimingFunction"), issues: issues)
        }
        step.disableActions = to.bool("disableActions")
    }
}

extension LayerSpec {
    /// The ids of this layer, its mask and its sublayers.
    var allIDs: [String] {
        [id] + mask.flatMap(\.allIDs) + sublayers.flatMap(\.allIDs)
    }
}
