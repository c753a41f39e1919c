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
        for ci in contacts.indices {
            let contact = contacts[ci]
            guard contact.isTouching, !contact.isSensor else { continue }
            let a = Int(contact.bodyA)
            let b = Int(contact.bodyB)
            let bodyA = bodies[a]
            let bodyB = bodies[b]
            guard bodyA.isAwake || bodyB.isAwake else { continue }
            var c = ContactConstraint()
            c.contact = Int32(ci)
            c.bodyA = contact.bodyA
            c.bodyB = contact.bodyB
            let mA = bodyA.isAwake ? bodyA.invMass : 0
            let iA = bodyA.isAwake ? bodyA.invInertia : 0
            let mB = bodyB.isAwake ? bodyB.invMass : 0
            let iB = bodyB.isAwake ? bodyB.invInertia : 0
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
            let gA = bodyA.type == .dynamic && bodyA.isAwake ? bodyA.gravity : .zero
            let gB = bodyB.type == .dynamic && bodyB.isAwake ? bodyB.gravity : .zero
            c.relativeGravity = (gB - gA).dot(n)
            let offsetA = bodyA.transform.q.rotate(bodyA.localCenter)
            let offsetB = bodyB.transform.q.rotate(bodyB.localCenter)
            let vA = bodyA.linearVelocity
            let wA = bodyA.angularVelocity
            let vB = bodyB.linearVelocity
            let wB = bodyB.angularVelocity
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
            constraints.append(c)
        }
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
        let relaxPasses = 2
        withContactArrays { cs, states in
            for i in cs.indices {
                var c = cs[i]
                let a = Int(c.bodyA)
                let b = Int(c.bodyB)
                var sA = states[a]
                var sB = states[b]
                let mA = c.invMassA
                let iA = c.invIA
                let mB = c.invMassB
                let iB = c.invIB
                let n = c.normal
                let t = n.rightPerp
                let dp = sB.dp - sA.dp
                var totalNormalImpulse = 0.0
                // The relax pass visits two-point manifolds twice: Gauss–Seidel then nearly
                // reaches the block solution, so a face landing flat stops without a spin.
                for _ in 0..<(!useBias && c.pointCount == 2 ? relaxPasses : 1) {
                    totalNormalImpulse = 0
                    for k in 0..<c.pointCount {
                        var cp = k == 0 ? c.point1 : c.point2
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
                            bias = max(c.softness.biasRate * s, -pushMax)
                            massScale = c.softness.massScale
                            impulseScale = c.softness.impulseScale
                        }
                        let dv = (sB.v + Vec2.cross(sB.w, rB)) - (sA.v + Vec2.cross(sA.w, rA))
                        let vn = dv.dot(n)
                        var impulse = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
                        let newImpulse = max(cp.normalImpulse + impulse, 0)
                        impulse = newImpulse - cp.normalImpulse
                        cp.normalImpulse = newImpulse
                        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                        totalNormalImpulse += newImpulse
                        let P = impulse * n
                        sA.v = Vec2.mulSub(sA.v, mA, P)
                        sA.w -= iA * rA.cross(P)
                        sB.v = Vec2.mulAdd(sB.v, mB, P)
                        sB.w += iB * rB.cross(P)
                        if k == 0 { c.point1 = cp } else { c.point2 = cp }
                    }
                }
                let friction = c.friction
                for k in 0..<c.pointCount {
                    var cp = k == 0 ? c.point1 : c.point2
                    let rA = cp.anchorA
                    let rB = cp.anchorB
                    let dv = (sB.v + Vec2.cross(sB.w, rB)) - (sA.v + Vec2.cross(sA.w, rA))
                    let vt = dv.dot(t)
                    var impulse = -cp.tangentMass * vt
                    let maxFriction = friction * cp.normalImpulse
                    let newImpulse = min(max(cp.tangentImpulse + impulse, -maxFriction), maxFriction)
                    impulse = newImpulse - cp.tangentImpulse
                    cp.tangentImpulse = newImpulse
                    let P = impulse * t
                    sA.v = Vec2.mulSub(sA.v, mA, P)
                    sA.w -= iA * rA.cross(P)
                    sB.v = Vec2.mulAdd(sB.v, mB, P)
                    sB.w += iB * rB.cross(P)
                    if k == 0 { c.point1 = cp } else { c.point2 = cp }
                }
                if c.rollingResistance > 0 {
                    let maxLambda = c.rollingResistance * totalNormalImpulse
                    let old = c.rollingImpulse
                    let lambda = min(max(old - c.rollingMass * (sB.w - sA.w), -maxLambda), maxLambda)
                    c.rollingImpulse = lambda
                    let delta = lambda - old
                    sA.w -= iA * delta
                    sB.w += iB * delta
                }
                if mA > 0 || iA > 0 { states[a] = sA }
                if mB > 0 || iB > 0 { states[b] = sB }
                cs[i] = c
            }
        }
    }

    /// Bounces: for points that approached faster than the threshold and carried an impulse,
    /// drives the normal velocity to −e × the approach velocity.
    func applyContactRestitution(_ context: StepContext) {
        let threshold = context.restitutionThreshold
        withContactArrays { cs, states in
            for i in cs.indices {
                var c = cs[i]
                guard c.restitution > 0 else { continue }
                let a = Int(c.bodyA)
                let b = Int(c.bodyB)
                var sA = states[a]
                var sB = states[b]
                let vA0 = sA.v
                let vB0 = sB.v
                let n = c.normal
                // The fraction of the step at which a speculative point made its impact.
                var impactFraction = 1.0
                // A few Gauss–Seidel passes over the (at most two) points converge to the block
                // solution, so an item landing flat bounces without spin.
                for _ in 0..<(c.pointCount == 2 ? 4 : 1) {
                    for k in 0..<c.pointCount {
                        var cp = k == 0 ? c.point1 : c.point2
                        guard cp.relativeVelocity <= -threshold, cp.maxNormalImpulse > 0 else { continue }
                        let rA = cp.anchorA
                        let rB = cp.anchorB
                        // A speculative point meets its surface part-way through the step, after
                        // gravity has added to the approach: bounce with the speed of impact.
                        var approach = cp.relativeVelocity
                        if cp.separation > 0 {
                            let f = min(cp.separation / (-cp.relativeVelocity * context.dt), 1)
                            impactFraction = min(impactFraction, f)
                            approach = min(approach, approach + c.relativeGravity * f * context.dt)
                        } else {
                            impactFraction = 0
                        }
                        let dv = (sB.v + Vec2.cross(sB.w, rB)) - (sA.v + Vec2.cross(sA.w, rA))
                        let vn = dv.dot(n)
                        var impulse = -cp.normalMass * (vn + c.restitution * approach)
                        let newImpulse = max(cp.normalImpulse + impulse, 0)
                        impulse = newImpulse - cp.normalImpulse
                        cp.normalImpulse = newImpulse
                        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                        let P = impulse * n
                        sA.v = Vec2.mulSub(sA.v, c.invMassA, P)
                        sA.w -= c.invIA * rA.cross(P)
                        sB.v = Vec2.mulAdd(sB.v, c.invMassB, P)
                        sB.w += c.invIB * rB.cross(P)
                        if k == 0 { c.point1 = cp } else { c.point2 = cp }
                    }
                }
                // A speculative impact happened part-way through the step, but the bodies waited at
                // the surface until its end: they travel the rest of the step at the bounce velocity.
                if impactFraction > 0, impactFraction < 1 {
                    let rest = (1 - impactFraction) * context.dt
                    sA.dp = Vec2.mulAdd(sA.dp, rest, sA.v - vA0)
                    sB.dp = Vec2.mulAdd(sB.dp, rest, sB.v - vB0)
                }
                if c.invMassA > 0 || c.invIA > 0 { states[a] = sA }
                if c.invMassB > 0 || c.invIB > 0 { states[b] = sB }
                cs[i] = c
            }
        }
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
