// The prismatic joint: B's anchor stays on A's axis (a perpendicular constraint) and the
// relative angle stays at the reference (solved together as one 2×2 block), with one-sided
// translation limits along the axis solved speculatively.

extension Joint {
    func warmStartPrismatic(_ states: inout [BodyState]) {
        let bodies = JointBodies(self, states)
        let rA = bodies.rA
        let rB = bodies.rB
        let d = bodies.separation(self.deltaCenter)
        let axis = bodies.sA.dq.rotate(self.axis)
        let a1 = (d + rA).cross(axis)
        let a2 = rB.cross(axis)
        let perp = axis.leftPerp
        let s1 = (d + rA).cross(perp)
        let s2 = rB.cross(perp)
        let axial = self.lowerImpulse - self.upperImpulse
        let perpImpulse = self.linearImpulse.x
        let angleImpulse = self.linearImpulse.y
        let p = axial * axis + perpImpulse * perp
        bodies.warmStart(
            self, linear: p, angularA: axial * a1 + perpImpulse * s1 + angleImpulse,
            angularB: axial * a2 + perpImpulse * s2 + angleImpulse, into: &states)
    }

    // The limits' coupling to the block makes this one piece; the shared setup is JointBodies.
    mutating func solvePrismatic(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
        var bodies = JointBodies(self, states)
        let (sA, sB) = (bodies.sA, bodies.sB)
        let (mA, mB, iA, iB) = (bodies.mA, bodies.mB, bodies.iA, bodies.iB)
        var (vA, wA, vB, wB) = (bodies.vA, bodies.wA, bodies.vB, bodies.wB)
        let rA = bodies.rA
        let rB = bodies.rB
        let d = bodies.separation(self.deltaCenter)
        let axis = sA.dq.rotate(self.axis)
        let translation = axis.dot(d)
        let a1 = (d + rA).cross(axis)
        let a2 = rB.cross(axis)
        let perp = axis.leftPerp
        let s1 = (d + rA).cross(perp)
        let s2 = rB.cross(perp)
        // The block (perpendicular, angle) and its coupling to the axis.
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }  // Neither body rotates: the angular row is inert.

        if enableLimit {
            // A limit's impulse along the axis also turns the bodies when the anchors are off
            // their centres, which the soft block would only partly undo within the sub-step. So
            // each limit impulse comes with the block impulse that cancels its effect on the
            // block's rows (the limit acts on the block-constrained system): y = K⁻¹·(coupling),
            // and the limit's effective mass is the Schur complement.
            let couplingPerp = iA * a1 * s1 + iB * a2 * s2
            let couplingAngle = iA * a1 + iB * a2
            let y = solve22(k11, k12, k22, Vec2(couplingPerp, couplingAngle))
            let kAxial = mA + mB + iA * a1 * a1 + iB * a2 * a2 - (couplingPerp * y.x + couplingAngle * y.y)
            let limitMass = kAxial > 1e-12 * (mA + mB + iA + iB) ? 1 / kAxial : 0
            // An impulse λ along the axis with −λ·y on the block.
            let pUnit = axis - y.x * perp
            let lA = a1 - y.x * s1 - y.y
            let lB = a2 - y.x * s2 - y.y

            // Lower: translation − lowerTranslation ≥ 0.
            do {
                let row = JointBias(limit: translation - lower, context, useBias: useBias)
                let cdot = axis.dot(vB - vA) + a2 * wB - a1 * wA
                let applied = row.applyOneSided(&self.lowerImpulse, mass: limitMass, speed: cdot)
                self.linearImpulse -= applied * y
                let p = applied * pUnit
                vA = Vec2.mulSub(vA, mA, p)
                wA -= iA * applied * lA
                vB = Vec2.mulAdd(vB, mB, p)
                wB += iB * applied * lB
            }
            // Upper: upperTranslation − translation ≥ 0 (an impulse of −λ along the axis).
            do {
                let row = JointBias(limit: upper - translation, context, useBias: useBias)
                let cdot = axis.dot(vA - vB) + a1 * wA - a2 * wB
                let applied = row.applyOneSided(&self.upperImpulse, mass: limitMass, speed: cdot)
                self.linearImpulse += applied * y
                let p = applied * pUnit
                vA = Vec2.mulAdd(vA, mA, p)
                wA += iA * applied * lA
                vB = Vec2.mulSub(vB, mB, p)
                wB -= iB * applied * lB
            }
        }

        // Perpendicular offset and relative angle, as one block.
        do {
            let cdot = Vec2(perp.dot(vB - vA) + s2 * wB - s1 * wA, wB - wA)
            var bias = Vec2.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let c = Vec2(perp.dot(d), self.deltaAngle + Rot.relativeAngle(sB.dq, sA.dq))
                bias = context.jointSoftness.biasRate * c
                massScale = context.jointSoftness.massScale
                impulseScale = context.jointSoftness.impulseScale
            }
            let x = solve22(k11, k12, k22, cdot + bias)
            let lambda = Vec2(
                -massScale * x.x - impulseScale * self.linearImpulse.x,
                -massScale * x.y - impulseScale * self.linearImpulse.y)
            self.linearImpulse += lambda
            let p = lambda.x * perp
            vA = Vec2.mulSub(vA, mA, p)
            wA -= iA * (lambda.x * s1 + lambda.y)
            vB = Vec2.mulAdd(vB, mB, p)
            wB += iB * (lambda.x * s2 + lambda.y)
        }
        (bodies.vA, bodies.wA, bodies.vB, bodies.wB) = (vA, wA, vB, wB)
        bodies.store(self, into: &states)
    }
}
