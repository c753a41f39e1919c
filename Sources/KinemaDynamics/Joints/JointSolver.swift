import KinemaGeometry

// The joint stages of the step (Box2D v3's soft-step joints, written from its published design).
//
// prepareJoints runs once per step from the start-of-step poses: anchors relative to the
// centres of mass, effective masses and softness. Each sub-step then warm starts with the
// accumulated impulses, solves with a soft position bias (`useBias`), integrates positions,
// and relaxes without bias. The current separation of two anchors comes from the states'
// deltas (dp, dq), so no pose is recomputed inside a sub-step.

extension PhysicsWorld {
    /// Computes each joint's anchors, effective masses and softness from the start-of-step poses.
    ///
    /// Reads `bodies` (start-of-step poses, masses, awake flags). Writes `joints` (solver data).
    func prepareJoints(_ context: StepContext) {
        for j in joints.indices where joints[j].isLive {
            prepareJoint(j, context)
        }
    }

    /// Applies the impulses accumulated so far to the states.
    ///
    /// Reads `joints`. Writes `awake.states` (velocities).
    func warmStartJoints(_ context: StepContext) {
        guard context.enableWarmStarting else { return }
        // Work on local arrays: no exclusivity checks on the world's properties in the loop.
        let joints = self.joints.elements
        var states = awake.states
        awake.states = []
        for j in joints.indices where joints[j].isLive && joints[j].isActive {
            switch joints[j].kind {
            case .distance: joints[j].warmStartDistance(&states)
            case .revolute: joints[j].warmStartRevolute(&states)
            case .prismatic: joints[j].warmStartPrismatic(&states)
            case .weld: joints[j].warmStartWeld(&states)
            }
        }
        awake.states = states
    }

    /// One pass over the joints; `useBias` false is the relax pass.
    ///
    /// Reads `awake.states` (deltas). Writes `joints` (impulses) and `awake.states` (velocities).
    func solveJoints(_ context: StepContext, useBias: Bool) {
        var joints = self.joints.elements
        var states = awake.states
        self.joints.elements = []
        awake.states = []
        for j in joints.indices where joints[j].isLive && joints[j].isActive {
            switch joints[j].kind {
            case .distance: joints[j].solveDistance(&states, context, useBias: useBias)
            case .revolute: joints[j].solveRevolute(&states, context, useBias: useBias)
            case .prismatic: joints[j].solvePrismatic(&states, context, useBias: useBias)
            case .weld: joints[j].solveWeld(&states, context, useBias: useBias)
            }
        }
        self.joints.elements = joints
        awake.states = states
    }

    func jointWasAdded(_ j: Int) {
        joints[j].resetImpulses()
        wakeJointBodies(j)
    }

    func jointWillBeRemoved(_ j: Int) {
        joints[j].resetImpulses()
        wakeJointBodies(j)
    }

    /// Wakes both bodies of the joint at `j`.
    func wakeJointBodies(_ j: Int) {
        let a = Int(joints[j].bodyA)
        let b = Int(joints[j].bodyB)
        if a >= 0, a < bodies.count, bodies[a].isLive { wake(bodyAt: a) }
        if b >= 0, b < bodies.count, bodies[b].isLive { wake(bodyAt: b) }
    }

    /// The shared part of every joint's preparation, then the kind's own.
    private func prepareJoint(_ j: Int, _ context: StepContext) {
        var joint = joints[j]
        guard let def = joint.definition else { return }
        let a = Int(joint.bodyA)
        let b = Int(joint.bodyB)
        let bodyA = bodies[a]
        let bodyB = bodies[b]
        joint.writesA = bodyA.isLive && bodyA.type != .static && bodyA.isAwake
        joint.writesB = bodyB.isLive && bodyB.type != .static && bodyB.isAwake
        joint.isActive = joint.writesA || joint.writesB
        joint.mA = joint.writesA ? bodyA.invMass : 0
        joint.iA = joint.writesA ? bodyA.invInertia : 0
        joint.mB = joint.writesB ? bodyB.invMass : 0
        joint.iB = joint.writesB ? bodyB.invInertia : 0
        let (localA, localB, referenceAngle) = def.anchorsAndReferenceAngle
        let qA = bodyA.rotation0
        let qB = bodyB.rotation0
        joint.rA = qA.rotate(Vec2(localA) - bodyA.localCenter)
        joint.rB = qB.rotate(Vec2(localB) - bodyB.localCenter)
        joint.deltaCenter = bodyB.center0 - bodyA.center0
        if case .revolute = def {
            joint.deltaAngle = joint.revolutions.update(relative: Rot.relativeAngle(qB, qA), referenceAngle: referenceAngle)
        } else {
            joint.deltaAngle = unwound(Rot.relativeAngle(qB, qA) - referenceAngle)
        }
        if !context.enableWarmStarting { joint.resetImpulses() }

        let mA = joint.mA
        let mB = joint.mB
        let iA = joint.iA
        let iB = joint.iB
        joint.hasSpring = false
        joint.hasAngularSpring = false
        joint.enableSpring = false
        joint.enableLimit = false
        joint.enableMotor = false
        switch def {
        case .distance(let d):
            joint.kind = .distance
            joint.enableSpring = d.enableSpring
            joint.hasSpring = d.hertz > 0
            joint.enableLimit = d.enableLimit
            joint.length = min(max(d.length, Self.minimumJointLength), Self.maximumJointLength)
            joint.minLength = min(max(d.minLength, Self.minimumJointLength), Self.maximumJointLength)
            joint.maxLength = min(max(d.maxLength, joint.minLength), Self.maximumJointLength)
            let axis = (joint.deltaCenter + joint.rB - joint.rA).normalized
            let crA = joint.rA.cross(axis)
            let crB = joint.rB.cross(axis)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            joint.axialMass = k > 0 ? 1 / k : 0
            joint.softness = Softness(hertz: d.hertz, zeta: d.dampingRatio, h: context.h)
        case .revolute(let r):
            joint.kind = .revolute
            joint.enableLimit = r.enableLimit
            joint.lower = r.lowerAngle
            joint.upper = r.upperAngle
            joint.enableMotor = r.enableMotor
            joint.motorSpeed = r.motorSpeed
            joint.maxMotorTorque = r.maxMotorTorque
            let k = iA + iB
            joint.axialMass = k > 0 ? 1 / k : 0
        case .prismatic(let p):
            joint.kind = .prismatic
            joint.enableLimit = p.enableLimit
            joint.lower = p.lowerTranslation
            joint.upper = p.upperTranslation
            joint.axis = qA.rotate(Vec2(p.localAxisA).normalized)
            let d = joint.deltaCenter + joint.rB - joint.rA
            let a1 = (d + joint.rA).cross(joint.axis)
            let a2 = joint.rB.cross(joint.axis)
            let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
            joint.axialMass = k > 0 ? 1 / k : 0
        case .weld(let w):
            joint.kind = .weld
            joint.hasSpring = w.linearHertz > 0
            joint.hasAngularSpring = w.angularHertz > 0
            let k = iA + iB
            joint.axialMass = k > 0 ? 1 / k : 0
            joint.softness =
                w.linearHertz > 0
                ? Softness(hertz: w.linearHertz, zeta: w.linearDampingRatio, h: context.h) : context.jointSoftness
            joint.angularSoftness =
                w.angularHertz > 0
                ? Softness(hertz: w.angularHertz, zeta: w.angularDampingRatio, h: context.h) : context.jointSoftness
        }
        joints[j] = joint
    }

    /// Distance-joint lengths are kept in this range, points (the lower bound keeps the axis
    /// defined when the anchors meet).
    static var minimumJointLength: Double { 0.5 }
    static var maximumJointLength: Double { 1e9 }
}

extension JointDefinition {
    /// Both local anchors and the reference angle (0 for kinds without one).
    var anchorsAndReferenceAngle: (Point, Point, Double) {
        switch self {
        case .distance(let d): (d.localAnchorA, d.localAnchorB, 0)
        case .revolute(let r): (r.localAnchorA, r.localAnchorB, r.referenceAngle)
        case .prismatic(let p): (p.localAnchorA, p.localAnchorB, p.referenceAngle)
        case .weld(let w): (w.localAnchorA, w.localAnchorB, w.referenceAngle)
        }
    }
}

/// `angle` brought into (−π, π].
func unwound(_ angle: Double) -> Double {
    if angle < -Double.pi {
        let scale = ((angle - Double.pi) / (2 * Double.pi)).rounded(.towardZero)
        return angle - 2 * Double.pi * scale
    } else if angle > Double.pi {
        let scale = ((angle + Double.pi) / (2 * Double.pi)).rounded(.towardZero)
        return angle - 2 * Double.pi * scale
    }
    return angle
}

/// Solves the symmetric 2×2 system [k11 k12; k12 k22] x = b (zero when singular).
@inline(__always) func solve22(_ k11: Double, _ k12: Double, _ k22: Double, _ b: Vec2) -> Vec2 {
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vec2(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
}
