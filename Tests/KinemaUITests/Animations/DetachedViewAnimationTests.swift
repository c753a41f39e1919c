import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// One way to animate a view's centre from (70, 70) to (270, 470): each of UIKit's view
/// animation APIs, with a completion that logs what it was told.
struct DetachedAnimationCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// Seconds until every animation of the case has ended (delay included).
    let end: Double
    let run: @Sendable (View, @escaping @Sendable (String) -> Void) -> Void
    var testDescription: String { name }

    static let target = Point(x: 270, y: 470)

    static let all: [DetachedAnimationCase] = [
        DetachedAnimationCase(name: "animate(withDuration:)", end: 0.5) { view, log in
            View.animate(withDuration: 0.5, animations: { view.center = target }, completion: { log("done \($0)") })
        },
        DetachedAnimationCase(name: "animate(withDuration:delay:options:)", end: 0.8) { view, log in
            View.animate(
                withDuration: 0.5, delay: 0.3, options: .curveLinear, animations: { view.center = target },
                completion: { log("done \($0)") })
        },
        DetachedAnimationCase(name: "usingSpringWithDamping", end: 0.7) { view, log in
            View.animate(
                withDuration: 0.7, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 1, animations: { view.center = target },
                completion: { log("done \($0)") })
        },
        DetachedAnimationCase(name: "springDuration:bounce:", end: 1.2) { view, log in
            View.animate(springDuration: 0.4, bounce: 0.3, animations: { view.center = target }, completion: { log("done \($0)") })
        },
        DetachedAnimationCase(name: "animateKeyframes", end: 0.6) { view, log in
            View.animateKeyframes(
                withDuration: 0.6, delay: 0,
                animations: {
                    View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center = Point(x: 270, y: 70) }
                    View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center = target }
                }, completion: { log("done \($0)") })
        },
        DetachedAnimationCase(name: "ViewPropertyAnimator", end: 0.5) { view, log in
            let animator = ViewPropertyAnimator(duration: 0.5, curve: .easeOut) { view.center = target }
            animator.addCompletion { log("done \($0 == .end)") }
            animator.startAnimation()
        },
        DetachedAnimationCase(name: "ViewPropertyAnimator after a delay", end: 0.75) { view, log in
            let animator = ViewPropertyAnimator(duration: 0.5, dampingRatio: 0.6) { view.center = target }
            animator.addCompletion { log("done \($0 == .end)") }
            animator.startAnimation(afterDelay: 0.25)
        },
    ]
}

/// Collects completion messages (tests run the closures on their own task).
final class MessageLog: @unchecked Sendable {
    var messages: [String] = []
}

@Suite struct DetachedViewAnimationTests {
    /// The detached view, animated at 1 s and attached at 2 s, shows in every 120 Hz frame what
    /// the same animation shows on a view that was attached at 2 s and animated then: it starts
    /// when it is attached, and its completion runs when it ends (on the same turn as the
    /// reference's), not at once.
    @Test(arguments: DetachedAnimationCase.all)
    func animationsOnAViewNotInAWindowStartWhenItIsAttached(_ c: DetachedAnimationCase) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.advance(to: 1)
        let container = View(frame: window.bounds)  // not in the window yet
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        container.addSubview(card)
        let log = MessageLog()
        c.run(card) { log.messages.append($0) }
        #expect(card.center == DetachedAnimationCase.target, "the model holds the new value at once")
        #expect(log.messages.isEmpty, "the completion must wait for the animation")
        window.advance(to: 1.5)
        window.advance(to: 2)
        #expect(log.messages.isEmpty, "nothing runs while the view is not in a window")

        let reference = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        window.addSubview(reference)
        let referenceLog = MessageLog()
        c.run(reference) { referenceLog.messages.append($0) }
        window.addSubview(container)

        var moved = false
        for t in frames120(from: 2, to: 2 + c.end + 0.1) {
            window.advance(to: t)
            let shown = card.layer.presentation(at: t).position
            #expect(isClose(shown, reference.layer.presentation(at: t).position, 1e-9), "at \(t)")
            if !isClose(shown, DetachedAnimationCase.target, 1) { moved = true }
            #expect(log.messages == referenceLog.messages, "completions at \(t)")
        }
        #expect(moved, "the animation must be seen moving")
        #expect(log.messages == ["done true"])
    }

    @Test func theEaseInEaseOutCurveRunsFromTheMomentOfAttachment() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.advance(to: 3)
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        View.animate(withDuration: 2) { card.center = Point(x: 270, y: 470) }
        window.advance(to: 4)
        window.addSubview(card)  // at 4 s
        let p = TimingFunction.easeInEaseOut.solve(0.25)
        #expect(isClose(card.layer.presentation(at: 4.5).position, Point(x: 70 + 200 * p, y: 70 + 400 * p), 1e-9))
        #expect(card.layer.presentation(at: 6).position == Point(x: 270, y: 470))
    }

    @Test func aDelayCountsFromAttachmentAndTheOldValueShowsMeanwhile() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { card.alpha = 0 })
        window.advance(to: 2)
        window.addSubview(card)
        #expect(isClose(card.layer.presentation(at: 2.25).opacity, 1, 1e-12))
        #expect(isClose(card.layer.presentation(at: 3).opacity, 0.5, 1e-12))
    }

    @Test func aViewNeverAttachedKeepsItsAnimationAndNeverCompletes() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        var finished: Bool?
        View.animate(withDuration: 0.25, animations: { card.alpha = 0 }, completion: { finished = $0 })
        #expect(card.layer.animationKeys() == ["opacity"])
        window.advance(to: 5)
        #expect(finished == nil)
        #expect(card.alpha == 0)
    }

    @Test func removingTheWaitingAnimationCompletesUnfinished() {
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        var finished: Bool?
        View.animate(withDuration: 0.25, animations: { card.alpha = 0 }, completion: { finished = $0 })
        card.layer.removeAllAnimations()
        #expect(finished == false)
    }

    @Test func aWaitingPropertyAnimatorCountsAsRunningAndCanBePaused() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = Point(x: 170, y: 70) }
        animator.startAnimation()
        #expect(animator.state == .active)
        #expect(animator.isRunning)
        animator.pauseAnimation()
        #expect(!animator.isRunning)
        window.addSubview(card)
        window.advance(to: 0.5)
        #expect(!animator.isRunning, "a paused animator stays paused when its view is attached")
        #expect(animator.fractionComplete == 0)
    }

    @Test func outsideABlockADetachedViewStillDoesNotAnimate() {
        let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        card.center = Point(x: 200, y: 300)
        #expect(card.layer.animationKeys().isEmpty)
    }
}
