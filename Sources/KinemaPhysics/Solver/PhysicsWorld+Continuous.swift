// Continuous collision (after finalize): a fast dynamic body (one that moved further than half
// its smallest extent in the step) is swept from its start-of-step pose to its end pose against
// static and kinematic shapes (bullets against every body) and moved back to the earliest time
// of impact. It keeps its velocity: the next step's speculative contact stops it.

extension PhysicsWorld {
    /// Moves each fast body back to its earliest time of impact.
    ///
    /// Reads `awake.fastBodies`, `broadPhase` (the tree), `shapes`, `bodies` and `joints` (the
    /// collision filter). Writes `bodies` (pose), `shapes` (bounds) and `broadPhase` (moved
    /// proxies).
    func solveContinuous(_ context: StepContext) {
        let target = 0.5 * configuration.linearSlop
        let tolerance = 0.25 * target
        for f in awake.fastBodies.indices {
            let i = Int(awake.fastBodies[f])
            let body = bodies[i]
            let sweep = Sweep(
                localCenter: body.localCenter, c1: body.center0, c2: body.center, q1: body.rotation0, q2: body.transform.q)
            let start = sweep.transform(at: 0)
            var tMin = 1.0
            for s in body.shapes {
                let si = Int(s)
                guard !shapes[si].isSensor else { continue }
                let geometry = shapes[si].geometry
                let swept = geometry.aabb(start).union(shapes[si].aabb)
                let core = Geometry.circle(Circle(center: geometry.centroid, radius: 0.25 * body.minExtent))
                broadPhase.tree.query(swept) { proxy in
                    let t = broadPhase.tree.userData(proxy)
                    let o = Int(shapes[t].body)
                    guard o != i, !shapes[t].isSensor else { return true }
                    let other = bodies[o]
                    guard other.type != .dynamic || (body.isBullet && !other.isBullet) else { return true }
                    guard shouldCreateContact(si, t) else { return true }
                    let otherSweep: Sweep
                    if other.type == .static || !other.isAwake {
                        otherSweep = Sweep(
                            localCenter: other.localCenter, c1: other.center, c2: other.center, q1: other.transform.q,
                            q2: other.transform.q)
                    } else {
                        otherSweep = Sweep(
                            localCenter: other.localCenter, c1: other.center0, c2: other.center, q1: other.rotation0,
                            q2: other.transform.q)
                    }
                    var toi = timeOfImpact(
                        geometry, sweep, shapes[t].geometry, otherSweep, tMax: tMin, target: target, tolerance: tolerance)
                    if toi.fraction == 0 {
                        // Already touching at the start (sliding along a surface): sweep a small
                        // core around the shape's centroid instead, so the body cannot pass through.
                        toi = timeOfImpact(
                            core, sweep, shapes[t].geometry, otherSweep, tMax: tMin, target: target, tolerance: tolerance)
                    }
                    if case .hit = toi.state, toi.fraction > 0, toi.fraction < tMin { tMin = toi.fraction }
                    return true
                }
            }
            guard tMin < 1 else { continue }
            let xf = sweep.transform(at: tMin)
            bodies[i].transform = xf
            bodies[i].center = xf.apply(body.localCenter)
            updateShapeBounds(ofBody: i)
        }
    }
}

extension Geometry {
    /// The outline's centroid, body frame.
    var centroid: Vec2 {
        switch self {
        case .circle(let c): c.center
        case .polygon(let p): p.centroid
        case .segment(let s): 0.5 * (s.p1 + s.p2)
        }
    }
}
