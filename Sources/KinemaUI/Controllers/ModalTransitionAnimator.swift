import KinemaGeometry

/// The built-in animator of presentations and dismissals without a custom one: the
/// ``ModalTransitionStyle`` animations, or, for `animated: false`, none at all.
///
/// - Cover vertical: presenting, the presented view starts with its top edge at the container's
///   bottom edge and slides up to its final frame; dismissing, it slides down until its top edge
///   is at the container's bottom edge.
/// - Cross-dissolve (also flip and curl, for now): the presented view's alpha goes from 0 to its
///   own value at its final frame; dismissing, to 0, and back to its own value once the
///   dismissal completed.
///
/// Both last ``duration`` seconds on the ease-in-ease-out curve. UIKit documents neither its
/// duration nor its curve (its cover vertical feels like a 0.5 s critically damped slide);
/// Kinema chooses these so the frames are easy to predict.
final class ModalTransitionAnimator: ViewControllerAnimatedTransitioning {
    /// The duration of the built-in animations, seconds.
    static let duration = 0.5

    /// `nil` for a transition without animation.
    let style: ModalTransitionStyle?
    let isPresenting: Bool

    init(style: ModalTransitionStyle?, isPresenting: Bool) {
        self.style = style
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        style == nil ? 0 : Self.duration
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let ctx = transitionContext
        let container = ctx.containerView
        let key: TransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let style, let vc = ctx.viewController(forKey: key), let view = ctx.view(forKey: isPresenting ? .to : .from) else {
            if isPresenting, let vc = ctx.viewController(forKey: .to), let view = ctx.view(forKey: .to) {
                view.frame = ctx.finalFrame(for: vc)
                container.addSubview(view)
            }
            Self.completeOnNextTurn(ctx)
            return
        }
        let finish: (Bool) -> Void = { _ in ctx.completeTransition(!ctx.transitionWasCancelled) }
        let curve = ViewAnimationOptions.curveEaseInOut
        switch (style, isPresenting) {
        case (.coverVertical, true):
            let final = ctx.finalFrame(for: vc)
            view.frame = Rect(x: final.minX, y: container.bounds.maxY, width: final.width, height: final.height)
            container.addSubview(view)
            View.animate(withDuration: Self.duration, delay: 0, options: curve, animations: { view.frame = final }, completion: finish)
        case (.coverVertical, false):
            View.animate(
                withDuration: Self.duration, delay: 0, options: curve,
                animations: { view.frame.origin.y = container.bounds.maxY }, completion: finish)
        case (_, true):
            let alpha = view.alpha
            view.frame = ctx.finalFrame(for: vc)
            view.alpha = 0
            container.addSubview(view)
            View.animate(withDuration: Self.duration, delay: 0, options: curve, animations: { view.alpha = alpha }, completion: finish)
        case (_, false):
            let alpha = view.alpha
            View.animate(
                withDuration: Self.duration, delay: 0, options: curve, animations: { view.alpha = 0 },
                completion: { _ in
                    let completed = !ctx.transitionWasCancelled
                    ctx.completeTransition(completed)
                    if completed { view.alpha = alpha }
                })
        }
    }

    /// A transition without animation completes on the next run-loop turn, as UIKit's does.
    private static func completeOnNextTurn(_ ctx: any ViewControllerContextTransitioning) {
        if let layerContext = ctx.containerView.layer.layerContext {
            layerContext.schedule { ctx.completeTransition(true) }
        } else {
            ctx.completeTransition(true)
        }
    }
}
