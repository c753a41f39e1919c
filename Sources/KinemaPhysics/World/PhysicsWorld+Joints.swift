extension PhysicsWorld {
    /// Creates a joint. Throws for a destroyed body, a joint of a body to itself, or a value that
    /// is not finite (lengths and hertz must also be ≥ 0).
    @discardableResult
    public func createJoint(_ def: JointDefinition) throws(DynamicsError) -> JointID {
        let (a, b, collide) = try validate(def)
        var joint = Joint()
        joint.isLive = true
        joint.definition = def
        joint.bodyA = Int32(a)
        joint.bodyB = Int32(b)
        joint.collideConnected = collide
        let index = joints.insert(joint)
        bodies[a].joints.append(index)
        bodies[b].joints.append(index)
        jointWasAdded(Int(index))
        return jointID(index)
    }

    /// Destroys a joint and wakes its bodies.
    public func destroyJoint(_ id: JointID) {
        guard let j = jointIndex(id) else { return }
        jointWillBeRemoved(j)
        let a = Int(joints[j].bodyA)
        let b = Int(joints[j].bodyB)
        bodies[a].joints.removeAll { $0 == Int32(j) }
        bodies[b].joints.removeAll { $0 == Int32(j) }
        joints[j].definition = nil
        joints.release(j)
        wake(bodyAt: a)
        wake(bodyAt: b)
    }

    /// The definition a joint was created with (with any later changes applied).
    public func definition(of id: JointID) -> JointDefinition? { jointIndex(id).flatMap { joints[$0].definition } }

    private func validate(_ def: JointDefinition) throws(DynamicsError) -> (Int, Int, Bool) {
        let ids: (BodyID, BodyID, Bool)
        var numbers: [(Double, String)] = []
        switch def {
        case .distance(let d):
            ids = (d.bodyA, d.bodyB, d.collideConnected)
            numbers = [
                (d.localAnchorA.x, "localAnchorA.x"), (d.localAnchorA.y, "localAnchorA.y"), (d.localAnchorB.x, "localAnchorB.x"),
                (d.localAnchorB.y, "localAnchorB.y"), (d.length, "length"), (d.hertz, "hertz"), (d.dampingRatio, "dampingRatio"),
                (d.minLength, "minLength"),
            ]
            guard d.maxLength >= d.minLength, !d.maxLength.isNaN else {
                throw .invalidValue(field: "maxLength", expected: "a number ≥ minLength")
            }
            for (v, f) in [(d.length, "length"), (d.hertz, "hertz"), (d.dampingRatio, "dampingRatio"), (d.minLength, "minLength")] {
                try requireNonNegative(v, f)
            }
        case .revolute(let r):
            ids = (r.bodyA, r.bodyB, r.collideConnected)
            numbers = [
                (r.localAnchorA.x, "localAnchorA.x"), (r.localAnchorA.y, "localAnchorA.y"), (r.localAnchorB.x, "localAnchorB.x"),
                (r.localAnchorB.y, "localAnchorB.y"), (r.referenceAngle, "referenceAngle"), (r.lowerAngle, "lowerAngle"),
                (r.upperAngle, "upperAngle"), (r.motorSpeed, "motorSpeed"),
            ]
            try requireNonNegative(r.maxMotorTorque, "maxMotorTorque")
            guard r.lowerAngle <= r.upperAngle else { throw .invalidValue(field: "upperAngle", expected: "a number ≥ lowerAngle") }
        case .prismatic(let p):
            ids = (p.bodyA, p.bodyB, p.collideConnected)
            numbers = [
                (p.localAnchorA.x, "localAnchorA.x"), (p.localAnchorA.y, "localAnchorA.y"), (p.localAnchorB.x, "localAnchorB.x"),
                (p.localAnchorB.y, "localAnchorB.y"), (p.localAxisA.dx, "localAxisA.dx"), (p.localAxisA.dy, "localAxisA.dy"),
                (p.referenceAngle, "referenceAngle"), (p.lowerTranslation, "lowerTranslation"), (p.upperTranslation, "upperTranslation"),
            ]
            guard p.localAxisA.isFinite, p.localAxisA.length > 1e-9 else {
                throw .invalidValue(field: "localAxisA", expected: "a non-zero finite vector")
            }
            guard p.lowerTranslation <= p.upperTranslation else {
                throw .invalidValue(field: "upperTranslation", expected: "a number ≥ lowerTranslation")
            }
        case .weld(let w):
            ids = (w.bodyA, w.bodyB, w.collideConnected)
            numbers = [
                (w.localAnchorA.x, "localAnchorA.x"), (w.localAnchorA.y, "localAnchorA.y"), (w.localAnchorB.x, "localAnchorB.x"),
                (w.localAnchorB.y, "localAnchorB.y"), (w.referenceAngle, "referenceAngle"),
            ]
            for (v, f) in [
                (w.linearHertz, "linearHertz"), (w.angularHertz, "angularHertz"), (w.linearDampingRatio, "linearDampingRatio"),
                (w.angularDampingRatio, "angularDampingRatio"),
            ] {
                try requireNonNegative(v, f)
            }
        }
        for (v, f) in numbers { try requireFinite(v, f) }
        guard let a = bodyIndex(ids.0) else { throw .invalidHandle("bodyA \(ids.0)") }
        guard let b = bodyIndex(ids.1) else { throw .invalidHandle("bodyB \(ids.1)") }
        guard a != b else { throw .invalidValue(field: "bodyB", expected: "a body other than bodyA") }
        return (a, b, ids.2)
    }
}
