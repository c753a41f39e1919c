/// `"addLayer": {"parent": id, "layer": {…}, "index": n}`: inserts a new layer (and its
/// sublayers) into the tree; the step's other actions may name it.
struct AddLayerAction: ScriptActionBody {
    var parent: String
    var layer: LayerSpec
    /// The index among the parent's sublayers, or `nil` for on top.
    var index: Int?

    static let name = "addLayer"
    static let stage = StepAction.Stage.addsLayers

    var addedLayers: [LayerSpec] { [layer] }

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        let issues = step.issues
        guard let ao = ObjectReader(value, at: path, issues: issues) else { return }
        ao.rejectUnknownKeys(allowed: ["parent", "layer", "index"], context: "addLayer")
        let parent = ao["parent"].flatMap { step.layerID($0, at: path.key("parent")) }
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
        let directory = step.catalog.directory
        if let spec = SceneDocument.decodeLayer(lv, at: path.key("layer"), ids: &step.allIDs, issues: issues, directory: directory),
            let parent
        {
            for id in spec.allIDs { step.live.insert(id) }
            step.append(AddLayerAction(parent: parent, layer: spec, index: index))
        }
    }

    func run(in scene: Scene) {
        guard let p = scene.layers[parent] else { return }
        try? p.insertSublayer(scene.build(layer), at: index ?? p.sublayers.count)
    }
}

/// `"removeLayer": id`: takes a layer and its sublayers out of the tree; neither the root layer
/// nor a view's layer.
struct RemoveLayerAction: ScriptActionBody {
    var layer: String

    static let name = "removeLayer"
    static let stage = StepAction.Stage.removesLayers

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        guard let id = step.layerID(value, at: path) else { return }
        if id == "root" {
            step.issues.add(path, "the root layer cannot be removed")
        } else if step.catalog.types[id] != nil {
            step.issues.add(path, "'\(id)' is a view's layer; views stay for the whole scene")
        } else {
            step.append(RemoveLayerAction(layer: id))
            step.live.remove(id)
        }
    }

    func run(in scene: Scene) {
        guard let removed = scene.layers[layer] else { return }
        removed.removeFromSuperlayer()
        for sub in removed.subtree { if let n = sub.name { scene.layers[n] = nil } }
    }
}
