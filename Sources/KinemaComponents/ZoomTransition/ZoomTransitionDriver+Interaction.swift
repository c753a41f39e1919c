import KinemaGeometry
import KinemaUI

// The finger: starting a drag, catching a flight, following, releasing.
extension ZoomTransitionDriver {
    /// The container of the presentation, while presented or in transition.
    var presentationContainer: View? {
        container ?? zoomedViewController?.presentationController?.containerView
    }

    /// Whether a touch at `point` (window coordinates) catches the content in flight: the zoom is
    /// presenting, dismissing or cancelling and the touch is on the content (10 pt of margin).
    func canCatch(atWindowPoint point: Point) -> Bool {
        switch phase {
        case .presenting, .dismissing, .cancelling:
            guard let stage, let container else { return false }
            return stage.shown.frame.insetBy(dx: -10, dy: -10).contains(container.convert(point, from: nil))
        default:
            return false
        }
    }

    /// Whether a drag may start a dismissal: presented, with no transition under way.
    var canStartDrag: Bool {
        guard case .presented = phase, let zoomed = zoomedViewController else { return false }
        return zoomed.presentationController != nil && zoomed.activeTransition == nil
    }

    /// Whether a drag that has left the slop by `translation` (window points) begins: its direction
    /// must fit ``ViewController/Transition/ZoomOptions/dismissDirections``, and the options'
    /// `interactiveDismissShouldBegin`, when set, decides with that answer as `willBegin`.
    func shouldBeginDrag(translation: Point, windowLocation: Point, velocity: Vector) -> Bool {
        guard canStartDrag else { return false }
        let willBegin: Bool
        switch options.dismissDirections {
        case .down: willBegin = translation.y > 0 && translation.y >= abs(translation.x)
        case .any: willBegin = true
        }
        guard let ask = options.interactiveDismissShouldBegin else { return willBegin }
        let location = zoomedViewController?.viewIfLoaded?.convert(windowLocation, from: nil) ?? windowLocation
        return ask(.init(location: location, velocity: velocity, willBegin: willBegin))
    }

    /// The recognizer's target.
    func handle(_ r: ZoomDismissGestureRecognizer) {
        guard let container = presentationContainer else { return }
        let point = container.convert(r.fingerLocation, from: nil)
        switch r.state {
        case .began: r.isCatch ? catchFlight(at: point) : beginDrag(at: point)
        case .changed: moveDrag(to: point)
        case .ended: release(at: point, velocity: r.fingerVelocity)
        case .cancelled: release(at: point, velocity: .zero)
        default: break
        }
    }

    /// A drag from the presented state: an interactive dismissal starts with the finger holding the
    /// content where it is.
    private func beginDrag(at point: Point) {
        guard canStartDrag, let zoomed = zoomedViewController else { return }
        pendingGrab = (point, nil)
        zoomed.dismiss(animated: true)
        pendingGrab = nil  // consumed by the dismissal, or the request was ignored
    }

    /// A touch on the flying content: it stops where it is shown and the finger holds it. During
    /// the presentation, the presentation completes first and an interactive dismissal takes over
    /// from the same frame.
    private func catchFlight(at point: Point) {
        let t = now
        switch phase {
        case .dismissing(let flight), .cancelling(let flight):
            cancelLanding()
            let shown = flight.visual(at: t)
            stage?.apply(shown)
            hold(shown, at: point)
        case .presenting(let presentation):
            let shown = presentation.visual(at: t)
            finishPresentation()
            guard let zoomed = zoomedViewController else { return }
            pendingGrab = (point, shown)
            zoomed.dismiss(animated: true)
            pendingGrab = nil
        default:
            break
        }
    }

    /// The finger takes hold of `shown` at `location` (container coordinates).
    func hold(_ shown: ZoomVisual, at location: Point) {
        guard let stage, let container else { return }
        let height = container.bounds.height
        let probe = ZoomDrag(base: shown, baseSignedProgress: 0, touchStart: location, options: options, height: height)
        let signed = ZoomDrag.baseSignedProgress(
            backgroundAlpha: shown.backgroundAlpha, contentCenterY: shown.frame.midY, restingCenterY: stage.restingVisual.frame.midY,
            directions: options.dismissDirections, fadeProgress: probe.fadeProgress)
        let drag = ZoomDrag(base: shown, baseSignedProgress: signed, touchStart: location, options: options, height: height)
        phase = .dragging(drag, shown: shown)
        context?.updateInteractiveTransition(drag.progress(signed: signed))
    }

    /// The finger moved to `point`.
    private func moveDrag(to point: Point) {
        guard case .dragging(let drag, _) = phase else { return }
        let shown = drag.visual(finger: point)
        phase = .dragging(drag, shown: shown)
        stage?.apply(shown)
        context?.updateInteractiveTransition(drag.progress(signed: drag.signedProgress(finger: point)))
    }

    /// The finger lifted at `point` moving at `velocity` (points per second): the decision, then
    /// the flight, starting from what shows with the velocity of every property.
    private func release(at point: Point, velocity: Vector) {
        guard case .dragging(let drag, _) = phase, let container else { return }
        let v = velocity.isFinite ? velocity : .zero
        let shown = drag.visual(finger: point)
        let dismisses = ZoomReleaseDecision(options: options).dismisses(
            signedProgress: drag.signedProgress(finger: point), velocityY: v.dy, height: container.bounds.height)
        stage?.apply(shown)
        fly(toSource: dismisses, from: shown, velocity: drag.velocity(finger: point, fingerVelocity: v))
    }
}
