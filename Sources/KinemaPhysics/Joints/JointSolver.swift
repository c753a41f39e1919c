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
        joint.prepareBodies(bodies[Int(joint.bodyA)], bodies[Int(joint.bodyB)], def, context)
        joint.prepareKind(def, context, rotationA: bodies[Int(joint.bodyA)].rotation0)
        joints[j] = joint
    }

    /// Distance-joint lengths are kept in this range, points (the lower bound keeps the axis
    /// defined when the anchors meet).
    static var minimumJointLength: Double { 0.5 }
    static var maximumJointLength: Double { 1e9 }
}

extension Joint {
    /// What every kind prepares the same way: which bodies the solver may move and by what
    /// inverse masses, the anchors relative to the centres of mass and the bodies' relative pose
    /// at the start of the step.
    mutating func prepareBodies(
        _ bodyA: borrowing Body, _ bodyB: borrowing Body, _ def: JointDefinition, _ context: StepContext
    ) {
        self.writesA = bodyA.isLive && bodyA.type != .static && bodyA.isAwake
        self.writesB = bodyB.isLive && bodyB.type != .static && bodyB.isAwake
        self.isActive = self.writesA || self.writesB
        self.mA = self.writesA ? bodyA.invMass : 0
        self.iA = self.writesA ? bodyA.invInertia : 0
        self.mB = self.writesB ? bodyB.invMass : 0
        self.iB = self.writesB ? bodyB.invInertia : 0
        let (localA, localB, referenceAngle) = def.anchorsAndReferenceAngle
        let qA = bodyA.rotation0
        let qB = bodyB.rotation0
        self.rA = qA.rotate(Vec2(localA) - bodyA.localCenter)
        self.rB = qB.rotate(Vec2(localB) - bodyB.localCenter)
        self.deltaCenter = bodyB.center0 - bodyA.center0
        if case .revolute = def {
            self.deltaAngle = self.revolutions.update(relative: Rot.relativeAngle(qB, qA), referenceAngle: referenceAngle)
        } else {
            self.deltaAngle = unwound(Rot.relativeAngle(qB, qA) - referenceAngle)
        }
        if !context.enableWarmStarting { self.resetImpulses() }
    }

    /// The kind's own switches, numbers, effective mass and softness (after ``prepareBodies``;
    /// `rotationA` is body A's rotation at the start of the step).
    // One case per kind, each short; kept together so the kinds read side by side.
    mutating func prepareKind(_ def: JointDefinition, _ context: StepContext, rotationA qA: Rot) {
        let mA = self.mA
        let mB = self.mB
        let iA = self.iA
        let iB = self.iB
        self.hasSpring = false
        self.hasAngularSpring = false
        self.enableSpring = false
        self.enableLimit = false
        self.enableMotor = false
        switch def {
        case .distance(let d):
            self.kind = .distance
            self.enableSpring = d.enableSpring
            self.hasSpring = d.hertz > 0
            self.enableLimit = d.enableLimit
            self.length = min(max(d.length, PhysicsWorld.minimumJointLength), PhysicsWorld.maximumJointLength)
            self.minLength = min(max(d.minLength, PhysicsWorld.minimumJointLength), PhysicsWorld.maximumJointLength)
            self.maxLength = min(max(d.maxLength, self.minLength), PhysicsWorld.maximumJointLength)
            let axis = (self.deltaCenter + self.rB - self.rA).normalized
            let crA = self.rA.cross(axis)
            let crB = self.rB.cross(axis)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            self.axialMass = Joint.effectiveMass(k)
            self.softness = Softness(hertz: d.hertz, zeta: d.dampingRatio, h: context.h)
        case .revolute(let r):
            self.kind = .revolute
            self.enableLimit = r.enableLimit
            self.lower = r.lowerAngle
            self.upper = r.upperAngle
            self.enableMotor = r.enableMotor
            self.motorSpeed = r.motorSpeed
            self.maxMotorTorque = r.maxMotorTorque
            let k = iA + iB
            self.axialMass = Joint.effectiveMass(k)
        case .prismatic(let p):
            self.kind = .prismatic
            self.enableLimit = p.enableLimit
            self.lower = p.lowerTranslation
            self.upper = p.upperTranslation
            self.axis = qA.rotate(Vec2(p.localAxisA).normalized)
            let d = self.deltaCenter + self.rB - self.rA
            let a1 = (d + self.rA).cross(self.axis)
            let a2 = self.rB.cross(self.axis)
            let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
            self.axialMass = Joint.effectiveMass(k)
        case .weld(let w):
            self.kind = .weld
            self.hasSpring = w.linearHertz > 0
            self.hasAngularSpring = w.angularHertz > 0
            let k = iA + iB
            self.axialMass = Joint.effectiveMass(k)
            self.softness =
                w.linearHertz > 0
                ? Softness(hertz: w.linearHertz, zeta: w.linearDampingRatio, h: context.h) : context.jointSoftness
            self.angularSoftness =
                w.angularHertz > 0
                ? Softness(hertz: w.angularHertz, zeta: w.angularDampingRatio, h: context.h) : context.jointSoftness
        }
    }
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
