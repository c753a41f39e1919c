// PLACEHOLDER owned by the joints helper: the joint stages the step calls. Joints do nothing yet.

extension PhysicsWorld {
    /// Computes each joint's anchors, effective masses and softness from the start-of-step poses.
    func prepareJoints(_ context: StepContext) {}
    /// Applies last step's impulses (scaled) to the states.
    func warmStartJoints(_ context: StepContext) {}
    /// One pass over the joints; `useBias` false is the relax pass.
    func solveJoints(_ context: StepContext, useBias: Bool) {}

    func jointWasAdded(_ j: Int) {}
    func jointWillBeRemoved(_ j: Int) {}
}
