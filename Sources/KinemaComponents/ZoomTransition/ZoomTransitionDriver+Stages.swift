import KinemaGeometry
import KinemaUI

// Starting and ending the presentation and the dismissal.
extension ZoomTransitionDriver {
    /// The presentation: the zoomed view is laid out at its final frame, the source is asked for
    /// and hidden, and the content zooms from the source's frame to its place on the curve.
    func startPresentation(_ transitionContext: any ViewControllerContextTransitioning) {
        adopt(transitionContext)
        guard let zoomed = transitionContext.viewController(forKey: .to) else {
            finishPresentation()
            return
        }
        sourceViewController = transitionContext.viewController(forKey: .from)
        zoomedViewController = zoomed
        source.track(askSource())
        guard let stage = makeStage(transitionContext, zoomed: zoomed) else {
            finishPresentation()
            return
        }
        installRecognizer(on: stage.zoomedView)
        let to = stage.restingVisual
        let from = sourceVisual(in: transitionContext.containerView, resting: to, backgroundAlpha: 0)
        let presentation = ZoomPresentation(
            from: from, to: to, startTime: now, duration: options.presentationDuration, curve: options.presentationCurve)
        phase = .presenting(presentation)
        stage.apply(presentation.visual(at: now))
        startClock()
        scheduleLanding(at: presentation.endTime)
    }

    /// The presentation's zoom has landed: the zoomed view is at rest and the transition completes.
    func finishPresentation() {
        stopClock()
        stage?.tearDown()
        stage = nil
        phase = .presented
        let ended = context
        context = nil
        ended?.completeTransition(true)
    }

    /// A dismissal: with `grab` a finger holds the content (an interactive dismissal started by
    /// a drag, or by a touch that caught the presentation); without, it flies to the source at
    /// once (a programmatic `dismiss(animated: true)`).
    func startDismissal(_ transitionContext: any ViewControllerContextTransitioning, grab: (location: Point, shown: ZoomVisual?)?) {
        adopt(transitionContext)
        guard let zoomed = transitionContext.viewController(forKey: .from) else {
            land(dismissed: true)
            return
        }
        zoomedViewController = zoomed
        sourceViewController = transitionContext.viewController(forKey: .to)
        source.track(askSource())
        guard let stage = makeStage(transitionContext, zoomed: zoomed) else {
            land(dismissed: true)
            return
        }
        let shown = grab?.shown ?? stage.restingVisual
        stage.apply(shown)
        startClock()
        if let grab {
            hold(shown, at: grab.location)
        } else {
            fly(toSource: true, from: shown, velocity: .zero)
        }
    }

    /// The flight has landed: on the source the dismissal completes; at the presented place it is
    /// cancelled and the controller stays presented.
    func land(dismissed: Bool) {
        stopClock()
        stage?.tearDown()
        stage = nil
        let ended = context
        context = nil
        if dismissed {
            phase = .idle
            source.restore()
            ended?.finishInteractiveTransition()
            ended?.completeTransition(true)
        } else {
            phase = .presented
            ended?.cancelInteractiveTransition()
            ended?.completeTransition(false)
        }
    }

    /// The stage for a transition of `zoomed`: its view at its resting frame, laid out, with the
    /// alignment rectangle asked for.
    private func makeStage(_ transitionContext: any ViewControllerContextTransitioning, zoomed: ViewController) -> ZoomStage? {
        let container = transitionContext.containerView
        guard container.window != nil, let view = zoomed.viewIfLoaded else { return nil }
        stage?.tearDown()
        view.transform = .identity
        let final = transitionContext.finalFrame(for: zoomed)
        let resting = final.isEmpty ? transitionContext.initialFrame(for: zoomed) : final
        let frame = resting.isEmpty || !resting.isFinite ? container.bounds : resting
        if view.superview !== container { container.addSubview(view) }
        view.frame = frame
        view.layoutIfNeeded()
        let asked = options.alignmentRectProvider?(.init(sourceView: source.current, zoomedViewController: zoomed))
        let alignment = asked.flatMap { $0.isFinite && $0.width > 0 && $0.height > 0 ? $0 : nil } ?? view.bounds
        let color = options.dimmingColor ?? view.backgroundColor ?? .black
        let stage = ZoomStage(container: container, zoomedView: view, restingFrame: frame, alignment: alignment, backdropColor: color)
        self.stage = stage
        return stage
    }

    /// What the content looks like on the source: the source's frame and corners, or, when the
    /// source is gone, a faded half-size copy at the container's centre.
    func sourceVisual(in container: View, resting: ZoomVisual, backgroundAlpha: Double) -> ZoomVisual {
        if let frame = source.frame(in: container) {
            return ZoomVisual(frame: frame, cornerRadius: source.cornerRadius, backgroundAlpha: backgroundAlpha, contentAlpha: 1)
        }
        let b = container.bounds
        let size = Size(width: resting.frame.width * 0.5, height: resting.frame.height * 0.5)
        return ZoomVisual(
            frame: Rect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height),
            cornerRadius: 0, backgroundAlpha: backgroundAlpha, contentAlpha: 0)
    }
}
