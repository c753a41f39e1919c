/// The world's shapes (see ``Shape``): geometry, material, world bounds and broad-phase proxy.
/// Owned by ``PhysicsWorld``; shapes are attached to bodies (``Body/shapes``).
struct ShapeStore: SlotStorage {
    var elements: [Shape] = []
    var free: [Int32] = []
    /// The last polygon a shape was created with; an identical polygon shares its arrays.
    var lastPolygon: Polygon?
    /// The points of the polygons' ``SolverOutline``s: each polygon's vertices, then its normals.
    var outlinePoints: [Vec2] = []
    /// How many of ``outlinePoints`` belong to released shapes.
    var unusedOutlinePoints = 0
    /// How many live shapes use the run of points at each start in ``outlinePoints``.
    var outlineUsers: [Int32: Int] = [:]
    /// The last polygon whose points were added to ``outlinePoints``, and where they start
    /// (`nil` once no shape uses them).
    var lastOutline: (start: Int32, vertices: [Vec2], normals: [Vec2])?
}
