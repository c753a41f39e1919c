/// A kind of script step action: its key in the step object, when in the step it is decoded, and
/// its decoder.
///
/// A new action is one type conforming to this protocol (and to ``ScriptActionBody`` when it
/// changes the scene as its step runs) and one row in ``StepAction/all``.
protocol StepActionKind: SendableMetatype {
    /// The action's key in a step object.
    static var name: String { get }
    /// When in the step the action is decoded, and so where its actions land.
    static var stage: StepAction.Stage { get }
    /// Decodes the action's value, found at `path` (the step's path and the action's key), into
    /// the step being decoded, reporting problems at `path`.
    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding)
}

/// What an action does when its step runs: the decoded action itself.
protocol ScriptActionBody: StepActionKind {
    /// Makes the action's change to `scene`, inside the step's transaction.
    func run(in scene: Scene)
    /// Whether the action changes or animates views (the scene then lays its window out first).
    var involvesViews: Bool { get }
    /// The layers the action inserts into the tree, so that tools reading the document (such as
    /// `kinema sample`) know their types before the scene runs.
    var addedLayers: [LayerSpec] { get }
}

extension ScriptActionBody {
    var involvesViews: Bool { false }
    var addedLayers: [LayerSpec] { [] }
}

/// One thing a script step does, decoded from one key of the step object.
public struct ScriptAction: @unchecked Sendable {
    let body: any ScriptActionBody

    init(_ body: any ScriptActionBody) { self.body = body }

    /// The step key the action came from: `set`, `add`, `remove`, `pause`, `resume`, `addLayer`,
    /// `removeLayer`, `animate` or `dynamics`.
    public var name: String { type(of: body).name }
}

/// One row of the step action table.
///
/// ``all`` is the only list of action names: the keys a step accepts, the "a step needs one of"
/// message and the decoding order all come from it.
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
    let decode: @Sendable (JSONValue, JSONPath, inout StepDecoding) -> Void

    init(_ kind: any StepActionKind.Type) {
        name = kind.name
        stage = kind.stage
        decode = { kind.decode($0, at: $1, into: &$2) }
    }

    /// Every step action, in the order error messages list them.
    static let all: [StepAction] = [
        StepAction(SetAction.self),
        StepAction(AddAnimationAction.self),
        StepAction(RemoveAnimationAction.self),
        StepAction(PauseAnimationsAction.self),
        StepAction(ResumeAnimationsAction.self),
        StepAction(AddLayerAction.self),
        StepAction(RemoveLayerAction.self),
        StepAction(AnimateAction.self),
        StepAction(TouchAction.self),
        StepAction(TapAction.self),
        StepAction(DragAction.self),
        StepAction(DynamicsAction.self),
    ]

    /// The names of ``all``, in order.
    static let names = all.map(\.name)

    /// ``all`` in decoding order: by stage, then by place in ``all``.
    static let inDecodingOrder = all.enumerated()
        .sorted { ($0.element.stage.rawValue, $0.offset) < ($1.element.stage.rawValue, $1.offset) }
        .map(\.element)
}
