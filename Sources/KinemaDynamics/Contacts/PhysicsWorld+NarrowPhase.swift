// The narrow phase: manifolds for the contacts of awake bodies, warm-start impulses matched by
// feature id, begin/end touch events, and waking what an awake body touches.

extension PhysicsWorld {
    /// Updates every contact with an awake body, in contact order.
    func updateContacts(_ timeStep: Double) {
        let baseSpeculative = configuration.speculativeDistance
        let slop = configuration.linearSlop
        var i = 0
        while i < contacts.count {
            var c = contacts[i]
            let a = Int(c.bodyA)
            let b = Int(c.bodyB)
            let awakeA = bodies[a].isAwake
            let awakeB = bodies[b].isAwake
            guard awakeA || awakeB else {
                i += 1
                continue
            }
            let sa = Int(c.shapeA)
            let sb = Int(c.shapeB)
            if !shapes[sa].fatAABB.overlaps(shapes[sb].fatAABB)
                || (!bodies[a].joints.isEmpty && !bodies[b].joints.isEmpty && jointPreventsCollision(a, b))
            {
                destroyContact(at: i, wakeBodies: false, reportInto: &contactEndEvents)
                continue
            }
            // The speculative margin covers the bodies' approach over one step, so a fast body
            // meets its contact before it overlaps (continuous collision handles what this misses).
            let dv = bodies[b].linearVelocity - bodies[a].linearVelocity
            let spin = abs(bodies[a].angularVelocity) * bodies[a].maxExtent + abs(bodies[b].angularVelocity) * bodies[b].maxExtent
            let speculative = baseSpeculative + timeStep * (dv.length + spin)
            let old = c.manifold
            var m = collide(
                shapes[sa].geometry, bodies[a].transform, shapes[sb].geometry, bodies[b].transform,
                speculativeDistance: speculative)
            var minSeparation = Double.infinity
            for k in 0..<m.pointCount {
                var p = k == 0 ? m.point1 : m.point2
                p.normalImpulse = 0
                p.tangentImpulse = 0
                p.persisted = false
                for o in 0..<old.pointCount {
                    let q = o == 0 ? old.point1 : old.point2
                    if q.id == p.id {
                        p.normalImpulse = q.normalImpulse
                        p.tangentImpulse = q.tangentImpulse
                        p.persisted = true
                        break
                    }
                }
                minSeparation = min(minSeparation, p.separation)
                if k == 0 { m.point1 = p } else { m.point2 = p }
            }
            m.rollingImpulse = m.pointCount > 0 ? old.rollingImpulse : 0
            c.manifold = m
            c.isTouching = m.pointCount > 0
            if c.enableContactEvents {
                if !c.isReportedTouching, c.isTouching, minSeparation < slop {
                    c.isReportedTouching = true
                    contactBeginEvents.append(
                        ContactBeginEvent(
                            shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB), point: m.point1.point.point, normal: m.normal.vector))
                } else if c.isReportedTouching, !c.isTouching {
                    c.isReportedTouching = false
                    contactEndEvents.append(ContactEndEvent(shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB)))
                }
            }
            contacts[i] = c
            // An awake body touching a sleeping one wakes the sleeper's island.
            if c.isTouching, !c.isSensor, awakeA != awakeB {
                let sleeper = awakeA ? b : a
                if bodies[sleeper].type != .static { wake(bodyAt: sleeper) }
            }
            i += 1
        }
    }
}
