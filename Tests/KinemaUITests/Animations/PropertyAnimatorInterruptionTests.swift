import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

/// The presented velocity of the card's center, points per second, by a central difference
/// around `t` (use it before an interruption at `t`: it reads the motion on both sides).
func centralVelocity(_ view: View, _ t: Double, h: Double = 1e-5) -> Vector {
    Vector(from: shownCenter(view, t - h), to: shownCenter(view, t + h)) * (1 / (2 * h))
}

/// The presented velocity just after `t`, by a forward difference over `h` seconds (use it
/// after an interruption at `t`).
func forwardVelocity(_ view: View, _ t: Double, h: Double = 1e-5) -> Vector {
    Vector(from: shownCenter(view, t), to: shownCenter(view, t + h)) * (1 / h)
}

/// Whether `a` is within `fraction` of `b`'s length of `b`.
func isRelativelyClose(_ a: Vector, _ b: Vector, _ fraction: Double) -> Bool {
    Vector(dx: a.dx - b.dx, dy: a.dy - b.dy).length <= fraction * b.length
}

@Suite struct PropertyAnimatorInterruptionTests {
    @Test func reversingACurveRetracesItWithoutAJump() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        // An asymmetric curve, so that running it backwards differs from running it again.
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeIn) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.3)
        let before = shownCenter(card, 0.3)
        let velocityBefore = centralVelocity(card, 0.3)
        let forwardAt015 = shownCenter(card, 0.15)
        #expect(velocityBefore.dx > 50 && velocityBefore.dy > 100)
        animator.isReversed = true
        #expect(isClose(shownCenter(card, 0.3), before, 1e-9))
        // The curve runs backwards: the same speed, the other way.
        #expect(isRelativelyClose(forwardVelocity(card, 0.3), velocityBefore * -1, 0.01))
        // Retracing 0.3 s of curve takes 0.3 s; the fraction runs back linearly.
        window.advance(to: 0.45)
        #expect(isClose(animator.fractionComplete, 0.15, 1e-9))
        #expect(isClose(shownCenter(card, 0.45), forwardAt015, 1e-6))
        window.advance(to: 0.6)
        #expect(positions == [.start])
        #expect(card.center == startCenter)
    }

    @Test func reversingASpringKeepsPositionAndVelocity() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.15)
        let before = shownCenter(card, 0.15)
        let velocityBefore = centralVelocity(card, 0.15)
        #expect(velocityBefore.dx > 300 && velocityBefore.dy > 600)
        animator.isReversed = true
        #expect(isClose(shownCenter(card, 0.15), before, 1e-9))
        #expect(isRelativelyClose(forwardVelocity(card, 0.15), velocityBefore, 0.01))
        // It keeps going a little, turns, and settles at the start.
        #expect(shownCenter(card, 0.2).y > before.y)
        #expect(shownCenter(card, 0.5).y < before.y)
        window.advance(to: 1.15)
        #expect(positions == [.start])
        #expect(card.center == startCenter)
        #expect(isClose(shownCenter(card, 1.15), startCenter, 1e-9))
    }

    @Test func reversingTwiceComesBackToTheEnd() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 0.9) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.2)
        animator.isReversed = true
        window.advance(to: 0.3)
        let before = shownCenter(card, 0.3)
        let velocityBefore = centralVelocity(card, 0.3)
        animator.isReversed = false
        #expect(isClose(shownCenter(card, 0.3), before, 1e-9))
        #expect(isRelativelyClose(forwardVelocity(card, 0.3), velocityBefore, 0.01))
        window.advance(to: 1.3)
        #expect(positions == [.end])
        #expect(card.center == endCenter)
    }

    @Test func pausingAndResumingCarriesOnWithTheSameVelocity() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 0.7) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.2)
        let before = shownCenter(card, 0.2)
        let velocityBefore = centralVelocity(card, 0.2)
        animator.pauseAnimation()
        #expect(isClose(animator.fractionComplete, 0.2, 1e-12))
        window.advance(to: 0.7)
        #expect(isClose(shownCenter(card, 0.7), before, 1e-9))
        animator.startAnimation()
        #expect(isClose(shownCenter(card, 0.7), before, 1e-9))
        #expect(isRelativelyClose(forwardVelocity(card, 0.7), velocityBefore, 0.01))
        // The remaining 0.8 s run after the 0.5 s pause.
        window.advance(to: 1.499)
        #expect(animator.state == .active)
        window.advance(to: 1.5)
        #expect(animator.state == .inactive)
    }

    @Test func pauseScrubAndContinueWithASpringVelocityVector() {
        let (window, card) = makeStage()
        var positions: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator(duration: 2, curve: .linear) { card.center = endCenter }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.fractionComplete = 0.4
        let held = shownCenter(card, 0.5)
        #expect(isClose(held, Point(x: 150, y: 230), 1e-9))
        // 120 pt still to go across, 240 down: dx 2 → 240 pt/s towards the target, dy −1 →
        // 240 pt/s away from it.
        let spring = SpringTimingParameters(dampingRatio: 0.9, initialVelocity: Vector(dx: 2, dy: -1))
        animator.continueAnimation(withTimingParameters: spring, durationFactor: 3)
        #expect(animator.isRunning)
        #expect(isClose(shownCenter(card, 0.5), held, 1e-9))
        let measured = forwardVelocity(card, 0.5, h: 0.001)
        #expect(isRelativelyClose(Vector(dx: measured.dx, dy: 0), Vector(dx: 240, dy: 0), 0.02))
        #expect(isRelativelyClose(Vector(dx: 0, dy: measured.dy), Vector(dx: 0, dy: -240), 0.02))
        // durationFactor 3: 3 × 2 s to go, settling at the target.
        window.advance(to: 6.49)
        #expect(positions.isEmpty)
        window.advance(to: 6.5)
        #expect(positions == [.end])
        #expect(isClose(shownCenter(card, 6.5), endCenter, 1e-9))
    }

    @Test func continuingWithAScalarVelocityMovesEveryAxisInProportion() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 2, curve: .linear) {
            card.center = endCenter
            card.alpha = 0
        }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(
            withTimingParameters: SpringTimingParameters(dampingRatio: 1, initialVelocity: Vector(dx: 1.5, dy: 1.5)), durationFactor: 2)
        let v = forwardVelocity(card, 0, h: 1e-6)
        #expect(isRelativelyClose(v, Vector(dx: 150, dy: 300), 0.01))
        let opacityRate = (card.layer.presentation(at: 1e-6).opacity - card.layer.presentation(at: 0).opacity) / 1e-6
        #expect(isClose(opacityRate, -0.75, 0.01))
        _ = window
    }

    @Test func zeroDistanceAxisGetsNoVelocityAndNoNaN() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeOut) { card.center.y = 470 }
        animator.startAnimation()
        window.advance(to: 0.3)
        animator.pauseAnimation()
        let held = shownCenter(card, 0.3)
        // The x distance is 0: its velocity (5 × 0) is dropped, never 5 / 0.
        animator.continueAnimation(
            withTimingParameters: SpringTimingParameters(dampingRatio: 0.6, initialVelocity: Vector(dx: 5, dy: 2)), durationFactor: 0)
        #expect(shownCenter(card, 0.3) == held)
        let vy = forwardVelocity(card, 0.3, h: 1e-6).dy
        #expect(isClose(vy, 2 * (470 - held.y), 0.01 * (470 - held.y)))
        for step in 0...40 {
            let t = 0.3 + Double(step) * 0.025
            let p = shownCenter(card, t)
            #expect(p.x == 70)
            #expect(p.y.isFinite)
        }
        for (_, animation) in card.layer.animations {
            if case .spring(let spring) = animation {
                #expect(spring.fromValue?.isFinite == true)
                #expect(spring.initialVelocity.isFinite)
            }
        }
        window.advance(to: 2)
        #expect(card.center == Point(x: 70, y: 470))
    }

    @Test func reversingAtTheStartOfAnAxisWithVelocityStaysFinite() {
        // The x axis does not move, so its distance to the start is 0 when reversing: velocity
        // there is handed over in absolute units, with nothing to divide.
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 0.4) { card.center.y = 470 }
        animator.startAnimation()
        window.advance(to: 0.1)
        animator.isReversed = true
        for step in 0...20 {
            let p = shownCenter(card, 0.1 + Double(step) * 0.05)
            #expect(p.x == 70)
            #expect(p.y.isFinite)
        }
        window.advance(to: 1.2)
        #expect(card.center == startCenter)
    }

    @Test func transformReversesAlongItsPathWithoutAJump() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 0.8) {
            card.transform = AffineTransform(scaleX: 2, y: 3)
        }
        animator.startAnimation()
        window.advance(to: 0.2)
        let before = card.layer.presentation(at: 0.2).transform
        let rateBefore =
            (card.layer.presentation(at: 0.2 + 1e-5).transform.m11 - card.layer.presentation(at: 0.2 - 1e-5).transform.m11) / 2e-5
        animator.isReversed = true
        let after = card.layer.presentation(at: 0.2).transform
        #expect(isClose(after.m11, before.m11, 1e-9))
        #expect(isClose(after.m22, before.m22, 1e-9))
        let rateAfter = (card.layer.presentation(at: 0.2 + 1e-5).transform.m11 - after.m11) / 1e-5
        #expect(isClose(rateAfter, rateBefore, 0.01 * abs(rateBefore)))
        window.advance(to: 1.2)
        #expect(card.transform == .identity)
    }

    @Test func continuingARunningAnimatorWithNewTimingDoesNotJump() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeIn) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        let before = shownCenter(card, 0.5)
        animator.continueAnimation(withTimingParameters: CubicTimingParameters(animationCurve: .linear), durationFactor: 0.25)
        #expect(animator.isRunning)
        #expect(isClose(shownCenter(card, 0.5), before, 1e-9))
        // A quarter of the original second left, linearly.
        let mid = shownCenter(card, 0.625)
        #expect(isClose(mid, Point(x: (before.x + 270) / 2, y: (before.y + 470) / 2), 1e-9))
        window.advance(to: 0.75)
        #expect(animator.state == .inactive)
    }

    /// Start, reverse, pause, scrub, add a block and continue with a spring, sampling the card.
    static func interruptedRun() -> [Double] {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 0.8, dampingRatio: 0.6) {
            card.center = endCenter
            card.transform = AffineTransform(rotationAngle: 0.7)
        }
        var samples: [Double] = []
        func sample(_ t: Double) {
            window.advance(to: t)
            let state = card.layer.presentation(at: t)
            samples += [state.position.x, state.position.y, state.transform.m11, state.transform.m12, state.opacity]
        }
        animator.startAnimation()
        sample(0.1)
        animator.isReversed = true
        sample(0.25)
        animator.pauseAnimation()
        animator.fractionComplete = 0.6
        animator.addAnimations { card.alpha = 0.3 }
        sample(0.3)
        animator.isReversed = false
        animator.continueAnimation(
            withTimingParameters: SpringTimingParameters(dampingRatio: 0.5, initialVelocity: Vector(dx: -1, dy: 4)), durationFactor: 0.5)
        for step in 1...12 { sample(0.3 + Double(step) / 30) }
        return samples
    }

    @Test func interruptedRunsAreBitForBitRepeatable() {
        let first = Self.interruptedRun()
        let second = Self.interruptedRun()
        #expect(first.allSatisfy { $0.isFinite })
        #expect(first == second)
    }

    @Test func blockAddedWhilePausedWaitsAndThenRunsTheRest() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center = endCenter }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.addAnimations { card.alpha = 0 }
        window.advance(to: 0.8)
        #expect(card.layer.presentation(at: 0.8).opacity == 1)
        animator.startAnimation()
        // Half a second left for both: the centre from halfway, the alpha from 1.
        #expect(isClose(shownCenter(card, 1.05), Point(x: 220, y: 370), 1e-9))
        #expect(isClose(card.layer.presentation(at: 1.05).opacity, 0.5, 1e-9))
        window.advance(to: 1.3)
        #expect(animator.state == .inactive)
        #expect(card.alpha == 0)
    }
}
