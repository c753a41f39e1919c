// The narrow phase: manifolds for the contacts of awake bodies, warm-start impulses matched by
// feature id, begin/end touch events, and waking what an awake body touches.

extension PhysicsWorld {
    /// What the narrow phase's inner loop leaves to the world: a contact to destroy, a joint
    /// filter to ask, a sleeping body to wake.
    private enum NarrowPhaseEvent {
        case destroy(Int)
        case jointFilter(contact: Int, bodyA: Int, bodyB: Int)
        case wake(Int)
    }

    /// Updates every contact with an awake body, in contact order.
    ///
    /// Reads `bodies` and `shapes`. Writes `contacts` (manifolds, touching flags; destroys those
    /// whose bounds parted) and the step's contact events; wakes what an awake body touches.
    func updateContacts(_ timeStep: Double) {
        let baseSpeculative = configuration.speculativeDistance
        let slop = configuration.linearSlop
        var i = 0
        // The contact whose joint filter already said "keep" (so it is not asked twice).
        var keptByJoints = -1
        while true {
            // The loop runs on the world's arrays moved into locals (no exclusivity checks, no
            // copies); it stops for the rare steps that need the world itself.
            var contacts: [Contact] = []
            var bodies: [Body] = []
            var shapes: [Shape] = []
            var outlinePoints: [Vec2] = []
            swap(&contacts, &self.contacts.elements)
            swap(&bodies, &self.bodies.elements)
            swap(&shapes, &self.shapes.elements)
            swap(&outlinePoints, &self.shapes.outlinePoints)
            let event = contacts.withUnsafeMutableBufferPointer { contacts in
                bodies.withUnsafeBufferPointer { bodies in
                    shapes.withUnsafeBufferPointer { shapes in
                        outlinePoints.withUnsafeBufferPointer { pool in
                            self.updateContacts(
                                from: &i, contacts, bodies, shapes, pool, timeStep: timeStep, baseSpeculative: baseSpeculative,
                                slop: slop, keptByJoints: keptByJoints)
                        }
                    }
                }
            }
            swap(&contacts, &self.contacts.elements)
            swap(&bodies, &self.bodies.elements)
            swap(&shapes, &self.shapes.elements)
            swap(&outlinePoints, &self.shapes.outlinePoints)
            guard let event else { return }
            switch event {
            case .destroy(let c):
                destroyContact(at: c, wakeBodies: false, endEvent: .thisStep)
            case .jointFilter(let c, let a, let b):
                if jointPreventsCollision(a, b) {
                    destroyContact(at: c, wakeBodies: false, endEvent: .thisStep)
                } else {
                    keptByJoints = c
                }
            case .wake(let body):
                wake(bodyAt: body)
            }
        }
    }

    /// Updates contacts from index `i` on until one needs the world (returned, with `i` at the
    /// contact to resume from) or all are done (`nil`).
    private func updateContacts(
        from i: inout Int, _ contacts: UnsafeMutableBufferPointer<Contact>, _ bodies: UnsafeBufferPointer<Body>,
        _ shapes: UnsafeBufferPointer<Shape>, _ pool: UnsafeBufferPointer<Vec2>, timeStep: Double, baseSpeculative: Double,
        slop: Double, keptByJoints: Int
    ) -> NarrowPhaseEvent? {
        while i < contacts.count {
            let c = contacts.baseAddress! + i
            let a = Int(c.pointee.bodyA)
            let b = Int(c.pointee.bodyB)
            let awakeA = bodies[a].isAwake
            let awakeB = bodies[b].isAwake
            guard awakeA || awakeB else {
                i += 1
                continue
            }
            let sa = Int(c.pointee.shapeA)
            let sb = Int(c.pointee.shapeB)
            if !shapes[sa].fatAABB.overlaps(shapes[sb].fatAABB) { return .destroy(i) }
            if !bodies[a].joints.isEmpty, !bodies[b].joints.isEmpty, keptByJoints != i {
                return .jointFilter(contact: i, bodyA: a, bodyB: b)
            }
            // The speculative margin covers the bodies' approach over one step, so a fast body
            // meets its contact before it overlaps (continuous collision handles what this misses).
            let dv = bodies[b].linearVelocity - bodies[a].linearVelocity
            let spin = abs(bodies[a].angularVelocity) * bodies[a].maxExtent + abs(bodies[b].angularVelocity) * bodies[b].maxExtent
            let speculative = baseSpeculative + timeStep * (dv.length + spin)
            // The outlines, with the polygons read in place from the pool: nothing is copied or
            // reference counted.
            let m = collide(
                shapes[sa].outline.form(in: pool), bodies[a].transform, shapes[sb].outline.form(in: pool), bodies[b].transform,
                speculativeDistance: speculative)
            // Keep what the next steps need; impulses carry over where the feature ids persist.
            let old = c.pointee.manifold
            var stored = ContactManifold()
            stored.normal = m.normal
            stored.pointCount = m.pointCount
            var minSeparation = Double.infinity
            for k in 0..<m.pointCount {
                let p = k == 0 ? m.point1 : m.point2
                var q = ContactManifoldPoint()
                q.point = p.point
                q.separation = p.separation
                q.id = p.id
                for o in 0..<old.pointCount {
                    let previous = o == 0 ? old.point1 : old.point2
                    if previous.id == p.id {
                        q.normalImpulse = previous.normalImpulse
                        q.tangentImpulse = previous.tangentImpulse
                        break
                    }
                }
                minSeparation = min(minSeparation, p.separation)
                if k == 0 { stored.point1 = q } else { stored.point2 = q }
            }
            stored.rollingImpulse = m.pointCount > 0 ? old.rollingImpulse : 0
            c.pointee.manifold = stored
            let isTouching = m.pointCount > 0
            c.pointee.isTouching = isTouching
            if c.pointee.enableContactEvents {
                let idA = ShapeID(index: Int32(sa), generation: shapes[sa].generation)
                let idB = ShapeID(index: Int32(sb), generation: shapes[sb].generation)
                if !c.pointee.isReportedTouching, isTouching, minSeparation < slop {
                    c.pointee.isReportedTouching = true
                    contactBeginEvents.append(
                        ContactBeginEvent(shapeA: idA, shapeB: idB, point: m.point1.point.point, normal: m.normal.vector))
                } else if c.pointee.isReportedTouching, !isTouching {
                    c.pointee.isReportedTouching = false
                    contactEndEvents.append(ContactEndEvent(shapeA: idA, shapeB: idB))
                }
            }
            i += 1
            // An awake body touching a sleeping one wakes the sleeper's island.
            if isTouching, !c.pointee.isSensor, awakeA != awakeB {
                let sleeper = awakeA ? b : a
                if bodies[sleeper].type != .static { return .wake(sleeper) }
            }
        }
        return nil
    }
}
