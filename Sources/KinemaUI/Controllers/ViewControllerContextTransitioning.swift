import KinemaGeometry

/// The view controllers of a transition, by role. Mirrors `UITransitionContextViewControllerKey`.
public enum TransitionContextViewControllerKey: Hashable, Sendable {
    /// The controller visible at the start: the presenting one when presenting, the presented
    /// one when dismissing. Mirrors `UITransitionContextViewControllerKey.from`.
    case from
    /// The controller visible at the end: the presented one when presenting, the presenting one
    /// when dismissing. Mirrors `UITransitionContextViewControllerKey.to`.
    case to
}

/// The views of a transition, by role. Mirrors `UITransitionContextViewKey`.
public enum TransitionContextViewKey: Hashable, Sendable {
    /// The view leaving. Mirrors `UITransitionContextViewKey.from`.
    case from
    /// The view arriving. Mirrors `UITransitionContextViewKey.to`.
    case to
}

/// What an animator gets for one presentation or dismissal: the container view, the controllers
/// and views involved, their frames, and the calls that report progress and the end. Kinema
/// creates it; you do not adopt it except in test doubles. Mirrors
/// `UIViewControllerContextTransitioning`.
///
/// ```swift
/// func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
///     guard let toView = transitionContext.view(forKey: .to),
///         let toVC = transitionContext.viewController(forKey: .to) else { return }
///     toView.frame = transitionContext.finalFrame(for: toVC)
///     toView.alpha = 0
///     transitionContext.containerView.addSubview(toView)
///     View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
///         toView.alpha = 1
///     }, completion: { _ in
///         transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
///     })
/// }
/// ```
public protocol ViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views animate in: it covers the window, above the presenting
    /// controller's view. Add the arriving view to it. Mirrors `containerView`.
    var containerView: View { get }

    /// Whether the transition animates (`false` for `present(_:animated: false)`). Mirrors
    /// `isAnimated`.
    var isAnimated: Bool { get }

    /// Whether an interaction controller is driving the transition: `true` from the start of an
    /// interactive transition until `finishInteractiveTransition()` or
    /// `cancelInteractiveTransition()`. Mirrors `isInteractive`.
    var isInteractive: Bool { get }

    /// Whether the transition was cancelled (by `cancelInteractiveTransition()`). Mirrors
    /// `transitionWasCancelled`.
    var transitionWasCancelled: Bool { get }

    /// The presentation style of the presented controller. Mirrors `presentationStyle`.
    var presentationStyle: ModalPresentationStyle { get }

    /// A transform to apply to the views; always the identity (Kinema has no rotation).
    /// Mirrors `targetTransform`.
    var targetTransform: AffineTransform { get }

    /// Records the progress of an interactive transition, 0 to 1 (clamped; NaN ignored). Only
    /// records it: a ``PercentDrivenInteractiveTransition`` also scrubs the animations. Mirrors
    /// `updateInteractiveTransition(_:)`.
    func updateInteractiveTransition(_ percentComplete: Double)

    /// The interactive part ended and the transition will complete. Mirrors
    /// `finishInteractiveTransition()`.
    func finishInteractiveTransition()

    /// The interactive part ended and the transition will be cancelled: from now on
    /// ``transitionWasCancelled`` is `true`. Mirrors `cancelInteractiveTransition()`.
    func cancelInteractiveTransition()

    /// Tells Kinema the animations are over: `true` when the transition completed, `false` when
    /// it was cancelled. Call it exactly once, at the end of your animations; later calls are
    /// ignored. Mirrors `completeTransition(_:)`.
    func completeTransition(_ didComplete: Bool)

    /// The controller with `key`'s role. Mirrors `viewController(forKey:)`.
    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController?

    /// The view with `key`'s role, or `nil` when the animator should leave it alone: the
    /// presenting controller's view is given only when the presentation removes it
    /// (``PresentationController/shouldRemovePresentersView``). Mirrors `view(forKey:)`.
    func view(forKey key: TransitionContextViewKey) -> View?

    /// The frame of `vc`'s view at the start, in the container's coordinates, or `.zero` when it
    /// is not known or not on screen (the controller being presented). Mirrors
    /// `initialFrame(for:)`.
    func initialFrame(for vc: ViewController) -> Rect

    /// The frame of `vc`'s view at the end, in the container's coordinates, or `.zero` when it
    /// is not known or will not be on screen (the controller being dismissed). Mirrors
    /// `finalFrame(for:)`.
    func finalFrame(for vc: ViewController) -> Rect
}
