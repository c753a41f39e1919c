import KinemaGeometry

extension PhysicsWorld {
    /// Creates a body. Throws ``DynamicsError/invalidValue(field:expected:)`` for a value that is
    /// not finite or a negative damping.
    @discardableResult
    public func createBody(_ def: BodyDefinition) throws(DynamicsError) -> BodyID {
        try requireFinite(def.position.x, "position.x")
        try requireFinite(def.position.y, "position.y")
        try requireFinite(def.angle, "angle")
        try requireFinite(def.linearVelocity.dx, "linearVelocity.dx")
        try requireFinite(def.linearVelocity.dy, "linearVelocity.dy")
        try requireFinite(def.angularVelocity, "angularVelocity")
        try requireNonNegative(def.linearDamping, "linearDamping")
        try requireNonNegative(def.angularDamping, "angularDamping")
        try requireFinite(def.gravity.dx, "gravity.dx")
        try requireFinite(def.gravity.dy, "gravity.dy")
        var body = Body()
        body.isLive = true
        body.type = def.type
        body.transform = Transform2(p: Vec2(def.position), q: Rot(angle: def.angle))
        body.center = body.transform.p
        body.center0 = body.center
        body.rotation0 = body.transform.q
        if def.type != .static {
            body.linearVelocity = Vec2(def.linearVelocity)
            body.angularVelocity = def.fixedRotation ? 0 : def.angularVelocity
        }
        body.linearDamping = def.linearDamping
        body.angularDamping = def.angularDamping
        body.gravity = Vec2(def.gravity)
        body.fixedRotation = def.fixedRotation
        body.isBullet = def.isBullet
        body.allowsSleep = def.allowsSleep
        body.isAwake = def.type == .static ? false : def.isAwake
        body.userData = def.userData
        return bodyID(bodies.insert(body))
    }

    /// Destroys a body with its shapes and joints (their contacts end, reported as end events).
    public func destroyBody(_ id: BodyID) {
        guard let i = bodyIndex(id) else { return }
        for j in bodies[i].joints { destroyJoint(jointID(j)) }
        for s in bodies[i].shapes { destroyShape(shapeID(s)) }
        bodies[i].shapes = []
        bodies[i].joints = []
        bodies.release(i)
    }

    /// The body's type, or `nil` for a destroyed body.
    public func type(of id: BodyID) -> BodyType? { bodyIndex(id).map { bodies[$0].type } }

    /// The body origin, world points.
    public func position(of id: BodyID) -> Point { bodyIndex(id).map { bodies[$0].transform.p.point } ?? .zero }
    /// The body's rotation, radians in (−π, π].
    public func angle(of id: BodyID) -> Double { bodyIndex(id).map { bodies[$0].transform.q.angle } ?? 0 }
    /// The centre of mass, world points.
    public func worldCenterOfMass(of id: BodyID) -> Point { bodyIndex(id).map { bodies[$0].center.point } ?? .zero }
    /// The velocity of the centre of mass, pt/s.
    public func linearVelocity(of id: BodyID) -> Vector { bodyIndex(id).map { bodies[$0].linearVelocity.vector } ?? .zero }
    /// Radians per second.
    public func angularVelocity(of id: BodyID) -> Double { bodyIndex(id).map { bodies[$0].angularVelocity } ?? 0 }
    /// Mass (density × area / 10⁴ summed over shapes); 0 for static and kinematic bodies.
    public func mass(of id: BodyID) -> Double { bodyIndex(id).map { bodies[$0].mass } ?? 0 }
    /// Rotational inertia about the centre of mass.
    public func rotationalInertia(of id: BodyID) -> Double { bodyIndex(id).map { bodies[$0].inertia } ?? 0 }
    /// Whether the body is awake (static bodies never are).
    public func isAwake(_ id: BodyID) -> Bool { bodyIndex(id).map { bodies[$0].isAwake } ?? false }
    /// The owner's value from ``BodyDefinition/userData``.
    public func userData(of id: BodyID) -> Int { bodyIndex(id).map { bodies[$0].userData } ?? 0 }

    /// Moves the body origin to `position` and `angle` (non-finite values are ignored), wakes it
    /// and its touching neighbours.
    public func setTransform(_ id: BodyID, position: Point, angle: Double) {
        guard let i = bodyIndex(id), position.isFinite, angle.isFinite else { return }
        bodies[i].transform = Transform2(p: Vec2(position), q: Rot(angle: angle))
        bodies[i].center = bodies[i].transform.apply(bodies[i].localCenter)
        bodies[i].center0 = bodies[i].center
        bodies[i].rotation0 = bodies[i].transform.q
        updateShapeBounds(ofBody: i)
        wake(bodyAt: i)
    }

    /// Sets the centre of mass's velocity, pt/s (ignored unless finite; no effect on static bodies).
    public func setLinearVelocity(_ id: BodyID, _ v: Vector) {
        guard let i = bodyIndex(id), v.isFinite, bodies[i].type != .static else { return }
        bodies[i].linearVelocity = Vec2(v)
        if v.dx != 0 || v.dy != 0 { wake(bodyAt: i) }
    }

    /// Sets the angular velocity, rad/s (ignored unless finite, or for fixed-rotation bodies).
    public func setAngularVelocity(_ id: BodyID, _ w: Double) {
        guard let i = bodyIndex(id), w.isFinite, bodies[i].type != .static, !bodies[i].fixedRotation else { return }
        bodies[i].angularVelocity = w
        if w != 0 { wake(bodyAt: i) }
    }

    /// Adds a force (mass × pt/s²) at a world point for the next step, and wakes the body.
    public func applyForce(_ id: BodyID, _ force: Vector, at point: Point) {
        guard let i = bodyIndex(id), force.isFinite, point.isFinite, bodies[i].type == .dynamic else { return }
        let f = Vec2(force)
        bodies[i].force += f
        bodies[i].torque += (Vec2(point) - bodies[i].center).cross(f)
        wake(bodyAt: i)
    }

    /// Adds a force at the centre of mass for the next step.
    public func applyForceToCenter(_ id: BodyID, _ force: Vector) {
        guard let i = bodyIndex(id), force.isFinite, bodies[i].type == .dynamic else { return }
        bodies[i].force += Vec2(force)
        wake(bodyAt: i)
    }

    /// Adds a torque for the next step.
    public func applyTorque(_ id: BodyID, _ torque: Double) {
        guard let i = bodyIndex(id), torque.isFinite, bodies[i].type == .dynamic else { return }
        bodies[i].torque += torque
        wake(bodyAt: i)
    }

    /// Changes velocity at once by impulse / mass, applied at a world point.
    public func applyLinearImpulse(_ id: BodyID, _ impulse: Vector, at point: Point) {
        guard let i = bodyIndex(id), impulse.isFinite, point.isFinite, bodies[i].type == .dynamic else { return }
        let p = Vec2(impulse)
        bodies[i].linearVelocity += bodies[i].invMass * p
        bodies[i].angularVelocity += bodies[i].invInertia * (Vec2(point) - bodies[i].center).cross(p)
        wake(bodyAt: i)
    }

    /// Changes angular velocity at once by impulse / inertia.
    public func applyAngularImpulse(_ id: BodyID, _ impulse: Double) {
        guard let i = bodyIndex(id), impulse.isFinite, bodies[i].type == .dynamic else { return }
        bodies[i].angularVelocity += bodies[i].invInertia * impulse
        wake(bodyAt: i)
    }

    /// The per-body constant acceleration (gravity), pt/s².
    public func setGravity(_ id: BodyID, _ g: Vector) {
        guard let i = bodyIndex(id), g.isFinite else { return }
        let new = Vec2(g)
        if new != bodies[i].gravity {
            bodies[i].gravity = new
            wake(bodyAt: i)
        }
    }

    public func gravity(of id: BodyID) -> Vector { bodyIndex(id).map { bodies[$0].gravity.vector } ?? .zero }

    /// Linear and angular damping, per second (negative or non-finite values are ignored).
    public func setDamping(_ id: BodyID, linear: Double, angular: Double) {
        guard let i = bodyIndex(id), linear.isFinite, linear >= 0, angular.isFinite, angular >= 0 else { return }
        bodies[i].linearDamping = linear
        bodies[i].angularDamping = angular
    }

    /// Changes the body's type (anchoring an item makes it static), recomputing its mass.
    public func setType(_ id: BodyID, _ type: BodyType) {
        guard let i = bodyIndex(id), bodies[i].type != type else { return }
        bodies[i].type = type
        if type == .static {
            bodies[i].linearVelocity = .zero
            bodies[i].angularVelocity = 0
        }
        updateMass(ofBody: i)
        bodies[i].isAwake = type != .static
        bodies[i].sleepTime = 0
        bodyTypeDidChange(i)
    }

    /// Locks or frees rotation.
    public func setFixedRotation(_ id: BodyID, _ fixed: Bool) {
        guard let i = bodyIndex(id), bodies[i].fixedRotation != fixed else { return }
        bodies[i].fixedRotation = fixed
        if fixed { bodies[i].angularVelocity = 0 }
        updateMass(ofBody: i)
        wake(bodyAt: i)
    }

    /// Continuous collision against dynamic bodies too.
    public func setBullet(_ id: BodyID, _ bullet: Bool) {
        guard let i = bodyIndex(id) else { return }
        bodies[i].isBullet = bullet
    }

    /// Wakes a body (and, through its island, what it touches) or puts it to sleep.
    public func setAwake(_ id: BodyID, _ awake: Bool) {
        guard let i = bodyIndex(id), bodies[i].type != .static else { return }
        if awake {
            wake(bodyAt: i)
        } else {
            // A sleeping body is at rest (the solver's invariant); a touching awake body wakes it
            // again at the next step.
            bodies[i].isAwake = false
            bodies[i].sleepTime = 0
            bodies[i].linearVelocity = .zero
            bodies[i].angularVelocity = 0
        }
    }

    /// Recomputes mass, centre of mass and inertia from the body's shapes.
    func updateMass(ofBody i: Int) {
        var body = bodies[i]
        body.mass = 0
        body.invMass = 0
        body.inertia = 0
        body.invInertia = 0
        body.localCenter = .zero
        guard body.type == .dynamic else {
            body.center = body.transform.p
            bodies[i] = body
            return
        }
        var mass = 0.0
        var localCenter = Vec2.zero
        var inertiaAboutOrigin = 0.0
        for s in body.shapes {
            let shape = shapes[Int(s)]
            guard shape.density > 0 else { continue }
            let md = shape.geometry.massData(density: shape.density)
            mass += md.mass
            localCenter += md.mass * md.center
            inertiaAboutOrigin += md.rotationalInertia + md.mass * md.center.dot(md.center)
        }
        if mass > 0 {
            localCenter = (1 / mass) * localCenter
            body.mass = mass
            body.invMass = 1 / mass
            let inertia = inertiaAboutOrigin - mass * localCenter.dot(localCenter)
            if inertia > 0, !body.fixedRotation {
                body.inertia = inertia
                body.invInertia = 1 / inertia
            }
        } else {
            // A dynamic body with no area still moves: unit mass, as Box2D does.
            body.mass = 1
            body.invMass = 1
        }
        let oldCenter = body.center
        body.localCenter = localCenter
        body.center = body.transform.apply(localCenter)
        body.center0 = body.center
        // Keep the velocity of the origin: v_center changes by ω × (new − old).
        body.linearVelocity += Vec2.cross(body.angularVelocity, body.center - oldCenter)
        bodies[i] = body
    }
}
