// The revolute joint: a soft point constraint, a motor clamped to its maximum torque (at speed
// 0 it is rotational friction), and one-sided angle limits solved speculatively.

extension Joint {
    func warmStartRevolute(_ states: inout [BodyState]) {
        let bodies = JointBodies(self, states)
        let axial = self.motorImpulse + self.lowerImpulse - self.upperImpulse
        let p = self.linearImpulse
        bodies.warmStart(
            self, linear: p, angularA: bodies.rA.cross(p) + axial, angularB: bodies.rB.cross(p) + axial, into: &states)
    }

    mutating func solveRevolute(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
        var bodies = JointBodies(self, states)
        let iA = bodies.iA
        let iB = bodies.iB
        let rotates = iA + iB > 0

        // Motor: drives the relative angular speed to motorSpeed with at most maxMotorTorque.
        if enableMotor && rotates {
            let cdot = bodies.wB - bodies.wA - motorSpeed
            let lambda = -self.axialMass * cdot
            let maxImpulse = context.h * maxMotorTorque
            let old = self.motorImpulse
            self.motorImpulse = min(max(old + lambda, -maxImpulse), maxImpulse)
            let applied = self.motorImpulse - old
            bodies.wA -= iA * applied
            bodies.wB += iB * applied
        }

        if enableLimit && rotates {
            let angle = self.deltaAngle + Rot.relativeAngle(bodies.sB.dq, bodies.sA.dq)
            // Lower: angle − lowerAngle ≥ 0.
            let lowerRow = JointBias(limit: angle - lower, context, useBias: useBias)
            let lowerApplied = lowerRow.applyOneSided(
                &self.lowerImpulse, mass: self.axialMass, speed: bodies.wB - bodies.wA)
            bodies.wA -= iA * lowerApplied
            bodies.wB += iB * lowerApplied
            // Upper: upperAngle − angle ≥ 0.
            let upperRow = JointBias(limit: upper - angle, context, useBias: useBias)
            let upperApplied = upperRow.applyOneSided(
                &self.upperImpulse, mass: self.axialMass, speed: bodies.wA - bodies.wB)
            bodies.wA += iA * upperApplied
            bodies.wB -= iB * upperApplied
        }

        // The shared point.
        solvePoint(&bodies, context.jointSoftness, useBias: useBias)
        bodies.store(self, into: &states)
    }
}
