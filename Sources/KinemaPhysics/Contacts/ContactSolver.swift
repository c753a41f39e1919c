// The soft-step contact solver (Box2D v3's design): constraints are prepared once per step from
// the start-of-step poses; each sub-step warm-starts, solves with a soft bias, integrates
// positions and relaxes without bias; restitution runs once at the end.
//
// Anchors are fixed (relative to the centres of mass, world orientation) for the whole step; the
// current separation is rebuilt from the bodies' deltas: s = dot(dpB − dpA + dqB·rB − dqA·rA, n)
// + adjustedSeparation.

extension PhysicsWorld {
    /// Builds a constraint for every touching, non-sensor contact with an awake body, packed four
    /// to a group in dependency levels (see `ContactConstraintGroup`).
    ///
    /// Reads `bodies` (masses, poses, velocities), `contacts` (manifolds, material) and
    /// `awake.bodies`. Writes `constraints`.
    // One pass that levels, places and fills the constraints in place (no per-step allocation),
    // kept together so the buffers are borrowed once.
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
                scratch.bodyLevels.withUnsafeMutableBufferPointer { next in
                    for i in bodies.indices { next[i] = 0 }
                    // Level = one past the last level that wrote either moving body, in contact order.
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
                // Levels in order, each in whole groups; the counts become fill cursors.
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
                // Reuse last step's groups: every lane is overwritten below (inert lanes too), so
                // only the per-group flags need resetting.
                let needed = Int(groupCount)
                if groups.capacity < needed { groups.reserveCapacity(needed + needed / 8) }
                if groups.count < needed {
                    groups.append(contentsOf: repeatElement(ContactConstraintGroup(), count: needed - groups.count))
                } else {
                    groups.removeLast(groups.count - needed)
                }
                groups.withUnsafeMutableBufferPointer { groups in
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
                    // The rest of each level's last group is inert (the cursors are the counts again).
                    var inert = ContactConstraint()
                    inert.contact = -1
                    for level in 0..<levelCount {
                        let n = Int(scratch.levelCounts[level])
                        let last = Int(scratch.levelFirstGroup[level]) + (n + 3) / 4 - 1
                        for lane in stride(from: n & 3, to: n & 3 == 0 ? 0 : 4, by: 1) { groups[last][lane: lane] = inert }
                    }
                    // Two-point manifolds approaching faster than the restitution threshold are in
                    // their step of impact (see `ContactSolver+Block.swift`).
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
            }
        }
        scratch.count = scratch.constraintContacts.count
        scratch.hasRestitution = hasRestitution
        swap(&groups, &scratch.groups)
        swap(&scratch, &constraints)
    }

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
        let t = n.rightPerp
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
        let offsetA = bodyA.pointee.transform.q.rotate(bodyA.pointee.localCenter)
        let offsetB = bodyB.pointee.transform.q.rotate(bodyB.pointee.localCenter)
        let vA = bodyA.pointee.linearVelocity
        let wA = bodyA.pointee.angularVelocity
        let vB = bodyB.pointee.linearVelocity
        let wB = bodyB.pointee.angularVelocity
        for k in 0..<m.pointCount {
            let mp = k == 0 ? m.point1 : m.point2
            var cp = ContactConstraintPoint()
            cp.normalImpulse = warm * mp.normalImpulse
            cp.tangentImpulse = warm * mp.tangentImpulse
            let rA = (mp.point - bodyA.pointee.transform.p) - offsetA
            let rB = (mp.point - bodyB.pointee.transform.p) - offsetB
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
            let dv = (vB + Vec2.cross(wB, rB)) - (vA + Vec2.cross(wA, rA))
            cp.relativeVelocity = n.dot(dv)
            if k == 0 { c.point1 = cp } else { c.point2 = cp }
        }
        return c
    }

    /// Applies the accumulated impulses of every constraint to the states.
    ///
    /// Reads `constraints`. Writes `awake.states` (velocities).
    func warmStartContacts(_ context: StepContext) {
        withConstraintGroups { groups, groupCount, states in
            for gi in 0..<groupCount {
                let g = groups + gi
                var A = WideBodyState(states, g.pointee.bodyA)
                var B = WideBodyState(states, g.pointee.bodyB)
                let nx = g.pointee.normalX
                let ny = g.pointee.normalY
                let mA = g.pointee.invMassA
                let iA = g.pointee.invIA
                let mB = g.pointee.invMassB
                let iB = g.pointee.invIB
                Self.warmStart(g.pointee.point1, nx, ny, mA, iA, mB, iB, &A, &B)
                if g.pointee.hasTwoPoints { Self.warmStart(g.pointee.point2, nx, ny, mA, iA, mB, iB, &A, &B) }
                if g.pointee.hasRolling {
                    A.w = A.w - iA * g.pointee.rollingImpulse
                    B.w = B.w + iB * g.pointee.rollingImpulse
                }
                A.scatterVelocities(states, g.pointee.bodyA, g.pointee.movesA)
                B.scatterVelocities(states, g.pointee.bodyB, g.pointee.movesB)
            }
        }
    }

    /// Applies one point's accumulated impulses in four lanes (an inert point has none).
    @inline(__always)
    static func warmStart(
        _ p: WideConstraintPoint, _ nx: Lanes, _ ny: Lanes, _ mA: Lanes, _ iA: Lanes, _ mB: Lanes, _ iB: Lanes,
        _ A: inout WideBodyState, _ B: inout WideBodyState
    ) {
        // P = normalImpulse · n + tangentImpulse · t, with t = (ny, −nx).
        let px = p.normalImpulse * nx + p.tangentImpulse * ny
        let py = p.normalImpulse * ny + p.tangentImpulse * -nx
        applyImpulse(px, py, at: p, WideMasses(mA: mA, iA: iA, mB: mB, iB: iB), &A, &B)
    }

    /// Applies the impulse (px, py) at one point of four constraints: −P to body A, +P to body B.
    @inline(__always)
    static func applyImpulse(
        _ px: Lanes, _ py: Lanes, at p: WideConstraintPoint, _ masses: WideMasses, _ A: inout WideBodyState,
        _ B: inout WideBodyState
    ) {
        A.vx = A.vx - masses.mA * px
        A.vy = A.vy - masses.mA * py
        A.w = A.w - masses.iA * (p.anchorAX * py - p.anchorAY * px)
        B.vx = B.vx + masses.mB * px
        B.vy = B.vy + masses.mB * py
        B.w = B.w + masses.iB * (p.anchorBX * py - p.anchorBY * px)
    }

    /// One pass over the contacts, four constraints of a dependency level at a time; `useBias`
    /// false is the relax pass.
    ///
    /// Reads `awake.states` (deltas). Writes `constraints` (impulses) and `awake.states`
    /// (velocities).
    func solveContacts(_ context: StepContext, useBias: Bool) {
        let inv_h = Lanes(repeating: context.inv_h)
        let pushMax = Lanes(repeating: -context.contactPushMaxVelocity)
        withConstraintGroups { groups, groupCount, states in
            for gi in 0..<groupCount {
                let g = groups + gi
                var A = WideBodyState(states, g.pointee.bodyA)
                var B = WideBodyState(states, g.pointee.bodyB)
                let masses = WideMasses(
                    mA: g.pointee.invMassA, iA: g.pointee.invIA, mB: g.pointee.invMassB, iB: g.pointee.invIB)
                let nx = g.pointee.normalX
                let ny = g.pointee.normalY
                let dpx = B.dpx - A.dpx
                let dpy = B.dpy - A.dpy
                var bias = WideBias(rate: g.pointee.biasRate, massScale: g.pointee.massScale, impulseScale: g.pointee.impulseScale)
                bias.inv_h = inv_h
                bias.pushFloor = pushMax
                bias.useBias = useBias
                let twoPoints = g.pointee.hasTwoPoints
                let total =
                    twoPoints
                    ? Self.solvePairNormals(g, nx, ny, dpx, dpy, &A, &B, masses, bias)
                    : Self.solveNormal(&g.pointee.point1, nx, ny, dpx, dpy, &A, &B, masses, bias)
                // The impulse each relax pass leaves, summed over the step (restitution reads it).
                if !useBias {
                    g.pointee.point1.totalNormalImpulse = g.pointee.point1.totalNormalImpulse + g.pointee.point1.normalImpulse
                    g.pointee.point2.totalNormalImpulse = g.pointee.point2.totalNormalImpulse + g.pointee.point2.normalImpulse
                }
                let friction = g.pointee.friction
                Self.solveFriction(&g.pointee.point1, nx, ny, friction, &A, &B, masses)
                if twoPoints { Self.solveFriction(&g.pointee.point2, nx, ny, friction, &A, &B, masses) }
                if g.pointee.hasRolling {
                    let maxLambda = g.pointee.rollingResistance * total
                    let old = g.pointee.rollingImpulse
                    let lambda = (old - g.pointee.rollingMass * (B.w - A.w)).atLeast(-maxLambda).atMost(maxLambda)
                    g.pointee.rollingImpulse = lambda
                    let delta = lambda - old
                    A.w = A.w - masses.iA * delta
                    B.w = B.w + masses.iB * delta
                }
                A.scatterVelocities(states, g.pointee.bodyA, g.pointee.movesA)
                B.scatterVelocities(states, g.pointee.bodyB, g.pointee.movesB)
            }
        }
    }

    /// The soft (or, when `useBias` is false, rigid) non-penetration constraint at one point of
    /// four constraints, for the lanes in `only` (the others keep their impulse). Returns the new
    /// accumulated impulses.
    @inline(__always) @discardableResult
    static func solveNormal(
        _ p: inout WideConstraintPoint, _ nx: Lanes, _ ny: Lanes, _ dpx: Lanes, _ dpy: Lanes, _ A: inout WideBodyState,
        _ B: inout WideBodyState, _ masses: WideMasses, _ bias: WideBias, only: SIMDMask<SIMD4<Int64>>
    ) -> Lanes {
        let s = separation(p, nx, ny, dpx, dpy, A, B)
        let speculative = s .> 0
        var b: Lanes
        var massScale: Lanes
        var impulseScale: Lanes
        if bias.useBias {
            b = (bias.rate * s).atLeast(bias.pushFloor).replacing(with: s * bias.inv_h, where: speculative)
            massScale = bias.massScale.replacing(with: 1, where: speculative)
            impulseScale = bias.impulseScale.replacing(with: 0, where: speculative)
        } else {
            b = (s * bias.inv_h).replacing(with: 0, where: .!speculative)
            massScale = Lanes(repeating: 1)
            impulseScale = Lanes()
        }
        let vn = normalVelocity(p, nx, ny, A, B)
        let old = p.normalImpulse
        let newImpulse = (old - p.normalMass * massScale * (vn + b) - impulseScale * old).atLeast(Lanes())
            .replacing(with: old, where: .!only)
        let impulse = newImpulse - old
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = p.maxNormalImpulse.atLeast(impulse)
        applyImpulse(impulse * nx, impulse * ny, at: p, masses, &A, &B)
        return newImpulse
    }

    /// ``solveNormal(_:_:_:_:_:_:_:_:_:only:)`` for every lane.
    @inline(__always)
    static func solveNormal(
        _ p: inout WideConstraintPoint, _ nx: Lanes, _ ny: Lanes, _ dpx: Lanes, _ dpy: Lanes, _ A: inout WideBodyState,
        _ B: inout WideBodyState, _ masses: WideMasses, _ bias: WideBias
    ) -> Lanes {
        solveNormal(&p, nx, ny, dpx, dpy, &A, &B, masses, bias, only: SIMDMask(repeating: true))
    }

    /// Coulomb friction at one point of four constraints, bounded by friction × the point's
    /// normal impulse.
    @inline(__always)
    static func solveFriction(
        _ p: inout WideConstraintPoint, _ nx: Lanes, _ ny: Lanes, _ friction: Lanes, _ A: inout WideBodyState,
        _ B: inout WideBodyState, _ masses: WideMasses
    ) {
        // t = n.rightPerp = (ny, −nx).
        let tx = ny
        let ty = -nx
        let (dvx, dvy) = relativeVelocity(p, A, B)
        let vt = dvx * tx + dvy * ty
        let maxFriction = friction * p.normalImpulse
        let old = p.tangentImpulse
        let newImpulse = (old - p.tangentMass * vt).atLeast(-maxFriction).atMost(maxFriction)
        let impulse = newImpulse - old
        p.tangentImpulse = newImpulse
        applyImpulse(impulse * tx, impulse * ty, at: p, masses, &A, &B)
    }

    /// Whether a contact held its bodies in the last sub-step: some point pushed (a normal
    /// impulse) and no pushing point slid (friction at its limit, μ · normal impulse; the friction
    /// solve clamps to exactly that, and restitution leaves both alone). A sliding or frictionless
    /// contact moves its bodies for real, and resting damping leaves them alone.
    @inline(__always)
    static func holds(_ c: ContactConstraint) -> Bool {
        var pushes = false
        for k in 0..<c.pointCount {
            let p = k == 0 ? c.point1 : c.point2
            guard p.normalImpulse > 0 else { continue }
            if abs(p.tangentImpulse) >= c.friction * p.normalImpulse { return false }
            pushes = true
        }
        return pushes
    }

    /// Copies the accumulated impulses back into the manifolds for the next step's warm start.
    ///
    /// Reads `constraints`. Writes `contacts` (manifold impulses) and `bodies` (held flag).
    func storeContactImpulses() {
        var groups: [ContactConstraintGroup] = []
        var bodies: [Body] = []
        swap(&groups, &constraints.groups)
        swap(&bodies, &self.bodies.elements)
        contacts.elements.withUnsafeMutableBufferPointer { contacts in
            bodies.withUnsafeMutableBufferPointer { bodies in
                for g in groups.indices {
                    for lane in 0..<ContactConstraintGroup.width where groups[g].contact[lane] >= 0 {
                        let c = groups[g][lane: lane]
                        let ci = Int(c.contact)
                        contacts[ci].manifold.rollingImpulse = c.rollingImpulse
                        if Self.holds(c) {
                            bodies[Int(c.bodyA)].isHeldByContact = true
                            bodies[Int(c.bodyB)].isHeldByContact = true
                        }
                        for k in 0..<c.pointCount {
                            let cp = k == 0 ? c.point1 : c.point2
                            contacts[ci].manifold[k].normalImpulse = cp.normalImpulse
                            contacts[ci].manifold[k].tangentImpulse = cp.tangentImpulse
                        }
                    }
                }
            }
        }
        swap(&groups, &constraints.groups)
        swap(&bodies, &self.bodies.elements)
    }

    /// Runs `body` on the constraints one at a time and on the body states, without copying them
    /// or paying for exclusivity checks on every element.
    @inline(__always)
    func withContactArrays(
        _ body: (inout ContactConstraintLanes, inout UnsafeMutableBufferPointer<BodyState>) -> Void
    ) {
        let hasRestitution = constraints.hasRestitution
        let stateCount = awake.states.count
        withConstraintGroups { groups, groupCount, states in
            var lanes = ContactConstraintLanes(
                groups: groups, count: hasRestitution ? groupCount * ContactConstraintGroup.width : 0)
            var buffer = UnsafeMutableBufferPointer(start: states, count: stateCount)
            body(&lanes, &buffer)
        }
    }

    /// Runs `body` on the constraint groups (pointer and count) and the body states, pointers valid
    /// during the call; not at all when there are no constraints.
    @inline(__always)
    func withConstraintGroups(
        _ body: (UnsafeMutablePointer<ContactConstraintGroup>, Int, UnsafeMutablePointer<BodyState>) -> Void
    ) {
        var groups: [ContactConstraintGroup] = []
        var st: [BodyState] = []
        swap(&groups, &constraints.groups)
        swap(&st, &awake.states)
        groups.withUnsafeMutableBufferPointer { g in
            st.withUnsafeMutableBufferPointer { s in
                if let groups = g.baseAddress, let base = s.baseAddress { body(groups, g.count, base) }
            }
        }
        swap(&groups, &constraints.groups)
        swap(&st, &awake.states)
    }
}

/// The inverse masses of four constraints' bodies (zero for a body the constraint does not move).
struct WideMasses {
    var mA: Lanes
    var iA: Lanes
    var mB: Lanes
    var iB: Lanes
}

/// The soft-step bias of four constraints for one pass.
struct WideBias {
    var rate: Lanes
    var massScale: Lanes
    var impulseScale: Lanes
    var inv_h = Lanes()
    /// −contactPushMaxVelocity: the soft bias is never below it.
    var pushFloor = Lanes()
    var useBias = true
}
