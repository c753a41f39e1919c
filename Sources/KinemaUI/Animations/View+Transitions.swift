import KinemaGeometry
import KinemaLayers
import KinemaTiming

extension View {
    /// Makes the changes in `animations` to `view` at once and covers them with a transition of
    /// `duration` seconds from the old picture to the new. Mirrors
    /// `UIView.transition(with:duration:options:animations:completion:)`.
    ///
    /// `.transitionCrossDissolve` cross-fades. The flips and curls are drawn as cross-dissolves
    /// (see `DifferencesFromApple`). A duration ≤ 0 makes the changes without a transition.
    public static func transition(
        with view: View, duration: Double, options: ViewAnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        let tracker = CompletionTracker(completion: completion)
        tracker.note(view.layer.layerContext)
        guard duration.isFinite, duration > 0, let context = view.layer.layerContext else {
            if let animations { performWithoutAnimation(animations) }
            tracker.seal()
            return
        }
        context.transaction.begin()
        if let animations { performWithoutAnimation(animations) }
        var transition = Transition(type: .fade)
        transition.duration = duration
        transition.timingFunction = options.curve.timingFunction
        let block = ViewAnimationBlock(kind: .disabled, tracker: tracker)
        block.add(
            .transition(transition), to: view.layer, view: view, delay: 0,
            blocksInteraction: !options.contains(.allowUserInteraction))
        context.transaction.commit()
        tracker.seal()
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview under a transition (or, with
    /// `.showHideTransitionViews`, hides one and shows the other). Mirrors
    /// `UIView.transition(from:to:duration:options:completion:)`.
    public static func transition(
        from fromView: View, to toView: View, duration: Double, options: ViewAnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(
            with: container, duration: duration, options: options,
            animations: {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else {
                    if let index = container.subviews.firstIndex(where: { $0 === fromView }) {
                        container.insertSubview(toView, at: index)
                    }
                    fromView.removeFromSuperview()
                }
            }, completion: completion)
    }
}
