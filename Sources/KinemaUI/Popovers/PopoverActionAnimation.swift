import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// An idle animation that draws attention to a shown popover, repeating until stopped (AMPopTip's
/// bounce, float and pulse actions, `Source/PopTip.swift` in andreamazz/AMPopTip). Start one with
/// ``PopoverPresentationController/startActionAnimation(_:)``.
public enum PopoverActionAnimation: Hashable, Sendable {
    /// Grows to `scale` about the arrow tip and back, `duration` seconds each way (ease in and
    /// out): the tip does not move. Default 1.1 over 0.6 s.
    case pulse(scale: Double = 1.1, duration: Double = 0.6)
    /// Hops `distance` points away from the source and back, `duration` seconds each way (ease
    /// out). Default 8 pt over 0.25 s.
    case bounce(distance: Double = 8, duration: Double = 0.25)
    /// Drifts `distance` points right and down and back, `duration` seconds each way (ease in
    /// and out). Default 8 pt over 0.6 s.
    case float(distance: Double = 8, duration: Double = 0.6)

    /// The layer animation (an additive transform, autoreversing, repeating forever) for a
    /// popover whose arrow points `direction`. Non-finite or non-positive values fall back to
    /// the defaults.
    package func makeAnimation(arrowDirection direction: PopoverArrowDirection) -> BasicAnimation {
        func pick(_ v: Double, _ fallback: Double) -> Double { v.isFinite && v > 0 ? v : fallback }
        var animation = BasicAnimation(keyPath: LayerKeyPath(.transform))
        animation.isAdditive = true
        animation.autoreverses = true
        animation.repeatCount = .infinity
        animation.fromValue = .transform(.identity)
        let target: AffineTransform
        switch self {
        case .pulse(let scale, let duration):
            let s = scale.isFinite && scale > 0 ? scale : 1.1
            target = AffineTransform(scaleX: s, y: s)
            animation.duration = pick(duration, 0.6)
            animation.timingFunction = .easeInEaseOut
        case .bounce(let distance, let duration):
            let d = distance.isFinite ? distance : 8
            switch direction {
            case .down: target = AffineTransform(translationX: 0, y: -d)
            case .left: target = AffineTransform(translationX: d, y: 0)
            case .right: target = AffineTransform(translationX: -d, y: 0)
            default: target = AffineTransform(translationX: 0, y: d)
            }
            animation.duration = pick(duration, 0.25)
            animation.timingFunction = .easeOut
        case .float(let distance, let duration):
            let d = distance.isFinite ? distance : 8
            target = AffineTransform(translationX: d, y: d)
            animation.duration = pick(duration, 0.6)
            animation.timingFunction = .easeInEaseOut
        }
        animation.toValue = .transform(Transform3D(affine: target))
        return animation
    }
}

extension PopoverPresentationController {
    /// The animation key of action animations on the popover view's layer.
    static let actionAnimationKey = "popover.action"

    /// Starts `action` on the shown popover (replacing a running one), about the arrow tip.
    /// Does nothing when the popover is not shown, or not placed (it has no source).
    public func startActionAnimation(_ action: PopoverActionAnimation) {
        guard let view = presentedView, containerView != nil, let placement else { return }
        ArrowAnchoredPresenter.startIdleAnimation(action, on: view, placement: placement, forKey: Self.actionAnimationKey)
    }

    /// Stops the running action animation at once (the popover shows its model state).
    public func stopActionAnimation() {
        guard let view = presentedView else { return }
        ArrowAnchoredPresenter.stopIdleAnimation(on: view, forKey: Self.actionAnimationKey)
    }
}
