/// An animator: the animations of one presentation or dismissal. Mirrors
/// `UIViewControllerAnimatedTransitioning`.
///
/// Kinema calls ``transitionDuration(using:)``, then ``animateTransition(using:)``; your
/// animations call the context's `completeTransition(_:)` when they end, and Kinema then calls
/// ``animationEnded(_:)``.
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// The duration of the animations, seconds. A ``PercentDrivenInteractiveTransition`` maps
    /// progress 0…1 onto it. Mirrors `transitionDuration(using:)`.
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double

    /// Runs the animations: add the arriving view to the container, animate, and call
    /// `transitionContext.completeTransition(_:)` at the end. Mirrors `animateTransition(using:)`.
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning)

    /// Called after the transition ended (`true`: completed, `false`: cancelled). Optional; the
    /// default does nothing. Mirrors `animationEnded(_:)`.
    func animationEnded(_ transitionCompleted: Bool)
}

extension ViewControllerAnimatedTransitioning {
    /// Does nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
}
