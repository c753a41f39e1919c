// The prismatic joint: B's anchor stays on A's axis (a perpendicular constraint) and the
// relative angle stays at the reference (solved together as one 2×2 block), with one-sided
// translation limits along the axis solved speculatively.

extension PhysicsWorld {
    func warmStartPrismaticJoint(_ j: Int) {
        let joint = joints[j]
        let a = Int(joint.bodyA)
        let b = Int(joint.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(joint.rA)
        let rB = sB.dq.rotate(joint.rB)
        let d = (sB.dp - sA.dp) + joint.deltaCenter + rB - rA
        let axis = sA.dq.rotate(joint.axis)
        let a1 = (d + rA).cross(axis)
        let a2 = rB.cross(axis)
        let perp = axis.leftPerp
        let s1 = (d + rA).cross(perp)
        let s2 = rB.cross(perp)
        let axial = joint.lowerImpulse - joint.upperImpulse
        let perpImpulse = joint.linearImpulse.x
        let angleImpulse = joint.linearImpulse.y
        let p = axial * axis + perpImpulse * perp
        if joint.writesA {
            states[a].v = Vec2.mulSub(sA.v, joint.mA, p)
            states[a].w = sA.w - joint.iA * (axial * a1 + perpImpulse * s1 + angleImpulse)
        }
        if joint.writesB {
            states[b].v = Vec2.mulAdd(sB.v, joint.mB, p)
            states[b].w = sB.w + joint.iB * (axial * a2 + perpImpulse * s2 + angleImpulse)
        }
    }

    func solvePrismaticJoint(_ j: Int, _ def: PrismaticJointDefinition, _ context: StepContext, useBias: Bool) {
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
        let rA = sA.dq.rotate(joint.rA)
        let rB = sB.dq.rotate(joint.rB)
        let d = (sB.dp - sA.dp) + joint.deltaCenter + rB - rA
        let axis = sA.dq.rotate(joint.axis)
        let translation = axis.dot(d)
        let a1 = (d + rA).cross(axis)
        let a2 = rB.cross(axis)

        if def.enableLimit {
            // Lower: translation − lowerTranslation ≥ 0.
            do {
                let c = translation - def.lowerTranslation
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
                let lambda = -joint.axialMass * massScale * (cdot + bias) - impulseScale * joint.lowerImpulse
                let newImpulse = max(0, joint.lowerImpulse + lambda)
                let applied = newImpulse - joint.lowerImpulse
                joint.lowerImpulse = newImpulse
                let p = applied * axis
                vA = Vec2.mulSub(vA, mA, p)
                wA -= iA * applied * a1
                vB = Vec2.mulAdd(vB, mB, p)
                wB += iB * applied * a2
            }
            // Upper: upperTranslation − translation ≥ 0.
            do {
                let c = def.upperTranslation - translation
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
                let lambda = -joint.axialMass * massScale * (cdot + bias) - impulseScale * joint.upperImpulse
                let newImpulse = max(0, joint.upperImpulse + lambda)
                let applied = newImpulse - joint.upperImpulse
                joint.upperImpulse = newImpulse
                let p = applied * axis
                vA = Vec2.mulAdd(vA, mA, p)
                wA += iA * applied * a1
                vB = Vec2.mulSub(vB, mB, p)
                wB -= iB * applied * a2
            }
        }

        // Perpendicular offset and relative angle, as one block.
        do {
            let perp = axis.leftPerp
            let s1 = (d + rA).cross(perp)
            let s2 = rB.cross(perp)
            let cdot = Vec2(perp.dot(vB - vA) + s2 * wB - s1 * wA, wB - wA)
            var bias = Vec2.zero
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let c = Vec2(perp.dot(d), joint.deltaAngle + Rot.relativeAngle(sB.dq, sA.dq))
                bias = context.jointSoftness.biasRate * c
                massScale = context.jointSoftness.massScale
                impulseScale = context.jointSoftness.impulseScale
            }
            let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
            let k12 = iA * s1 + iB * s2
            var k22 = iA + iB
            if k22 == 0 { k22 = 1 }  // Neither body rotates: the angular row is inert.
            let x = solve22(k11, k12, k22, cdot + bias)
            let lambda = Vec2(
                -massScale * x.x - impulseScale * joint.linearImpulse.x,
                -massScale * x.y - impulseScale * joint.linearImpulse.y)
            joint.linearImpulse += lambda
            let p = lambda.x * perp
            vA = Vec2.mulSub(vA, mA, p)
            wA -= iA * (lambda.x * s1 + lambda.y)
            vB = Vec2.mulAdd(vB, mB, p)
            wB += iB * (lambda.x * s2 + lambda.y)
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
