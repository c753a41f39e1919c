/// An interaction controller: drives a transition's progress from user input. Mirrors
/// `UIViewControllerInteractiveTransitioning`.
///
/// When the transitioning delegate returns one, Kinema calls ``startInteractiveTransition(_:)``
/// instead of the animator's `animateTransition(using:)`; the interaction controller is then
/// responsible for running the animator and for reporting progress to the context.
/// ``PercentDrivenInteractiveTransition`` does all of that for animators built on view
/// animations.
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the transition with `transitionContext`. Mirrors `startInteractiveTransition(_:)`.
    func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning)

    /// How fast the rest of the transition runs after the interactive part, as a multiple of
    /// the animator's pace. Optional; default 1. Mirrors `completionSpeed`.
    var completionSpeed: Double { get }

    /// The curve of the rest of the transition after the interactive part. Optional; default
    /// ``ViewAnimationCurve/easeInOut``. Mirrors `completionCurve`.
    var completionCurve: ViewAnimationCurve { get }
}

extension ViewControllerInteractiveTransitioning {
    /// 1.
    public var completionSpeed: Double { 1 }
    /// Ease in and out.
    public var completionCurve: ViewAnimationCurve { .easeInOut }
}
