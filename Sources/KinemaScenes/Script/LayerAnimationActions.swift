/// `"add": {"layer": id, "animation": {…}}`: adds an explicit animation to a layer.
struct AddAnimationAction: ScriptActionBody {
    var layer: String
    var animation: AnimationSpec

    static let name = "add"
    static let stage = StepAction.Stage.changesLayerAnimations

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        let issues = step.issues
        guard let ao = ObjectReader(value, at: path, issues: issues) else { return }
        ao.rejectUnknownKeys(allowed: ["layer", "animation"], context: "add")
        let id = ao["layer"].flatMap { step.layerID($0, at: path.key("layer")) }
        if !ao.has("layer") { issues.add(path, "missing \"layer\"") }
        guard let av = ao["animation"] else {
            issues.add(path, "missing \"animation\"")
            return
        }
        let layerType = id.flatMap { step.allIDs[$0] } ?? .layer
        if let spec = AnimationSpec.decode(av, at: path.key("animation"), issues: issues, layerType: layerType), let id {
            step.append(AddAnimationAction(layer: id, animation: spec))
        }
    }

    func run(in scene: Scene) {
        scene.layers[layer]?.add(animation.animation, forKey: animation.key)
    }
}

/// `"remove": {"layer": id, "key": name}` or `{"layer": id, "all": true}`: removes one or every
/// animation of a layer.
struct RemoveAnimationAction: ScriptActionBody {
    var layer: String
    /// The animation's key, or `nil` for all of them.
    var key: String?

    static let name = "remove"
    static let stage = StepAction.Stage.changesLayerAnimations

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        let issues = step.issues
        guard let ro = ObjectReader(value, at: path, issues: issues) else { return }
        ro.rejectUnknownKeys(allowed: ["layer", "key", "all"], context: "remove")
        let id = ro["layer"].flatMap { step.layerID($0, at: path.key("layer")) }
        let key = ro.string("key")
        let all = ro.bool("all") ?? false
        if key == nil && !all { issues.add(path, "expected \"key\" or \"all\": true") }
        if key != nil && all { issues.add(path, "give either \"key\" or \"all\": true, not both") }
        if let id { step.append(RemoveAnimationAction(layer: id, key: all ? nil : key)) }
    }

    func run(in scene: Scene) {
        if let key { scene.layers[layer]?.removeAnimation(forKey: key) } else { scene.layers[layer]?.removeAllAnimations() }
    }
}

/// `"pause": id`: pauses a layer's animations (its local time stops).
struct PauseAnimationsAction: ScriptActionBody {
    var layer: String

    static let name = "pause"
    static let stage = StepAction.Stage.changesLayerAnimations

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        if let id = step.layerID(value, at: path) { step.append(PauseAnimationsAction(layer: id)) }
    }

    func run(in scene: Scene) {
        scene.layers[layer]?.pauseAnimations()
    }
}

/// `"resume": id`: resumes a paused layer's animations from where they stopped.
struct ResumeAnimationsAction: ScriptActionBody {
    var layer: String

    static let name = "resume"
    static let stage = StepAction.Stage.changesLayerAnimations

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        if let id = step.layerID(value, at: path) { step.append(ResumeAnimationsAction(layer: id)) }
    }

    func run(in scene: Scene) {
        scene.layers[layer]?.resumeAnimations()
    }
}
