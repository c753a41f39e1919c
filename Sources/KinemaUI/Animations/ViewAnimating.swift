/// The controls of an interruptible animation: start, pause, scrub, reverse, stop. Mirrors
/// `UIViewAnimating`.
///
/// ``ViewPropertyAnimator`` is the implementation Kinema ships; the protocol lets other animators
/// (a transition driver, a custom physics animator) offer the same controls.
public protocol ViewAnimating: AnyObject {
    /// The animator's state. Mirrors `UIViewAnimating.state`.
    var state: ViewAnimatingState { get }
    /// Whether the animations are running (active and not paused). Mirrors
    /// `UIViewAnimating.isRunning`.
    var isRunning: Bool { get }
    /// Whether the animations run towards their start values. Mirrors
    /// `UIViewAnimating.isReversed`.
    var isReversed: Bool { get set }
    /// How far the animations have come, 0 at the start, 1 at the end. Mirrors
    /// `UIViewAnimating.fractionComplete`.
    var fractionComplete: Double { get set }
    /// Starts or resumes the animations. Mirrors `UIViewAnimating.startAnimation()`.
    func startAnimation()
    /// Starts the animations after `delay` seconds. Mirrors
    /// `UIViewAnimating.startAnimation(afterDelay:)`.
    func startAnimation(afterDelay delay: Double)
    /// Pauses the animations where they are. Mirrors `UIViewAnimating.pauseAnimation()`.
    func pauseAnimation()
    /// Stops the animations where they are. Mirrors `UIViewAnimating.stopAnimation(_:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator at `finalPosition`. Mirrors `UIViewAnimating.finishAnimation(at:)`.
    func finishAnimation(at finalPosition: ViewAnimatingPosition)
}

/// An animator that also takes animation blocks and completions, and can be continued with new
/// timing. Mirrors `UIViewImplicitlyAnimating` (whose members are optional in UIKit and required
/// here).
public protocol ViewImplicitlyAnimating: ViewAnimating {
    /// Adds an animation block. Mirrors `UIViewImplicitlyAnimating.addAnimations(_:)`.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds an animation block that starts after a fraction of the remaining time. Mirrors
    /// `UIViewImplicitlyAnimating.addAnimations(_:delayFactor:)`.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double)
    /// Adds a completion, called with the position the animations ended at. Mirrors
    /// `UIViewImplicitlyAnimating.addCompletion(_:)`.
    func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void)
    /// Resumes a paused animator with new timing. Mirrors
    /// `UIViewImplicitlyAnimating.continueAnimation(withTimingParameters:durationFactor:)`.
    func continueAnimation(withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: Double)
}
