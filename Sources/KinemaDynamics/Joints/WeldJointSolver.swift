// The weld joint: an angular and a point constraint, rigid (softened by the solver's joint
// softness) when their hertz is 0, soft springs of their own hertz otherwise.

extension Joint {
    func warmStartWeld(_ states: inout [BodyState]) {
        let a = Int(self.bodyA)
        let b = Int(self.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(self.rA)
        let rB = sB.dq.rotate(self.rB)
        let p = self.linearImpulse
        if self.writesA {
            states[a].v = Vec2.mulSub(sA.v, self.mA, p)
            states[a].w = sA.w - self.iA * (rA.cross(p) + self.impulse)
        }
        if self.writesB {
            states[b].v = Vec2.mulAdd(sB.v, self.mB, p)
            states[b].w = sB.w + self.iB * (rB.cross(p) + self.impulse)
        }
    }

    mutating func solveWeld(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
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

        // Angular. A spring (hertz > 0) acts once per sub-step, in the biased pass: relaxing it
        // again would double its numerical damping.
        if useBias || !hasAngularSpring {
            var bias = 0.0
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let c = self.deltaAngle + Rot.relativeAngle(sB.dq, sA.dq)
                bias = self.angularSoftness.biasRate * c
                massScale = self.angularSoftness.massScale
                impulseScale = self.angularSoftness.impulseScale
            }
            let cdot = wB - wA
            let lambda = -self.axialMass * massScale * (cdot + bias) - impulseScale * self.impulse
            self.impulse += lambda
            wA -= iA * lambda
            wB += iB * lambda
        }

        // Linear, likewise.
        if useBias || !hasSpring {
            let rA = sA.dq.rotate(self.rA)
            let rB = sB.dq.rotate(self.rB)
            var bias = Vec2.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let separation = (sB.dp - sA.dp) + (rB - rA) + self.deltaCenter
                bias = self.softness.biasRate * separation
                massScale = self.softness.massScale
                impulseScale = self.softness.impulseScale
            }
            let cdot = vB + Vec2.cross(wB, rB) - vA - Vec2.cross(wA, rA)
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
