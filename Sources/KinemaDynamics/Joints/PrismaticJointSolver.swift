// The prismatic joint: B's anchor stays on A's axis (a perpendicular constraint) and the
// relative angle stays at the reference (solved together as one 2×2 block), with one-sided
// translation limits along the axis solved speculatively.

extension Joint {
    func warmStartPrismatic(_ states: inout [BodyState]) {
        let a = Int(self.bodyA)
        let b = Int(self.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(self.rA)
        let rB = sB.dq.rotate(self.rB)
        let d = (sB.dp - sA.dp) + self.deltaCenter + rB - rA
        let axis = sA.dq.rotate(self.axis)
        let a1 = (d + rA).cross(axis)
        let a2 = rB.cross(axis)
        let perp = axis.leftPerp
        let s1 = (d + rA).cross(perp)
        let s2 = rB.cross(perp)
        let axial = self.lowerImpulse - self.upperImpulse
        let perpImpulse = self.linearImpulse.x
        let angleImpulse = self.linearImpulse.y
        let p = axial * axis + perpImpulse * perp
        if self.writesA {
            states[a].v = Vec2.mulSub(sA.v, self.mA, p)
            states[a].w = sA.w - self.iA * (axial * a1 + perpImpulse * s1 + angleImpulse)
        }
        if self.writesB {
            states[b].v = Vec2.mulAdd(sB.v, self.mB, p)
            states[b].w = sB.w + self.iB * (axial * a2 + perpImpulse * s2 + angleImpulse)
        }
    }

    mutating func solvePrismatic(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
        let a = Int(self.bodyA)
        let b = Int(self.bodyB)
        let sA = states[a]
        let sB = states[b]
        let mA = self.mA
        let mB = self.mB
        let iA = self.iA
        let iB = self.iB
        var vA = sA.v
        var wA = sA.w
        var vB = sB.v
        var wB = sB.w
        let rA = sA.dq.rotate(self.rA)
        let rB = sB.dq.rotate(self.rB)
        let d = (sB.dp - sA.dp) + self.deltaCenter + rB - rA
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
                let c = translation - lower
                var bias = 0.0
                var massScale = 1.0
                var impulseScale = 0.0
                if c > 0 {
                    bias = c * context.inv_h
                } else if useBias {
                    bias = context.jointSoftness.biasRate * c
                    massScale = context.jointSoftness.massScale
                    impulseScale = context.jointSoftness.impulseScale
                }
                let cdot = axis.dot(vB - vA) + a2 * wB - a1 * wA
                let lambda = -limitMass * massScale * (cdot + bias) - impulseScale * self.lowerImpulse
                let newImpulse = max(0, self.lowerImpulse + lambda)
                let applied = newImpulse - self.lowerImpulse
                self.lowerImpulse = newImpulse
                self.linearImpulse -= applied * y
                let p = applied * pUnit
                vA = Vec2.mulSub(vA, mA, p)
                wA -= iA * applied * lA
                vB = Vec2.mulAdd(vB, mB, p)
                wB += iB * applied * lB
            }
            // Upper: upperTranslation − translation ≥ 0 (an impulse of −λ along the axis).
            do {
                let c = upper - translation
                var bias = 0.0
                var massScale = 1.0
                var impulseScale = 0.0
                if c > 0 {
                    bias = c * context.inv_h
                } else if useBias {
                    bias = context.jointSoftness.biasRate * c
                    massScale = context.jointSoftness.massScale
                    impulseScale = context.jointSoftness.impulseScale
                }
                let cdot = axis.dot(vA - vB) + a1 * wA - a2 * wB
                let lambda = -limitMass * massScale * (cdot + bias) - impulseScale * self.upperImpulse
                let newImpulse = max(0, self.upperImpulse + lambda)
                let applied = newImpulse - self.upperImpulse
                self.upperImpulse = newImpulse
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
        if self.writesA {
            states[a].v = vA
            states[a].w = wA
        }
        if self.writesB {
            states[b].v = vB
            states[b].w = wB
        }
    }
}
