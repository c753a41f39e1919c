import KinemaGeometry
import KinemaLayers
import KinemaTiming

extension View {
    /// Animates the view property changes made in `animations` over `duration` seconds after
    /// `delay` seconds, with the curve, repeat and interaction rules of `options`, then calls
    /// `completion` on a later run-loop turn with `true` when every animation ran to its end
    /// (`false` when one was removed first). Mirrors
    /// `UIView.animate(withDuration:delay:options:animations:completion:)`.
    ///
    /// Each changed property gets an additive animation from `old − new` to zero on top of the new
    /// model value (what UIKit does since iOS 8: WWDC 2014 session 236, "Building Interruptible and
    /// Responsive Interactions"), so animating a property that is already animating adds the new
    /// motion to the old one: no jump, and the velocity stays continuous. `bounds` animates as
    /// `bounds.origin` and `bounds.size`. A duration ≤ 0 (or not finite) makes the changes without
    /// animation. During a delay the old value shows. A block nested in another inherits its
    /// duration and curve unless `options` overrides them.
    ///
    /// - Parameters:
    ///   - duration: seconds. Default none (required).
    ///   - delay: seconds before the animation starts. Default 0.
    ///   - options: curve and behaviour. Default `[]` (ease in and out).
    ///   - animations: the property changes to animate.
    ///   - completion: called on a later run-loop turn with whether every animation finished.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let parameters = ViewAnimationParameters(
            duration: duration, delay: delay, options: options, timing: .curve(options.curve.timingFunction))
        runBlock(parameters, animations: animations, completion: completion)
    }

    /// Animates the changes in `animations` with a spring that settles in `duration` seconds,
    /// using UIKit's mapping from a damping ratio and a normalised initial velocity to a spring
    /// (`Spring/uiViewSpring(duration:dampingRatio:initialVelocity:)`; docs/animation-notes.md).
    /// Mirrors `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    ///
    /// - Parameters:
    ///   - duration: seconds until the spring has settled (its envelope is 0.001 of the distance).
    ///   - delay: seconds before the animation starts. Default 0.
    ///   - dampingRatio: 1 settles without overshoot; towards 0 oscillates more. Clamped to (0, 1].
    ///   - velocity: the initial speed as a fraction of the whole distance per second (1 = the
    ///     distance in one second), positive towards the target. A 200 pt move with velocity 0.5
    ///     starts at 100 pt/s.
    ///   - options: the curve bits are ignored, as in UIKit.
    ///   - animations: the property changes to animate.
    ///   - completion: called on a later run-loop turn with whether every animation finished.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: ViewAnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = Spring.uiViewSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        let parameters = ViewAnimationParameters(duration: duration, delay: delay, options: options, timing: .spring(spring))
        runBlock(parameters, animations: animations, completion: completion)
    }

    /// Animates the changes in `animations` with a spring of perceptual `duration` and `bounce`
    /// (stiffness (2π/duration)², damping ratio 1 − bounce when bounce ≥ 0), running until the
    /// spring settles. Mirrors iOS 17's
    /// `UIView.animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`.
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration, seconds. Default 0.5.
    ///   - bounce: 0 is critically damped, up to 1 bouncier, negative over-damped. Default 0.
    ///   - velocity: fraction of the distance per second, positive towards the target. Default 0.
    ///   - delay: seconds before the animation starts. Default 0.
    ///   - options: behaviour; the curve bits are ignored. Default `[]`.
    ///   - animations: the property changes to animate.
    ///   - completion: called on a later run-loop turn with whether every animation finished.
    public static func animate(
        springDuration duration: Double = 0.5, bounce: Double = 0, initialSpringVelocity velocity: Double = 0,
        delay: Double = 0, options: ViewAnimationOptions = [], animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        var spring = Spring(perceptualDuration: duration, bounce: bounce)
        spring.initialVelocity = velocity.isFinite ? velocity : 0
        let settle = spring.settlingDuration
        let parameters = ViewAnimationParameters(
            duration: settle.isFinite ? settle : 10 * duration, delay: delay, options: options, timing: .spring(spring))
        runBlock(parameters, animations: animations, completion: completion)
    }

    /// Makes the changes in `actions` without animation, even inside an animation block.
    /// Mirrors `UIView.performWithoutAnimation(_:)`.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        ViewAnimationBlock.run(ViewAnimationBlock(kind: .disabled, tracker: nil), actions)
    }

    /// The duration of the animation block whose closure is running, seconds; 0 outside one.
    /// Mirrors `UIView.inheritedAnimationDuration`.
    public static var inheritedAnimationDuration: Double {
        if case .animate(let p)? = ViewAnimationBlock.current?.kind { return p.duration }
        return 0
    }

    /// Runs one animating block: applies nesting rules, runs the closure with the block current,
    /// lays out touched views when asked, and seals the completion.
    static func runBlock(_ parameters: ViewAnimationParameters, animations: () -> Void, completion: ((Bool) -> Void)?) {
        var p = parameters
        if case .animate(let outer)? = ViewAnimationBlock.current?.kind {
            if !p.options.contains(.overrideInheritedDuration) { p.duration = outer.duration }
            if !p.options.contains(.overrideInheritedCurve), case .curve = p.timing { p.timing = outer.timing }
            if !p.options.contains(.overrideInheritedOptions) {
                let inherited: ViewAnimationOptions = [.repeat, .autoreverse]
                p.options = p.options.subtracting(inherited).union(outer.options.intersection(inherited))
            }
        }
        if !p.delay.isFinite || p.delay < 0 { p.delay = 0 }
        let tracker = CompletionTracker(completion: completion)
        let animates = p.duration.isFinite && p.duration > 0
        let block = ViewAnimationBlock(kind: animates ? .animate(p) : .disabled, tracker: tracker)
        ViewAnimationBlock.run(block) {
            animations()
            if p.options.contains(.layoutSubviews) {
                for view in block.touchedViews { view.layoutIfNeeded() }
            }
        }
        tracker.seal()
    }
}
