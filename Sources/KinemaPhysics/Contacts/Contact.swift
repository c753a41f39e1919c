/// A potential contact between two shapes whose fat bounds overlap: created by the broad phase,
/// updated by the narrow phase each step, destroyed when the fat bounds part.
///
/// Contacts live in ``PhysicsWorld``'s ``ContactStore`` in a deterministic order (appended as the
/// broad phase finds pairs, swap-removed when they end), addressed by index.
struct Contact {
    var shapeA: Int32
    var shapeB: Int32
    var bodyA: Int32
    var bodyB: Int32
    /// Mixed material: friction √(μA·μB), restitution max(eA, eB), rolling resistance max.
    var friction: Double
    var restitution: Double
    var rollingResistance: Double
    /// The latest manifold; its impulses warm-start the next step.
    var manifold = ContactManifold()
    /// The manifold has points (touching or speculative): the solver and islands use it.
    var isTouching = false
    /// Reported to the owner: begins when the shapes come within `linearSlop`, ends when the
    /// manifold has no points.
    var isReportedTouching = false
    /// Either shape is a sensor: no response.
    var isSensor = false
    /// Either shape asked for contact events.
    var enableContactEvents = false

    /// The pair key: the lower shape index in the high half.
    var key: UInt64 { Contact.key(shapeA, shapeB) }

    @inline(__always) static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = UInt64(UInt32(bitPattern: min(a, b)))
        let hi = UInt64(UInt32(bitPattern: max(a, b)))
        return lo << 32 | hi
    }
}

/// What a contact keeps of its latest ``Manifold``: the normal and, per point, the world point, the
/// separation, the feature id and the impulses that warm-start the next step (the solver's other
/// outputs are not needed after the step, so they are not stored).
struct ContactManifold {
    var normal: Vec2 = .zero
    var point1 = ContactManifoldPoint()
    var point2 = ContactManifoldPoint()
    /// Rolling resistance impulse, kept for warm starting.
    var rollingImpulse: Double = 0
    private var count: UInt8 = 0

    var pointCount: Int {
        get { Int(count) }
        set { count = UInt8(truncatingIfNeeded: newValue) }
    }

    subscript(i: Int) -> ContactManifoldPoint {
        get { i == 0 ? point1 : point2 }
        set { if i == 0 { point1 = newValue } else { point2 = newValue } }
    }
}

/// One stored manifold point (see ``ManifoldPoint``).
struct ContactManifoldPoint {
    /// World point midway between the surfaces; the anchors are `point − xfA.p` and
    /// `point − xfB.p` (exactly as the narrow phase made them: the poses do not change before the
    /// solver reads them).
    var point: Vec2 = .zero
    /// Negative when overlapping, points.
    var separation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var id: UInt16 = 0
}

/// One point of a contact constraint: anchors relative to the centres of mass, masses and
/// accumulated impulses.
struct ContactConstraintPoint {
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    /// Separation at the start of the step minus the anchors' offset along the normal, so that
    /// `dot(d, n) + adjustedSeparation` is the current separation for the bodies' deltas `d`.
    var adjustedSeparation: Double = 0
    /// Separation at the start of the step, points.
    var separation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    /// The normal impulse applied over the whole step (every sub-step and restitution).
    var totalNormalImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    /// Relative normal velocity before the solve (restitution uses it).
    var relativeVelocity: Double = 0
}

/// A touching contact prepared for the sub-step solver (Box2D v3's contact constraint).
struct ContactConstraint {
    var contact: Int32 = 0
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var normal: Vec2 = .zero
    var invMassA: Double = 0
    var invIA: Double = 0
    var invMassB: Double = 0
    var invIB: Double = 0
    var friction: Double = 0
    var restitution: Double = 0
    var rollingResistance: Double = 0
    var rollingMass: Double = 0
    var rollingImpulse: Double = 0
    /// The bodies' relative gravity along the normal, pt/s² (restitution's speed of impact).
    var relativeGravity: Double = 0
    var softness = Softness.rigid
    var pointCount = 0
    var point1 = ContactConstraintPoint()
    var point2 = ContactConstraintPoint()
}
