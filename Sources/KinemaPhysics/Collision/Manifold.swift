/// One contact point between two shapes.
struct ManifoldPoint {
    /// World point midway between the two surfaces.
    var point: Vec2 = .zero
    /// The point relative to each body's **origin** (`xfA.p`, `xfB.p`), world orientation, as
    /// `collide` returns it; the solver rebases them on the centres of mass.
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    /// Negative when overlapping, points.
    var separation: Double = 0
    /// Solver results, kept for warm starting.
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    /// Relative normal velocity before solving, for restitution.
    var normalVelocity: Double = 0
    /// Identifies the features (vertex/edge indices) that made the point, for warm starting.
    var id: UInt16 = 0
    /// Whether the point matched one of the previous step's.
    var persisted = false
}

/// The contact between two shapes: up to two points sharing one normal.
struct Manifold {
    /// Unit normal from shape A to shape B, world.
    var normal: Vec2 = .zero
    var point1 = ManifoldPoint()
    var point2 = ManifoldPoint()
    var pointCount = 0
    /// Rolling resistance impulse, kept for warm starting.
    var rollingImpulse: Double = 0

    subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? point1 : point2 }
        set { if i == 0 { point1 = newValue } else { point2 = newValue } }
    }
}

/// A body's motion over a step for time of impact: the centre of mass moves from `c1` to `c2`
/// and the rotation from `q1` to `q2`; `localCenter` is the centre of mass in the body frame.
struct Sweep {
    var localCenter: Vec2
    var c1: Vec2
    var c2: Vec2
    var q1: Rot
    var q2: Rot

    /// The body-origin transform at fraction `t` in 0…1 (rotation interpolated and normalised).
    func transform(at t: Double) -> Transform2 {
        let c = Vec2.mulAdd((1 - t) * c1, t, c2)
        var q = Rot(c: (1 - t) * q1.c + t * q2.c, s: (1 - t) * q1.s + t * q2.s)
        let mag = (q.c * q.c + q.s * q.s).squareRoot()
        if mag > 0 { q = Rot(c: q.c / mag, s: q.s / mag) }
        return Transform2(p: c - q.rotate(localCenter), q: q)
    }
}
