// The distance joint: a rigid length, or a soft-step spring towards it, with one-sided
// minimum and maximum lengths solved speculatively (a limit that is not yet reached only
// removes the approach speed that would cross it within the sub-step).

extension Joint {
    func warmStartDistance(_ states: inout [BodyState]) {
        let a = Int(self.bodyA)
        let b = Int(self.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(self.rA)
        let rB = sB.dq.rotate(self.rB)
        let axis = ((sB.dp - sA.dp) + self.deltaCenter + rB - rA).normalized
        let p = (self.impulse + self.lowerImpulse - self.upperImpulse) * axis
        if self.writesA {
            states[a].v = Vec2.mulSub(sA.v, self.mA, p)
            states[a].w = sA.w - self.iA * rA.cross(p)
        }
        if self.writesB {
            states[b].v = Vec2.mulAdd(sB.v, self.mB, p)
            states[b].w = sB.w + self.iB * rB.cross(p)
        }
    }

    mutating func solveDistance(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
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
        let length = d.length
        let axis = d.normalized

        // Applies an impulse of `lambda` along the axis (pushing B away from A when positive).
        @inline(__always) func apply(_ lambda: Double) {
            let p = lambda * axis
            vA = Vec2.mulSub(vA, mA, p)
            wA -= iA * rA.cross(p)
            vB = Vec2.mulAdd(vB, mB, p)
            wB += iB * rB.cross(p)
        }
        @inline(__always) func axialSpeed() -> Double {
            axis.dot(vB + Vec2.cross(wB, rB) - vA - Vec2.cross(wA, rA))
        }

        let hasRange = self.minLength < self.maxLength
        if enableSpring && (hasRange || !enableLimit) {
            // A spring of the joint's own frequency; hertz 0 is no force at all. It acts once per
            // sub-step, in the biased pass: solving it again in the relax pass would double the
            // soft step's numerical damping (6.4 % instead of 3.3 % amplitude per period at 1 Hz
            // and 480 Hz sub-steps) and lengthen damped periods.
            if hasSpring && useBias {
                let soft = self.softness
                let c = length - self.length
                let bias = soft.biasRate * c
                let lambda = -soft.massScale * self.axialMass * (axialSpeed() + bias) - soft.impulseScale * self.impulse
                self.impulse += lambda
                apply(lambda)
            }
        } else {
            // Rigid length, softened by the solver's joint softness while the bias is on.
            let c = length - self.length
            var bias = 0.0
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                bias = context.jointSoftness.biasRate * c
                massScale = context.jointSoftness.massScale
                impulseScale = context.jointSoftness.impulseScale
            }
            let lambda = -massScale * self.axialMass * (axialSpeed() + bias) - impulseScale * self.impulse
            self.impulse += lambda
            apply(lambda)
        }

        if enableLimit && hasRange {
            // Lower: length − minLength ≥ 0.
            do {
                let c = length - self.minLength
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
                let lambda =
                    -massScale * self.axialMass * (axialSpeed() + bias) - impulseScale * self.lowerImpulse
                let newImpulse = max(0, self.lowerImpulse + lambda)
                let applied = newImpulse - self.lowerImpulse
                self.lowerImpulse = newImpulse
                apply(applied)
            }
            // Upper: maxLength − length ≥ 0.
            do {
                let c = self.maxLength - length
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
                let lambda =
                    -massScale * self.axialMass * (-axialSpeed() + bias) - impulseScale * self.upperImpulse
                let newImpulse = max(0, self.upperImpulse + lambda)
                let applied = newImpulse - self.upperImpulse
                self.upperImpulse = newImpulse
                apply(-applied)
            }
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
