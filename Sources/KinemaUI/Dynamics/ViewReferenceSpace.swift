import KinemaDynamics
import KinemaGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The coordinate space of a reference view, for a dynamic animator whose items are views nested
/// anywhere below it (docs/dynamics-notes.md, "Nested views"). Mirrors the part of
/// `UIDynamicAnimator(referenceView:)` that UIKit leaves undone: UIKit reads every item's `center`
/// as if it were in the reference view's space, which places nested, scrolled and rotated views
/// wrongly.
///
/// - Reading (``state(of:)``): the view's `center` is converted from its superview's space to the
///   reference view's, through every ancestor between them (bounds origins, that is scrolling,
///   and affine transforms). The angle is the rotation of the view's own `transform` plus the
///   rotation of its ancestors relative to the reference view.
/// - Writing (``setState(of:center:angle:)``): the inverse. `center` is written in the
///   superview's space and `transform` becomes `AffineTransform(rotationAngle: local)`; a view
///   whose transform also scales keeps its scale (`scale · rotation`, the sign of the
///   determinant kept), while translation and shear are dropped, as UIKit drops them.
/// - A view whose superview is the reference view is read and written exactly, without
///   conversion arithmetic.
/// - Limits: only the rotation of the ancestors is carried over; the collision shape is the
///   view's `bounds.size`, unscaled by its own or its ancestors' scale. Non-uniform ancestor
///   scales, shears or mirroring make the angle approximate; 3D ancestor transforms are
///   flattened as `View.convert` flattens them. Each read or write of a nested view converts
///   two points through the layer tree (cost grows with the depth of the view). Items that are not views are taken to be in
///   the reference space already.
///
/// The reference view is held weakly, as UIKit's `referenceView` is. `DynamicAnimator(referenceView:)`
/// makes this space and also drives the animator from the view's window; an animator made with
/// `DynamicAnimator(referenceSpace:)` and a space of your own is not driven: call its
/// `advance(to:)` yourself.
public final class ViewReferenceSpace: DynamicReferenceSpace {
    /// The view whose coordinates the animator simulates in; `nil` once it no longer exists.
    public private(set) weak var referenceView: View?

    /// The last bounds read from the reference view (answered after it is gone).
    private var lastBounds: Rect

    /// Drives the animator on the reference view's window (set by
    /// `DynamicAnimator(referenceView:)`; the space owns it so that it lives as long as the
    /// animator).
    var driver: DynamicAnimatorDriver?

    /// A space for `referenceView`.
    public init(referenceView: View) {
        self.referenceView = referenceView
        lastBounds = referenceView.bounds
    }

    /// The reference view's bounds, read live, reference points. The animator compares them on
    /// every frame, so `translatesReferenceBoundsIntoBoundary` follows the view when it resizes.
    /// After the view is gone: the last bounds read.
    public var referenceBounds: Rect {
        if let view = referenceView, view.bounds.isFinite { lastBounds = view.bounds }
        return lastBounds
    }

    /// The item's centre (reference points) and rotation (radians) in the reference view's space.
    public func state(of item: any DynamicItem) -> (center: Point, angle: Double) {
        let local = (center: item.center, angle: Self.rotation(of: item.transform))
        guard let view = item as? View, let reference = referenceView, let parent = view.superview,
            view !== reference, parent.isDescendant(of: reference)
        else { return local }
        if parent === reference { return local }
        guard let mapped = Self.map(local.center, from: parent, to: reference) else { return local }
        return (mapped.point, Self.normalized(local.angle + mapped.rotation))
    }

    /// Writes a reference-space centre and rotation into the item, in its superview's space.
    /// Ignored for a view no longer inside the reference view and for values that are not finite.
    public func setState(of item: any DynamicItem, center: Point, angle: Double) {
        guard center.isFinite, angle.isFinite else { return }
        guard let view = item as? View else {
            item.center = center
            item.transform = Self.transform(item.transform, withRotation: angle)
            return
        }
        guard let reference = referenceView, let parent = view.superview, view !== reference,
            parent.isDescendant(of: reference)
        else { return }
        var local = (center: center, angle: angle)
        if parent !== reference {
            guard let mapped = Self.map(center, from: reference, to: parent) else { return }
            local = (mapped.point, Self.normalized(angle + mapped.rotation))
        }
        view.center = local.center
        view.transform = Self.transform(view.transform, withRotation: local.angle)
    }

    /// Why the item cannot be animated in this space, or `nil`: the reference view is gone, the
    /// view is the reference view or not inside it, its size is zero or its geometry not finite
    /// (in its superview or once converted), or one of its ancestors is also in `items` (the
    /// descendant is the one skipped: it moves with its ancestor).
    public func problem(with item: any DynamicItem, among items: [any DynamicItem]) -> String? {
        guard let view = item as? View else { return nil }
        let name = Self.name(of: view)
        guard let reference = referenceView else { return "\(name): the reference view no longer exists" }
        if view === reference { return "\(name) is the reference view itself" }
        guard view.isDescendant(of: reference) else { return "\(name) is not inside the reference view" }
        let size = view.bounds.size
        guard view.bounds.isFinite, view.center.isFinite, view.frame.isFinite else {
            return "\(name) has a frame that is not finite"
        }
        guard size.width > 0, size.height > 0 else {
            return "\(name) has a zero size (\(size.width) × \(size.height) pt)"
        }
        if let parent = view.superview, parent !== reference, Self.map(view.center, from: parent, to: reference) == nil {
            return "\(name) cannot be converted to the reference view's space (a singular ancestor transform?)"
        }
        var node = view.superview
        while let ancestor = node, ancestor !== reference {
            if items.contains(where: { $0 === ancestor }) {
                return "\(name) is inside \(Self.name(of: ancestor)), which is also animated: it moves with its ancestor"
            }
            node = ancestor.superview
        }
        return nil
    }

    // MARK: Conversion helpers

    /// `point` converted from `source`'s space to `destination`'s, with the rotation of that map
    /// (the direction of a unit step along x), or `nil` when the result is not finite.
    private static func map(_ point: Point, from source: View, to destination: View) -> (point: Point, rotation: Double)? {
        let p0 = source.convert(point, to: destination)
        let p1 = source.convert(Point(x: point.x + 1, y: point.y), to: destination)
        let rotation = atan2(p1.y - p0.y, p1.x - p0.x)
        guard p0.isFinite, p1.isFinite, rotation.isFinite, p0 != p1 else { return nil }
        return (p0, rotation)
    }

    /// The rotation of an affine transform, radians (positive turns +x towards +y).
    static func rotation(of t: AffineTransform) -> Double {
        let angle = atan2(t.b, t.a)
        return angle.isFinite ? angle : 0
    }

    /// `angle` wrapped into (−π, π].
    static func normalized(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if a > Double.pi { a -= 2 * Double.pi }
        if a <= -Double.pi { a += 2 * Double.pi }
        return a
    }

    /// A rotation by `angle` that keeps `old`'s scale (x scale, y scale and mirroring), dropping
    /// its translation and shear.
    static func transform(_ old: AffineTransform, withRotation angle: Double) -> AffineTransform {
        let rotation = AffineTransform(rotationAngle: angle)
        let sx = (old.a * old.a + old.b * old.b).squareRoot()
        let syMagnitude = (old.c * old.c + old.d * old.d).squareRoot()
        let sy = old.determinant < 0 ? -syMagnitude : syMagnitude
        // A pure rotation reads back a scale of 1 ± a few ulps: keep writing a pure rotation.
        let isUnscaled = abs(sx - 1) < 1e-9 && abs(sy - 1) < 1e-9
        guard sx.isFinite, sy.isFinite, sx > 0, syMagnitude > 0, !isUnscaled else { return rotation }
        return AffineTransform(scaleX: sx, y: sy).concatenating(rotation)
    }

    /// How a view is named in diagnostics: its class, tag and accessibility label.
    static func name(of view: View) -> String {
        var name = "\(type(of: view))"
        if view.tag != 0 { name += " tag \(view.tag)" }
        if let label = view.accessibilityLabel { name += " \"\(label)\"" }
        return name
    }
}
