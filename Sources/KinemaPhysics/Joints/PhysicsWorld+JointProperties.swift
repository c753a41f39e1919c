import KinemaGeometry

// Runtime changes to joints and what they measure now. Every setter ignores values it cannot
// use (not finite, negative where a size or rate is meant, an inverted range), leaving the joint
// as it was, and wakes both bodies when it changes something. Setters for a kind the joint is
// not are ignored too.

extension PhysicsWorld {
    // MARK: - Reading

    /// The distance between the joint's two world anchors, points (any kind); 0 for a destroyed
    /// joint.
    public func currentLength(of id: JointID) -> Double {
        guard let (pA, pB) = worldAnchors(of: id) else { return 0 }
        return (pB - pA).length
    }

    /// B's angle relative to A's minus the joint's reference angle, radians: counted through
    /// full turns for a revolute joint (as its limits are), in (−π, π] for the other kinds (the
    /// plain relative angle for a distance joint); 0 for a destroyed joint.
    public func jointAngle(of id: JointID) -> Double {
        guard let j = jointIndex(id), let def = joints[j].definition else { return 0 }
        let qA = bodies[Int(joints[j].bodyA)].transform.q
        let qB = bodies[Int(joints[j].bodyB)].transform.q
        let reference = def.anchorsAndReferenceAngle.2
        if case .revolute = def {
            return joints[j].revolutions.angle(atRelative: Rot.relativeAngle(qB, qA), referenceAngle: reference)
        }
        return unwound(Rot.relativeAngle(qB, qA) - reference)
    }

    /// How far B's anchor is along A's axis from A's anchor, points (prismatic joints; 0 for
    /// other kinds and destroyed joints).
    public func jointTranslation(of id: JointID) -> Double {
        guard let j = jointIndex(id), case .prismatic(let p)? = joints[j].definition,
            let (pA, pB) = worldAnchors(of: id)
        else { return 0 }
        let axis = bodies[Int(joints[j].bodyA)].transform.q.rotate(Vec2(p.localAxisA).normalized)
        return axis.dot(pB - pA)
    }

    /// The bodies a joint connects, or `nil` for a destroyed joint.
    public func bodies(of id: JointID) -> (BodyID, BodyID)? {
        guard let j = jointIndex(id) else { return nil }
        return (bodyID(joints[j].bodyA), bodyID(joints[j].bodyB))
    }

    // MARK: - Distance joints

    /// Sets a distance joint's rest length, points (finite, ≥ 0).
    public func setLength(_ id: JointID, _ length: Double) {
        guard length.isFinite, length >= 0 else { return }
        updateDistance(id) { $0.length = length }
    }

    /// Sets a distance joint's spring frequency, Hz, and damping ratio (both finite, ≥ 0); for a
    /// weld joint, both its linear and its angular spring. Does not change `enableSpring`.
    public func setSpring(_ id: JointID, hertz: Double, dampingRatio: Double) {
        guard hertz.isFinite, hertz >= 0, dampingRatio.isFinite, dampingRatio >= 0,
            let j = jointIndex(id)
        else { return }
        switch joints[j].definition {
        case .distance(var d)?:
            d.hertz = hertz
            d.dampingRatio = dampingRatio
            joints[j].definition = .distance(d)
        case .weld(var w)?:
            w.linearHertz = hertz
            w.angularHertz = hertz
            w.linearDampingRatio = dampingRatio
            w.angularDampingRatio = dampingRatio
            joints[j].definition = .weld(w)
        default: return
        }
        wakeJointBodies(j)
    }

    /// Turns a distance joint's spring on (hertz > 0: a spring; hertz 0: no force) or off (a
    /// rigid length).
    public func setSpringEnabled(_ id: JointID, _ isEnabled: Bool) {
        updateDistance(id) { $0.enableSpring = isEnabled }
        // The axial impulse switches meaning (rigid ↔ spring): start it cold.
        if let j = jointIndex(id), case .distance? = joints[j].definition { joints[j].impulse = 0 }
    }

    /// Sets a distance joint's length range, points (0 ≤ min ≤ max; max may be `.infinity`), and
    /// enables the limit.
    public func setLengthRange(_ id: JointID, min minLength: Double, max maxLength: Double) {
        guard minLength.isFinite, minLength >= 0, !maxLength.isNaN, maxLength >= minLength else { return }
        updateDistance(id) {
            $0.minLength = minLength
            $0.maxLength = maxLength
            $0.enableLimit = true
        }
    }

    // MARK: - Limits and motors

    /// Sets a revolute joint's angle range (radians, relative to its reference angle) or a
    /// prismatic joint's translation range (points), lower ≤ upper, both finite; enables the
    /// limit.
    public func setLimits(_ id: JointID, lower: Double, upper: Double) {
        guard lower.isFinite, upper.isFinite, lower <= upper, let j = jointIndex(id) else { return }
        switch joints[j].definition {
        case .revolute(var r)?:
            r.lowerAngle = lower
            r.upperAngle = upper
            r.enableLimit = true
            joints[j].definition = .revolute(r)
        case .prismatic(var p)?:
            p.lowerTranslation = lower
            p.upperTranslation = upper
            p.enableLimit = true
            joints[j].definition = .prismatic(p)
        default: return
        }
        wakeJointBodies(j)
    }

    /// Turns a distance, revolute or prismatic joint's limit on or off.
    public func setLimitEnabled(_ id: JointID, _ isEnabled: Bool) {
        guard let j = jointIndex(id) else { return }
        switch joints[j].definition {
        case .distance(var d)?:
            d.enableLimit = isEnabled
            joints[j].definition = .distance(d)
        case .revolute(var r)?:
            r.enableLimit = isEnabled
            joints[j].definition = .revolute(r)
        case .prismatic(var p)?:
            p.enableLimit = isEnabled
            joints[j].definition = .prismatic(p)
        default: return
        }
        if !isEnabled {
            joints[j].lowerImpulse = 0
            joints[j].upperImpulse = 0
        }
        wakeJointBodies(j)
    }

    /// Sets a revolute joint's motor, radians per second and the largest torque it applies
    /// (mass × pt² / s², finite, ≥ 0), and enables it. Speed 0 with a torque is rotational
    /// friction (UIKit's `frictionTorque`).
    public func setMotor(_ id: JointID, speed: Double, maxTorque: Double) {
        guard speed.isFinite, maxTorque.isFinite, maxTorque >= 0, let j = jointIndex(id),
            case .revolute(var r)? = joints[j].definition
        else { return }
        r.motorSpeed = speed
        r.maxMotorTorque = maxTorque
        r.enableMotor = true
        joints[j].definition = .revolute(r)
        wakeJointBodies(j)
    }

    /// Turns a revolute joint's motor on or off.
    public func setMotorEnabled(_ id: JointID, _ isEnabled: Bool) {
        guard let j = jointIndex(id), case .revolute(var r)? = joints[j].definition else { return }
        r.enableMotor = isEnabled
        joints[j].definition = .revolute(r)
        if !isEnabled { joints[j].motorImpulse = 0 }
        wakeJointBodies(j)
    }

    // MARK: - Helpers

    /// Both world anchors of a live joint.
    private func worldAnchors(of id: JointID) -> (Vec2, Vec2)? {
        guard let j = jointIndex(id), let def = joints[j].definition else { return nil }
        let (localA, localB, _) = def.anchorsAndReferenceAngle
        let pA = bodies[Int(joints[j].bodyA)].transform.apply(Vec2(localA))
        let pB = bodies[Int(joints[j].bodyB)].transform.apply(Vec2(localB))
        return (pA, pB)
    }

    /// Applies `change` to a distance joint's definition and wakes its bodies.
    private func updateDistance(_ id: JointID, _ change: (inout DistanceJointDefinition) -> Void) {
        guard let j = jointIndex(id), case .distance(var d)? = joints[j].definition else { return }
        change(&d)
        joints[j].definition = .distance(d)
        wakeJointBodies(j)
    }
}
