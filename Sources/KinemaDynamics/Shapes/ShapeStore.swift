/// The world's shapes (see ``Shape``): geometry, material, world bounds and broad-phase proxy.
/// Owned by ``PhysicsWorld``; shapes are attached to bodies (``Body/shapes``).
struct ShapeStore: SlotStorage {
    var elements: [Shape] = []
    var free: [Int32] = []
    /// The last polygon a shape was created with; an identical polygon shares its arrays.
    var lastPolygon: Polygon?
}
