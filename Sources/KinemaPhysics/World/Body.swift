/// A body's slot in the world's ``BodyStore``: what the public API reads, and what the solver
/// keeps between steps.
struct Body {
    var generation: UInt32 = 0
    var isLive = false
    var type: BodyType = .dynamic
    /// The body origin's transform (what the owner reads as position and angle).
    var transform: Transform2 = .identity
    /// Centre of mass in the body frame, and in world points.
    var localCenter: Vec2 = .zero
    var center: Vec2 = .zero
    /// The pose at the start of the last step (for interpolation and continuous collision).
    var center0: Vec2 = .zero
    var rotation0: Rot = .identity
    var linearVelocity: Vec2 = .zero
    var angularVelocity: Double = 0
    /// Accumulated for the next step, cleared after it.
    var force: Vec2 = .zero
    var torque: Double = 0
    var gravity: Vec2 = .zero
    var mass: Double = 0
    var invMass: Double = 0
    /// About the centre of mass.
    var inertia: Double = 0
    var invInertia: Double = 0
    var linearDamping: Double = 0
    var angularDamping: Double = 0
    var fixedRotation = false
    var isBullet = false
    var allowsSleep = true
    var isAwake = true
    var sleepTime: Double = 0
    /// Where the current rest began: the body rests while it stays near this pose (see
    /// ``PhysicsWorld/Configuration/sleepLinearTolerance``).
    var restCenter: Vec2 = .zero
    var restRotation: Rot = .identity
    /// A contact held the body in the current step: pushed on it without sliding (for
    /// ``PhysicsWorld/Configuration/restingDamping``).
    var isHeldByContact = false
    var userData: Int = 0
    var shapes: [Int32] = []
    var joints: [Int32] = []
    /// Smallest and largest distance from the centre of mass to the shapes' outline (continuous
    /// collision decides "fast" with them).
    var minExtent: Double = 0
    var maxExtent: Double = 0
}

/// A shape's slot in the world's ``ShapeStore``.
struct Shape {
    var generation: UInt32 = 0
    var isLive = false
    var body: Int32 = -1
    var geometry: Geometry = .segment(Segment(p1: .zero, p2: .zero))
    /// `geometry` as the narrow phase reads it (no reference counting).
    var outline: SolverOutline = .segment(Segment(p1: .zero, p2: .zero))
    var density: Double = 1
    var friction: Double = 0
    var restitution: Double = 0
    var rollingResistance: Double = 0
    var isSensor = false
    var enableContactEvents = true
    var userData: Int = 0
    /// World bounds at the last update, and the broad-phase proxy (−1 when none).
    var aabb = AABB(lower: .zero, upper: .zero)
    var proxy: Int32 = -1
    /// The enlarged bounds the broad phase holds (contains `aabb`).
    var fatAABB = AABB(lower: .zero, upper: .zero)
}
