// The revolute joint: a soft point constraint, a motor clamped to its maximum torque (at speed
// 0 it is rotational friction), and one-sided angle limits solved speculatively.

extension Joint {
    func warmStartRevolute(_ states: inout [BodyState]) {
        let a = Int(self.bodyA)
        let b = Int(self.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(self.rA)
        let rB = sB.dq.rotate(self.rB)
        let axial = self.motorImpulse + self.lowerImpulse - self.upperImpulse
        let p = self.linearImpulse
        if self.writesA {
            states[a].v = Vec2.mulSub(sA.v, self.mA, p)
            states[a].w = sA.w - self.iA * (rA.cross(p) + axial)
        }
        if self.writesB {
            states[b].v = Vec2.mulAdd(sB.v, self.mB, p)
            states[b].w = sB.w + self.iB * (rB.cross(p) + axial)
        }
    }

    mutating func solveRevolute(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
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
        let rotates = iA + iB > 0

        // Motor: drives the relative angular speed to motorSpeed with at most maxMotorTorque.
        if enableMotor && rotates {
            let cdot = wB - wA - motorSpeed
            let lambda = -self.axialMass * cdot
            let maxImpulse = context.h * maxMotorTorque
            let old = self.motorImpulse
            self.motorImpulse = min(max(old + lambda, -maxImpulse), maxImpulse)
            let applied = self.motorImpulse - old
            wA -= iA * applied
            wB += iB * applied
        }

        if enableLimit && rotates {
            let angle = self.deltaAngle + Rot.relativeAngle(sB.dq, sA.dq)
            // Lower: angle − lowerAngle ≥ 0.
            do {
                let c = angle - lower
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
                let cdot = wB - wA
                let lambda = -self.axialMass * massScale * (cdot + bias) - impulseScale * self.lowerImpulse
                let newImpulse = max(0, self.lowerImpulse + lambda)
                let applied = newImpulse - self.lowerImpulse
                self.lowerImpulse = newImpulse
                wA -= iA * applied
                wB += iB * applied
            }
            // Upper: upperAngle − angle ≥ 0.
            do {
                let c = upper - angle
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
                let cdot = wA - wB
                let lambda = -self.axialMass * massScale * (cdot + bias) - impulseScale * self.upperImpulse
                let newImpulse = max(0, self.upperImpulse + lambda)
                let applied = newImpulse - self.upperImpulse
                self.upperImpulse = newImpulse
                wA += iA * applied
                wB -= iB * applied
            }
        }

        // The shared point.
        do {
            let rA = sA.dq.rotate(self.rA)
            let rB = sB.dq.rotate(self.rB)
            let cdot = vB + Vec2.cross(wB, rB) - vA - Vec2.cross(wA, rA)
            var bias = Vec2.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let separation = (sB.dp - sA.dp) + (rB - rA) + self.deltaCenter
                bias = context.jointSoftness.biasRate * separation
                massScale = context.jointSoftness.massScale
                impulseScale = context.jointSoftness.impulseScale
            }
            let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
            let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
            let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
            let x = solve22(k11, k12, k22, cdot + bias)
            let lambda = Vec2(
                -massScale * x.x - impulseScale * self.linearImpulse.x,
                -massScale * x.y - impulseScale * self.linearImpulse.y)
            self.linearImpulse += lambda
            vA = Vec2.mulSub(vA, mA, lambda)
            wA -= iA * rA.cross(lambda)
            vB = Vec2.mulAdd(vB, mB, lambda)
            wB += iB * rB.cross(lambda)
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
