/// The default animator of popover presentations and dismissals (``PopoverTransitionAnimation``),
/// run by ``ArrowAnchoredPresenter`` like tooltips and tutorial steps.
///
/// Presenting: the popover view's anchor point moves to the arrow tip (its position compensated,
/// so nothing moves), its transform starts at the initial scale and springs to identity while
/// its alpha fades in to the view's own alpha. Dismissing: it scales to the final scale about the
/// same tip and fades out; after the transition completes, the view's transform and alpha are put
/// back. Both are additive view animations, so a dismissal that interrupts the entrance starts
/// from whatever is on screen.
final class PopoverTransitionAnimator: ViewControllerAnimatedTransitioning {
    let parameters: PopoverTransitionAnimation
    let isPresenting: Bool

    init(parameters: PopoverTransitionAnimation, isPresenting: Bool) {
        self.parameters = parameters
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        isPresenting ? parameters.duration : parameters.dismissalDuration
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let ctx = transitionContext
        let popover = ctx.viewController(forKey: isPresenting ? .to : .from)?.presentationController as? PopoverPresentationController
        guard let view = ctx.view(forKey: isPresenting ? .to : .from) else {
            ctx.completeTransition(true)
            return
        }
        let presenter = ArrowAnchoredPresenter(animation: parameters)
        let tip = popover?.placement?.tipAnchorPoint
        if isPresenting {
            if view.superview !== ctx.containerView { ctx.containerView.addSubview(view) }
            presenter.springIn(view, tipAnchorPoint: tip, alpha: view.alpha) { _ in
                ctx.completeTransition(!ctx.transitionWasCancelled)
            }
        } else {
            presenter.shrink(view, tipAnchorPoint: tip, restoringAlpha: view.alpha) { _ in
                ctx.completeTransition(!ctx.transitionWasCancelled)
            }
        }
    }
}
