import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// The classic percent-driven dismissal: the presented view slides down by the container's
/// height and fades to 0.5, linearly, in 0.4 s; a pan feeds ``PercentDrivenInteractiveTransition``.
final class SlideDownDismissal: ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
    let interaction = PercentDrivenInteractiveTransition()
    var isInteractive = true
    /// The `finished` flags the view animation's completion received.
    var finishedFlags: [Bool] = []
    /// `animationEnded(_:)` calls.
    var ended: [Bool] = []
    /// `isInteractive` of the context when the animation started.
    var startedInteractive: [Bool] = []

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { self }

    func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        isInteractive ? interaction : nil
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.4 }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let ctx = transitionContext
        startedInteractive.append(ctx.isInteractive)
        guard let fromView = ctx.view(forKey: .from) else {
            ctx.completeTransition(false)
            return
        }
        let height = ctx.containerView.bounds.height
        View.animate(
            withDuration: 0.4, delay: 0, options: [.curveLinear],
            animations: {
                fromView.frame.origin.y = height
                fromView.alpha = 0.5
            },
            completion: { finished in
                self.finishedFlags.append(finished)
                ctx.completeTransition(!ctx.transitionWasCancelled)
            })
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// A root `A` presenting `B` full screen (without animation), with `B`'s dismissal driven by a
/// ``SlideDownDismissal``; at t = 1 s, log empty.
func makeInteractiveStage() -> (Window, LoggingViewController, LoggingViewController, SlideDownDismissal, EventLog) {
    let (window, a, log) = makeRootStage()
    let slide = SlideDownDismissal()
    let b = LoggingViewController("B", log: log)
    b.transitioningDelegate = slide
    a.present(b, animated: false)
    window.advance(to: 1)
    _ = log.take()
    return (window, a, b, slide, log)
}

@Suite struct PercentDrivenInteractiveTransitionTests {
    @Test func updateScrubsTheAnimationsAndTimeDoesNotMoveThem() {
        let (window, _, b, slide, _) = makeInteractiveStage()
        b.dismiss(animated: true)
        #expect(slide.startedInteractive == [true])
        #expect(slide.interaction.duration == 0.4)
        #expect(b.isBeingDismissed)
        #expect(isClose(shownFrame(b.view, at: 1).minY, 0, 1e-9))
        slide.interaction.update(0.25)
        #expect(slide.interaction.percentComplete == 0.25)
        #expect(isClose(shownFrame(b.view, at: 1).minY, 166.75, 1e-9))
        #expect(isClose(b.view.layer.presentation(at: 1).opacity, 0.875, 1e-9))
        window.advance(to: 5)
        #expect(isClose(shownFrame(b.view, at: 5).minY, 166.75, 1e-9))
        slide.interaction.update(-3)
        #expect(isClose(shownFrame(b.view, at: 5).minY, 0, 1e-9))
        slide.interaction.update(.nan)
        slide.interaction.update(7)
        #expect(slide.interaction.percentComplete == 1)
        #expect(isClose(shownFrame(b.view, at: 5).minY, 667, 1e-9))
    }

    @Test func cancelRunsBackAndRestoresThePresentedStateExactly() {
        let (window, a, b, slide, log) = makeInteractiveStage()
        let before = b.view.layer.model
        var dismissed = 0
        b.dismiss(animated: true) { dismissed += 1 }
        #expect(a.view.window === window)
        slide.interaction.update(0.25)
        window.advance(to: 3)
        slide.interaction.update(0.5)
        #expect(isClose(shownFrame(b.view, at: 3).minY, 333.5, 1e-9))
        slide.interaction.cancel()
        slide.interaction.finish()
        slide.interaction.update(0.9)
        #expect(slide.interaction.percentComplete == 0.5)

        // Back to the start over 0.5 × 0.4 s = 0.2 s, ease in and out.
        window.advance(to: 3.1)
        let p = TimingFunction.easeInEaseOut.solve(0.5)
        #expect(isClose(shownFrame(b.view, at: 3.1).minY, 667 * (0.5 - 0.5 * p), 1e-9))
        window.advance(to: 3.2)
        window.advance(to: 3.3)

        #expect(b.view.layer.model == before)
        #expect(b.view.layer.animationKeys().isEmpty)
        #expect(b.view.layer.presentation(at: 3.3) == before)
        #expect(b.view.frame == window.bounds && b.view.alpha == 1)
        #expect(slide.finishedFlags == [false])
        #expect(slide.ended == [false])
        #expect(dismissed == 0)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(!b.isBeingDismissed)
        #expect(a.view.window == nil)
        #expect(
            log.take() == [
                "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
                "B.viewWillAppear(true)", "B.viewDidAppear(true)",
            ])
        // The container's time runs again: a later animation in B plays at normal speed.
        View.animate(withDuration: 1, options: .curveLinear) { b.view.alpha = 0 }
        #expect(isClose(b.view.layer.presentation(at: 3.8).opacity, 0.5, 1e-9))
    }

    @Test func finishRunsTheRestAtCompletionSpeedAndCompletesOnce() {
        let (window, a, b, slide, log) = makeInteractiveStage()
        var dismissed = 0
        b.dismiss(animated: true) { dismissed += 1 }
        slide.interaction.update(0.5)
        slide.interaction.completionSpeed = 2
        slide.interaction.finish()
        slide.interaction.cancel()
        b.dismiss(animated: true) { dismissed += 10 }
        // The rest: 0.5 × 0.4 s / 2 = 0.1 s, ease in and out.
        window.advance(to: 1.05)
        let p = TimingFunction.easeInEaseOut.solve(0.5)
        #expect(isClose(shownFrame(b.view, at: 1.05).minY, 667 * (0.5 + 0.5 * p), 1e-9))
        #expect(dismissed == 0)
        window.advance(to: 1.1)
        window.advance(to: 1.2)
        #expect(dismissed == 1)
        #expect(slide.finishedFlags == [true])
        #expect(slide.ended == [true])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === a.view)
        #expect(log.take() == ["B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)"])
    }

    @Test func cancelledThenDismissedAgainAndFinished() {
        let (window, a, b, slide, _) = makeInteractiveStage()
        var dismissed = 0
        b.dismiss(animated: true) { dismissed += 1 }
        slide.interaction.update(0.3)
        slide.interaction.cancel()
        window.advance(to: 2)
        #expect(a.presentedViewController === b)
        b.dismiss(animated: true) { dismissed += 1 }
        #expect(slide.startedInteractive == [true, true])
        slide.interaction.update(0.8)
        slide.interaction.finish()
        window.advance(to: 2.08)
        window.advance(to: 2.1)
        #expect(dismissed == 1)
        #expect(a.presentedViewController == nil)
    }

    @Test(arguments: [false, true])
    func endingAtAnEndpointCompletesOnTheNextTurn(finishing: Bool) {
        let (window, a, b, slide, _) = makeInteractiveStage()
        b.dismiss(animated: true)
        slide.interaction.update(finishing ? 1 : 0)
        if finishing { slide.interaction.finish() } else { slide.interaction.cancel() }
        window.advance(to: 1)
        window.advance(to: 1.01)
        #expect(slide.ended == [finishing])
        #expect((a.presentedViewController == nil) == finishing)
        #expect(b.view.layer.animationKeys().isEmpty)
    }

    @Test func nonInteractiveDismissalOfTheSameAnimatorRunsInRealTime() {
        let (window, a, b, slide, _) = makeInteractiveStage()
        slide.isInteractive = false
        b.dismiss(animated: true)
        #expect(slide.startedInteractive == [false])
        #expect(isClose(shownFrame(b.view, at: 1.2).minY, 333.5, 1e-9))
        window.advance(to: 1.41)
        #expect(a.presentedViewController == nil)
    }

    @Test func nothingOutlivesAnInteractiveDismissal() {
        let (window, a, _) = makeRootStage()
        let slide = SlideDownDismissal()
        weak var weakB: ViewController?
        do {
            let b = ViewController()
            weakB = b
            b.transitioningDelegate = slide
            a.present(b, animated: false)
            window.advance(to: 1)
            b.dismiss(animated: true)
            slide.interaction.update(0.5)
            slide.interaction.finish()
            window.advance(to: 2)
        }
        #expect(weakB == nil)
        #expect(a.presentedViewController == nil)
    }
}

/// An interactive presentation: the presented view slides up from below the container,
/// linearly, in 0.4 s, driven by a percent-driven interaction controller.
final class SlideUpPresentation: ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
    let interaction = PercentDrivenInteractiveTransition()

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { self }

    func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { interaction }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.4 }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let ctx = transitionContext
        guard let toView = ctx.view(forKey: .to), let toVC = ctx.viewController(forKey: .to) else {
            ctx.completeTransition(false)
            return
        }
        let final = ctx.finalFrame(for: toVC)
        toView.frame = Rect(x: final.minX, y: final.minY + ctx.containerView.bounds.height, width: final.width, height: final.height)
        ctx.containerView.addSubview(toView)
        View.animate(
            withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { toView.frame = final },
            completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
    }
}

@Suite struct InteractivePresentationTests {
    @Test func cancelledPresentationLeavesNothingPresentedAndCanBeRetried() {
        let (window, a, log) = makeRootStage()
        let slide = SlideUpPresentation()
        let b = LoggingViewController("B", log: log)
        b.transitioningDelegate = slide
        var presented = 0
        a.present(b, animated: true) { presented += 1 }
        slide.interaction.update(0.5)
        #expect(isClose(shownFrame(b.view, at: 0).minY, 333.5, 1e-9))
        slide.interaction.cancel()
        window.advance(to: 0.1)
        window.advance(to: 0.2)
        window.advance(to: 0.3)
        #expect(presented == 0)
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && b.presentationController == nil)
        #expect(b.view.superview == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === a.view)
        #expect(
            log.take() == [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            ])

        a.present(b, animated: true) { presented += 1 }
        slide.interaction.update(0.5)
        slide.interaction.finish()
        window.advance(to: 0.4)
        window.advance(to: 0.6)
        #expect(presented == 1)
        #expect(a.presentedViewController === b)
        #expect(shownFrame(b.view, at: 0.6) == window.bounds)
        #expect(a.view.window == nil)
    }
}
