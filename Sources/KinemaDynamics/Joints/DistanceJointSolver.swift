// The distance joint: a rigid length, or a soft-step spring towards it, with one-sided
// minimum and maximum lengths solved speculatively (a limit that is not yet reached only
// removes the approach speed that would cross it within the sub-step).

extension PhysicsWorld {
    func warmStartDistanceJoint(_ j: Int) {
        let joint = joints[j]
        let a = Int(joint.bodyA)
        let b = Int(joint.bodyB)
        let sA = states[a]
        let sB = states[b]
        let rA = sA.dq.rotate(joint.rA)
        let rB = sB.dq.rotate(joint.rB)
        let axis = ((sB.dp - sA.dp) + joint.deltaCenter + rB - rA).normalized
        let p = (joint.impulse + joint.lowerImpulse - joint.upperImpulse) * axis
        if joint.writesA {
            states[a].v = Vec2.mulSub(sA.v, joint.mA, p)
            states[a].w = sA.w - joint.iA * rA.cross(p)
        }
        if joint.writesB {
            states[b].v = Vec2.mulAdd(sB.v, joint.mB, p)
            states[b].w = sB.w + joint.iB * rB.cross(p)
        }
    }

    func solveDistanceJoint(_ j: Int, _ def: DistanceJointDefinition, _ context: StepContext, useBias: Bool) {
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

        let hasRange = joint.minLength < joint.maxLength
        if def.enableSpring && (hasRange || !def.enableLimit) {
            // A spring of the joint's own frequency; hertz 0 is no force at all.
            if def.hertz > 0 {
                let soft = joint.softness
                let c = length - joint.length
                let bias = soft.biasRate * c
                let lambda = -soft.massScale * joint.axialMass * (axialSpeed() + bias) - soft.impulseScale * joint.impulse
                joint.impulse += lambda
                apply(lambda)
            }
        } else {
            // Rigid length, softened by the solver's joint softness while the bias is on.
            let c = length - joint.length
            var bias = 0.0
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                bias = context.jointSoftness.biasRate * c
                massScale = context.jointSoftness.massScale
                impulseScale = context.jointSoftness.impulseScale
            }
            let lambda = -massScale * joint.axialMass * (axialSpeed() + bias) - impulseScale * joint.impulse
            joint.impulse += lambda
            apply(lambda)
        }

        if def.enableLimit && hasRange {
            // Lower: length − minLength ≥ 0.
            do {
                let c = length - joint.minLength
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
                    -massScale * joint.axialMass * (axialSpeed() + bias) - impulseScale * joint.lowerImpulse
                let newImpulse = max(0, joint.lowerImpulse + lambda)
                let applied = newImpulse - joint.lowerImpulse
                joint.lowerImpulse = newImpulse
                apply(applied)
            }
            // Upper: maxLength − length ≥ 0.
            do {
                let c = joint.maxLength - length
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
                    -massScale * joint.axialMass * (-axialSpeed() + bias) - impulseScale * joint.upperImpulse
                let newImpulse = max(0, joint.upperImpulse + lambda)
                let applied = newImpulse - joint.upperImpulse
                joint.upperImpulse = newImpulse
                apply(-applied)
            }
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
