import KinemaGeometry
import KinemaUI

/// The engine of a zoom transition: the transitioning delegate, animator and interaction
/// controller that `ViewController.Transition.zoom(options:sourceViewProvider:)` stands for.
///
/// It runs one presentation and its dismissal at a time through ``ZoomPhase``. Every motion is
/// computed from its start state at the frame's media time (a curve for the presentation,
/// ``ZoomFlight``'s closed-form springs afterwards) by a display link of the window, and written
/// by ``ZoomStage``; nothing reads a clock. It never traps: a transition it cannot run completes
/// at once, and calls in any order or repeated are ignored when they do not apply.
///
/// Memory: it holds the controllers, the views and the context weakly or only while a transition
/// runs; the display link and the timers capture it weakly and are removed when a transition ends.
final class ZoomTransitionDriver {
    typealias Options = ViewController.Transition.ZoomOptions
    typealias SourceProvider = (ViewController.Transition.ZoomSourceViewProviderContext) -> View?

    let options: Options
    let sourceViewProvider: SourceProvider
    var phase = ZoomPhase.idle

    weak var zoomedViewController: ViewController?
    weak var sourceViewController: ViewController?
    private(set) weak var recognizer: ZoomDismissGestureRecognizer?
    /// The transition under way (from its start until it completes).
    var context: (any ViewControllerContextTransitioning)?
    /// The views of the transition under way.
    var stage: ZoomStage?
    let source = ZoomSourceTracker()
    var link: DisplayLink?
    /// The window timer that lands the zoom. The window is held weakly: it holds, through its
    /// views and their controllers, this driver.
    var settleTimer: (window: WeakWindow, token: Int)?

    struct WeakWindow {
        weak var window: Window?
    }
    /// A finger waiting for the interactive dismissal it asked for: where it took hold
    /// (container coordinates) and what showed then (`nil`: the presented state).
    var pendingGrab: (location: Point, shown: ZoomVisual?)?

    init(options: Options, sourceViewProvider: @escaping SourceProvider) {
        self.options = options
        self.sourceViewProvider = sourceViewProvider
    }

    // MARK: Reading

    var publicState: ZoomTransitionState { phase.publicState }

    var currentImageFrame: Rect? { stage?.shown.frame }

    var currentBackgroundAlpha: Double {
        if let stage { return stage.shown.backgroundAlpha }
        if case .presented = phase { return 1 }
        return 0
    }

    func inspection(at time: Double) -> ZoomTransitionInspection {
        let state = publicState
        if let stage { return stage.inspection(at: time, state: state) }
        let presented = state == .presented
        return ZoomTransitionInspection(
            state: state, imageFrame: nil, crop: nil, cornerRadius: 0, backgroundAlpha: presented ? 1 : 0,
            contentAlpha: presented ? 1 : 0)
    }

    /// The container of the transition under way.
    var container: View? { context?.containerView }

    /// The window's media time, or 0 outside a window.
    var now: Double { container?.window?.currentTime ?? zoomedViewController?.viewIfLoaded?.window?.currentTime ?? 0 }

    var hysteresis: Double { options.hysteresis.isFinite && options.hysteresis >= 0 ? options.hysteresis : 10 }

    // MARK: Hooks of the presentation machinery

    /// Called when `presented` is about to be presented by `presenter` with this transition (and no
    /// transitioning delegate of its own): installs the recognizer; without animation, hides the
    /// source at once (with animation the presentation's zoom does).
    func prepare(presented: ViewController, presenter: ViewController, animated: Bool) {
        zoomedViewController = presented
        sourceViewController = presenter
        installRecognizer(on: presented.view)
        if !animated {
            source.track(askSource())
            phase = .presented
        }
    }

    /// Called when the presentation is over (the dismissal completed, or the controller was torn
    /// down with a controller below it): everything stops and the source shows again, once.
    func presentationDidDetach() {
        stopClock()
        stage?.tearDown()
        stage = nil
        context = nil
        pendingGrab = nil
        source.restore()
        if let recognizer { recognizer.view?.removeGestureRecognizer(recognizer) }
        phase = .idle
    }

    /// Puts the recognizer on `view` (once).
    func installRecognizer(on view: View) {
        if let recognizer, recognizer.view === view { return }
        if let recognizer { recognizer.view?.removeGestureRecognizer(recognizer) }
        let r = ZoomDismissGestureRecognizer()
        r.driver = self
        r.addTarget { [weak self] (r: ZoomDismissGestureRecognizer) in self?.handle(r) }
        view.addGestureRecognizer(r)
        recognizer = r
    }

    /// Asks the provider for the source view now.
    func askSource() -> View? {
        guard let zoomed = zoomedViewController, let presenter = sourceViewController else { return nil }
        return sourceViewProvider(.init(sourceViewController: presenter, zoomedViewController: zoomed))
    }

    /// Starts (or restarts) a context's bookkeeping: when it ends for any reason (completed by
    /// this driver, or abandoned when the window's root changed), the driver lets go of it.
    func adopt(_ transitionContext: any ViewControllerContextTransitioning) {
        context = transitionContext
        if let kinemaContext = transitionContext as? TransitionContext {
            kinemaContext.didComplete.append { [weak self, weak kinemaContext] completed in
                guard let self, let kinemaContext, self.context === kinemaContext else { return }
                self.contextEndedElsewhere(completed)
            }
        }
    }

    /// The context ended without this driver completing it (the window's root changed).
    private func contextEndedElsewhere(_ completed: Bool) {
        stopClock()
        stage?.tearDown()
        stage = nil
        context = nil
        pendingGrab = nil
        phase = completed ? .presented : .idle
    }
}

extension ZoomTransitionDriver: TransitionEngine {
    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { self }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { self }

    func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        pendingGrab == nil ? nil : self
    }
}

extension ZoomTransitionDriver: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning {
    /// The presentation's duration; for a dismissal the position spring's settling duration
    /// (Core Animation's rule, `Spring.settlingDuration`): a spring has no fixed duration, and the
    /// real one depends on the release.
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        if let kinemaContext = transitionContext as? TransitionContext, kinemaContext.kind == .dismissal {
            return options.spring.settlingDuration
        }
        return options.presentationDuration
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        if let kinemaContext = transitionContext as? TransitionContext, kinemaContext.kind == .dismissal {
            startDismissal(transitionContext, grab: nil)
        } else {
            startPresentation(transitionContext)
        }
    }

    func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        let grab = pendingGrab
        pendingGrab = nil
        startDismissal(transitionContext, grab: grab)
    }
}
