extension PhysicsWorld {
    /// The broad phase's own consistency (the tree validates once it is in use).
    func broadPhaseProblems() -> [String] {
        var problems: [String] = []
        for s in broadPhase.moveBuffer where !(Int(s) < broadPhase.isMoved.count && broadPhase.isMoved[Int(s)]) {
            problems.append("move buffer: shape \(s) not flagged")
        }
        return problems
    }
}
