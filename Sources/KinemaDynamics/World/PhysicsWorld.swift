import KinemaGeometry

/// A 2-D rigid-body world in points, seconds and radians, with y pointing down.
///
/// Kinema's own solver, built from Box2D v3's published design: a soft-step contact solver with
/// sub-steps, warm starting and relaxation; continuous collision for fast bodies; a dynamic AABB
/// tree; islands and sleep. Nothing reads a clock: ``step(_:)`` advances by the time it is given,
/// and the same calls give the same bits.
///
/// ```swift
/// let world = PhysicsWorld()
/// var def = BodyDefinition(type: .dynamic, position: Point(x: 50, y: 0))
/// def.gravity = Vector(dx: 0, dy: 1000)
/// let box = try world.createBody(def)
/// try world.createShape(on: box, ShapeDefinition(geometry: .polygon(.box(width: 20, height: 20))))
/// for _ in 0..<120 { world.step(1.0 / 120) }
/// world.position(of: box)      // about (50, 504)
/// ```
public final class PhysicsWorld {
    /// Solver settings. Changing them between steps is allowed.
    public var configuration: Configuration

    var bodies: [Body] = []
    var freeBodies: [Int32] = []
    var shapes: [Shape] = []
    var freeShapes: [Int32] = []
    var joints: [Joint] = []
    /// Sub-step states, parallel to `bodies` (valid during a step).
    var states: [BodyState] = []
    var freeJoints: [Int32] = []

    // Solver storage (the solver helper's): contacts, broad phase, scratch reused every step.
    var contacts: [Contact] = []
    var contactIndexByPair: [UInt64: Int32] = [:]
    /// This step's touching contacts as constraints, four per group, colour by colour.
    var constraintGroups: [ContactConstraintGroup] = []
    /// The number of constraints (lanes in use) in `constraintGroups`.
    var constraintCount = 0
    /// Whether any constraint of this step has restitution.
    var constraintsHaveRestitution = false
    /// The last polygon a shape was created with; an identical polygon shares its arrays.
    var lastPolygon: Polygon?
    var broadPhase = BroadPhase()
    var solverScratch = SolverScratch()
    /// End events raised between steps (a shape destroyed, a refilter), reported after the next step.
    var pendingContactEndEvents: [ContactEndEvent] = []

    /// Decides whether two shapes may touch, called when their bounds first overlap (after the
    /// built-in rules: never two shapes of one body, never two non-dynamic bodies, never bodies
    /// joined by a joint without `collideConnected`). Default `nil`: everything collides. Call
    /// ``refilter()`` after changing the answers it gives.
    public var shouldCollide: ((ShapeID, ShapeID) -> Bool)?

    /// Contacts that began and ended during the last ``step(_:)``, in a deterministic order.
    public internal(set) var contactBeginEvents: [ContactBeginEvent] = []
    public internal(set) var contactEndEvents: [ContactEndEvent] = []

    /// A world with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }
}

// MARK: - Handles

extension PhysicsWorld {
    func bodyIndex(_ id: BodyID) -> Int? {
        let i = Int(id.index)
        guard i >= 0, i < bodies.count, bodies[i].isLive, bodies[i].generation == id.generation else { return nil }
        return i
    }

    func shapeIndex(_ id: ShapeID) -> Int? {
        let i = Int(id.index)
        guard i >= 0, i < shapes.count, shapes[i].isLive, shapes[i].generation == id.generation else { return nil }
        return i
    }

    func jointIndex(_ id: JointID) -> Int? {
        let i = Int(id.index)
        guard i >= 0, i < joints.count, joints[i].isLive, joints[i].generation == id.generation else { return nil }
        return i
    }

    func bodyID(_ index: Int32) -> BodyID { BodyID(index: index, generation: bodies[Int(index)].generation) }
    func shapeID(_ index: Int32) -> ShapeID { ShapeID(index: index, generation: shapes[Int(index)].generation) }
    func jointID(_ index: Int32) -> JointID { JointID(index: index, generation: joints[Int(index)].generation) }

    /// Whether `id` names a live body.
    public func isValid(_ id: BodyID) -> Bool { bodyIndex(id) != nil }
    /// Whether `id` names a live shape.
    public func isValid(_ id: ShapeID) -> Bool { shapeIndex(id) != nil }
    /// Whether `id` names a live joint.
    public func isValid(_ id: JointID) -> Bool { jointIndex(id) != nil }

    /// Number of live bodies.
    public var bodyCount: Int { bodies.count - freeBodies.count }
    /// Number of dynamic bodies that are awake.
    public var awakeBodyCount: Int {
        var n = 0
        for b in bodies where b.isLive && b.type != .static && b.isAwake { n += 1 }
        return n
    }
}
