// Preparing the contact constraints once per step (see `ContactSolver.swift`): contacts are put in
// dependency levels, each level packed four to a group, and every lane is filled from the
// start-of-step poses and velocities. The stages below run in this order on buffers borrowed once
// by `prepareContacts`, with no per-step allocation.

extension PhysicsWorld {
    /// Builds a constraint for every touching, non-sensor contact with an awake body, packed four
    /// to a group in dependency levels (see `ContactConstraintGroup`).
    ///
    /// Reads `bodies` (masses, poses, velocities), `contacts` (manifolds, material) and
    /// `awake.bodies`. Writes `constraints`.
    func prepareContacts(_ context: StepContext) {
        // Nothing awake, no constraint (a constraint needs an awake body): the whole world sleeps,
        // so the group storage, the largest of a pile, is released until something wakes.
        guard !awake.bodies.isEmpty else {
            if constraints.groups.capacity > 0 { constraints.groups = [] }
            constraints.count = 0
            constraints.hasRestitution = false
            return
        }
        let warm = context.enableWarmStarting ? 1.0 : 0.0
        var scratch = ContactConstraints()
        var groups: [ContactConstraintGroup] = []
        swap(&scratch, &constraints)
        swap(&groups, &scratch.groups)
        scratch.constraintContacts.removeAll(keepingCapacity: true)
        scratch.constraintLevels.removeAll(keepingCapacity: true)
        scratch.levelCounts.removeAll(keepingCapacity: true)
        if scratch.bodyLevels.count < bodies.count {
            scratch.bodyLevels.append(contentsOf: repeatElement(0, count: bodies.count - scratch.bodyLevels.count))
        }
        var hasRestitution = false
        bodies.elements.withUnsafeBufferPointer { bodies in
            contacts.elements.withUnsafeBufferPointer { contacts in
                hasRestitution = Self.levelConstraints(bodies, contacts, &scratch)
                let groupCount = Self.placeLevels(&scratch)
                Self.resizeGroups(&groups, to: Int(groupCount))
                groups.withUnsafeMutableBufferPointer { groups in
                    Self.fillGroups(groups, &scratch, bodies, contacts, context, warm)
                    Self.markImpactPairs(groups, context)
                }
            }
        }
        scratch.count = scratch.constraintContacts.count
        scratch.hasRestitution = hasRestitution
        swap(&groups, &scratch.groups)
        swap(&scratch, &constraints)
    }

    /// Lists the contacts that become constraints, in contact order, each with its level: one
    /// past the last level that wrote either moving body. Counts the constraints of each level.
    /// Returns whether any of them has restitution.
    @inline(__always)
    static func levelConstraints(
        _ bodies: UnsafeBufferPointer<Body>, _ contacts: UnsafeBufferPointer<Contact>,
        _ scratch: inout ContactConstraints
    ) -> Bool {
        var hasRestitution = false
        scratch.bodyLevels.withUnsafeMutableBufferPointer { next in
            for i in bodies.indices { next[i] = 0 }
            for ci in contacts.indices {
                guard contacts[ci].isTouching, !contacts[ci].isSensor else { continue }
                let a = Int(contacts[ci].bodyA)
                let b = Int(contacts[ci].bodyB)
                let awakeA = bodies[a].isAwake
                let awakeB = bodies[b].isAwake
                guard awakeA || awakeB else { continue }
                let movesA = awakeA && (bodies[a].invMass > 0 || bodies[a].invInertia > 0)
                let movesB = awakeB && (bodies[b].invMass > 0 || bodies[b].invInertia > 0)
                let level = max(movesA ? next[a] : 0, movesB ? next[b] : 0)
                if movesA { next[a] = level + 1 }
                if movesB { next[b] = level + 1 }
                if scratch.levelCounts.count <= Int(level) { scratch.levelCounts.append(0) }
                scratch.levelCounts[Int(level)] += 1
                scratch.constraintContacts.append(Int32(ci))
                scratch.constraintLevels.append(level)
                hasRestitution = hasRestitution || contacts[ci].restitution > 0
            }
        }
        return hasRestitution
    }

    /// Lays the levels out in order, each in whole groups: sets each level's first group and
    /// turns the counts into fill cursors (zero). Returns the number of groups.
    @inline(__always)
    static func placeLevels(_ scratch: inout ContactConstraints) -> Int32 {
        let levelCount = scratch.levelCounts.count
        if scratch.levelFirstGroup.count < levelCount {
            scratch.levelFirstGroup.append(
                contentsOf: repeatElement(0, count: levelCount - scratch.levelFirstGroup.count))
        }
        var groupCount: Int32 = 0
        for level in 0..<levelCount {
            scratch.levelFirstGroup[level] = groupCount
            groupCount += (scratch.levelCounts[level] + 3) / 4
            scratch.levelCounts[level] = 0
        }
        return groupCount
    }

    /// Reuses last step's groups: every lane is overwritten by `fillGroups` (inert lanes too), so
    /// only their number changes here.
    @inline(__always)
    static func resizeGroups(_ groups: inout [ContactConstraintGroup], to needed: Int) {
        if groups.capacity < needed { groups.reserveCapacity(needed + needed / 8) }
        if groups.count < needed {
            groups.append(contentsOf: repeatElement(ContactConstraintGroup(), count: needed - groups.count))
        } else {
            groups.removeLast(groups.count - needed)
        }
    }

    /// Resets the per-group flags, writes each constraint into its level's next lane, and makes
    /// the rest of each level's last group inert (the cursors are the counts again after it).
    @inline(__always)
    static func fillGroups(
        _ groups: UnsafeMutableBufferPointer<ContactConstraintGroup>, _ scratch: inout ContactConstraints,
        _ bodies: UnsafeBufferPointer<Body>, _ contacts: UnsafeBufferPointer<Contact>, _ context: StepContext,
        _ warm: Double
    ) {
        for g in groups.indices {
            groups[g].hasRolling = false
            groups[g].hasTwoPoints = false
            groups[g].hasImpactPair = false
            groups[g].impactPair = Lanes()
        }
        for k in scratch.constraintContacts.indices {
            let ci = Int(scratch.constraintContacts[k])
            let level = Int(scratch.constraintLevels[k])
            let slot = Int(scratch.levelCounts[level])
            scratch.levelCounts[level] += 1
            let g = Int(scratch.levelFirstGroup[level]) + slot >> 2
            let a = Int(contacts[ci].bodyA)
            let b = Int(contacts[ci].bodyB)
            groups[g][lane: slot & 3] = Self.makeConstraint(
                contacts[ci], Int32(ci), bodies.baseAddress! + a, bodies.baseAddress! + b, context, warm)
        }
        var inert = ContactConstraint()
        inert.contact = -1
        for level in 0..<scratch.levelCounts.count {
            let n = Int(scratch.levelCounts[level])
            let last = Int(scratch.levelFirstGroup[level]) + (n + 3) / 4 - 1
            for lane in stride(from: n & 3, to: n & 3 == 0 ? 0 : 4, by: 1) { groups[last][lane: lane] = inert }
        }
    }

    /// Marks the two-point manifolds approaching faster than the restitution threshold: they are
    /// in their step of impact (see `ContactSolver+Block.swift`).
    @inline(__always)
    static func markImpactPairs(_ groups: UnsafeMutableBufferPointer<ContactConstraintGroup>, _ context: StepContext) {
        let threshold = Lanes(repeating: -context.restitutionThreshold)
        for g in groups.indices where groups[g].hasTwoPoints {
            let impact =
                groups[g].point1.relativeVelocity.atMost(groups[g].point2.relativeVelocity) .< threshold
            let two = groups[g].pointCount .== 2
            var pair = Lanes()
            for k in 0..<ContactConstraintGroup.width where impact[k] && two[k] { pair[k] = 1 }
            groups[g].impactPair = pair
            groups[g].hasImpactPair = any(pair .> 0)
        }
    }

    /// The constraint of one contact, from its manifold and its bodies at the start of the step;
    /// a body that is asleep counts as static. Impulses are the manifold's, times `warm`.
    @inline(__always)
    static func makeConstraint(
        _ contact: Contact, _ ci: Int32, _ bodyA: UnsafePointer<Body>, _ bodyB: UnsafePointer<Body>, _ context: StepContext,
        _ warm: Double
    ) -> ContactConstraint {
        var c = ContactConstraint()
        c.contact = ci
        c.bodyA = contact.bodyA
        c.bodyB = contact.bodyB
        let awakeA = bodyA.pointee.isAwake
        let awakeB = bodyB.pointee.isAwake
        let mA = awakeA ? bodyA.pointee.invMass : 0
        let iA = awakeA ? bodyA.pointee.invInertia : 0
        let mB = awakeB ? bodyB.pointee.invMass : 0
        let iB = awakeB ? bodyB.pointee.invInertia : 0
        c.invMassA = mA
        c.invIA = iA
        c.invMassB = mB
        c.invIB = iB
        c.softness = (mA == 0 || mB == 0) ? context.staticSoftness : context.contactSoftness
        let m = contact.manifold
        let n = m.normal
        c.normal = n
        c.friction = contact.friction
        c.restitution = contact.restitution
        c.rollingResistance = contact.rollingResistance
        c.rollingImpulse = warm * m.rollingImpulse
        let kRoll = iA + iB
        c.rollingMass = kRoll > 0 ? 1 / kRoll : 0
        c.pointCount = m.pointCount
        let gA = bodyA.pointee.type == .dynamic && awakeA ? bodyA.pointee.gravity : .zero
        let gB = bodyB.pointee.type == .dynamic && awakeB ? bodyB.pointee.gravity : .zero
        c.relativeGravity = (gB - gA).dot(n)
        let pair = ConstraintBodyPair(
            mA: mA, iA: iA, mB: mB, iB: iB,
            originA: bodyA.pointee.transform.p, originB: bodyB.pointee.transform.p,
            offsetA: bodyA.pointee.transform.q.rotate(bodyA.pointee.localCenter),
            offsetB: bodyB.pointee.transform.q.rotate(bodyB.pointee.localCenter),
            vA: bodyA.pointee.linearVelocity, wA: bodyA.pointee.angularVelocity,
            vB: bodyB.pointee.linearVelocity, wB: bodyB.pointee.angularVelocity)
        let t = n.rightPerp
        for k in 0..<m.pointCount {
            let cp = constraintPoint(k == 0 ? m.point1 : m.point2, n, t, pair, warm)
            if k == 0 { c.point1 = cp } else { c.point2 = cp }
        }
        return c
    }

    /// One point of a constraint: its anchors relative to the centres of mass, its separation,
    /// effective masses and relative normal velocity. `t` is `n.rightPerp`.
    @inline(__always)
    static func constraintPoint(
        _ mp: ContactManifoldPoint, _ n: Vec2, _ t: Vec2, _ pair: ConstraintBodyPair, _ warm: Double
    ) -> ContactConstraintPoint {
        let (mA, iA, mB, iB) = (pair.mA, pair.iA, pair.mB, pair.iB)
        var cp = ContactConstraintPoint()
        cp.normalImpulse = warm * mp.normalImpulse
        cp.tangentImpulse = warm * mp.tangentImpulse
        let rA = (mp.point - pair.originA) - pair.offsetA
        let rB = (mp.point - pair.originB) - pair.offsetB
        cp.anchorA = rA
        cp.anchorB = rB
        cp.adjustedSeparation = mp.separation - (rB - rA).dot(n)
        cp.separation = mp.separation
        let rnA = rA.cross(n)
        let rnB = rB.cross(n)
        let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
        let rtA = rA.cross(t)
        let rtB = rB.cross(t)
        let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
        let dv = (pair.vB + Vec2.cross(pair.wB, rB)) - (pair.vA + Vec2.cross(pair.wA, rA))
        cp.relativeVelocity = n.dot(dv)
        return cp
    }
}

/// What a contact constraint's points read of its two bodies at the start of the step: inverse
/// masses and inertias (zero for a body asleep), positions, centre-of-mass offsets (world
/// orientation) and velocities.
struct ConstraintBodyPair {
    var mA: Double
    var iA: Double
    var mB: Double
    var iB: Double
    var originA: Vec2
    var originB: Vec2
    var offsetA: Vec2
    var offsetB: Vec2
    var vA: Vec2
    var wA: Double
    var vB: Vec2
    var wB: Double
}
