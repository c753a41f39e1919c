extension PhysicsWorld {
    /// The broad phase's own consistency (the tree validates once it is in use).
    func broadPhaseProblems() -> [String] {
        var problems: [String] = []
        if let problem = broadPhase.tree.validate() { problems.append("tree: \(problem)") }
        for (i, s) in shapes.elements.enumerated() where s.isLive && s.proxy >= 0 {
            if broadPhase.tree.userData(s.proxy) != i { problems.append("shape \(i): proxy holds another shape") }
            if broadPhase.tree.fatAABB(s.proxy) != s.fatAABB { problems.append("shape \(i): fat bounds differ from the tree's") }
        }
        for s in broadPhase.moveBuffer where !(Int(s) < broadPhase.isMoved.count && broadPhase.isMoved[Int(s)]) {
            problems.append("move buffer: shape \(s) not flagged")
        }
        return problems
    }
}
