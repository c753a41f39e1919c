import KinemaGeometry

extension PhysicsWorld {
    /// Attaches a shape to a body and updates its mass. Throws for non-finite geometry, a circle
    /// radius ≤ 0, a degenerate segment, or a negative density, friction or restitution outside
    /// 0…1.
    @discardableResult
    public func createShape(on body: BodyID, _ def: ShapeDefinition) throws(DynamicsError) -> ShapeID {
        guard let b = bodyIndex(body) else { throw .invalidHandle("\(body)") }
        try requireNonNegative(def.density, "density")
        try requireNonNegative(def.friction, "friction")
        try requireNonNegative(def.rollingResistance, "rollingResistance")
        guard def.restitution.isFinite, def.restitution >= 0, def.restitution <= 1 else {
            throw .invalidValue(field: "restitution", expected: "a number in 0…1")
        }
        switch def.geometry {
        case .circle(let c, let r):
            guard c.isFinite else { throw .invalidValue(field: "circle.center", expected: "a finite point") }
            guard r.isFinite, r > 0 else { throw .invalidValue(field: "circle.radius", expected: "a finite number > 0") }
        case .segment(let p, let q):
            guard p.isFinite, q.isFinite else { throw .invalidValue(field: "segment", expected: "finite end points") }
            guard p.distance(to: q) > 1e-6 else { throw .invalidShape("a segment needs two distinct end points") }
        case .polygon:
            break  // ConvexPolygon validated itself.
        }
        var shape = Shape()
        shape.isLive = true
        shape.body = Int32(b)
        (shape.geometry, shape.outline) = shapes.sharingStorage(Geometry(def.geometry))
        shape.density = def.density
        shape.friction = def.friction
        shape.restitution = def.restitution
        shape.rollingResistance = def.rollingResistance
        shape.isSensor = def.isSensor
        shape.enableContactEvents = def.enableContactEvents
        shape.userData = def.userData
        let index = shapes.insert(shape)
        bodies[b].shapes.append(index)
        updateMass(ofBody: b)
        shapes[Int(index)].aabb = shapes[Int(index)].geometry.aabb(bodies[b].transform)
        shapeWasAdded(Int(index))
        return shapeID(index)
    }

    /// Detaches and destroys a shape (its contacts end).
    public func destroyShape(_ id: ShapeID) {
        guard let s = shapeIndex(id) else { return }
        shapeWillBeRemoved(s)
        let b = Int(shapes[s].body)
        bodies[b].shapes.removeAll { $0 == Int32(s) }
        shapes.releaseOutline(ofShape: s)
        shapes.release(s)
        updateMass(ofBody: b)
    }

    /// The body a shape belongs to.
    public func body(of id: ShapeID) -> BodyID? { shapeIndex(id).map { bodyID(shapes[$0].body) } }
    /// The shapes of a body, in creation order.
    public func shapes(of id: BodyID) -> [ShapeID] { bodyIndex(id).map { bodies[$0].shapes.map(shapeID) } ?? [] }
    /// The owner's value from ``ShapeDefinition/userData``.
    public func userData(of id: ShapeID) -> Int { shapeIndex(id).map { shapes[$0].userData } ?? 0 }

    /// Friction coefficient (ignored unless finite and ≥ 0).
    public func setFriction(_ id: ShapeID, _ friction: Double) {
        guard let s = shapeIndex(id), friction.isFinite, friction >= 0 else { return }
        shapes[s].friction = friction
    }

    /// Restitution in 0…1 (ignored otherwise).
    public func setRestitution(_ id: ShapeID, _ restitution: Double) {
        guard let s = shapeIndex(id), restitution.isFinite, restitution >= 0, restitution <= 1 else { return }
        shapes[s].restitution = restitution
    }

    /// Density (ignored unless finite and ≥ 0); recomputes the body's mass.
    public func setDensity(_ id: ShapeID, _ density: Double) {
        guard let s = shapeIndex(id), density.isFinite, density >= 0 else { return }
        shapes[s].density = density
        updateMass(ofBody: Int(shapes[s].body))
    }

    /// The shape's world bounds at the last step.
    public func bounds(of id: ShapeID) -> Rect? {
        guard let s = shapeIndex(id) else { return nil }
        let a = shapes[s].aabb
        return Rect(x: a.lower.x, y: a.lower.y, width: a.upper.x - a.lower.x, height: a.upper.y - a.lower.y)
    }

    /// Recomputes the bounds of body `b`'s shapes from its transform and tells the broad phase.
    func updateShapeBounds(ofBody b: Int) {
        bodies.elements.withUnsafeBufferPointer { bodies in
            Self.updateShapeBounds(of: bodies.baseAddress! + b, &shapes.elements, &broadPhase)
        }
    }

    /// ``updateShapeBounds(ofBody:)`` on arrays the caller holds. The body is read in place: a
    /// copy would retain and release its arrays of shapes and joints.
    @inline(__always)
    static func updateShapeBounds(of body: UnsafePointer<Body>, _ shapes: inout [Shape], _ broadPhase: inout BroadPhase) {
        for k in 0..<body.pointee.shapes.count {
            let si = Int(body.pointee.shapes[k])
            shapes[si].aabb = shapes[si].geometry.aabb(body.pointee.transform)
            shapeBoundsDidChange(si, velocity: body.pointee.linearVelocity, &shapes, &broadPhase)
        }
    }
}

extension Geometry {
    /// Tight world bounds under `xf`.
    func aabb(_ xf: Transform2) -> AABB {
        switch self {
        case .circle(let c):
            let p = xf.apply(c.center)
            return AABB(lower: Vec2(p.x - c.radius, p.y - c.radius), upper: Vec2(p.x + c.radius, p.y + c.radius))
        case .segment(let s):
            let a = xf.apply(s.p1)
            let b = xf.apply(s.p2)
            return AABB(lower: .min(a, b), upper: .max(a, b))
        case .polygon(let p):
            var lower = xf.apply(p.vertices[0])
            var upper = lower
            for v in p.vertices.dropFirst() {
                let w = xf.apply(v)
                lower = .min(lower, w)
                upper = .max(upper, w)
            }
            return AABB(lower: lower, upper: upper).expanded(by: p.radius)
        }
    }
}
