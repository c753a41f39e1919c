import KinemaGeometry

/// The context of one presentation or dismissal: Kinema's ``ViewControllerContextTransitioning``.
///
/// It lives from the start of the transition until ``completeTransition(_:)``, which runs the
/// end of the transition exactly once (later calls are ignored) and then drops every reference
/// it held, so nothing outlives the transition.
package final class TransitionContext: ViewControllerContextTransitioning {
    package enum Kind {
        case presentation, dismissal
    }

    package let kind: Kind
    let presentationController: PresentationController
    package let containerView: View
    package let isAnimated: Bool
    package private(set) var isInteractive: Bool
    package private(set) var transitionWasCancelled = false
    /// The last progress reported by ``updateInteractiveTransition(_:)``, 0 to 1.
    private(set) var percentComplete = 0.0
    /// The animator running the transition (read by ``PercentDrivenInteractiveTransition``).
    private(set) var animator: (any ViewControllerAnimatedTransitioning)?
    /// Whether ``completeTransition(_:)`` was called.
    private(set) var isComplete = false

    /// The end of the transition (set by the presenting code), run once by ``completeTransition(_:)``.
    var completion: ((Bool) -> Void)?
    /// Called right after ``completion`` (the interaction controller's clean-up).
    package var didComplete: [(Bool) -> Void] = []

    init(
        kind: Kind, presentationController: PresentationController, containerView: View, isAnimated: Bool,
        isInteractive: Bool, animator: any ViewControllerAnimatedTransitioning
    ) {
        self.kind = kind
        self.presentationController = presentationController
        self.containerView = containerView
        self.isAnimated = isAnimated
        self.isInteractive = isInteractive
        self.animator = animator
    }

    package var presentationStyle: ModalPresentationStyle { presentationController.presentationStyle }

    package var targetTransform: AffineTransform { .identity }

    private var presented: ViewController { presentationController.presentedViewController }
    private var presenting: ViewController { presentationController.presentingViewController }

    package func updateInteractiveTransition(_ percentComplete: Double) {
        guard percentComplete.isFinite, !isComplete else { return }
        self.percentComplete = min(max(percentComplete, 0), 1)
    }

    package func finishInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
    }

    package func cancelInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        transitionWasCancelled = true
    }

    package func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return }
        isComplete = true
        let end = completion
        let after = self.didComplete
        completion = nil
        self.didComplete = []
        withExtendedLifetime(self) {
            end?(didComplete)
            for hook in after { hook(didComplete) }
            animator = nil
        }
    }

    /// Ends the transition without running its end (the window's root changed under it): later
    /// calls to ``completeTransition(_:)`` do nothing; the interaction controller lets go.
    func abandon() {
        guard !isComplete else { return }
        isComplete = true
        completion = nil
        let hooks = didComplete
        didComplete = []
        for hook in hooks { hook(false) }
        animator = nil
    }

    package func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? {
        switch (kind, key) {
        case (.presentation, .from), (.dismissal, .to): presenting
        case (.presentation, .to), (.dismissal, .from): presented
        }
    }

    package func view(forKey key: TransitionContextViewKey) -> View? {
        switch (kind, key) {
        case (.presentation, .to), (.dismissal, .from):
            return presentationController.presentedView
        case (.presentation, .from), (.dismissal, .to):
            return presentationController.shouldRemovePresentersView ? presenting.view : nil
        }
    }

    package func initialFrame(for vc: ViewController) -> Rect {
        if vc === presented {
            guard kind == .dismissal else { return .zero }
            return frameInContainer(presentationController.presentedView) ?? presentationController.frameOfPresentedViewInContainerView
        }
        if vc === presenting { return frameInContainer(vc.viewIfLoaded) ?? containerView.bounds }
        return .zero
    }

    package func finalFrame(for vc: ViewController) -> Rect {
        if vc === presented {
            return kind == .presentation ? presentationController.frameOfPresentedViewInContainerView : .zero
        }
        if vc === presenting { return frameInContainer(vc.viewIfLoaded) ?? containerView.bounds }
        return .zero
    }

    /// The frame of `view` in the container's coordinates, when it is in the same window.
    private func frameInContainer(_ view: View?) -> Rect? {
        guard let view, let window = containerView.window, view.window === window else { return nil }
        return view.convert(view.bounds, to: containerView)
    }
}
