// The soft-step contact solver (Box2D v3's design): constraints are prepared once per step from
// the start-of-step poses; each sub-step warm-starts, solves with a soft bias, integrates
// positions and relaxes without bias; restitution runs once at the end.
//
// Anchors are fixed (relative to the centres of mass, world orientation) for the whole step; the
// current separation is rebuilt from the bodies' deltas: s = dot(dpB − dpA + dqB·rB − dqA·rA, n)
// + adjustedSeparation.

extension PhysicsWorld {
    /// Builds a constraint for every touching, non-sensor contact with an awake body.
    func prepareContacts(_ context: StepContext) {
        constraints.removeAll(keepingCapacity: true)
        let warm = context.enableWarmStarting ? 1.0 : 0.0
        var out: [ContactConstraint] = []
        swap(&out, &constraints)
        bodies.withUnsafeBufferPointer { bodies in
            contacts.withUnsafeBufferPointer { contacts in
                for ci in contacts.indices {
                    guard contacts[ci].isTouching, !contacts[ci].isSensor else { continue }
                    let a = Int(contacts[ci].bodyA)
                    let b = Int(contacts[ci].bodyB)
                    let awakeA = bodies[a].isAwake
                    let awakeB = bodies[b].isAwake
                    guard awakeA || awakeB else { continue }
                    out.append(
                        Self.makeConstraint(
                            contacts[ci], Int32(ci), bodies.baseAddress! + a, bodies.baseAddress! + b, context, warm))
                }
            }
        }
        swap(&out, &constraints)
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
            let rA = mp.anchorA - offsetA
            let rB = mp.anchorB - offsetB
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

    func warmStartContacts(_ context: StepContext) {
        withContactArrays { cs, states in
            for i in cs.indices {
                let c = cs[i]
                let a = Int(c.bodyA)
                let b = Int(c.bodyB)
                var sA = states[a]
                var sB = states[b]
                let n = c.normal
                let t = n.rightPerp
                for k in 0..<c.pointCount {
                    let cp = k == 0 ? c.point1 : c.point2
                    let P = cp.normalImpulse * n + cp.tangentImpulse * t
                    sA.w -= c.invIA * cp.anchorA.cross(P)
                    sA.v = Vec2.mulSub(sA.v, c.invMassA, P)
                    sB.w += c.invIB * cp.anchorB.cross(P)
                    sB.v = Vec2.mulAdd(sB.v, c.invMassB, P)
                }
                sA.w -= c.invIA * c.rollingImpulse
                sB.w += c.invIB * c.rollingImpulse
                if c.invMassA > 0 || c.invIA > 0 { states[a] = sA }
                if c.invMassB > 0 || c.invIB > 0 { states[b] = sB }
            }
        }
    }

    /// One pass over the contacts; `useBias` false is the relax pass.
    func solveContacts(_ context: StepContext, useBias: Bool) {
        let inv_h = context.inv_h
        let pushMax = context.contactPushMaxVelocity
        let threshold = context.restitutionThreshold
        withContactArrays { cs, states in
            guard let base = cs.baseAddress, let stateBase = states.baseAddress else { return }
            for i in 0..<cs.count {
                let c = base + i
                let a = Int(c.pointee.bodyA)
                let b = Int(c.pointee.bodyB)
                var sA = stateBase[a]
                var sB = stateBase[b]
                let masses = (c.pointee.invMassA, c.pointee.invIA, c.pointee.invMassB, c.pointee.invIB)
                let n = c.pointee.normal
                let dp = sB.dp - sA.dp
                let softness = c.pointee.softness
                let pointCount = c.pointee.pointCount
                var total = 0.0
                // The relax pass visits a two-point manifold twice in the step of an impact:
                // Gauss–Seidel then nearly reaches the block solution, so a face landing flat
                // stops without a spin.
                let impact = min(c.pointee.point1.relativeVelocity, c.pointee.point2.relativeVelocity) < -threshold
                let passes = !useBias && pointCount == 2 && impact ? 2 : 1
                for _ in 0..<passes {
                    total = 0
                    Self.solveNormal(
                        &c.pointee.point1, n, dp, &sA, &sB, masses, softness, inv_h, pushMax, useBias, &total)
                    if pointCount == 2 {
                        Self.solveNormal(
                            &c.pointee.point2, n, dp, &sA, &sB, masses, softness, inv_h, pushMax, useBias, &total)
                    }
                }
                if !useBias {
                    c.pointee.point1.totalNormalImpulse += c.pointee.point1.normalImpulse
                    c.pointee.point2.totalNormalImpulse += c.pointee.point2.normalImpulse
                }
                let friction = c.pointee.friction
                Self.solveFriction(&c.pointee.point1, n.rightPerp, friction, &sA, &sB, masses)
                if pointCount == 2 { Self.solveFriction(&c.pointee.point2, n.rightPerp, friction, &sA, &sB, masses) }
                if c.pointee.rollingResistance > 0 {
                    let maxLambda = c.pointee.rollingResistance * total
                    let old = c.pointee.rollingImpulse
                    let lambda = min(max(old - c.pointee.rollingMass * (sB.w - sA.w), -maxLambda), maxLambda)
                    c.pointee.rollingImpulse = lambda
                    let delta = lambda - old
                    sA.w -= masses.1 * delta
                    sB.w += masses.3 * delta
                }
                if masses.0 > 0 || masses.1 > 0 { stateBase[a] = sA }
                if masses.2 > 0 || masses.3 > 0 { stateBase[b] = sB }
            }
        }
    }

    /// The soft (or, when `useBias` is false, rigid) non-penetration constraint at one point.
    @inline(__always)
    static func solveNormal(
        _ cp: inout ContactConstraintPoint, _ n: Vec2, _ dp: Vec2, _ sA: inout BodyState, _ sB: inout BodyState,
        _ masses: (Double, Double, Double, Double), _ softness: Softness, _ inv_h: Double, _ pushMax: Double,
        _ useBias: Bool, _ total: inout Double
    ) {
        let rA = cp.anchorA
        let rB = cp.anchorB
        let d = dp + (sB.dq.rotate(rB) - sA.dq.rotate(rA))
        let s = n.dot(d) + cp.adjustedSeparation
        var bias = 0.0
        var massScale = 1.0
        var impulseScale = 0.0
        if s > 0 {
            bias = s * inv_h  // speculative
        } else if useBias {
            bias = max(softness.biasRate * s, -pushMax)
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let dv = (sB.v + Vec2.cross(sB.w, rB)) - (sA.v + Vec2.cross(sA.w, rA))
        let vn = dv.dot(n)
        let old = cp.normalImpulse
        let newImpulse = max(old - cp.normalMass * massScale * (vn + bias) - impulseScale * old, 0)
        let impulse = newImpulse - old
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
        total += newImpulse
        let P = impulse * n
        sA.v = Vec2.mulSub(sA.v, masses.0, P)
        sA.w -= masses.1 * rA.cross(P)
        sB.v = Vec2.mulAdd(sB.v, masses.2, P)
        sB.w += masses.3 * rB.cross(P)
    }

    /// Coulomb friction at one point, bounded by friction × the point's normal impulse.
    @inline(__always)
    static func solveFriction(
        _ cp: inout ContactConstraintPoint, _ t: Vec2, _ friction: Double, _ sA: inout BodyState, _ sB: inout BodyState,
        _ masses: (Double, Double, Double, Double)
    ) {
        let rA = cp.anchorA
        let rB = cp.anchorB
        let dv = (sB.v + Vec2.cross(sB.w, rB)) - (sA.v + Vec2.cross(sA.w, rA))
        let vt = dv.dot(t)
        let maxFriction = friction * cp.normalImpulse
        let old = cp.tangentImpulse
        let newImpulse = min(max(old - cp.tangentMass * vt, -maxFriction), maxFriction)
        let impulse = newImpulse - old
        cp.tangentImpulse = newImpulse
        let P = impulse * t
        sA.v = Vec2.mulSub(sA.v, masses.0, P)
        sA.w -= masses.1 * rA.cross(P)
        sB.v = Vec2.mulAdd(sB.v, masses.2, P)
        sB.w += masses.3 * rB.cross(P)
    }

    /// Copies the accumulated impulses back into the manifolds for the next step's warm start.
    func storeContactImpulses() {
        for c in constraints {
            let ci = Int(c.contact)
            contacts[ci].manifold.rollingImpulse = c.rollingImpulse
            for k in 0..<c.pointCount {
                let cp = k == 0 ? c.point1 : c.point2
                var mp = contacts[ci].manifold[k]
                mp.normalImpulse = cp.normalImpulse
                mp.tangentImpulse = cp.tangentImpulse
                mp.maxNormalImpulse = cp.maxNormalImpulse
                mp.normalVelocity = cp.relativeVelocity
                contacts[ci].manifold[k] = mp
            }
        }
    }

    /// Runs `body` on the constraints and the body states without copying them or paying for
    /// exclusivity checks on every element.
    @inline(__always)
    func withContactArrays(
        _ body: (inout UnsafeMutableBufferPointer<ContactConstraint>, inout UnsafeMutableBufferPointer<BodyState>) -> Void
    ) {
        var cs: [ContactConstraint] = []
        var st: [BodyState] = []
        swap(&cs, &constraints)
        swap(&st, &states)
        cs.withUnsafeMutableBufferPointer { c in
            st.withUnsafeMutableBufferPointer { s in body(&c, &s) }
        }
        swap(&cs, &constraints)
        swap(&st, &states)
    }
}
