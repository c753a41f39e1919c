import Foundation
import KinemaGeometry
import KinemaPhysics

/// The reference space of an animator made with ``DynamicAnimator/init(referenceBounds:)`` or
/// ``DynamicAnimator/init()``: items' `center` values are reference points as they are, and the
/// rotation is read from `transform` (`atan2(b, a)`).
///
/// Writing a state sets `center` and replaces `transform` with a pure rotation (as UIKit does;
/// only the rotation of an item's transform is used).
public final class PlainReferenceSpace: DynamicReferenceSpace {
    /// The reference bounds, points. `Rect.zero` means none (reference-bounds boundaries are
    /// then not created).
    public var referenceBounds: Rect

    /// A space with `referenceBounds` (default none).
    public init(referenceBounds: Rect = .zero) {
        self.referenceBounds = referenceBounds
    }

    public func state(of item: any DynamicItem) -> (center: Point, angle: Double) {
        let t = item.transform
        return (item.center, Self.rotation(of: t))
    }

    public func setState(of item: any DynamicItem, center: Point, angle: Double) {
        item.center = center
        item.transform = KinemaGeometry.AffineTransform(rotationAngle: angle)
    }

    public func problem(with item: any DynamicItem, among items: [any DynamicItem]) -> String? {
        nil
    }

    /// The rotation of `t` in radians, `atan2(b, a)`; 0 for a non-finite transform.
    static func rotation(of t: KinemaGeometry.AffineTransform) -> Double {
        guard t.a.isFinite, t.b.isFinite, t.a != 0 || t.b != 0 else { return 0 }
        return atan2(t.b, t.a)
    }
}
