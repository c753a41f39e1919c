// The distance joint: a rigid length, or a soft-step spring towards it, with one-sided
// minimum and maximum lengths solved speculatively (a limit that is not yet reached only
// removes the approach speed that would cross it within the sub-step).

extension Joint {
    func warmStartDistance(_ states: inout [BodyState]) {
        let bodies = JointBodies(self, states)
        let axis = bodies.separation(self.deltaCenter).normalized
        let p = (self.impulse + self.lowerImpulse - self.upperImpulse) * axis
        bodies.warmStart(self, linear: p, angularA: bodies.rA.cross(p), angularB: bodies.rB.cross(p), into: &states)
    }

    mutating func solveDistance(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
        var bodies = JointBodies(self, states)
        let d = bodies.separation(self.deltaCenter)
        let length = d.length
        let axis = d.normalized

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
                let lambda =
                    -soft.massScale * self.axialMass * (axis.dot(bodies.anchorVelocity) + bias) - soft.impulseScale * self.impulse
                self.impulse += lambda
                bodies.apply(lambda * axis)
            }
        } else {
            // Rigid length, softened by the solver's joint softness while the bias is on.
            let row = JointBias(equality: length - self.length, context.jointSoftness, useBias: useBias)
            let lambda =
                -row.massScale * self.axialMass * (axis.dot(bodies.anchorVelocity) + row.bias) - row.impulseScale * self.impulse
            self.impulse += lambda
            bodies.apply(lambda * axis)
        }

        if enableLimit && hasRange {
            // Lower: length − minLength ≥ 0.
            let lower = JointBias(limit: length - self.minLength, context, useBias: useBias)
            let lowerApplied = lower.applyOneSided(
                &self.lowerImpulse, mass: self.axialMass, speed: axis.dot(bodies.anchorVelocity))
            bodies.apply(lowerApplied * axis)
            // Upper: maxLength − length ≥ 0.
            let upper = JointBias(limit: self.maxLength - length, context, useBias: useBias)
            let upperApplied = upper.applyOneSided(
                &self.upperImpulse, mass: self.axialMass, speed: -axis.dot(bodies.anchorVelocity))
            bodies.apply(-upperApplied * axis)
        }
        bodies.store(self, into: &states)
    }
}
