import KinemaGeometry

/// An interaction controller that scrubs the view animations of an animator by a completion
/// percentage, then runs the rest of them forwards (``finish()``) or backwards (``cancel()``).
/// Return it from the transitioning delegate's `interactionControllerForDismissal(using:)` (or
/// `…ForPresentation`) and feed it from a gesture. Mirrors `UIPercentDrivenInteractiveTransition`.
///
/// ```swift
/// // In the pan handler of the presented controller:
/// case .began:   interaction = PercentDrivenInteractiveTransition(); dismiss(animated: true)
/// case .changed: interaction?.update(translation.y / view.bounds.height)
/// case .ended:   progress > 0.5 ? interaction?.finish() : interaction?.cancel()
/// ```
///
/// How it works: when the transition starts it pauses the container view's layer time (speed 0) and
/// calls the animator's `animateTransition(using:)`, so the animations begin frozen at their start.
/// ``update(_:)`` sets the container's `timeOffset` to `percent × duration`: the interactive part
/// is linear in time, each animation keeps its own curve. ``finish()`` and ``cancel()`` move that
/// offset to the end (or back to the start) over `remaining duration / completionSpeed` seconds of
/// window time, on ``completionCurve``, one step per run-loop turn and exactly at the end time. At
/// the end a finished transition lets the animations end (their completions run with `true`); a
/// cancelled one restores every view under the container and the two controllers' views to its
/// state before the transition (model values, without animation) and removes the transition's
/// animations, whose completions then run with `false`, so an animator that calls
/// `completeTransition(!transitionWasCancelled)` cancels. Then the container's time runs again.
///
/// Only animations added to views inside the container are scrubbed, as in UIKit. One object can
/// drive one transition at a time and be reused afterwards.
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// The animator's duration for the transition under way (or the last one), seconds; 0
    /// before the first. Mirrors `UIPercentDrivenInteractiveTransition.duration`.
    public private(set) var duration: Double = 0

    /// The last value given to ``update(_:)``, 0 to 1. Mirrors
    /// `UIPercentDrivenInteractiveTransition.percentComplete`.
    public private(set) var percentComplete: Double = 0

    /// How fast the rest of the transition runs after ``finish()`` or ``cancel()``, as a multiple
    /// of real time: the rest takes `(1 − percentComplete) × duration / completionSpeed` seconds
    /// when finishing, `percentComplete × duration / completionSpeed` when cancelling. Default 1;
    /// values that are not finite and positive count as 1. Mirrors
    /// `UIPercentDrivenInteractiveTransition.completionSpeed`.
    open var completionSpeed: Double = 1

    /// The curve of the rest of the transition. Default ``ViewAnimationCurve/easeInOut``. Mirrors
    /// `UIPercentDrivenInteractiveTransition.completionCurve`.
    open var completionCurve: ViewAnimationCurve = .easeInOut

    private enum State {
        case idle
        case tracking
        case completing(isFinishing: Bool)
    }
    private var state = State.idle
    private var context: (any ViewControllerContextTransitioning)?
    private var timeline: TransitionTimeline?
    private var link: DisplayLink?
    private var timer: (window: Window, token: Int)?

    /// An interaction controller with the default completion speed and curve.
    public init() {}

    /// Pauses the container's time, runs the animator's `animateTransition(using:)` and waits for
    /// ``update(_:)``. Ignored while this object drives another transition. Mirrors
    /// `UIPercentDrivenInteractiveTransition.startInteractiveTransition(_:)`.
    open func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        guard case .idle = state else { return }
        let animator = (transitionContext as? TransitionContext)?.animator
        let d = animator?.transitionDuration(using: transitionContext) ?? 0
        duration = d.isFinite && d > 0 ? d : 0
        percentComplete = 0
        context = transitionContext
        let views = [transitionContext.view(forKey: .from), transitionContext.view(forKey: .to)].compactMap { $0 }
        timeline = TransitionTimeline(container: transitionContext.containerView, views: views)
        state = .tracking
        if let kinemaContext = transitionContext as? TransitionContext {
            kinemaContext.didComplete.append { [weak self] _ in self?.tearDown() }
        }
        animator?.animateTransition(using: transitionContext)
    }

    /// Shows the transition at `percentComplete` (clamped to 0…1; NaN ignored) and reports it to
    /// the context. Ignored unless the transition is interactive. Mirrors
    /// `UIPercentDrivenInteractiveTransition.update(_:)`.
    open func update(_ percentComplete: Double) {
        guard case .tracking = state, percentComplete.isFinite else { return }
        let p = min(max(percentComplete, 0), 1)
        self.percentComplete = p
        timeline?.seek(to: p * duration)
        context?.updateInteractiveTransition(p)
    }

    /// Ends the interactive part and runs the rest of the animations to their end. Only the first
    /// of ``finish()`` and ``cancel()`` counts. Mirrors `UIPercentDrivenInteractiveTransition.finish()`.
    open func finish() {
        complete(isFinishing: true)
    }

    /// Ends the interactive part and runs the animations back to their start, then restores the
    /// state before the transition. Only the first of ``finish()`` and ``cancel()`` counts.
    /// Mirrors `UIPercentDrivenInteractiveTransition.cancel()`.
    open func cancel() {
        complete(isFinishing: false)
    }

    private func complete(isFinishing: Bool) {
        guard case .tracking = state, let context else { return }
        state = .completing(isFinishing: isFinishing)
        if isFinishing {
            context.finishInteractiveTransition()
        } else {
            context.cancelInteractiveTransition()
        }
        let speed = completionSpeed.isFinite && completionSpeed > 0 ? completionSpeed : 1
        let from = percentComplete * duration
        let to = isFinishing ? duration : 0
        let remaining = abs(to - from) / speed
        guard remaining > 0, let window = context.containerView.window else {
            reachEnd()
            return
        }
        let startTime = window.currentTime
        let endTime = startTime + remaining
        let curve = completionCurve.timingFunction
        let link = DisplayLink { [weak self] link in
            guard let self else { return }
            let u = (link.timestamp - startTime) / remaining
            if u >= 1 {
                self.reachEnd()
            } else {
                self.timeline?.seek(to: from + (to - from) * curve.solve(max(u, 0)))
            }
        }
        link.add(to: window)
        self.link = link
        let token = window.schedule(at: endTime) { [weak self] in self?.reachEnd() }
        timer = (window, token)
    }

    /// The completion animation reached its end.
    private func reachEnd() {
        guard case .completing(let isFinishing) = state, let timeline else { return }
        stopClock()
        if isFinishing {
            timeline.seek(to: duration)
            timeline.resume()
        } else {
            timeline.seek(to: 0)
            timeline.revert()
            timeline.resume()
        }
        self.timeline = nil
    }

    private func stopClock() {
        link?.invalidate()
        link = nil
        if let timer { timer.window.cancelTimer(timer.token) }
        timer = nil
    }

    /// The transition completed: let go of it, so this object can drive another.
    private func tearDown() {
        stopClock()
        timeline?.resume()
        timeline = nil
        context = nil
        state = .idle
    }
}
