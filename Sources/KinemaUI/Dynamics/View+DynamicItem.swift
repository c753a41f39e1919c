import KinemaDynamics
import KinemaGeometry

/// Views are dynamic items, as in UIKit: `center`, `bounds` and `transform` are the view's own
/// properties, and ``View/collisionBoundsType`` / ``View/collisionBoundingPath`` are declared on
/// `View` so subclasses can override them.
///
/// A view's `center` is in its superview's coordinates. An animator made with
/// `DynamicAnimator(referenceView:)` converts it to and from the reference view's coordinates
/// through ``ViewReferenceSpace`` (scrolling and ancestor transforms included), so nested views
/// fall where they are drawn (UIKit itself misplaces them: see docs/dynamics-notes.md).
extension View: DynamicItem {}
