import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

/// A window of 375 × 667 points with one 100 × 60 view whose frame starts at (20, 40).
func makeStage() -> (Window, View) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
    window.addSubview(card)
    window.advance(to: 0)
    return (window, card)
}

@Suite struct ViewAnimationBlockTests {
    @Test func viewLayersDoNotAnimateOutsideBlocks() {
        let (window, card) = makeStage()
        card.center = Point(x: 200, y: 300)
        card.alpha = 0.5
        #expect(card.layer.animationKeys().isEmpty)
        #expect(card.layer.presentation(at: window.currentTime).position == Point(x: 200, y: 300))
    }

    @Test func standaloneLayersStillAnimateImplicitly() {
        let (window, card) = makeStage()
        let sub = Layer()
        try? card.layer.addSublayer(sub)
        sub.opacity = 0
        #expect(sub.animationKeys() == ["opacity"])
        _ = window
    }

    @Test func blockAnimatesWithTheEaseInEaseOutCurve() {
        let (window, card) = makeStage()
        View.animate(withDuration: 2) { card.center = Point(x: 270, y: 470) }
        // The model holds the new value at once.
        #expect(card.center == Point(x: 270, y: 470))
        let p = TimingFunction.easeInEaseOut.solve(0.25)
        let shown = card.layer.presentation(at: 0.5).position
        #expect(isClose(shown, Point(x: 70 + 200 * p, y: 70 + 400 * p), 1e-9))
        #expect(card.layer.presentation(at: 2).position == Point(x: 270, y: 470))
        _ = window
    }

    @Test func secondBlockAddsOnTopWithoutAJump() {
        let (window, card) = makeStage()
        View.animate(withDuration: 1, options: .curveLinear) { card.center = Point(x: 170, y: 70) }
        window.advance(to: 0.5)
        let before = card.layer.presentation(at: 0.5).position
        View.animate(withDuration: 1, options: .curveLinear) { card.center = Point(x: 170, y: 370) }
        #expect(card.layer.animationKeys() == ["position", "position-1"])
        let after = card.layer.presentation(at: 0.5).position
        #expect(isClose(before, after, 1e-9))
        #expect(isClose(after, Point(x: 120, y: 70), 1e-9))
        // At 1 s the first animation is over; the second is halfway: 370 − 300·0.5.
        #expect(isClose(card.layer.presentation(at: 1).position, Point(x: 170, y: 220), 1e-9))
    }

    @Test func completionRunsOnALaterTurnWithFinished() {
        let (window, card) = makeStage()
        var log: [String] = []
        View.animate(withDuration: 0.5, animations: { card.alpha = 0 }, completion: { log.append("done \($0)") })
        #expect(log.isEmpty)
        window.advance(to: 0.25)
        #expect(log.isEmpty)
        window.advance(to: 0.5)
        #expect(log == ["done true"])
    }

    @Test func removedAnimationCompletesUnfinished() {
        let (window, card) = makeStage()
        var result: Bool?
        View.animate(withDuration: 0.5, animations: { card.alpha = 0 }, completion: { result = $0 })
        window.advance(to: 0.1)
        card.layer.removeAllAnimations()
        window.advance(to: 0.2)
        #expect(result == false)
    }

    @Test func zeroDurationChangesAtOnceAndCompletes() {
        let (window, card) = makeStage()
        var result: Bool?
        View.animate(withDuration: 0, animations: { card.alpha = 0.3 }, completion: { result = $0 })
        #expect(card.layer.animationKeys().isEmpty)
        window.advance(to: 0.01)
        #expect(result == true)
    }

    @Test func springBlockFollowsTheUIKitMapping() {
        // U02: damping ratio 0.5, 0.5 s, velocity 0: progress at D/4 is 1.144223.
        let (window, card) = makeStage()
        View.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
            animations: {
                card.center = Point(x: 270, y: 70)
            })
        let x = card.layer.presentation(at: 0.125).position.x
        #expect(isClose(x, 70 + 200 * 1.144223, 1e-4))
        _ = window
    }

    @Test func delayShowsTheOldValue() {
        let (window, card) = makeStage()
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { card.alpha = 0 })
        #expect(card.layer.presentation(at: 0.25).opacity == 1)
        #expect(isClose(card.layer.presentation(at: 1).opacity, 0.5, 1e-9))
        _ = window
    }

    @Test func boundsAnimateAsOriginAndSize() {
        let (window, card) = makeStage()
        View.animate(withDuration: 1) { card.bounds.size = Size(width: 200, height: 90) }
        #expect(card.layer.animationKeys() == ["bounds.size"])
        _ = window
    }

    @Test func nestedBlockInheritsDurationUnlessOverridden() {
        let (window, card) = makeStage()
        View.animate(withDuration: 2, options: .curveLinear) {
            View.animate(withDuration: 0.1) { card.alpha = 0 }
            View.animate(withDuration: 0.5, options: [.overrideInheritedDuration]) { card.center.x = 370 }
        }
        #expect(card.layer.animation(forKey: "opacity")?.timing.duration == 2)
        #expect(card.layer.animation(forKey: "opacity")?.timingFunction == .linear)
        #expect(card.layer.animation(forKey: "position")?.timing.duration == 0.5)
        _ = window
    }

    @Test func performWithoutAnimationInsideABlock() {
        let (window, card) = makeStage()
        View.animate(withDuration: 1) {
            View.performWithoutAnimation { card.alpha = 0.2 }
            card.center.y = 500
        }
        #expect(card.layer.animationKeys() == ["position"])
        _ = window
    }

    @Test func keyframesHoldBetweenFrames() {
        let (window, card) = makeStage()
        View.animateKeyframes(withDuration: 1, options: KeyframeAnimationOptions(rawValue: ViewAnimationOptions.curveLinear.rawValue)) {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { card.center.x = 170 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { card.center.x = 370 }
        }
        #expect(isClose(card.layer.presentation(at: 0.125).position.x, 120, 1e-9))
        #expect(isClose(card.layer.presentation(at: 0.4).position.x, 170, 1e-9))
        #expect(isClose(card.layer.presentation(at: 0.75).position.x, 270, 1e-9))
        #expect(card.center.x == 370)
        _ = window
    }

    @Test func animatingViewsAreNotHitUnlessAllowed() {
        let (window, card) = makeStage()
        View.animate(withDuration: 1) { card.alpha = 0.5 }
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === window)
        window.advance(to: 1)
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === card)
        View.animate(withDuration: 1, options: .allowUserInteraction) { card.alpha = 1 }
        #expect(window.hitTest(Point(x: 30, y: 50), with: nil) === card)
    }
}
