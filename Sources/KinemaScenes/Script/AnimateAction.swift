/// `"animate"`: a view animation block (`View.animate` or `View.animateKeyframes`).
struct AnimateAction: ScriptActionBody {
    var animation: ViewAnimationSpec

    static let name = "animate"
    static let stage = StepAction.Stage.animatesViews

    var involvesViews: Bool { true }

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        if let spec = ViewAnimationSpec.decode(value, at: path, catalog: step.catalog) { step.append(AnimateAction(animation: spec)) }
    }

    func run(in scene: Scene) {
        scene.run(animation)
    }
}
