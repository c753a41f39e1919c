import Foundation
import KinemaGeometry
import KinemaTiming
import KinemaUI

extension ViewController.Transition {
    /// Options for a zoom transition. Mirrors `UIViewController.Transition.ZoomOptions` (iOS 18):
    /// ``interactiveDismissShouldBegin``, ``alignmentRectProvider`` and ``dimmingColor``; the rest
    /// are Kinema's, for the swipe-to-dismiss of hirobe/SwipeZoomOutSample made interruptible.
    ///
    /// The defaults follow Apple's Photos and the references it cites: dismiss with a drag down
    /// (``DismissDirections-swift.enum/down``), keep the touched point under the finger
    /// (``Scaling-swift.enum/touch``, as Apple's PhotoTransitioning sample does), decide on release
    /// by the position projected with the scroll view's deceleration (0.998; WWDC 2018 session
    /// 803), dismiss past a tenth of the container's height, never shrink below 0.3.
    public final class ZoomOptions {
        /// Asked when a drag on the zoomed view could start an interactive dismissal; return
        /// `false` to let other gestures have the touch (a zoomed-in scroll view, a pager). `nil`
        /// (the default) begins when ``InteractionContext/willBegin`` says so. Mirrors
        /// `ZoomOptions.interactiveDismissShouldBegin`.
        public var interactiveDismissShouldBegin: ((InteractionContext) -> Bool)?

        /// The rectangle of the zoomed controller's view (in its coordinates) that lines up with
        /// the source view: the photo's rect on a detail screen. `nil`, or a closure returning
        /// `nil`, aligns the whole view. Asked with the zoomed view laid out, when presenting and
        /// when a dismissal starts. Mirrors `ZoomOptions.alignmentRectProvider`.
        public var alignmentRectProvider: ((AlignmentRectContext) -> Rect?)?

        /// The colour behind the zoomed content while it flies or is dragged, faded in as it grows
        /// and out as it shrinks. `nil` (the default) uses the zoomed view's background colour, so
        /// the flight ends seamlessly on the detail screen. Mirrors `ZoomOptions.dimmingColor`.
        public var dimmingColor: Color?

        /// Which drags dismiss. Default ``DismissDirections-swift.enum/down``.
        public var dismissDirections = DismissDirections.down

        /// What the image shrinks about while dragged. Default ``Scaling-swift.enum/touch``.
        public var scaling = Scaling.touch

        /// How far, as a share of the container's height, the projected release position must be
        /// to dismiss. Default 0.1 (hirobe/SwipeZoomOutSample's threshold). Values that are not
        /// finite read as 0.1.
        public var threshold = 0.1

        /// The smallest scale a drag gives, reached through a rubber band (``ZoomScaleCurve``).
        /// Default 0.3; clamped to 0…1.
        public var scaleFloor = 0.3

        /// The spring of the frame (centre and size) after a release: by default a reference spring,
        /// damping ratio 0.95 with ω0 = ln(1000)/(0.95 × 0.4 s) = 18.18 rad/s, which
        /// settles within 0.4 s like the sample's `UIView` spring (response 0.346 s). The
        /// backdrop, the corner radius and the content's opacity use the same frequency,
        /// critically damped.
        public var spring = ZoomOptions.referenceSpring

        /// How long the presentation's zoom takes, seconds. Default 0.2 (the sample's).
        public var presentationDuration = 0.2

        /// The curve of the presentation's zoom. Default ease-out (the sample's `.curveEaseOut`).
        public var presentationCurve = TimingFunction.easeOut

        /// The drag progress at which the backdrop has faded out: its opacity is
        /// `clamp(1 − progress / backgroundFadeProgress, 0, 1)`. Default 0.4.
        public var backgroundFadeProgress = 0.4

        /// The deceleration the release velocity is projected with. Default `.normal` (0.998 per
        /// millisecond, `UIScrollView.DecelerationRate.normal`).
        public var decelerationRate = DecelerationRate.normal

        /// How far a finger must move before a drag starts, points. Default 10.
        public var hysteresis = 10.0

        /// Options with the defaults above.
        public init() {}

        /// The reference spring: damping ratio 0.95, ω0 = ln(1000)/(0.95 × 0.4) rad/s.
        public static var referenceSpring: Spring {
            let w0 = log(1000.0) / (0.95 * 0.4)
            return Spring(response: 2 * .pi / w0, dampingRatio: 0.95)
        }
    }
}

extension ViewController.Transition.ZoomOptions {
    /// Which drags dismiss a zoomed controller.
    public enum DismissDirections: String, Hashable, Sendable, CaseIterable {
        /// A drag that starts downwards (more down than sideways) dismisses when its projected
        /// position is far enough down; dragging up springs back. Apple's Photos.
        case down
        /// A drag in any direction, and a flick up or down, dismisses: the distance travelled
        /// counts whatever its sign (hirobe/SwipeZoomOutSample's `abs(dy)`, the home gesture's
        /// reading).
        case any
    }

    /// What a dragged image shrinks about.
    public enum Scaling: String, Hashable, Sendable, CaseIterable {
        /// About the touched point, which stays under the finger (Apple's PhotoTransitioning
        /// sample).
        case touch
        /// About the image's centre, which follows the finger (hirobe/SwipeZoomOutSample); the
        /// touched point drifts by `(1 − scale)` times its offset from the centre.
        case center
    }

    /// What ``interactiveDismissShouldBegin`` is told. Mirrors
    /// `ZoomOptions.InteractionContext`.
    public struct InteractionContext: Hashable, Sendable {
        /// The touch's location in the zoomed controller's view, points.
        public var location: Point
        /// The touch's velocity, points per second.
        public var velocity: Vector
        /// Whether Kinema would begin the dismissal by itself (the drag's direction fits
        /// ``dismissDirections``).
        public var willBegin: Bool
    }

    /// What ``alignmentRectProvider`` is told. Mirrors `ZoomOptions.AlignmentRectContext`.
    public struct AlignmentRectContext {
        /// The view the zoom starts from and returns to, `nil` when the source view provider gave
        /// none (UIKit's is never `nil`: it does not ask then).
        public var sourceView: View?
        /// The zoomed controller.
        public var zoomedViewController: ViewController
    }
}
