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

    // The parts the world is made of (Box2D v3's `b2World`). Each solver stage names, in a
    // comment at its top, the parts it reads and writes; see the "How the world is organised"
    // article in the documentation catalog.

    /// Bodies: pose, velocity, mass, and their shape and joint lists.
    var bodies = BodyStore()
    /// Shapes: geometry, material, bounds and broad-phase proxy.
    var shapes = ShapeStore()
    /// Joints: definitions and their per-step solver data.
    var joints = JointStore()
    /// Contacts: one per overlapping pair of fat bounds, with manifolds and warm-start impulses.
    var contacts = ContactStore()
    /// The broad phase: the tree of fat bounds, the move buffer and candidate pairs.
    var broadPhase = BroadPhase()
    /// The moving bodies of the current step and their sub-step states.
    var awake = AwakeSet()
    /// This step's contact constraints, solved by the sub-steps.
    var constraints = ContactConstraints()
    /// Islands, for sleep.
    var islands = IslandStore()

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
    func bodyIndex(_ id: BodyID) -> Int? { bodies.liveIndex(id.index, generation: id.generation) }
    func shapeIndex(_ id: ShapeID) -> Int? { shapes.liveIndex(id.index, generation: id.generation) }
    func jointIndex(_ id: JointID) -> Int? { joints.liveIndex(id.index, generation: id.generation) }

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
    public var bodyCount: Int { bodies.liveCount }
    /// Number of dynamic bodies that are awake.
    public var awakeBodyCount: Int {
        var n = 0
        for b in bodies.elements where b.isLive && b.type != .static && b.isAwake { n += 1 }
        return n
    }
}
