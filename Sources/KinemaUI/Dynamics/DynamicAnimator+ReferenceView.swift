import KinemaDynamics
import KinemaGeometry

extension DynamicAnimator {
    /// An animator whose behaviours and items use `referenceView`'s coordinate system, driven by
    /// the reference view's window. Mirrors `UIDynamicAnimator(referenceView:)`.
    ///
    /// - Items may be views anywhere below `referenceView`: each view's `center` and `transform`
    ///   are converted from its superview's space and written back into it (``ViewReferenceSpace``),
    ///   so scrolled, rotated and nested containers work (UIKit reads every `center` as if it were
    ///   in the reference view's space, see docs/dynamics-notes.md). Views that cannot be
    ///   animated (zero size, not inside the reference view, inside another animated item) are
    ///   skipped with a message in ``DynamicAnimator/diagnostics``.
    /// - `translatesReferenceBoundsIntoBoundary` uses the reference view's `bounds`; the boundary
    ///   follows the view when it is resized.
    /// - The animator advances once per frame on the window's run loop (a ``DisplayLink`` fired by
    ///   ``Window/advance(to:)`` before the frame commits), from the moment the reference view is
    ///   in a window; it follows the view into a window added later, to another window and out of
    ///   one. Keep a strong reference to the animator while it runs: the window does not retain it,
    ///   and a deallocated animator stops ticking.
    ///
    /// ```swift
    /// let animator = DynamicAnimator(referenceView: screen)
    /// let items = DynamicItemCollection(collectingSubviewsOf: screen).items
    /// animator.addBehavior(GravityBehavior(items: items))
    /// let collision = CollisionBehavior(items: items)
    /// collision.translatesReferenceBoundsIntoBoundary = true
    /// animator.addBehavior(collision)
    /// window.advance(to: 1 / 60)   // every frame: the views fall
    /// ```
    public convenience init(referenceView: View) {
        let space = ViewReferenceSpace(referenceView: referenceView)
        self.init(referenceSpace: space)
        space.driver = DynamicAnimatorDriver(referenceView: referenceView) { [weak self] time in
            guard let self else { return false }
            self.advance(to: time)
            return true
        }
    }

    /// The view whose coordinate system the animator uses, or `nil` when the animator was not
    /// made with ``init(referenceView:)`` or the view no longer exists. Mirrors
    /// `UIDynamicAnimator.referenceView`.
    public var referenceView: View? {
        (referenceSpace as? ViewReferenceSpace)?.referenceView
    }
}
