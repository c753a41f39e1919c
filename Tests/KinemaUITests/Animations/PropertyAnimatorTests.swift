import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

// The card of `makeStage()` has its center at (70, 70); the animators below move it to
// (270, 470): 200 pt across, 400 pt down, so swapped axes fail.
let startCenter = Point(x: 70, y: 70)
let endCenter = Point(x: 270, y: 470)

/// The card's presented center at media time `t`.
func shownCenter(_ view: View, _ t: Double) -> Point {
    view.layer.presentation(at: t).position
}

@Suite struct PropertyAnimatorStateTests {
    @Test func blocksRunOnlyWhenTheAnimatorStarts() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        #expect(card.center == startCenter)
        animator.startAnimation()
        #expect(animator.state == .active)
        #expect(animator.isRunning)
        #expect(card.center == endCenter)
        #expect(isClose(shownCenter(card, 0.25), Point(x: 120, y: 170), 1e-9))
        _ = window
    }

    @Test func walksThroughActivePausedStoppedInactive() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.2)
        animator.pauseAnimation()
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        animator.startAnimation()
        #expect(animator.isRunning)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(!animator.isRunning)
        animator.finishAnimation(at: .end)
        #expect(animator.state == .inactive)
    }

    @Test func runsToTheEndAndBecomesInactiveOnThatTurn() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeOut) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.999)
        #expect(animator.state == .active)
        window.advance(to: 1)
        #expect(animator.state == .inactive)
        #expect(card.layer.animationKeys().isEmpty)
        #expect(shownCenter(card, 1) == endCenter)
    }

    @Test func pausingAnInactiveAnimatorHoldsTheStartValues() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.pauseAnimation()
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(animator.fractionComplete == 0)
        #expect(card.center == endCenter)
        window.advance(to: 5)
        #expect(isClose(shownCenter(card, 5), startCenter, 1e-9))
    }

    @Test func settingTheFractionOfAnInactiveAnimatorPausesItThere() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.fractionComplete = 0.25
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(animator.fractionComplete == 0.25)
        #expect(isClose(shownCenter(card, 0), Point(x: 120, y: 170), 1e-9))
        _ = window
    }

    @Test func stoppedAnimatorCannotStartAndOnlyItCanFinish() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        animator.finishAnimation(at: .end)  // not stopped: ignored
        #expect(animator.state == .active)
        window.advance(to: 0.5)
        animator.stopAnimation(false)
        animator.startAnimation()  // UIKit raises; ignored
        #expect(animator.state == .stopped)
        window.advance(to: 2)
        #expect(positions.isEmpty)
        animator.finishAnimation(at: .current)
        #expect(positions == [.current])
        #expect(animator.state == .inactive)
    }

    @Test func nonInterruptibleAnimatorRunsThrough() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.isInterruptible = false
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.isReversed = true
        animator.stopAnimation(true)
        animator.fractionComplete = 0.1
        #expect(animator.isRunning)
        #expect(!animator.isReversed)
        #expect(isClose(shownCenter(card, 0.75), Point(x: 220, y: 370), 1e-9))
    }

    @Test func configurationIsLockedWhileActive() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        animator.isInterruptible = false
        animator.isUserInteractionEnabled = false
        #expect(animator.isInterruptible)
        #expect(animator.isUserInteractionEnabled)
        _ = window
    }

    @Test func startingAfterADelayShowsTheOldValuesMeanwhile() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation(afterDelay: 0.5)
        #expect(animator.delay == 0.5)
        window.advance(to: 0.25)
        #expect(animator.fractionComplete == 0)
        #expect(isClose(shownCenter(card, 0.25), startCenter, 1e-9))
        #expect(isClose(shownCenter(card, 1), Point(x: 170, y: 270), 1e-9))
        window.advance(to: 1)
        #expect(isClose(animator.fractionComplete, 0.5, 1e-12))
    }

    @Test func startAfterDelayIsOnlyForInactiveAnimators() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.pauseAnimation()
        animator.startAnimation(afterDelay: 0.5)
        #expect(!animator.isRunning)
        #expect(animator.delay == 0)
        _ = window
    }

    @Test func interactionIsBlockedOnlyWhenAskedAndOnlyWhileActive() {
        let (window, card) = makeStage()
        let free = ViewPropertyAnimator(duration: 1, curve: .linear) { card.alpha = 0.5 }
        free.startAnimation()
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === card)
        window.advance(to: 1)
        let blocking = ViewPropertyAnimator(duration: 1, curve: .linear) { card.alpha = 1 }
        blocking.isUserInteractionEnabled = false
        blocking.startAnimation()
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === window)
        window.advance(to: 2)
        #expect(blocking.state == .inactive)
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === card)
    }

    @Test func runningPropertyAnimatorStartsAtOnceWithTheOptionsCurve() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0, options: .curveEaseIn, animations: { card.center = endCenter },
            completion: { positions.append($0) })
        #expect(animator.isRunning)
        #expect(!animator.isUserInteractionEnabled)
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === window)
        let p = TimingFunction.easeIn.evaluate(0.5)
        #expect(isClose(shownCenter(card, 0.5), Point(x: 70 + 200 * p, y: 70 + 400 * p), 1e-9))
        window.advance(to: 1)
        #expect(positions == [.end])
    }

    @Test func animatorWithoutAWindowWaitsForOne() {
        let loose = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { loose.center = Point(x: 50, y: 80) }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        #expect(animator.state == .active)
        #expect(animator.isRunning)
        #expect(positions.isEmpty)
        #expect(loose.center == Point(x: 50, y: 80))
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.advance(to: 2)
        window.addSubview(loose)
        #expect(isClose(shownCenter(loose, 2.5), Point(x: 27.5, y: 42.5), 1e-9))
        window.advance(to: 3)
        #expect(positions == [.end])
        #expect(animator.state == .inactive)
    }

    @Test func animatorWithNothingToAnimateAndNoWindowFinishesAtOnce() {
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) {}
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        #expect(animator.state == .inactive)
        #expect(positions == [.end])
    }

    @Test(arguments: [Double.nan, -1, .infinity])
    func invalidDurationChangesAtOnceAndFinishesOnTheNextTurn(duration: Double) {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: duration, curve: .linear) { card.center = endCenter }
        #expect(animator.duration == 0)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        #expect(shownCenter(card, 0) == endCenter)
        #expect(positions.isEmpty)
        window.advance(to: 0.01)
        #expect(positions == [.end])
    }
}

@Suite struct PropertyAnimatorScrubbingTests {
    @Test func runningFractionIsLinearInTimeWhateverTheCurve() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 2, curve: .easeInOut) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.6)
        #expect(isClose(animator.fractionComplete, 0.3, 1e-12))
        let p = TimingFunction.easeInEaseOut.evaluate(0.3)
        #expect(isClose(shownCenter(card, 0.6), Point(x: 70 + 200 * p, y: 70 + 400 * p), 1e-9))
    }

    @Test func scrubbingIsLinearByDefault() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeIn) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        #expect(animator.fractionComplete == 0.25)
        #expect(isClose(shownCenter(card, 0.5), Point(x: 120, y: 170), 1e-9))
        window.advance(to: 3)
        #expect(isClose(shownCenter(card, 3), Point(x: 120, y: 170), 1e-9))
    }

    @Test func scrubbingFollowsTheCurveWhenNotLinear() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeIn) { card.center = endCenter }
        animator.scrubsLinearly = false
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        let p = TimingFunction.easeIn.evaluate(0.25)
        #expect(p < 0.2)
        #expect(isClose(shownCenter(card, 0), Point(x: 70 + 200 * p, y: 70 + 400 * p), 1e-9))
        _ = window
    }

    @Test func scrubbingIsIgnoredWhileRunningAndClampedOutsideTheUnitRange() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.fractionComplete = 0.9
        #expect(isClose(animator.fractionComplete, 0.5, 1e-12))
        animator.pauseAnimation()
        animator.fractionComplete = .nan
        #expect(isClose(animator.fractionComplete, 0.5, 1e-12))
        animator.fractionComplete = 7
        #expect(animator.fractionComplete == 1)
        #expect(isClose(shownCenter(card, 0.5), endCenter, 1e-9))
        animator.fractionComplete = -3
        #expect(animator.fractionComplete == 0)
        #expect(isClose(shownCenter(card, 0.5), startCenter, 1e-9))
    }

    @Test func resumingAfterAScrubRunsTheRestOfTheDurationWithoutAJump() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 2, curve: .easeInOut) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        window.advance(to: 1)
        let held = shownCenter(card, 1)
        animator.startAnimation()
        #expect(isClose(shownCenter(card, 1), held, 1e-9))
        // Half of the 2 s left: ends at 2 s.
        window.advance(to: 1.999)
        #expect(animator.state == .active)
        window.advance(to: 2)
        #expect(animator.state == .inactive)
    }
}

@Suite struct PropertyAnimatorEndingTests {
    struct FinishCase: CustomTestStringConvertible, Sendable {
        let position: ViewAnimatingPosition
        let center: Point
        let alpha: Double
        var testDescription: String { "\(position)" }
    }

    // Stopped at 0.5 s of a 1 s linear animator: the current values are halfway.
    nonisolated static let finishCases = [
        FinishCase(position: .start, center: startCenter, alpha: 1),
        FinishCase(position: .end, center: endCenter, alpha: 0.2),
        FinishCase(position: .current, center: Point(x: 170, y: 270), alpha: 0.6),
    ]

    @Test(arguments: finishCases)
    func finishSetsTheModelForThePosition(_ c: FinishCase) {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) {
            card.center = endCenter
            card.alpha = 0.2
        }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.stopAnimation(false)
        animator.finishAnimation(at: c.position)
        #expect(positions == [c.position])
        #expect(isClose(card.center, c.center, 1e-9))
        #expect(isClose(card.alpha, c.alpha, 1e-9))
        #expect(card.layer.animationKeys().isEmpty)
        window.advance(to: 0.6)
        #expect(isClose(shownCenter(card, 0.6), c.center, 1e-9))
        #expect(positions.count == 1)
    }

    @Test func stopWithoutFinishingKeepsTheShownValuesAndDropsCompletions() {
        let (window, card) = makeStage()
        var calls = 0
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.addCompletion { _ in calls += 1 }
        animator.startAnimation()
        window.advance(to: 0.25)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(isClose(card.center, Point(x: 120, y: 170), 1e-9))
        #expect(card.layer.animationKeys().isEmpty)
        window.advance(to: 2)
        #expect(calls == 0)
        #expect(isClose(shownCenter(card, 2), Point(x: 120, y: 170), 1e-9))
    }

    @Test func stopFinishingWaitsForFinishAnimation() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.75)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(isClose(animator.fractionComplete, 0.75, 1e-12))
        #expect(isClose(card.center, Point(x: 220, y: 370), 1e-9))
        window.advance(to: 3)
        #expect(positions.isEmpty)
        animator.finishAnimation(at: .end)
        #expect(positions == [.end])
    }

    @Test func completionRunsExactlyOnceOnTheTurnAtTheEnd() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 0.8) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.addCompletion { _ in positions.append(.current) }
        animator.startAnimation()
        window.advance(to: 0.99)
        #expect(positions.isEmpty)
        window.advance(to: 1)
        #expect(positions == [.end, .current])
        window.advance(to: 2)
        window.advance(to: 3)
        #expect(positions == [.end, .current])
    }

    @Test func reversedAnimatorCompletesAtTheStartAndRestoresTheModel() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) {
            card.center = endCenter
            card.bounds.size = Size(width: 180, height: 90)
        }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.4)
        animator.isReversed = true
        window.advance(to: 0.79)
        #expect(positions.isEmpty)
        window.advance(to: 0.8)
        #expect(positions == [.start])
        #expect(card.center == startCenter)
        #expect(card.bounds.size == Size(width: 100, height: 60))
        #expect(!animator.isReversed)
    }

    @Test func pausesOnCompletionStaysActiveAndCanRunBack() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 1)
        window.advance(to: 1.5)
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(animator.fractionComplete == 1)
        #expect(positions.isEmpty)
        #expect(isClose(shownCenter(card, 1.5), endCenter, 1e-9))
        animator.isReversed = true
        animator.startAnimation()
        #expect(isClose(shownCenter(card, 2), Point(x: 170, y: 270), 1e-9))
        window.advance(to: 2.5)
        #expect(animator.fractionComplete == 0)
        #expect(isClose(shownCenter(card, 2.5), startCenter, 1e-9))
        #expect(positions.isEmpty)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start])
        #expect(card.center == startCenter)
    }
}

@Suite struct PropertyAnimatorAddAnimationsTests {
    @Test func blockAddedWhileRunningRunsForTheRemainingTime() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.addAnimations { card.alpha = 0 }
        #expect(card.alpha == 0)
        #expect(isClose(card.layer.presentation(at: 0.5).opacity, 1, 1e-12))
        #expect(isClose(card.layer.presentation(at: 0.75).opacity, 0.5, 1e-9))
        #expect(isClose(card.layer.presentation(at: 1).opacity, 0, 1e-9))
        window.advance(to: 1)
        #expect(animator.state == .inactive)
    }

    @Test func delayFactorWhileRunningIsAFractionOfTheRemainingTime() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.addAnimations({ card.alpha = 0 }, delayFactor: 0.5)
        #expect(isClose(card.layer.presentation(at: 0.7).opacity, 1, 1e-12))
        #expect(isClose(card.layer.presentation(at: 0.875).opacity, 0.5, 1e-9))
    }

    @Test func delayFactorBeforeTheStartIsAFractionOfTheDuration() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 2, curve: .linear)
        animator.addAnimations({ card.center = endCenter }, delayFactor: 0.5)
        animator.startAnimation()
        #expect(isClose(shownCenter(card, 0.9), startCenter, 1e-12))
        #expect(isClose(shownCenter(card, 1.5), Point(x: 170, y: 270), 1e-9))
        // Scrubbing maps the animator fraction onto the block's own part of the run.
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.fractionComplete = 0.75
        #expect(isClose(shownCenter(card, 0.5), Point(x: 170, y: 270), 1e-9))
    }

    @Test func changingAPropertyTwiceInABlockMakesOneMotion() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) {
            card.center = Point(x: 0, y: 0)
            card.center = endCenter
        }
        animator.startAnimation()
        #expect(card.layer.animationKeys() == ["position"])
        #expect(isClose(shownCenter(card, 0.5), Point(x: 170, y: 270), 1e-9))
        _ = window
    }

    @Test func blocksAddedOnAStoppedAnimatorAreIgnored() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        animator.stopAnimation(false)
        animator.addAnimations { card.alpha = 0 }
        #expect(card.alpha == 1)
        _ = window
    }
}
