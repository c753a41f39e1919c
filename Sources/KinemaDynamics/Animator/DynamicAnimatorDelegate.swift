import KinemaPhysics

/// Hears when an animator pauses and resumes. Mirrors `UIDynamicAnimatorDelegate`; both methods
/// have empty default implementations.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Called once, before the first step after the animator was paused (or never ran).
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// Called once when the animator pauses: after a frame in which no body was awake (every
    /// item rested for 0.5 s) or there were no items.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}
