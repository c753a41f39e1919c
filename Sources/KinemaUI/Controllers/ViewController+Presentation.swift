import KinemaGeometry

extension ViewController {
    /// The controller that presented this one (or this one's outermost container), or `nil`.
    /// Mirrors `UIViewController.presentingViewController`.
    public var presentingViewController: ViewController? {
        if let presentationController { return presentationController.presentingViewController }
        return parent?.presentingViewController
    }

    /// Presents `viewControllerToPresent` modally over this controller, with the transition its
    /// `modalPresentationStyle`, `modalTransitionStyle` and `transitioningDelegate` ask for, and
    /// calls `completion` once the presentation transition has completed. Mirrors
    /// `UIViewController.present(_:animated:completion:)`.
    ///
    /// The presenting controller is this controller's outermost container (UIKit's default
    /// presentation context). In order: the presented view loads, the presenting controller hears
    /// `viewWillDisappear` (only when the presentation removes its view: `.fullScreen`), the
    /// presented controller hears `viewWillAppear`, then the presentation controller's
    /// `presentationTransitionWillBegin()`, then the animator (or the interaction controller)
    /// starts. When the animator calls `completeTransition(true)`:
    /// `presentationTransitionDidEnd(true)`, the presenting view leaves the window (`.fullScreen`),
    /// the presented controller hears `viewDidAppear`, the presenting one `viewDidDisappear`,
    /// the animator `animationEnded(true)`, and `completion` runs.
    ///
    /// Without a custom animator the built-in one runs ``ModalTransitionStyle`` (0.5 s,
    /// ease in and out); `.popover` runs its controller's `transitionAnimation` (a spring about the
    /// arrow tip) or, when that is `nil`, fades. With `animated: false` nothing animates: the presented
    /// view is placed at its final frame at once, and the transition completes on the next
    /// run-loop turn (so `viewDidAppear` and `completion` come at the next ``Window/advance(to:)``).
    /// A presented view whose size is zero (a Kinema view's default; UIKit's default is the
    /// screen's size) gets the presentation controller's final frame before the animator runs.
    ///
    /// A cancelled interactive presentation (`completeTransition(false)`) removes the presented
    /// view and the container, leaves nothing presented, sends the presented controller
    /// `viewWillDisappear`/`viewDidDisappear` (and the presenting one, for `.fullScreen`,
    /// `viewWillAppear`/`viewDidAppear`), and does not call `completion`, as for a cancelled
    /// dismissal.
    ///
    /// The request is ignored, and `completion` is never called (UIKit logs a warning and does
    /// the same, or raises for the last two cases), when: this controller's view is not in a
    /// window; the presenting controller already presents a controller (present from the
    /// topmost presented controller instead); a presentation or dismissal involving the
    /// presenting controller is under way ("presenting while presenting"); or
    /// `viewControllerToPresent` is this controller, one of its containers, the window's root
    /// controller, already presented or presenting, or a child of another controller.
    public func present(_ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        let presented = viewControllerToPresent
        let presenter = rootAncestor
        guard let window = presenter.viewIfLoaded?.window,
            presenter.presentedViewController == nil,
            presenter.activeTransition == nil,
            !isDescendant(of: presented),
            presented.presentationController == nil, presented.parent == nil, presented.activeTransition == nil,
            presented.presentedViewController == nil, window.rootViewController !== presented
        else { return }

        let style = Self.adaptedStyle(of: presented)
        let delegate = presented.effectiveTransitioningDelegate
        let pc = Self.makePresentationController(for: presented, presenting: presenter, source: self, style: style)
        pc.presentingViewController = presenter
        pc.presentationStyle = style

        let container = TransitionContainerView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentationController = pc
        window.addSubview(container)
        pc.containerView = container

        presenter.presentedViewController = presented
        presented.presentationController = pc
        presented.isBeingPresented = true
        presented.loadViewIfNeeded()
        // UIKit's views start with the screen's size; a Kinema view starts empty. A presented view
        // that has no size yet gets its final frame, so animators that never set it still work.
        if let view = pc.presentedView, view.bounds.size == .zero { view.frame = pc.frameOfPresentedViewInContainerView }
        if presented.transitioningDelegate == nil {
            presented.preferredTransition?.engine.prepare(presented: presented, presenter: presenter, animated: flag)
        }

        let removesPresenter = pc.shouldRemovePresentersView
        if removesPresenter, let presenterView = presenter.viewIfLoaded, let home = presenterView.superview {
            let index = home.subviews.firstIndex { $0 === presenterView } ?? 0
            pc.presenterHome = PresenterHome(superview: home, index: index)
        }

        let (animator, interactor) = presentationAnimator(
            for: presented, presenter: presenter, controller: pc, style: style, delegate: delegate, animated: flag)
        let context = TransitionContext(
            kind: .presentation, presentationController: pc, containerView: container, isAnimated: flag,
            isInteractive: interactor != nil, animator: animator)
        presented.activeTransition = context

        if removesPresenter { presenter.beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(true, animated: flag)
        pc.presentationTransitionWillBegin()

        context.completion = { [unowned context] completed in
            Self.endPresentation(context, completed: completed, animated: flag, completion: completion)
        }
        if let interactor {
            interactor.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
    }

    /// The animator a presentation runs, and its interaction controller if any: the transitioning
    /// delegate's, a popover's own, or the presented controller's modal transition style (a cross
    /// dissolve for a popover). Without animation, the plain modal animator.
    private func presentationAnimator(
        for presented: ViewController, presenter: ViewController, controller pc: PresentationController,
        style: ModalPresentationStyle, delegate: (any ViewControllerTransitioningDelegate)?, animated flag: Bool
    ) -> (any ViewControllerAnimatedTransitioning, (any ViewControllerInteractiveTransitioning)?) {
        guard flag else { return (ModalTransitionAnimator(style: nil, isPresenting: true), nil) }
        if let custom = delegate?.animationController(forPresented: presented, presenting: presenter, source: self) {
            return (custom, delegate?.interactionControllerForPresentation(using: custom))
        }
        if let popover = pc as? PopoverPresentationController, let parameters = popover.transitionAnimation {
            return (PopoverTransitionAnimator(parameters: parameters, isPresenting: true), nil)
        }
        let transition = style == .popover ? ModalTransitionStyle.crossDissolve : presented.modalTransitionStyle
        return (ModalTransitionAnimator(style: transition, isPresenting: true), nil)
    }

    /// Dismisses the controller presented by this one, or, when this controller presents
    /// nothing, this controller itself (or its outermost container) from its presenter; then
    /// calls `completion` once the dismissal transition has completed. Mirrors
    /// `UIViewController.dismiss(animated:completion:)`.
    ///
    /// Controllers presented above the one being dismissed are removed first, at once, with
    /// their disappear calls. In order: the dismissed controller hears `viewWillDisappear`, the
    /// presenting one `viewWillAppear` (only for `.fullScreen`, whose presenting view goes back
    /// to where it was, under the container, before the animation), then
    /// `dismissalTransitionWillBegin()`, then the animator. When it calls
    /// `completeTransition(true)`: `dismissalTransitionDidEnd(true)`, the presented view and the
    /// container leave the window, `viewDidDisappear`, the presenting controller's
    /// `viewDidAppear`, `animationEnded(true)`, `completion`. A cancelled interactive dismissal
    /// (`completeTransition(false)`) leaves the controller presented: the presenting controller
    /// hears `viewWillDisappear`/`viewDidDisappear`, the presented one
    /// `viewWillAppear`/`viewDidAppear`, and `completion` is not called (as in UIKit).
    ///
    /// With nothing to dismiss, or while a presentation or dismissal involving these controllers
    /// is under way (dismissing twice, or during the presentation, except for a popover, whose
    /// entrance then ends at once and whose dismissal starts from what is on screen), the
    /// request is ignored and
    /// its `completion` is never called (UIKit logs a warning and does the same): the transition
    /// already running completes exactly once.
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let root = rootAncestor
        let target: ViewController
        if let presented = root.presentedViewController {
            target = presented
        } else if root.presentationController != nil {
            target = root
        } else {
            return
        }
        // A popover dismissed during its entrance: the entrance ends now (as if it had finished)
        // and the dismissal starts from what is on screen (invariant 16 of docs/popover-notes.md).
        if let entrance = target.activeTransition, entrance.kind == .presentation, !entrance.isInteractive,
            target.presentationController is PopoverPresentationController
        {
            entrance.completeTransition(true)
        }
        var chain: [ViewController] = []
        var node: ViewController? = target
        while let vc = node {
            chain.append(vc)
            node = vc.presentedViewController
        }
        guard chain.allSatisfy({ $0.activeTransition == nil }),
            let pc = target.presentationController,
            pc.presentingViewController.activeTransition == nil
        else { return }
        for vc in chain.dropFirst().reversed() {
            Self.tearDown(vc)
        }
        Self.startDismissal(of: target, animated: flag, completion: completion)
    }

    // MARK: Machinery

    /// The style `presented` is shown with: its `modalPresentationStyle` (`.none` reads as
    /// `.fullScreen`), or for a popover, the style its delegate's
    /// `adaptivePresentationStyle(for:)` returns when that is not `.none` or `.popover`.
    static func adaptedStyle(of presented: ViewController) -> ModalPresentationStyle {
        let style = presented.modalPresentationStyle
        guard style == .popover else { return style == .none ? .fullScreen : style }
        guard let popover = presented.popoverPresentationController, popover.containerView == nil,
            let delegate = popover.delegate
        else { return style }
        let adapted = delegate.adaptivePresentationStyle(for: popover)
        return adapted == .none ? .popover : adapted
    }

    static func makePresentationController(
        for presented: ViewController, presenting: ViewController, source: ViewController, style: ModalPresentationStyle
    ) -> PresentationController {
        if style == .popover, let popover = presented.popoverPresentationController, popover.containerView == nil {
            return popover
        }
        guard style == .custom else {
            return SystemPresentationController(style: style, presented: presented, presenting: presenting)
        }
        if let custom = presented.transitioningDelegate?.presentationController(
            forPresented: presented, presenting: presenting, source: source),
            custom.presentedViewController === presented, custom.containerView == nil
        {
            return custom
        }
        return PresentationController(presentedViewController: presented, presenting: presenting)
    }

    /// The end of a presentation transition.
    static func endPresentation(_ context: TransitionContext, completed: Bool, animated: Bool, completion: (() -> Void)?) {
        let pc = context.presentationController
        let presented = pc.presentedViewController
        let presenter = pc.presentingViewController
        let removesPresenter = pc.shouldRemovePresentersView
        presented.activeTransition = nil
        presented.isBeingPresented = false
        pc.presentationTransitionDidEnd(completed)
        let animator = context.animator
        if completed {
            if removesPresenter { presenter.viewIfLoaded?.removeFromSuperview() }
            presented.endAppearanceTransition()
            if removesPresenter { presenter.endAppearanceTransition() }
        } else {
            pc.presentedView?.removeFromSuperview()
            presented.viewIfLoaded?.removeFromSuperview()
            context.containerView.removeFromSuperview()
            pc.containerView = nil
            if presenter.presentedViewController === presented { presenter.presentedViewController = nil }
            presented.presentationController = nil
            presented.beginAppearanceTransition(false, animated: animated)
            presented.endAppearanceTransition()
            if removesPresenter {
                presenter.beginAppearanceTransition(true, animated: animated)
                presenter.endAppearanceTransition()
            }
        }
        animator?.animationEnded(completed)
        if completed { completion?() }
    }

    /// Starts dismissing `target`, which is presented and has no transition under way.
    static func startDismissal(of target: ViewController, animated flag: Bool, completion: (() -> Void)?) {
        guard let pc = target.presentationController, let container = pc.containerView else { return }
        let presenter = pc.presentingViewController
        let removesPresenter = pc.shouldRemovePresentersView
        target.isBeingDismissed = true
        if removesPresenter { restorePresenterView(pc) }

        var animator: any ViewControllerAnimatedTransitioning = ModalTransitionAnimator(style: nil, isPresenting: false)
        var interactor: (any ViewControllerInteractiveTransitioning)?
        if flag {
            let delegate = target.effectiveTransitioningDelegate
            if let custom = delegate?.animationController(forDismissed: target) {
                animator = custom
                interactor = delegate?.interactionControllerForDismissal(using: custom)
            } else if let popover = pc as? PopoverPresentationController, let parameters = popover.transitionAnimation {
                animator = PopoverTransitionAnimator(parameters: parameters, isPresenting: false)
            } else {
                let style = pc.presentationStyle == .popover ? ModalTransitionStyle.crossDissolve : target.modalTransitionStyle
                animator = ModalTransitionAnimator(style: style, isPresenting: false)
            }
        }
        let context = TransitionContext(
            kind: .dismissal, presentationController: pc, containerView: container, isAnimated: flag,
            isInteractive: interactor != nil, animator: animator)
        target.activeTransition = context

        target.beginAppearanceTransition(false, animated: flag)
        if removesPresenter { presenter.beginAppearanceTransition(true, animated: flag) }
        pc.dismissalTransitionWillBegin()

        context.completion = { [unowned context] completed in
            endDismissal(context, completed: completed, animated: flag, completion: completion)
        }
        if let interactor {
            interactor.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
    }

    /// The end of a dismissal transition.
    static func endDismissal(_ context: TransitionContext, completed: Bool, animated: Bool, completion: (() -> Void)?) {
        let pc = context.presentationController
        let target = pc.presentedViewController
        let presenter = pc.presentingViewController
        let removesPresenter = pc.shouldRemovePresentersView
        target.activeTransition = nil
        target.isBeingDismissed = false
        pc.dismissalTransitionDidEnd(completed)
        let animator = context.animator
        if completed {
            detach(pc, container: context.containerView)
            target.endAppearanceTransition()
            if removesPresenter { presenter.endAppearanceTransition() }
            animator?.animationEnded(true)
            completion?()
        } else {
            if removesPresenter {
                presenter.viewIfLoaded?.removeFromSuperview()
                presenter.beginAppearanceTransition(false, animated: animated)
                presenter.endAppearanceTransition()
            }
            target.beginAppearanceTransition(true, animated: animated)
            target.endAppearanceTransition()
            animator?.animationEnded(false)
        }
    }

    /// Removes a presented controller at once (when a controller below it is dismissed, or the
    /// window's root changes): disappear calls, views out of the window, links cleared.
    static func tearDown(_ vc: ViewController) {
        guard let pc = vc.presentationController else { return }
        vc.beginAppearanceTransition(false, animated: false)
        pc.dismissalTransitionWillBegin()
        if pc.shouldRemovePresentersView { restorePresenterView(pc) }
        pc.dismissalTransitionDidEnd(true)
        if let container = pc.containerView { detach(pc, container: container) }
        vc.endAppearanceTransition()
    }

    /// After a dismissal: the presented view and the container leave the window, the presenting
    /// view is back home, and the controllers forget the presentation.
    private static func detach(_ pc: PresentationController, container: View) {
        let target = pc.presentedViewController
        let presenter = pc.presentingViewController
        pc.presentedView?.removeFromSuperview()
        target.viewIfLoaded?.removeFromSuperview()
        container.removeFromSuperview()
        if pc.shouldRemovePresentersView { restorePresenterView(pc) }
        pc.containerView = nil
        pc.presenterHome = nil
        if presenter.presentedViewController === target { presenter.presentedViewController = nil }
        target.presentationController = nil
        target.isBeingPresented = false
        target.isBeingDismissed = false
        target.preferredTransition?.engine.presentationDidDetach()
    }

    /// Puts the presenting view back where it was before a presentation removed it (unless an
    /// animator already put it somewhere in the window), sized to fill its home when that is the
    /// window or a presentation's container.
    static func restorePresenterView(_ pc: PresentationController) {
        guard let view = pc.presentingViewController.viewIfLoaded, let home = pc.presenterHome?.superview else { return }
        if view.superview !== home {
            let index = min(pc.presenterHome?.index ?? 0, home.subviews.count)
            home.insertSubview(view, at: index)
        }
        if let window = home as? Window {
            if window.rootViewController === pc.presentingViewController { view.frame = window.bounds }
        } else if let container = home as? TransitionContainerView, let homePC = container.presentationController,
            homePC.presentedView === view
        {
            view.frame = homePC.frameOfPresentedViewInContainerView
        }
    }
}
