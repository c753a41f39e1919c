import KinemaGeometry
import KinemaPhysics

/// Several items that move as one rigid body for collisions and every behaviour. Mirrors
/// `UIDynamicItemGroup`: a compound body with one shape per item.
///
/// The group's centre is the centre of the union of its items' frames when its body is made,
/// its bounds enclose the items, and its items cannot change. A group cannot contain another
/// group: a nested group is skipped with a diagnostic. A behaviour that names a member item
/// directly acts on the group's body.
public final class DynamicItemGroup: DynamicItem {
    /// The items, as given.
    public let items: [any DynamicItem]
    /// The group's centre, reference points (written by the animator).
    public var center: Point
    /// The group's rotation (written by the animator).
    public var transform: AffineTransform = .identity
    /// The union of the items' frames, as a size about the centre.
    public let bounds: Rect

    /// A group of `items` (their current `center`, `bounds` and rotation give its initial bounds).
    public init(items: [any DynamicItem]) {
        self.items = items
        var union: Rect?
        for item in items where !(item is DynamicItemGroup) {
            let size = item.bounds.size
            guard item.center.isFinite, size.isFinite else { continue }
            let frame = rotatedFrame(center: item.center, size: size, angle: PlainReferenceSpace.rotation(of: item.transform))
            union = union.map { $0.union(frame) } ?? frame
        }
        let u = union ?? .zero
        center = Point(x: u.midX, y: u.midY)
        bounds = Rect(x: 0, y: 0, width: u.width, height: u.height)
    }
}
