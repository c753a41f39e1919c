/// Supplies the objects that present and dismiss a controller in a custom way: animators,
/// interaction controllers and, for ``ModalPresentationStyle/custom``, a presentation
/// controller. Every method is optional (the defaults return `nil`, which means "use the
/// built-in behaviour"). Set it as the presented controller's `transitioningDelegate`. Mirrors
/// `UIViewControllerTransitioningDelegate`.
///
/// Kinema asks for an animator only for animated transitions, and for an interaction controller
/// only when it got an animator from the delegate, as UIKit does.
///
/// Note on optional methods: a protocol extension supplies the defaults, so implement a method
/// in the class that declares the conformance (a subclass's implementation is not seen) and with
/// exactly this signature.
public protocol ViewControllerTransitioningDelegate: AnyObject {
    /// The animator for presenting `presented` from `presenting`, or `nil` for the built-in
    /// animation. `source` is the controller whose `present(_:animated:completion:)` was called.
    /// Mirrors `animationController(forPresented:presenting:source:)`.
    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)?

    /// The animator for dismissing `dismissed`, or `nil` for the built-in animation. Mirrors
    /// `animationController(forDismissed:)`.
    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)?

    /// An interaction controller that drives the presentation `animator` runs, or `nil` for a
    /// non-interactive presentation. Mirrors `interactionControllerForPresentation(using:)`.
    func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)?

    /// An interaction controller that drives the dismissal `animator` runs, or `nil` for a
    /// non-interactive dismissal. Mirrors `interactionControllerForDismissal(using:)`.
    func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)?

    /// The presentation controller for a ``ModalPresentationStyle/custom`` presentation, or `nil`
    /// for a plain ``PresentationController``. Its `presentedViewController` must be `presented`
    /// (otherwise Kinema uses a plain one). Mirrors
    /// `presentationController(forPresented:presenting:source:)`.
    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
    /// `nil`: the built-in animation.
    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { nil }

    /// `nil`: the built-in animation.
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        nil
    }

    /// `nil`: not interactive.
    public func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { nil }

    /// `nil`: not interactive.
    public func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { nil }

    /// `nil`: a plain ``PresentationController``.
    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController? { nil }
}
