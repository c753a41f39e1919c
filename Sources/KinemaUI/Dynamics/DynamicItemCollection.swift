import KinemaGeometry

/// The views of a screen that can fall, collected as the every-view-falls post
/// (docs/ported-posts.md) collects "every subview", with the views left out and why. What feeds
/// `GravityBehavior(items:)` and `CollisionBehavior(items:)` for a "make everything fall" effect
/// without the post's crash (UIKit raises on zero-size items, and misplaces nested ones).
///
/// ```swift
/// let collection = DynamicItemCollection(collectingSubviewsOf: screen)
/// let animator = DynamicAnimator(referenceView: screen)
/// animator.addBehavior(GravityBehavior(items: collection.items))
/// for skipped in collection.skipped { print(skipped) }   // zero-size, hidden, clipped…
/// ```
///
/// Which views are items: **the deepest usable views**, so a real screen falls apart into its
/// visible pieces (texts, images, buttons) while the containers that only arrange them stay as
/// the frame of the screen:
/// - The subviews of the reference view are walked depth first, back to front (the order of
///   ``items`` is deterministic).
/// - A ``Control`` (such as ``Button``), a ``Label`` or an ``ImageView`` is an atom: it falls as
///   one piece with whatever it contains.
/// - Any other view that contains usable views is a container: its usable descendants are
///   items, it is not. A view without usable descendants is itself an item, if it is usable.
/// - A view and one of its ancestors are never both items.
///
/// Left out, each with a ``DynamicItemDiagnostic``: hidden views and views with `alpha` below
/// 0.01 (with their subviews, which are not drawn either), views with a zero size, views whose
/// geometry is not finite (or cannot be converted to the reference view), views whose centre lies
/// outside the reference view's bounds (a collision with the reference bounds would trap them
/// outside, falling forever), and views entirely clipped away by an ancestor that clips to its
/// bounds (rows scrolled out of sight).
///
/// Note: a view that falls stays in its superview. If that superview clips to its bounds (a
/// scrolling container), the view disappears once it falls out of it; turn clipping off for the
/// effect.
public struct DynamicItemCollection {
    /// The views to animate, depth first, back to front.
    public var items: [View]
    /// The views left out and why, in the same order.
    public var skipped: [DynamicItemDiagnostic]

    /// Collects the usable subviews of `referenceView` (not `referenceView` itself), recursively.
    public init(collectingSubviewsOf referenceView: View) {
        items = []
        skipped = []
        let visible = referenceView.bounds
        collect(in: referenceView, reference: referenceView, visible: visible)
    }

    /// Collects the usable views below `container`. `visible` is the part of the reference view
    /// (its coordinates) not clipped away by the ancestors of `container`'s subviews; `isClipped`
    /// says whether one of those ancestors clips at all.
    @discardableResult
    private mutating func collect(in container: View, reference: View, visible: Rect, isClipped: Bool = false) -> Int {
        var found = 0
        for view in container.subviews {
            if view.isHidden {
                skip(view, .hidden)
                continue
            }
            guard view.alpha.isFinite, view.alpha >= 0.01 else {
                skip(view, .transparent)
                continue
            }
            guard view.bounds.isFinite, view.frame.isFinite, view.center.isFinite else {
                skip(view, .notFinite)
                continue
            }
            let frame = view.convert(view.bounds, to: reference)
            guard frame.isFinite else {
                skip(view, .notFinite)
                continue
            }
            // Under a clipping ancestor, a view outside the visible part is not drawn, nor is
            // anything inside it: one diagnostic for the whole subtree (rows scrolled away).
            let shown = Self.intersection(visible, frame)
            let hasArea = view.bounds.width > 0 && view.bounds.height > 0
            if isClipped, hasArea, shown == nil {
                skip(view, .clipped)
                continue
            }
            let isAtom = view is Control || view is Label || view is ImageView
            if !isAtom, !view.subviews.isEmpty {
                let clips = view.clipsToBounds
                let inner = clips ? (shown ?? Rect(x: frame.minX, y: frame.minY, width: 0, height: 0)) : visible
                let count = collect(in: view, reference: reference, visible: inner, isClipped: isClipped || clips)
                if count > 0 {
                    found += count
                    continue
                }
            }
            let size = view.bounds.size
            guard size.width > 0, size.height > 0 else {
                skip(view, .zeroSize)
                continue
            }
            guard Self.contains(reference.bounds, Point(x: frame.midX, y: frame.midY)) else {
                skip(view, .outsideReferenceBounds)
                continue
            }
            items.append(view)
            found += 1
        }
        return found
    }

    private mutating func skip(_ view: View, _ reason: DynamicItemDiagnostic.Reason) {
        skipped.append(DynamicItemDiagnostic(view: view, reason: reason))
    }

    /// The overlap of two rectangles with a positive area, or `nil`.
    private static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let minX = max(a.minX, b.minX)
        let minY = max(a.minY, b.minY)
        let maxX = min(a.maxX, b.maxX)
        let maxY = min(a.maxY, b.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `point` is inside `rect`, edges included.
    private static func contains(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
    }
}

/// A view ``DynamicItemCollection`` left out, and why.
public struct DynamicItemDiagnostic: CustomStringConvertible {
    /// Why a view is not animated.
    public enum Reason: Sendable, Hashable {
        /// The view is hidden (its subviews are not drawn either).
        case hidden
        /// The view's alpha is below 0.01 (its subviews are not drawn either).
        case transparent
        /// The view's width or height is zero: UIKit throws for such an item.
        case zeroSize
        /// The view's geometry is not finite, or cannot be converted to the reference view.
        case notFinite
        /// The view's centre lies outside the reference view's bounds.
        case outsideReferenceBounds
        /// The view is entirely clipped away by an ancestor that clips to its bounds.
        case clipped
    }

    /// The view left out.
    public let view: View
    /// Why.
    public let reason: Reason

    public var description: String {
        let name = ViewReferenceSpace.name(of: view)
        switch reason {
        case .hidden: return "\(name) is hidden: skipped with its subviews"
        case .transparent: return "\(name) is transparent (alpha < 0.01): skipped with its subviews"
        case .zeroSize: return "\(name) has a zero size (\(view.bounds.width) × \(view.bounds.height) pt): skipped"
        case .notFinite: return "\(name) has a geometry that is not finite in the reference view: skipped"
        case .outsideReferenceBounds: return "\(name) lies outside the reference view's bounds: skipped"
        case .clipped: return "\(name) is clipped away by an ancestor: skipped"
        }
    }
}
