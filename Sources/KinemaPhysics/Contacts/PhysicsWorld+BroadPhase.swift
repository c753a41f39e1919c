// The broad phase: shape proxies, the move buffer, pair search and the built-in filters. The
// state is `broadPhase` (see `BroadPhase`); it creates and destroys `contacts`.

extension PhysicsWorld {
    func shapeWasAdded(_ s: Int) {
        let b = Int(shapes[s].body)
        if broadPhase.isMoved.count < shapes.count {
            broadPhase.isMoved.append(contentsOf: repeatElement(false, count: shapes.count - broadPhase.isMoved.count))
        }
        broadPhase.isMoved[s] = false
        let proxy = broadPhase.tree.createProxy(
            aabb: broadPhase.predicted(shapes[s].aabb, velocity: bodies[b].linearVelocity), userData: s)
        shapes[s].proxy = proxy
        shapes[s].fatAABB = broadPhase.tree.fatAABB(proxy)
        broadPhase.markMoved(s)
        updateExtents(ofBody: b)
    }

    func shapeWillBeRemoved(_ s: Int) {
        var i = 0
        while i < contacts.count {
            if contacts[i].shapeA == Int32(s) || contacts[i].shapeB == Int32(s) {
                destroyContact(at: i, wakeBodies: true, endEvent: .afterNextStep)
            } else {
                i += 1
            }
        }
        broadPhase.tree.destroyProxy(shapes[s].proxy)
        shapes[s].proxy = -1
        if s < broadPhase.isMoved.count, broadPhase.isMoved[s] {
            broadPhase.isMoved[s] = false
            broadPhase.moveBuffer.removeAll { $0 == Int32(s) }
        }
        let b = Int(shapes[s].body)
        updateExtents(ofBody: b, excluding: s)
    }

    /// Called after `shapes[s].aabb` changed: when the fat bounds no longer cover the tight
    /// bounds and their motion over the next step, re-inserts them covering two steps ahead (so a
    /// body always meets its speculative contacts in time). `velocity` is the shape's body's.
    @inline(__always)
    static func shapeBoundsDidChange(_ s: Int, velocity: Vec2, _ shapes: inout [Shape], _ broadPhase: inout BroadPhase) {
        let proxy = shapes[s].proxy
        guard proxy >= 0 else { return }
        let aabb = shapes[s].aabb
        guard !shapes[s].fatAABB.contains(broadPhase.predicted(aabb, velocity: velocity)) else { return }
        broadPhase.tree.moveProxy(proxy, aabb: broadPhase.predicted(aabb, velocity: velocity, steps: 2))
        shapes[s].fatAABB = broadPhase.tree.fatAABB(proxy)
        broadPhase.markMoved(s)
    }

    func bodyTypeDidChange(_ i: Int) {
        // Contacts the new type no longer allows end; the shapes look for new pairs.
        var c = 0
        while c < contacts.count {
            let a = Int(contacts[c].bodyA)
            let b = Int(contacts[c].bodyB)
            if (a == i || b == i), bodies[a].type != .dynamic, bodies[b].type != .dynamic {
                destroyContact(at: c, wakeBodies: false, endEvent: .afterNextStep)
            } else {
                c += 1
            }
        }
        for s in bodies[i].shapes { broadPhase.markMoved(Int(s)) }
        if bodies[i].isAwake { wake(bodyAt: i) }
    }

    /// Re-runs ``shouldCollide`` for every current contact and candidate pair.
    public func refilter() {
        var c = 0
        while c < contacts.count {
            if shouldCreateContact(Int(contacts[c].shapeA), Int(contacts[c].shapeB)) {
                c += 1
            } else {
                destroyContact(at: c, wakeBodies: true, endEvent: .afterNextStep)
            }
        }
        for s in shapes.indices where shapes[s].isLive { broadPhase.markMoved(s) }
    }

    /// The built-in rules, then ``shouldCollide``.
    func shouldCreateContact(_ sa: Int, _ sb: Int) -> Bool {
        let a = Int(shapes[sa].body)
        let b = Int(shapes[sb].body)
        guard a != b else { return false }
        guard bodies[a].type == .dynamic || bodies[b].type == .dynamic else { return false }
        if !bodies[a].joints.isEmpty, !bodies[b].joints.isEmpty, jointPreventsCollision(a, b) { return false }
        if let filter = shouldCollide, !filter(shapeID(Int32(sa)), shapeID(Int32(sb))) { return false }
        return true
    }

    /// Whether a joint without `collideConnected` joins bodies `a` and `b`.
    func jointPreventsCollision(_ a: Int, _ b: Int) -> Bool {
        let list = bodies[a].joints.count <= bodies[b].joints.count ? bodies[a].joints : bodies[b].joints
        for j in list {
            let joint = joints[Int(j)]
            guard joint.isLive, !joint.collideConnected else { continue }
            if (Int(joint.bodyA) == a && Int(joint.bodyB) == b) || (Int(joint.bodyA) == b && Int(joint.bodyB) == a) { return true }
        }
        return false
    }

    /// Finds new pairs for the shapes in the move buffer and creates their contacts, in
    /// move-buffer order then tree order (deterministic).
    ///
    /// Reads `shapes`, and `bodies` and `joints` for the collision filter. Writes `broadPhase`
    /// (move buffer, candidates) and `contacts` (new ones).
    func updatePairs() {
        var tree = DynamicTree(margin: 0)
        var candidates: [(Int32, Int32)] = []
        var isMoved: [Bool] = []
        swap(&tree, &broadPhase.tree)
        swap(&candidates, &broadPhase.candidates)
        swap(&isMoved, &broadPhase.isMoved)
        candidates.removeAll(keepingCapacity: true)
        shapes.elements.withUnsafeBufferPointer { shapes in
            for m in broadPhase.moveBuffer {
                let s = Int(m)
                guard shapes[s].isLive, shapes[s].proxy >= 0 else { continue }
                let sBody = shapes[s].body
                tree.query(shapes[s].fatAABB) { proxy in
                    let t = tree.userData(proxy)
                    // A pair of two moved shapes is reported once, by the higher index.
                    if t != s, shapes[t].body != sBody, !(isMoved[t] && t > s) {
                        candidates.append((Int32(min(s, t)), Int32(max(s, t))))
                    }
                    return true
                }
            }
        }
        for m in broadPhase.moveBuffer { isMoved[Int(m)] = false }
        broadPhase.moveBuffer.removeAll(keepingCapacity: true)
        swap(&tree, &broadPhase.tree)
        swap(&isMoved, &broadPhase.isMoved)
        for (a, b) in candidates {
            guard !contacts.contains(a, b), shouldCreateContact(Int(a), Int(b)) else { continue }
            createContact(Int(a), Int(b))
        }
        swap(&candidates, &broadPhase.candidates)
    }

    func createContact(_ sa: Int, _ sb: Int) {
        let A = shapes[sa]
        let B = shapes[sb]
        var c = Contact(
            shapeA: Int32(sa), shapeB: Int32(sb), bodyA: A.body, bodyB: B.body,
            friction: (A.friction * B.friction).squareRoot(), restitution: max(A.restitution, B.restitution),
            rollingResistance: 0)
        var rolling = 0.0
        if case .circle(let circle) = A.geometry { rolling = A.rollingResistance * circle.radius }
        if case .circle(let circle) = B.geometry { rolling = max(rolling, B.rollingResistance * circle.radius) }
        c.rollingResistance = rolling
        c.isSensor = A.isSensor || B.isSensor
        c.enableContactEvents = A.enableContactEvents || B.enableContactEvents
        contacts.add(c)
    }

    /// When a contact's end event is reported: with this step's events (the narrow phase), or
    /// after the next step (a contact ended between steps).
    enum ContactEndReport {
        case thisStep, afterNextStep
    }

    /// Swap-removes contact `i`, reporting an end event when it was reported touching.
    func destroyContact(at i: Int, wakeBodies: Bool, endEvent: ContactEndReport) {
        let c = contacts.remove(at: i)
        if c.isReportedTouching, c.enableContactEvents {
            let event = ContactEndEvent(shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB))
            switch endEvent {
            case .thisStep: contactEndEvents.append(event)
            case .afterNextStep: contacts.pendingEndEvents.append(event)
            }
        }
        if wakeBodies, c.isTouching {
            if bodies[Int(c.bodyA)].isLive { wake(bodyAt: Int(c.bodyA)) }
            if bodies[Int(c.bodyB)].isLive { wake(bodyAt: Int(c.bodyB)) }
        }
    }

    /// Recomputes the body's extents about its centre of mass, leaving out shape `excluded`.
    func updateExtents(ofBody b: Int, excluding excluded: Int = -1) {
        var minExtent = Double.infinity
        var maxExtent = 0.0
        let lc = bodies[b].localCenter
        for s in bodies[b].shapes where Int(s) != excluded {
            switch shapes[Int(s)].geometry {
            case .circle(let c):
                minExtent = min(minExtent, c.radius)
                maxExtent = max(maxExtent, (c.center - lc).length + c.radius)
            case .segment(let seg):
                minExtent = 0
                maxExtent = max(maxExtent, (seg.p1 - lc).length, (seg.p2 - lc).length)
            case .polygon(let p):
                var inner = Double.infinity
                for k in 0..<p.count {
                    inner = min(inner, p.normals[k].dot(p.vertices[k] - p.centroid))
                    maxExtent = max(maxExtent, (p.vertices[k] - lc).length + p.radius)
                }
                minExtent = min(minExtent, inner + p.radius)
            }
        }
        bodies[b].minExtent = minExtent.isFinite ? minExtent : 0
        bodies[b].maxExtent = maxExtent
    }
}
