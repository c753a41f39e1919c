/// `"dynamics"`: adds, removes or changes behaviours of the scene's dynamic animator.
struct DynamicsAction: ScriptActionBody {
    var change: DynamicsChange

    static let name = "dynamics"
    static let stage = StepAction.Stage.changesDynamics

    static func decode(_ value: JSONValue, at path: JSONPath, into step: inout StepDecoding) {
        guard let dynamics = step.catalog.dynamics else { return }
        for change in DynamicsChange.decode(value, at: path, catalog: dynamics) { step.append(DynamicsAction(change: change)) }
    }

    func run(in scene: Scene) {
        scene.apply(change)
    }
}
