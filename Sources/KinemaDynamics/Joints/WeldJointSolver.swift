// The weld joint: an angular and a point constraint, rigid (softened by the solver's joint
// softness) when their hertz is 0, soft springs of their own hertz otherwise.

extension PhysicsWorld {
    func warmStartWeldJoint(_ j: Int) {
        let joint = joints[j]
        let a = Int(joint.bodyA)
        let b = Int(joint.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(joint.rA)
        let rB = sB.dq.rotate(joint.rB)
        let p = joint.linearImpulse
        if joint.writesA {
            states[a].v = Vec2.mulSub(sA.v, joint.mA, p)
            states[a].w = sA.w - joint.iA * (rA.cross(p) + joint.impulse)
        }
        if joint.writesB {
            states[b].v = Vec2.mulAdd(sB.v, joint.mB, p)
            states[b].w = sB.w + joint.iB * (rB.cross(p) + joint.impulse)
        }
    }

    func solveWeldJoint(_ j: Int, _ def: WeldJointDefinition, _ context: StepContext, useBias: Bool) {
        var joint = joints[j]
        let a = Int(joint.bodyA)
        let b = Int(joint.bodyB)
        let sA = states[a]
        let sB = states[b]
        let mA = joint.mA
        let mB = joint.mB
        let iA = joint.iA
        let iB = joint.iB
        var vA = sA.v
        var wA = sA.w
        var vB = sB.v
        var wB = sB.w

        // Angular.
        do {
            var bias = 0.0
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias || def.angularHertz > 0 {
                let c = joint.deltaAngle + Rot.relativeAngle(sB.dq, sA.dq)
                bias = joint.angularSoftness.biasRate * c
                massScale = joint.angularSoftness.massScale
                impulseScale = joint.angularSoftness.impulseScale
            }
            let cdot = wB - wA
            let lambda = -joint.axialMass * massScale * (cdot + bias) - impulseScale * joint.impulse
            joint.impulse += lambda
            wA -= iA * lambda
            wB += iB * lambda
        }

        // Linear.
        do {
            let rA = sA.dq.rotate(joint.rA)
            let rB = sB.dq.rotate(joint.rB)
            var bias = Vec2.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias || def.linearHertz > 0 {
                let separation = (sB.dp - sA.dp) + (rB - rA) + joint.deltaCenter
                bias = joint.softness.biasRate * separation
                massScale = joint.softness.massScale
                impulseScale = joint.softness.impulseScale
            }
            let cdot = vB + Vec2.cross(wB, rB) - vA - Vec2.cross(wA, rA)
            let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
            let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
            let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
            let x = solve22(k11, k12, k22, cdot + bias)
            let lambda = Vec2(
                -massScale * x.x - impulseScale * joint.linearImpulse.x,
                -massScale * x.y - impulseScale * joint.linearImpulse.y)
            joint.linearImpulse += lambda
            vA = Vec2.mulSub(vA, mA, lambda)
            wA -= iA * rA.cross(lambda)
            vB = Vec2.mulAdd(vB, mB, lambda)
            wB += iB * rB.cross(lambda)
        }

        joints[j] = joint
        if joint.writesA {
            states[a].v = vA
            states[a].w = wA
        }
        if joint.writesB {
            states[b].v = vB
            states[b].w = wB
        }
    }
}
