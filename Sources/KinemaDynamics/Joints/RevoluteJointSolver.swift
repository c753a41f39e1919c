// The revolute joint: a soft point constraint, a motor clamped to its maximum torque (at speed
// 0 it is rotational friction), and one-sided angle limits solved speculatively.

extension PhysicsWorld {
    func warmStartRevoluteJoint(_ j: Int) {
        let joint = joints[j]
        let a = Int(joint.bodyA)
        let b = Int(joint.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(joint.rA)
        let rB = sB.dq.rotate(joint.rB)
        let axial = joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse
        let p = joint.linearImpulse
        if joint.writesA {
            states[a].v = Vec2.mulSub(sA.v, joint.mA, p)
            states[a].w = sA.w - joint.iA * (rA.cross(p) + axial)
        }
        if joint.writesB {
            states[b].v = Vec2.mulAdd(sB.v, joint.mB, p)
            states[b].w = sB.w + joint.iB * (rB.cross(p) + axial)
        }
    }

    func solveRevoluteJoint(_ j: Int, _ def: RevoluteJointDefinition, _ context: StepContext, useBias: Bool) {
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
        let rotates = iA + iB > 0

        // Motor: drives the relative angular speed to motorSpeed with at most maxMotorTorque.
        if def.enableMotor && rotates {
            let cdot = wB - wA - def.motorSpeed
            let lambda = -joint.axialMass * cdot
            let maxImpulse = context.h * def.maxMotorTorque
            let old = joint.motorImpulse
            joint.motorImpulse = min(max(old + lambda, -maxImpulse), maxImpulse)
            let applied = joint.motorImpulse - old
            wA -= iA * applied
            wB += iB * applied
        }

        if def.enableLimit && rotates {
            let angle = joint.deltaAngle + Rot.relativeAngle(sB.dq, sA.dq)
            // Lower: angle − lowerAngle ≥ 0.
            do {
                let c = angle - def.lowerAngle
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
                let lambda = -joint.axialMass * massScale * (cdot + bias) - impulseScale * joint.lowerImpulse
                let newImpulse = max(0, joint.lowerImpulse + lambda)
                let applied = newImpulse - joint.lowerImpulse
                joint.lowerImpulse = newImpulse
                wA -= iA * applied
                wB += iB * applied
            }
            // Upper: upperAngle − angle ≥ 0.
            do {
                let c = def.upperAngle - angle
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
                let lambda = -joint.axialMass * massScale * (cdot + bias) - impulseScale * joint.upperImpulse
                let newImpulse = max(0, joint.upperImpulse + lambda)
                let applied = newImpulse - joint.upperImpulse
                joint.upperImpulse = newImpulse
                wA += iA * applied
                wB -= iB * applied
            }
        }

        // The shared point.
        do {
            let rA = sA.dq.rotate(joint.rA)
            let rB = sB.dq.rotate(joint.rB)
            let cdot = vB + Vec2.cross(wB, rB) - vA - Vec2.cross(wA, rA)
            var bias = Vec2.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let separation = (sB.dp - sA.dp) + (rB - rA) + joint.deltaCenter
                bias = context.jointSoftness.biasRate * separation
                massScale = context.jointSoftness.massScale
                impulseScale = context.jointSoftness.impulseScale
            }
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
