/// The world's shapes (see ``Shape``): geometry, material, world bounds and broad-phase proxy.
/// Owned by ``PhysicsWorld``; shapes are attached to bodies (``Body/shapes``).
struct ShapeStore: SlotStorage {
    var elements: [Shape] = []
    var free: [Int32] = []
    /// The last polygon a shape was created with, and where its points start in
    /// ``outlinePoints``: an identical polygon shares both (see ``sharingStorage(_:)``). `nil`
    /// once no shape uses those points.
    var lastPolygon: (polygon: Polygon, outlineStart: Int32)?
    /// The points of the polygons' ``SolverOutline``s: each polygon's vertices, then its normals.
    var outlinePoints: [Vec2] = []
    /// How many of ``outlinePoints`` belong to released shapes.
    var unusedOutlinePoints = 0
    /// How many live shapes use the run of points at each start in ``outlinePoints``.
    var outlineUsers: [Int32: Int] = [:]
}
