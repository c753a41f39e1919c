// The weld joint: an angular and a point constraint, rigid (softened by the solver's joint
// softness) when their hertz is 0, soft springs of their own hertz otherwise.

extension Joint {
    func warmStartWeld(_ states: inout [BodyState]) {
        let bodies = JointBodies(self, states)
        let p = self.linearImpulse
        bodies.warmStart(
            self, linear: p, angularA: bodies.rA.cross(p) + self.impulse, angularB: bodies.rB.cross(p) + self.impulse,
            into: &states)
    }

    mutating func solveWeld(_ states: inout [BodyState], _ context: StepContext, useBias: Bool) {
        var bodies = JointBodies(self, states)

        // Angular. A spring (hertz > 0) acts once per sub-step, in the biased pass: relaxing it
        // again would double its numerical damping.
        if useBias || !hasAngularSpring {
            let c = self.deltaAngle + Rot.relativeAngle(bodies.sB.dq, bodies.sA.dq)
            let row = JointBias(equality: c, self.angularSoftness, useBias: useBias)
            let cdot = bodies.wB - bodies.wA
            let lambda = -self.axialMass * row.massScale * (cdot + row.bias) - row.impulseScale * self.impulse
            self.impulse += lambda
            bodies.wA -= bodies.iA * lambda
            bodies.wB += bodies.iB * lambda
        }

        // Linear, likewise.
        if useBias || !hasSpring {
            solvePoint(&bodies, self.softness, useBias: useBias)
        }
        bodies.store(self, into: &states)
    }
}
