/// `"set"`: one change or an array of them, each naming a `"layer"` (model values set in the
/// step's transaction, so with implicit animations), a `"view"` (view properties, without
/// animation) or a `"constraint"` (its constant, applied at the step's layout pass, without
/// animation).
struct SetAction: ScriptActionBody {
    /// What one change names.
    enum Change {
        case layer(id: String, settings: [LayerSetting])
        /// A view's settings or a constraint's constant.
        case view(ViewChange)
    }

    var change: Change

    static let name = "set"
    static let stage = StepAction.Stage.setsValues

    var involvesViews: Bool {
        if case .view = change { true } else { false }
    }

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        if case .array(let list) = value {
            for (i, item) in list.enumerated() { decodeItem(item, at: path.index(i), into: &step) }
        } else {
            decodeItem(value, at: path, into: &step)
        }
    }

    private static func decodeItem(_ item: JSONValue, at p: JSONPath, into step: inout StepDecoding) {
        let issues = step.issues
        guard let so = ObjectReader(item, at: p, issues: issues) else { return }
        if so.has("view") || so.has("constraint") {
            if so.has("layer") {
                issues.add(p, "give either \"layer\" or \"\(so.has("view") ? "view" : "constraint")\", not both")
            } else if let change = ViewAnimationSpec.decodeChange(item, at: p, catalog: step.catalog, context: "set") {
                step.append(SetAction(change: .view(change)))
            }
            return
        }
        guard let idValue = so["layer"] else {
            issues.add(
                p, "missing \"layer\", \"view\" or \"constraint\" (the id of the layer, view or constraint to change)")
            return
        }
        guard let id = step.layerID(idValue, at: p.key("layer")) else { return }
        let layerType = step.allIDs[id] ?? .layer
        let settings = so.members.filter { $0.key != "layer" }.compactMap { key, value in
            LayerSetting.parseMember(
                key: key, value: value, type: layerType, at: p.key(key), issues: issues, sceneDirectory: step.catalog.directory,
                context: "set", structuralKeys: ["layer"])
        }
        step.append(SetAction(change: .layer(id: id, settings: settings)))
    }

    func run(in scene: Scene) {
        switch change {
        case .layer(let id, let settings):
            guard let layer = scene.layers[id] else { return }
            for s in settings { s.apply(to: layer) }
        case .view(let change):
            scene.apply(change)
        }
    }
}
