import KinemaGeometry
import KinemaPhysics

/// The shape UIKit Dynamics gives an item for collisions. Mirrors
/// `UIDynamicItemCollisionBoundsType`.
public enum DynamicItemCollisionBoundsType: Sendable, Hashable {
    /// The item's bounds rectangle (the default).
    case rectangle
    /// The ellipse inscribed in the bounds (a circle when width == height).
    case ellipse
    /// ``DynamicItem/collisionBoundingPath``: a convex counter-clockwise polygon around the
    /// item's centre.
    case path
}

/// Something UIKit Dynamics can move. Mirrors `UIDynamicItem`; `View` conforms in KinemaUI.
///
/// The animator reads `center`, `bounds` and `transform` when the item is added (or
/// ``DynamicAnimator/updateItem(usingCurrentState:)`` is called) and writes `center` and the
/// rotation of `transform` after every step. Only the rotation of `transform` is used.
public protocol DynamicItem: AnyObject {
    /// The item's centre, points, in its animator's reference space (for views: the superview's
    /// space, converted by the animator).
    var center: Point { get set }
    /// The item's size (only `size` is used), points.
    var bounds: Rect { get }
    /// Only the rotation is read and written.
    var transform: AffineTransform { get set }
    /// Default `.rectangle`.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// Used when ``collisionBoundsType`` is `.path`: (0, 0) is the item's centre. Default empty.
    var collisionBoundingPath: Path { get }
}

extension DynamicItem {
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: Path { Path() }
}

/// How an animator reads and writes items in its reference coordinate space. The default space
/// takes `center` and `transform` as they are; KinemaUI's view space converts each view's
/// superview space (bounds origins, scrolling and ancestor transforms included) to and from the
/// reference view's.
public protocol DynamicReferenceSpace: AnyObject {
    /// The reference bounds (for `translatesReferenceBoundsIntoBoundary`), reference points.
    var referenceBounds: Rect { get }
    /// The item's centre and rotation (radians) in reference space.
    func state(of item: any DynamicItem) -> (center: Point, angle: Double)
    /// Writes a reference-space centre and rotation back into the item.
    func setState(of item: any DynamicItem, center: Point, angle: Double)
    /// Problems that make the item unusable (a zero size, an ancestor that is also animated, a
    /// view outside the reference view), or `nil`. The animator skips the item with this
    /// diagnostic instead of trapping.
    func problem(with item: any DynamicItem, among items: [any DynamicItem]) -> String?
}
