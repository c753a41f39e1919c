import KinemaGeometry

/// The one animator of bubbles that point at a source with an arrow: popovers
/// (``PopoverPresentationController``), and KinemaComponents' `Tooltip`s and `Tutorial` steps.
///
/// It owns what the three share, so a fix here fixes all three:
/// - the entrance (``springIn(_:tipAnchorPoint:alpha:completion:)``): the anchor point moves to
///   the arrow tip (the position compensated, so no pixel moves), the transform starts at
///   ``PopoverTransitionAnimation/initialScale`` and springs to identity while the alpha fades in;
/// - the exit (``shrink(_:tipAnchorPoint:restoringAlpha:completion:)``): a shrink to
///   ``PopoverTransitionAnimation/finalScale`` into the same tip with a fade out;
/// - re-laying a bubble out for a new placement: its anchor point, frame, background and the
///   frame its content goes in (``relayOut(_:to:from:anchor:background:)``), keeping a running
///   scale about the tip (``keepAnchorAtTip(of:from:to:)``);
/// - the idle animations that draw attention to a shown bubble, about its tip
///   (``startIdleAnimation(_:on:placement:forKey:)``);
/// - following the source once per frame (``SourceTracker``).
///
/// Both animations are additive view animations, so an exit that interrupts the entrance starts
/// from whatever is on screen. Where the clients differ, the difference is a parameter: the
/// animation's numbers (``animation``; `nil` for a tooltip that appears at once), the options of the entrance (``entranceOptions``: a
/// tutorial's buttons work while it springs in), the alpha the bubble fades in to (a popover
/// keeps its view's alpha) and whether the exit puts the transform and alpha back afterwards (a
/// popover's view is reused; a tooltip and a tutorial bubble are thrown away).
package struct ArrowAnchoredPresenter {
    /// Scales, durations and spring of the entrance and exit; `nil` to appear and disappear at
    /// once (both animations then change nothing and call their completion with `true` before
    /// returning).
    package var animation: PopoverTransitionAnimation?
    /// Options added to both entrance animations (the fade and the spring). Default `[]`.
    package var entranceOptions: ViewAnimationOptions = []

    package init(animation: PopoverTransitionAnimation?, entranceOptions: ViewAnimationOptions = []) {
        self.animation = animation
        self.entranceOptions = entranceOptions
    }

    /// Springs `view` in about its arrow tip: moves the anchor point to `tipAnchorPoint` (unit
    /// coordinates of the bounds; `nil` to leave it) without moving a pixel, sets the transform
    /// to the initial scale and the alpha to 0 (when the animation fades in; else to `alpha`),
    /// all without animation, then fades to `alpha` (ease out, over
    /// ``PopoverTransitionAnimation/fadeInDuration``) and springs the transform to identity.
    /// `completion` runs when the spring ends, with whether it ran to its end.
    package func springIn(_ view: View, tipAnchorPoint: Point?, alpha: Double = 1, completion: @escaping (Bool) -> Void) {
        guard let p = animation else {
            completion(true)
            return
        }
        View.performWithoutAnimation {
            if let tipAnchorPoint { view.moveAnchorPoint(to: tipAnchorPoint) }
            view.transform = AffineTransform(scaleX: p.initialScale, y: p.initialScale)
            view.alpha = p.fadeInDuration > 0 ? 0 : alpha
        }
        if p.fadeInDuration > 0 {
            View.animate(
                withDuration: p.fadeInDuration, delay: 0, options: entranceOptions.union(.curveEaseOut),
                animations: { view.alpha = alpha })
        }
        View.animate(
            withDuration: p.duration, delay: 0, usingSpringWithDamping: p.dampingRatio, initialSpringVelocity: p.initialVelocity,
            options: entranceOptions, animations: { view.transform = .identity }, completion: completion)
    }

    /// Shrinks `view` into its arrow tip: moves the anchor point to `tipAnchorPoint` (`nil` to
    /// leave it) without moving a pixel, then scales to the final scale and fades to 0 over
    /// ``PopoverTransitionAnimation/dismissalDuration`` (ease in and out), from what is on
    /// screen. `completion` runs at the end with whether the animation ran to its end; after it,
    /// when `restoringAlpha` is given, the transform goes back to identity and the alpha to
    /// `restoringAlpha`, without animation.
    package func shrink(
        _ view: View, tipAnchorPoint: Point?, restoringAlpha: Double? = nil, completion: @escaping (Bool) -> Void
    ) {
        guard let p = animation else {
            completion(true)
            return
        }
        if let tipAnchorPoint { View.performWithoutAnimation { view.moveAnchorPoint(to: tipAnchorPoint) } }
        View.animate(
            withDuration: p.dismissalDuration, delay: 0, options: .curveEaseInOut,
            animations: {
                view.transform = AffineTransform(scaleX: p.finalScale, y: p.finalScale)
                view.alpha = 0
            },
            completion: { finished in
                completion(finished)
                guard let restoringAlpha else { return }
                View.performWithoutAnimation {
                    view.transform = .identity
                    view.alpha = restoringAlpha
                }
            })
    }
}
