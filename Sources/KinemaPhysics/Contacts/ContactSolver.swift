// The soft-step contact solver (Box2D v3's design): constraints are prepared once per step from
// the start-of-step poses; each sub-step warm-starts, solves with a soft bias, integrates
// positions and relaxes without bias; restitution runs once at the end.
//
// Anchors are fixed (relative to the centres of mass, world orientation) for the whole step; the
// current separation is rebuilt from the bodies' deltas: s = dot(dpB − dpA + dqB·rB − dqA·rA, n)
// + adjustedSeparation.

extension PhysicsWorld {
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
