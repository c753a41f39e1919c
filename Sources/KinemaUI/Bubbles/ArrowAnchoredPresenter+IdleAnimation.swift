import KinemaGeometry

extension ArrowAnchoredPresenter {
    /// Starts `action` on `view`, a bubble laid out for `placement`, about its arrow tip,
    /// replacing the animation under `key`: the anchor point moves to the tip first without
    /// moving a pixel, so a pulse grows out of the tip and a bounce hops away from the source.
    /// The one implementation of popovers' and tooltips' `startActionAnimation(_:)`.
    package static func startIdleAnimation(
        _ action: PopoverActionAnimation, on view: View, placement: PopoverPlacement, forKey key: String
    ) {
        View.performWithoutAnimation { view.moveAnchorPoint(to: placement.tipAnchorPoint) }
        view.layer.add(action.makeAnimation(arrowDirection: placement.arrowDirection), forKey: key)
    }

    /// Stops the idle animation under `key` on `view` at once (the bubble shows its model state).
    package static func stopIdleAnimation(on view: View, forKey key: String) {
        view.layer.removeAnimation(forKey: key)
    }
}
