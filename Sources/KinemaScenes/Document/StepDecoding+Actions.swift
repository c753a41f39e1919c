/// The decoders of the step actions, one per row of ``StepAction/all``. Each reads the action's
/// value at `path` (the step's path and the action's key) and reports problems there.
extension StepDecoding {
    /// `"addLayer": {"parent": id, "layer": {…}, "index": n}`.
    mutating func decodeAddLayer(_ v: JSONValue, at path: JSONPath) {
        guard let ao = ObjectReader(v, at: path, issues: issues) else { return }
        ao.rejectUnknownKeys(allowed: ["parent", "layer", "index"], context: "addLayer")
        let parent = ao["parent"].flatMap { layerID($0, at: path.key("parent")) }
        if !ao.has("parent") { issues.add(path, "missing \"parent\" (a layer id)") }
        var index: Int?
        if let n = ao.number("index", min: 0) {
            if let i = Int(exactly: n), i <= 1_000_000 {
                index = i
            } else {
                issues.add(path.key("index"), "expected a whole number from 0 to 1000000, got \(JSONWriter.number(n))")
            }
        }
        guard let lv = ao["layer"] else {
            issues.add(path, "missing \"layer\"")
            return
        }
        if let spec = SceneDocument.decodeLayer(lv, at: path.key("layer"), ids: &allIDs, issues: issues, directory: catalog.directory),
            let parent
        {
            for id in spec.allIDs { live.insert(id) }
            step.actions.append(.addLayer(parent: parent, layer: spec, index: index))
        }
    }

    /// `"set"`: one change or an array of them, each naming a `"layer"` or a `"view"`.
    mutating func decodeSet(_ v: JSONValue, at path: JSONPath) {
        let items: [(JSONValue, JSONPath)]
        if case .array(let list) = v {
            items = list.enumerated().map { ($1, path.index($0)) }
        } else {
            items = [(v, path)]
        }
        for (item, p) in items {
            decodeSetItem(item, at: p)
        }
    }

    private mutating func decodeSetItem(_ item: JSONValue, at p: JSONPath) {
        guard let so = ObjectReader(item, at: p, issues: issues) else { return }
        if so.has("view") {
            if so.has("layer") {
                issues.add(p, "give either \"layer\" or \"view\", not both")
            } else if let change = ViewAnimationSpec.decodeChange(item, at: p, catalog: catalog, context: "set") {
                step.actions.append(.setView(change))
            }
            return
        }
        guard let idValue = so["layer"] else {
            issues.add(p, "missing \"layer\" or \"view\" (the id of the layer or view to change)")
            return
        }
        guard let id = layerID(idValue, at: p.key("layer")) else { return }
        let layerType = allIDs[id] ?? .layer
        let settings = so.members.filter { $0.key != "layer" }.compactMap { key, value in
            LayerSetting.parseMember(
                key: key, value: value, type: layerType, at: p.key(key), issues: issues, sceneDirectory: catalog.directory,
                context: "set", structuralKeys: ["layer"])
        }
        step.actions.append(.set(layer: id, settings: settings))
    }

    /// `"animate"`: a view animation block.
    mutating func decodeAnimate(_ v: JSONValue, at path: JSONPath) {
        if let spec = ViewAnimationSpec.decode(v, at: path, catalog: catalog) { step.actions.append(.animate(spec)) }
    }

    /// `"add": {"layer": id, "animation": {…}}`.
    mutating func decodeAdd(_ v: JSONValue, at path: JSONPath) {
        guard let ao = ObjectReader(v, at: path, issues: issues) else { return }
        ao.rejectUnknownKeys(allowed: ["layer", "animation"], context: "add")
        let id = ao["layer"].flatMap { layerID($0, at: path.key("layer")) }
        if !ao.has("layer") { issues.add(path, "missing \"layer\"") }
        guard let av = ao["animation"] else {
            issues.add(path, "missing \"animation\"")
            return
        }
        if let spec = AnimationSpec.decode(
            av, at: path.key("animation"), issues: issues, layerType: id.flatMap { allIDs[$0] } ?? .layer), let id
        {
            step.actions.append(.add(layer: id, animation: spec))
        }
    }

    /// `"remove": {"layer": id, "key": name}` or `{"layer": id, "all": true}`.
    mutating func decodeRemove(_ v: JSONValue, at path: JSONPath) {
        guard let ro = ObjectReader(v, at: path, issues: issues) else { return }
        ro.rejectUnknownKeys(allowed: ["layer", "key", "all"], context: "remove")
        let id = ro["layer"].flatMap { layerID($0, at: path.key("layer")) }
        let key = ro.string("key")
        let all = ro.bool("all") ?? false
        if key == nil && !all { issues.add(path, "expected \"key\" or \"all\": true") }
        if key != nil && all { issues.add(path, "give either \"key\" or \"all\": true, not both") }
        if let id { step.actions.append(.remove(layer: id, key: all ? nil : key)) }
    }

    /// `"pause": id`.
    mutating func decodePause(_ v: JSONValue, at path: JSONPath) {
        if let id = layerID(v, at: path) { step.actions.append(.pause(layer: id)) }
    }

    /// `"resume": id`.
    mutating func decodeResume(_ v: JSONValue, at path: JSONPath) {
        if let id = layerID(v, at: path) { step.actions.append(.resume(layer: id)) }
    }

    /// `"removeLayer": id`; neither the root layer nor a view's layer.
    mutating func decodeRemoveLayer(_ v: JSONValue, at path: JSONPath) {
        guard let id = layerID(v, at: path) else { return }
        if id == "root" {
            issues.add(path, "the root layer cannot be removed")
        } else if catalog.types[id] != nil {
            issues.add(path, "'\(id)' is a view's layer; views stay for the whole scene")
        } else {
            step.actions.append(.removeLayer(id))
            live.remove(id)
        }
    }

    /// `"dynamics"`: changes to the dynamic animator's behaviours.
    mutating func decodeDynamics(_ v: JSONValue, at path: JSONPath) {
        guard let dynamics = catalog.dynamics else { return }
        for change in DynamicsChange.decode(v, at: path, catalog: dynamics) { step.actions.append(.dynamics(change)) }
    }

    /// `"touch"`: one touch sample at the step's time.
    mutating func decodeTouch(_ v: JSONValue, at path: JSONPath) {
        touches += SceneTouch.decodeTouch(v, time: time, at: path, issues: issues)
    }

    /// `"tap"`: the samples of a tap starting at the step's time.
    mutating func decodeTap(_ v: JSONValue, at path: JSONPath) {
        touches += SceneTouch.decodeTap(v, time: time, at: path, issues: issues)
    }

    /// `"drag"`: the samples of a drag starting at the step's time.
    mutating func decodeDrag(_ v: JSONValue, at path: JSONPath) {
        touches += SceneTouch.decodeDrag(v, time: time, at: path, issues: issues)
    }
}
