import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A presentation controller that logs its hooks; optionally removes the presenter's view.
final class LoggingPresentationController: PresentationController {
    let log: EventLog
    let removesPresenter: Bool

    init(presented: ViewController, presenting: ViewController?, log: EventLog, removesPresenter: Bool) {
        self.log = log
        self.removesPresenter = removesPresenter
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var shouldRemovePresentersView: Bool { removesPresenter }
    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        return Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }
    override func presentationTransitionWillBegin() { log.add("pc.presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) { log.add("pc.presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() { log.add("pc.dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log.add("pc.dismissalTransitionDidEnd(\(completed))") }
}

/// A transitioning delegate that only supplies a logging presentation controller.
final class PresentationControllerVendor: ViewControllerTransitioningDelegate {
    let log: EventLog
    let removesPresenter: Bool
    init(log: EventLog, removesPresenter: Bool) {
        self.log = log
        self.removesPresenter = removesPresenter
    }
    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController? {
        LoggingPresentationController(presented: presented, presenting: presenting, log: log, removesPresenter: removesPresenter)
    }
}

/// What a presentation and a dismissal log, per style, animated or not.
struct AppearanceOrderCase: CustomTestStringConvertible, Sendable {
    let style: ModalPresentationStyle
    let animated: Bool

    var testDescription: String { "\(style) \(animated ? "animated" : "not animated")" }

    var removesPresenter: Bool { style == .fullScreen }

    var presentLog: [String] {
        let a = "(\(animated))"
        if removesPresenter {
            return [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear\(a)", "B.viewWillAppear\(a)",
                "B.viewDidAppear\(a)", "A.viewDidDisappear\(a)", "presented",
            ]
        }
        return ["B.loadView", "B.viewDidLoad", "B.viewWillAppear\(a)", "B.viewDidAppear\(a)", "presented"]
    }

    var dismissLog: [String] {
        let a = "(\(animated))"
        if removesPresenter {
            return ["B.viewWillDisappear\(a)", "A.viewWillAppear\(a)", "B.viewDidDisappear\(a)", "A.viewDidAppear\(a)", "dismissed"]
        }
        return ["B.viewWillDisappear\(a)", "B.viewDidDisappear\(a)", "dismissed"]
    }

    static let all: [AppearanceOrderCase] = [ModalPresentationStyle.fullScreen, .overFullScreen, .custom, .popover].flatMap {
        [AppearanceOrderCase(style: $0, animated: true), AppearanceOrderCase(style: $0, animated: false)]
    }
}

@Suite struct PresentationAppearanceTests {
    @Test(arguments: AppearanceOrderCase.all)
    func presentAndDismissCallInUIKitsOrder(_ c: AppearanceOrderCase) {
        let (window, a, log) = makeRootStage()
        let b = LoggingViewController("B", log: log)
        b.modalPresentationStyle = c.style
        // The popover's default entrance is a 0.7 s spring: shorten it to this table's 0.5 s.
        b.popoverPresentationController?.transitionAnimation = PopoverTransitionAnimation(duration: 0.5)
        a.present(b, animated: c.animated) { log.add("presented") }
        #expect(a.presentedViewController === b)
        #expect(b.presentingViewController === a)
        #expect(b.isBeingPresented)
        #expect(b.presentationController?.presentationStyle == c.style)
        // Nothing "did" happens before the transition ends.
        #expect(!log.entries.contains { $0.contains("viewDidAppear") || $0.contains("viewDidDisappear") || $0 == "presented" })
        window.advance(to: 0.25)
        #expect(!log.entries.contains("presented") || !c.animated)
        window.advance(to: 0.5)
        #expect(log.take() == c.presentLog)
        #expect(!b.isBeingPresented)
        #expect(a.view.window === (c.removesPresenter ? nil : window))

        b.dismiss(animated: c.animated) { log.add("dismissed") }
        #expect(b.isBeingDismissed)
        #expect(a.view.window === window)
        window.advance(to: 0.75)
        window.advance(to: 1)
        #expect(log.take() == c.dismissLog)
        #expect(!b.isBeingDismissed)
        #expect(a.presentedViewController == nil)
        #expect(b.presentingViewController == nil)
        #expect(b.presentationController == nil)
        #expect(b.view.superview == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === a.view)
        #expect(a.view.frame == window.bounds)
    }

    @Test(arguments: [false, true])
    func customPresentationControllerHooksAndPresenterRemoval(removesPresenter: Bool) {
        let (window, a, log) = makeRootStage()
        let vendor = PresentationControllerVendor(log: log, removesPresenter: removesPresenter)
        let b = LoggingViewController("B", log: log)
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = vendor
        a.present(b, animated: true)
        window.advance(to: 0.5)
        let presentLog =
            removesPresenter
            ? [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                "pc.presentationTransitionWillBegin", "pc.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)",
                "A.viewDidDisappear(true)",
            ]
            : [
                "B.loadView", "B.viewDidLoad", "B.viewWillAppear(true)", "pc.presentationTransitionWillBegin",
                "pc.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)",
            ]
        #expect(log.take() == presentLog)
        #expect(b.presentationController is LoggingPresentationController)
        #expect(b.view.frame == Rect(x: 0, y: 333.5, width: 375, height: 333.5))
        #expect(a.view.window === (removesPresenter ? nil : window))
        b.dismiss(animated: true)
        window.advance(to: 1)
        let dismissLog =
            removesPresenter
            ? [
                "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "pc.dismissalTransitionWillBegin",
                "pc.dismissalTransitionDidEnd(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
            ]
            : [
                "B.viewWillDisappear(true)", "pc.dismissalTransitionWillBegin", "pc.dismissalTransitionDidEnd(true)",
                "B.viewDidDisappear(true)",
            ]
        #expect(log.take() == dismissLog)
        #expect(a.view.window === window)
    }

    @Test func childPresentsFromItsOutermostContainer() {
        let (window, a, log) = makeRootStage()
        let child = LoggingViewController("C", log: log)
        a.addChild(child)
        a.view.addSubview(child.view)
        child.didMove(toParent: a)
        // Kinema does not yet send appearance calls when a child's view joins a visible parent.
        child.beginAppearanceTransition(true, animated: false)
        child.endAppearanceTransition()
        let b = ViewController()
        child.present(b, animated: false)
        #expect(b.presentingViewController === a)
        #expect(a.presentedViewController === b)
        window.advance(to: 0)
        // The child's view went with its parent's, and heard the parent's disappearance.
        #expect(log.take().suffix(2) == ["A.viewDidDisappear(false)", "C.viewDidDisappear(false)"])
        child.dismiss(animated: false)
        window.advance(to: 0.1)
        #expect(a.presentedViewController == nil)
    }
}

@Suite struct PresentationCompletionTests {
    @Test func completionRunsOnceAfterTheTransition() {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        var presented = 0
        var dismissed = 0
        a.present(b, animated: true) { presented += 1 }
        for t in stride(from: 0.1, through: 2, by: 0.1) { window.advance(to: t) }
        #expect(presented == 1)
        b.dismiss(animated: true) { dismissed += 1 }
        for t in stride(from: 2.1, through: 4, by: 0.1) { window.advance(to: t) }
        #expect(dismissed == 1)
        #expect(presented == 1)
    }

    @Test func dismissRequestedTwiceCompletesOnce() {
        // A tap and a swipe both ask for the dismissal: it must complete exactly once.
        let (window, a, log) = makeRootStage()
        let b = LoggingViewController("B", log: log)
        a.present(b, animated: false)
        window.advance(to: 0)
        _ = log.take()
        var completions: [String] = []
        b.dismiss(animated: true) { completions.append("first") }
        window.advance(to: 0.1)
        b.dismiss(animated: true) { completions.append("second") }
        a.dismiss(animated: false) { completions.append("third") }
        window.advance(to: 0.6)
        window.advance(to: 2)
        b.dismiss(animated: true) { completions.append("after") }
        window.advance(to: 3)
        #expect(completions == ["first"])
        #expect(log.take().filter { $0.hasPrefix("B.") } == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
        #expect(a.presentedViewController == nil)
        #expect(window.subviews.count == 1)
    }

    @Test func dismissDuringThePresentationIsIgnored() {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        var presented = 0
        var dismissed = 0
        a.present(b, animated: true) { presented += 1 }
        window.advance(to: 0.2)
        b.dismiss(animated: true) { dismissed += 1 }
        a.dismiss(animated: false) { dismissed += 1 }
        window.advance(to: 1)
        #expect(presented == 1)
        #expect(dismissed == 0)
        #expect(a.presentedViewController === b)
    }

    @Test func presentingWhilePresentingIsRefused() {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        let c = ViewController()
        var calls: [String] = []
        a.present(b, animated: true) { calls.append("b") }
        a.present(c, animated: true) { calls.append("c from a") }
        b.present(c, animated: true) { calls.append("c from b, too early") }
        #expect(c.presentingViewController == nil)
        #expect(!c.isViewLoaded)
        window.advance(to: 0.5)
        #expect(calls == ["b"])
        // Once B is on screen it can present C; A, which already presents B, still cannot.
        a.present(c, animated: false) { calls.append("c from a, again") }
        b.present(c, animated: false) { calls.append("c") }
        window.advance(to: 0.6)
        #expect(calls == ["b", "c"])
        #expect(c.presentingViewController === b)
    }

    @Test func invalidPresentationsAreIgnored() {
        let (window, a, _) = makeRootStage()
        var calls = 0
        a.present(a, animated: false) { calls += 1 }
        let orphan = ViewController()
        orphan.present(ViewController(), animated: false) { calls += 1 }
        let child = ViewController()
        let parent = ViewController()
        parent.addChild(child)
        a.present(child, animated: false) { calls += 1 }
        window.advance(to: 1)
        #expect(calls == 0)
        #expect(a.presentedViewController == nil)
        let b = ViewController()
        a.present(b, animated: false)
        window.advance(to: 1.1)
        b.present(a, animated: false) { calls += 1 }
        window.advance(to: 1.2)
        #expect(calls == 0)
        #expect(b.presentedViewController == nil)
        b.dismiss(animated: false)
        window.advance(to: 1.3)
        ViewController().dismiss(animated: true) { calls += 1 }
        #expect(calls == 0)
    }

    @Test func dismissingAStackRemovesEverythingAbove() {
        let (window, a, log) = makeRootStage()
        let b = LoggingViewController("B", log: log)
        let c = LoggingViewController("C", log: log)
        a.present(b, animated: false)
        window.advance(to: 0)
        b.present(c, animated: false)
        window.advance(to: 0.1)
        #expect(b.view.window == nil)
        _ = log.take()
        var done = 0
        a.dismiss(animated: true) { done += 1 }
        window.advance(to: 1)
        #expect(done == 1)
        #expect(a.presentedViewController == nil && b.presentedViewController == nil)
        #expect(c.presentingViewController == nil && b.presentingViewController == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === a.view)
        let entries = log.take()
        #expect(entries.first == "C.viewWillDisappear(false)")
        #expect(entries.contains("A.viewDidAppear(true)"))
    }
}

@Suite struct PresentationAnimationTests {
    /// Cover vertical: the presented view slides from below the window to (0, 0) in 0.5 s on the
    /// ease-in-ease-out curve, and back down on dismissal.
    @Test(arguments: [0.0, 0.1, 0.25, 0.4, 0.5])
    func coverVerticalFrames(t: Double) {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        a.present(b, animated: true)
        #expect(b.view.frame == window.bounds)
        window.advance(to: t)
        let p = TimingFunction.easeInEaseOut.solve(t / 0.5)
        #expect(isClose(shownFrame(b.view, at: t), Rect(x: 0, y: 667 * (1 - p), width: 375, height: 667), 1e-9))

        window.advance(to: 1)
        b.dismiss(animated: true)
        window.advance(to: 1 + t)
        #expect(isClose(shownFrame(b.view, at: 1 + t), Rect(x: 0, y: 667 * p, width: 375, height: 667), 1e-9))
    }

    @Test func crossDissolveFadesAndRestoresAlpha() {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        b.modalTransitionStyle = .crossDissolve
        a.present(b, animated: true)
        #expect(b.view.alpha == 1)
        #expect(b.view.layer.presentation(at: 0).opacity == 0)
        #expect(isClose(b.view.layer.presentation(at: 0.25).opacity, 0.5, 1e-6))
        #expect(shownFrame(b.view, at: 0.25) == window.bounds)
        window.advance(to: 1)
        b.dismiss(animated: true)
        #expect(isClose(b.view.layer.presentation(at: 1.25).opacity, 0.5, 1e-6))
        window.advance(to: 1.5)
        window.advance(to: 1.6)
        #expect(b.presentingViewController == nil)
        #expect(b.view.alpha == 1)
    }

    @Test func nonAnimatedPresentationPlacesTheViewAtOnce() {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        var done = false
        a.present(b, animated: false) { done = true }
        #expect(b.view.superview != nil)
        #expect(b.view.layer.animationKeys().isEmpty)
        #expect(shownFrame(b.view, at: 0) == window.bounds)
        #expect(!done)
        window.advance(to: 0)
        #expect(done)
    }

    @Test func presentedViewFollowsTheWindowSize() {
        let (window, a, _) = makeRootStage()
        let b = ViewController()
        b.modalPresentationStyle = .overFullScreen
        a.present(b, animated: false)
        window.advance(to: 0)
        window.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        window.advance(to: 0.1)
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 667, height: 375))
    }
}

/// An animator that records what its context reports and completes at once on the next turn.
final class RecordingAnimator: ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
    var records: [String: String] = [:]
    var ended: [Bool] = []
    var isPresenting = true

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        isPresenting = true
        return self
    }
    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        isPresenting = false
        return self
    }
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.3 }
    func animateTransition(using ctx: any ViewControllerContextTransitioning) {
        let phase = isPresenting ? "present" : "dismiss"
        let from = ctx.viewController(forKey: .from)
        let to = ctx.viewController(forKey: .to)
        records["\(phase).fromView"] = ctx.view(forKey: .from) == nil ? "nil" : "view"
        records["\(phase).toView"] = ctx.view(forKey: .to) == nil ? "nil" : "view"
        records["\(phase).from.initial"] = from.map { "\(ctx.initialFrame(for: $0))" } ?? "?"
        records["\(phase).from.final"] = from.map { "\(ctx.finalFrame(for: $0))" } ?? "?"
        records["\(phase).to.initial"] = to.map { "\(ctx.initialFrame(for: $0))" } ?? "?"
        records["\(phase).to.final"] = to.map { "\(ctx.finalFrame(for: $0))" } ?? "?"
        records["\(phase).flags"] = "animated \(ctx.isAnimated) interactive \(ctx.isInteractive) style \(ctx.presentationStyle)"
        records["\(phase).container"] = ctx.containerView.window == nil ? "detached" : "in window"
        if isPresenting, let toView = ctx.view(forKey: .to), let to {
            toView.frame = ctx.finalFrame(for: to)
            ctx.containerView.addSubview(toView)
        }
        ctx.containerView.layer.layerContext?.schedule {
            ctx.completeTransition(true)
            ctx.completeTransition(false)
        }
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

@Suite struct TransitionContextTests {
    @Test(arguments: [ModalPresentationStyle.fullScreen, .overFullScreen])
    func contextReportsUIKitsViewsAndFrames(style: ModalPresentationStyle) {
        let (window, a, _) = makeRootStage()
        let animator = RecordingAnimator()
        let b = ViewController()
        b.modalPresentationStyle = style
        b.transitioningDelegate = animator
        a.present(b, animated: true)
        window.advance(to: 0.1)
        b.dismiss(animated: true)
        window.advance(to: 0.2)
        let full = "\(window.bounds)"
        let presenterView = style == .fullScreen ? "view" : "nil"
        #expect(
            animator.records == [
                "present.fromView": presenterView, "present.toView": "view",
                "present.from.initial": full, "present.from.final": full,
                "present.to.initial": "\(Rect.zero)", "present.to.final": full,
                "present.flags": "animated true interactive false style \(style)", "present.container": "in window",
                "dismiss.fromView": "view", "dismiss.toView": presenterView,
                "dismiss.from.initial": full, "dismiss.from.final": "\(Rect.zero)",
                "dismiss.to.initial": full, "dismiss.to.final": full,
                "dismiss.flags": "animated true interactive false style \(style)", "dismiss.container": "in window",
            ])
        #expect(animator.ended == [true, true])
        #expect(a.presentedViewController == nil)
    }

    @Test func delegateIsHeldWeakly() {
        let (_, a, _) = makeRootStage()
        let b = ViewController()
        weak var weakDelegate: RecordingAnimator?
        do {
            let animator = RecordingAnimator()
            weakDelegate = animator
            b.transitioningDelegate = animator
        }
        #expect(weakDelegate == nil)
        #expect(b.transitioningDelegate == nil)
        _ = a
    }

    @Test func nothingOutlivesADismissal() {
        let (window, a, _) = makeRootStage()
        weak var weakB: ViewController?
        weak var weakPC: PresentationController?
        weak var weakView: View?
        do {
            let b = ViewController()
            weakB = b
            a.present(b, animated: true)
            weakPC = b.presentationController
            weakView = b.view
            window.advance(to: 0.5)
            b.dismiss(animated: true)
            window.advance(to: 1)
        }
        #expect(weakB == nil)
        #expect(weakPC == nil)
        #expect(weakView == nil)
        #expect(window.subviews.count == 1)
    }
}
