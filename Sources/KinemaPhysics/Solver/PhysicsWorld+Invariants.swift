// An opt-in invariant checker for tests: call it after every step.

extension PhysicsWorld {
    /// What is wrong with the world's internal state; empty when all is well. Checks: no NaN or
    /// infinity in bodies, sub-step states or contacts; contacts reference live shapes and are
    /// indexed by their pair; the broad phase's fat bounds contain the tight ones; sleeping bodies
    /// have zero velocity; static bodies have zero velocity and never move.
    package func checkInvariants() -> [String] {
        var problems: [String] = []
        for (i, b) in bodies.elements.enumerated() where b.isLive {
            let finite =
                b.transform.p.isFinite && b.transform.q.c.isFinite && b.transform.q.s.isFinite && b.center.isFinite
                && b.linearVelocity.isFinite && b.angularVelocity.isFinite && b.sleepTime.isFinite
            if !finite { problems.append("body \(i): non-finite pose or velocity") }
            if b.type != .static, !b.isAwake, b.linearVelocity != .zero || b.angularVelocity != 0 {
                problems.append("body \(i): asleep with velocity \(b.linearVelocity), \(b.angularVelocity)")
            }
            if b.type == .static {
                if b.linearVelocity != .zero || b.angularVelocity != 0 { problems.append("static body \(i) has velocity") }
                if b.center0 != b.center || b.rotation0 != b.transform.q { problems.append("static body \(i) moved in a step") }
            }
            for s in b.shapes where !(Int(s) < shapes.count && shapes[Int(s)].isLive && shapes[Int(s)].body == Int32(i)) {
                problems.append("body \(i): shape \(s) not live or not its own")
            }
        }
        for (i, s) in awake.states.enumerated() where i < bodies.count && bodies[i].isLive {
            if !(s.v.isFinite && s.w.isFinite && s.dp.isFinite && s.dq.c.isFinite && s.dq.s.isFinite) {
                problems.append("state \(i): non-finite")
            }
        }
        for (i, s) in shapes.elements.enumerated() where s.isLive {
            if s.proxy < 0 { problems.append("shape \(i): no broad-phase proxy") }
            if !s.fatAABB.contains(s.aabb) { problems.append("shape \(i): fat bounds do not contain its bounds") }
            if let problem = outlineProblem(s) { problems.append("shape \(i): \(problem)") }
        }
        if shapes.unusedOutlinePoints > shapes.outlinePoints.count - shapes.unusedOutlinePoints {
            problems.append("outline pool: \(shapes.unusedOutlinePoints) of \(shapes.outlinePoints.count) points unused")
        }
        if contacts.indexByPair.count != contacts.count {
            problems.append("pair index holds \(contacts.indexByPair.count) keys for \(contacts.count) contacts")
        }
        for (i, c) in contacts.elements.enumerated() {
            let a = Int(c.shapeA)
            let b = Int(c.shapeB)
            guard a >= 0, a < shapes.count, b >= 0, b < shapes.count, shapes[a].isLive, shapes[b].isLive else {
                problems.append("contact \(i): references a dead shape")
                continue
            }
            if shapes[a].body != c.bodyA || shapes[b].body != c.bodyB { problems.append("contact \(i): wrong bodies") }
            if contacts.indexByPair[c.key] != Int32(i) { problems.append("contact \(i): not indexed by its pair") }
            let m = c.manifold
            var finite = m.normal.isFinite && m.rollingImpulse.isFinite
            for k in 0..<m.pointCount {
                let p = m[k]
                finite =
                    finite && p.point.isFinite && p.separation.isFinite
                    && p.normalImpulse.isFinite && p.tangentImpulse.isFinite
            }
            if !finite { problems.append("contact \(i): non-finite manifold") }
        }
        problems.append(contentsOf: broadPhaseProblems())
        return problems
    }

    /// What is wrong with a live shape's narrow-phase outline: it must be its geometry, a
    /// polygon's points in the pool exactly its vertices and normals.
    private func outlineProblem(_ s: Shape) -> String? {
        switch (s.geometry, s.outline) {
        case (.circle(let g), .circle(let o)):
            return g.center == o.center && g.radius == o.radius ? nil : "outline is not its circle"
        case (.segment(let g), .segment(let o)):
            return g.p1 == o.p1 && g.p2 == o.p2 ? nil : "outline is not its segment"
        case (.polygon(let g), .polygon(let start, let count, let radius)):
            let from = Int(start), n = Int(count)
            guard from >= 0, n == g.count, radius == g.radius, from + 2 * n <= shapes.outlinePoints.count else {
                return "outline range \(start)+\(count) does not fit its polygon or the pool"
            }
            let points = Array(shapes.outlinePoints[from..<(from + 2 * n)])
            return points == g.vertices + g.normals ? nil : "outline points differ from its polygon's"
        default:
            return "outline is not its geometry's kind"
        }
    }
}
