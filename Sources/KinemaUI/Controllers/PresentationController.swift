import KinemaGeometry

/// Manages a presented controller while it is on screen: where its view sits in the container,
/// whether the presenting view stays, and hooks around the presentation and dismissal
/// transitions. Subclass it for ``ModalPresentationStyle/custom`` presentations (dimming views,
/// partial-height sheets) and return it from the transitioning delegate's
/// `presentationController(forPresented:presenting:source:)`. Mirrors `UIPresentationController`.
///
/// Kinema retains the presentation controller from the start of the presentation until the
/// dismissal completes (or the presentation is cancelled), as UIKit does.
///
/// ```swift
/// final class HalfSheet: PresentationController {
///     override var frameOfPresentedViewInContainerView: Rect {
///         guard let bounds = containerView?.bounds else { return .zero }
///         return Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
///     }
///     override func containerViewWillLayoutSubviews() {
///         presentedView?.frame = frameOfPresentedViewInContainerView
///     }
/// }
/// ```
open class PresentationController {
    /// The controller being presented. Mirrors `UIPresentationController.presentedViewController`.
    public let presentedViewController: ViewController

    /// The controller presenting it. Retained until the dismissal completes. When the
    /// presentation controller was made with `presenting: nil`, this is the presented controller
    /// until the presentation starts and sets it (UIKit leaves it unspecified). Mirrors
    /// `UIPresentationController.presentingViewController`.
    public internal(set) var presentingViewController: ViewController

    /// The view the presentation happens in, from the start of the presentation transition until
    /// the dismissal completes; `nil` before. Mirrors `UIPresentationController.containerView`.
    public internal(set) var containerView: View?

    /// The presentation style this controller manages: the presented controller's
    /// `modalPresentationStyle` at the start of the presentation (``ModalPresentationStyle/custom``
    /// before). Mirrors `UIPresentationController.presentationStyle`.
    public internal(set) var presentationStyle = ModalPresentationStyle.custom

    /// Where the presenting controller's view lived before a presentation that removes it, so
    /// that the dismissal can put it back.
    var presenterHome: PresenterHome?

    /// A presentation controller for `presentedViewController`, presented by
    /// `presentingViewController` (`nil` when not yet known). Mirrors
    /// `UIPresentationController.init(presentedViewController:presenting:)`.
    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    /// The view the animators move: the presented controller's view by default. An override
    /// must return that view or one of its ancestors. Mirrors
    /// `UIPresentationController.presentedView`.
    open var presentedView: View? { presentedViewController.view }

    /// The frame of the presented view at the end of the presentation, in the container's
    /// coordinates, points. The default is the container's bounds (zero without a container).
    /// Mirrors `UIPresentationController.frameOfPresentedViewInContainerView`.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenting controller's view is removed from the window when the
    /// presentation transition ends (and put back when the dismissal starts). When `true`, the
    /// presenting controller also hears `viewWillDisappear` / `viewDidDisappear` (and the appear
    /// calls on dismissal), and the animators get its view from `view(forKey:)`. Default `false`.
    /// Mirrors `UIPresentationController.shouldRemovePresentersView`.
    open var shouldRemovePresentersView: Bool { false }

    /// Called before the presentation animations start, after the appearance calls. The default
    /// does nothing. Mirrors `UIPresentationController.presentationTransitionWillBegin()`.
    open func presentationTransitionWillBegin() {}

    /// Called when the presentation transition ended (`completed` is `false` when it was
    /// cancelled and the presenting controller is still the visible one). The default does
    /// nothing. Mirrors `UIPresentationController.presentationTransitionDidEnd(_:)`.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// Called before the dismissal animations start. The default does nothing. Mirrors
    /// `UIPresentationController.dismissalTransitionWillBegin()`.
    open func dismissalTransitionWillBegin() {}

    /// Called when the dismissal transition ended (`completed` is `false` when it was cancelled
    /// and the presented controller stays). The default does nothing. Mirrors
    /// `UIPresentationController.dismissalTransitionDidEnd(_:)`.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// Called when the container view lays out its subviews (at a run-loop turn after its
    /// bounds changed, or after `setNeedsLayout()`), before they are laid out. The default does
    /// nothing. Mirrors `UIPresentationController.containerViewWillLayoutSubviews()`.
    open func containerViewWillLayoutSubviews() {}

    /// Called after the container view laid out its subviews. The default does nothing. Mirrors
    /// `UIPresentationController.containerViewDidLayoutSubviews()`.
    open func containerViewDidLayoutSubviews() {}
}

/// Where a view lived in its superview, to put it back there.
struct PresenterHome {
    weak var superview: View?
    let index: Int
}
