/// One action a script step can hold: its key in the step object, when in the step it is
/// decoded, and its decoder.
///
/// ``all`` is the only list of action names: the keys a step accepts, the "a step needs one of"
/// message and the decoding order all come from it. A new action is one decoder (a method of
/// ``StepDecoding``) and one row there.
struct StepAction: Sendable {
    /// When an action is decoded, and so where its ``ScriptAction``s land in the step; actions of
    /// one stage keep the order of ``StepAction/all``.
    enum Stage: Int, Sendable {
        /// Added layers, first: the step's other actions may name them.
        case addsLayers
        /// Model values, before anything animates from them.
        case setsValues
        /// View animation blocks.
        case animatesViews
        /// Explicit layer animations: add, remove, pause, resume.
        case changesLayerAnimations
        /// Removed layers, after the actions that may still name them.
        case removesLayers
        /// The dynamic animator's behaviours.
        case changesDynamics
        /// Touch input, kept apart from the actions and delivered at each sample's own time.
        case touches
    }

    /// The action's key in a step object.
    let name: String
    let stage: Stage
    /// Decodes the action's value, found at the given path, into the step being decoded.
    let decode: @Sendable (inout StepDecoding, JSONValue, JSONPath) -> Void

    /// Every step action, in the order error messages list them.
    static let all: [StepAction] = [
        StepAction(name: "set", stage: .setsValues) { $0.decodeSet($1, at: $2) },
        StepAction(name: "add", stage: .changesLayerAnimations) { $0.decodeAdd($1, at: $2) },
        StepAction(name: "remove", stage: .changesLayerAnimations) { $0.decodeRemove($1, at: $2) },
        StepAction(name: "pause", stage: .changesLayerAnimations) { $0.decodePause($1, at: $2) },
        StepAction(name: "resume", stage: .changesLayerAnimations) { $0.decodeResume($1, at: $2) },
        StepAction(name: "addLayer", stage: .addsLayers) { $0.decodeAddLayer($1, at: $2) },
        StepAction(name: "removeLayer", stage: .removesLayers) { $0.decodeRemoveLayer($1, at: $2) },
        StepAction(name: "animate", stage: .animatesViews) { $0.decodeAnimate($1, at: $2) },
        StepAction(name: "touch", stage: .touches) { $0.decodeTouch($1, at: $2) },
        StepAction(name: "tap", stage: .touches) { $0.decodeTap($1, at: $2) },
        StepAction(name: "drag", stage: .touches) { $0.decodeDrag($1, at: $2) },
        StepAction(name: "dynamics", stage: .changesDynamics) { $0.decodeDynamics($1, at: $2) },
    ]

    /// The names of ``all``, in order.
    static let names = all.map(\.name)

    /// ``all`` in decoding order: by stage, then by place in ``all``.
    static let inDecodingOrder = all.enumerated()
        .sorted { ($0.element.stage.rawValue, $0.offset) < ($1.element.stage.rawValue, $1.offset) }
        .map(\.element)
}
