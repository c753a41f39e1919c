import KinemaGeometry

/// The default animator of popover presentations and dismissals (``PopoverTransitionAnimation``).
///
/// Presenting: the popover view's anchor point moves to the arrow tip (its position compensated,
/// so nothing moves), its transform starts at the initial scale and springs to identity while
/// its alpha fades in. Dismissing: it scales to the final scale about the same tip and fades
/// out. Both are additive view animations, so a dismissal that interrupts the entrance starts
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
        let p = parameters
        if isPresenting {
            if view.superview !== ctx.containerView { ctx.containerView.addSubview(view) }
            popover?.anchorPopoverAtArrowTip()
            let alpha = view.alpha
            view.transform = AffineTransform(scaleX: p.initialScale, y: p.initialScale)
            if p.fadeInDuration > 0 {
                view.alpha = 0
                View.animate(withDuration: p.fadeInDuration, delay: 0, options: .curveEaseOut, animations: { view.alpha = alpha })
            }
            View.animate(
                withDuration: p.duration, delay: 0, usingSpringWithDamping: p.dampingRatio,
                initialSpringVelocity: p.initialVelocity, options: [], animations: { view.transform = .identity },
                completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        } else {
            popover?.anchorPopoverAtArrowTip()
            let alpha = view.alpha
            View.animate(
                withDuration: p.dismissalDuration, delay: 0, options: .curveEaseInOut,
                animations: {
                    view.transform = AffineTransform(scaleX: p.finalScale, y: p.finalScale)
                    view.alpha = 0
                },
                completion: { _ in
                    let completed = !ctx.transitionWasCancelled
                    ctx.completeTransition(completed)
                    View.performWithoutAnimation {
                        view.transform = .identity
                        view.alpha = alpha
                    }
                })
        }
    }
}
