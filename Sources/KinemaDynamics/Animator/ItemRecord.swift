import KinemaGeometry
import KinemaPhysics

/// The animator's bookkeeping for one item (or group) that has a body.
final class ItemRecord {
    let item: any DynamicItem
    /// Unique over the animator's life (slots are reused, ids are not).
    let id: Int
    let slot: Int
    var body: BodyID
    var shapes: [ShapeID] = []
    /// For a group: its members and their poses in the body frame.
    var members: [GroupMember] = []
    /// Made during the current reconcile (its shapes have not been paired yet, so a change of
    /// membership needs no refilter).
    var isNew = true
    /// Set during a reconcile when a behaviour refers to the item.
    var isReferenced = true
    /// The pose before the last step (for interpolation), reference space.
    var previousPosition: Point
    var previousAngle: Double
    /// Serials of collision behaviours the item is in whose mode includes `.items` (sorted).
    var itemCollisionSerials: [Int] = []
    /// Serials of collision behaviours the item is in whose mode includes `.boundaries` (sorted).
    var boundaryCollisionSerials: [Int] = []
    /// Effective item properties (from ``DynamicItemBehavior``s).
    var properties = ItemProperties()

    init(item: any DynamicItem, id: Int, slot: Int, body: BodyID, position: Point, angle: Double) {
        self.item = item
        self.id = id
        self.slot = slot
        self.body = body
        self.previousPosition = position
        self.previousAngle = angle
    }
}

/// One member of a ``DynamicItemGroup`` inside its group's body.
struct GroupMember {
    let item: any DynamicItem
    /// The member's centre in the body frame, points.
    let offset: Point
    /// The member's rotation relative to the body, radians.
    let angle: Double
}

/// Per-item properties resolved from ``DynamicItemBehavior``s (the most recently added behaviour
/// that set a property wins). The defaults are UIKit's: what its item behaviour starts with and
/// what a body keeps when no behaviour sets a property (see ``DynamicItemBehavior``).
struct ItemProperties: Equatable {
    var elasticity = DynamicItemBehavior.defaultElasticity
    var friction = DynamicItemBehavior.defaultFriction
    var density = 1.0
    var resistance = DynamicItemBehavior.defaultResistance
    var angularResistance = DynamicItemBehavior.defaultAngularResistance
    var allowsRotation = true
    var isAnchored = false
    var charge = 0.0
}

/// A static body the animator owns for a collision behaviour's boundary.
struct BoundaryRecord {
    let id: Int
    /// The owning collision behaviour's serial.
    let ownerSerial: Int
    /// `nil` for the reference-bounds boundary.
    let identifier: String?
    let body: BodyID
}
