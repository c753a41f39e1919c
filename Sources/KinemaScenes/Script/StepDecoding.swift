/// What decoding one script step reads and builds, shared by the step's action decoders
/// (the ``StepActionKind`` types of ``StepAction/all``): the ids live at the step's time, every id declared so far, the step and its
/// touches.
struct StepDecoding {
    /// The step's time, in scene seconds.
    let time: Double
    let catalog: ViewCatalog
    /// The layer ids in the tree at this step (before it runs, plus the layers it adds so far).
    var live: Set<String>
    /// Every layer and view id declared so far, with its layer type.
    var allIDs: [String: SceneLayerType]
    var step: ScriptStep
    /// The touch samples the step's `touch`, `tap` and `drag` give.
    var touches: [SceneTouch.Located] = []

    var issues: IssueCollector { catalog.issues }

    /// Adds a decoded action to the step.
    mutating func append(_ action: any ScriptActionBody) {
        step.actions.append(ScriptAction(action))
    }

    /// The id of a layer in the tree named at `path`, or `nil` with an issue (with a suggestion,
    /// or a note that the layer is not in the tree at this time).
    func layerID(_ v: JSONValue, at path: JSONPath) -> String? {
        guard case .string(let id) = v else {
            issues.add(path, "expected a layer id, got \(v.typeName)")
            return nil
        }
        guard live.contains(id) else {
            var message = "unknown layer id '\(id)'"
            if let s = suggestion(for: id, among: Array(live).sorted()) {
                message += " (did you mean '\(s)'?)"
            } else if allIDs[id] != nil {
                message += " (it is not in the tree at this time)"
            }
            issues.add(path, message)
            return nil
        }
        return id
    }
}
