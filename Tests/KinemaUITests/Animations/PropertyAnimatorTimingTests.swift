import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

@Suite struct TimingParametersTests {
    @Test(arguments: ViewAnimationCurve.allCases)
    func cubicParametersFromACurveReportItsControlPoints(_ curve: ViewAnimationCurve) {
        let parameters = CubicTimingParameters(animationCurve: curve)
        #expect(parameters.animationCurve == curve)
        #expect(parameters.timingCurveType == .builtin)
        #expect(parameters.timingFunction == curve.timingFunction)
        #expect(parameters.springTimingParameters == nil)
    }

    @Test func defaultCubicParametersAreCoreAnimationsDefaultCurve() {
        #expect(CubicTimingParameters().timingFunction == TimingFunction.default)
    }

    @Test func customControlPointsAreClampedInXAndReplacedWhenNotFinite() {
        let clamped = CubicTimingParameters(controlPoint1: Point(x: -1, y: 0.5), controlPoint2: Point(x: 3, y: 1.4))
        #expect(clamped.timingCurveType == .cubic)
        #expect(clamped.controlPoint1 == Point(x: 0, y: 0.5))
        #expect(clamped.controlPoint2 == Point(x: 1, y: 1.4))
        let repaired = CubicTimingParameters(controlPoint1: Point(x: .nan, y: 0), controlPoint2: Point(x: 0.58, y: 1))
        #expect(repaired.controlPoint1 == Point(x: 0.25, y: 0.1))
        let standard = CubicTimingParameters(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 1, y: 1))
        #expect(standard.animationCurve == .easeIn)
    }

    @Test func defaultSpringIsUIKitsDampingRatio() {
        let spring = SpringTimingParameters()
        #expect(spring.dampingRatio == 4.56)
        #expect(spring.initialVelocity == .zero)
        // Over-damped, and settled to 0.001 of the distance at the animator's duration.
        let (s, runningTime) = spring.makeSpring(duration: 0.8)
        #expect(runningTime == 0.8)
        #expect(isClose(s.dampingRatio, 4.56, 1e-9))
        #expect(isClose(s.displacement(at: 0.8), 0.001, 1e-6))
        #expect(s.value(at: 0.4) < 1)
    }

    @Test func dampingRatioSpringsUseUIKitsDurationMapping() {
        // Row U02 of UIKit's duration mapping (docs/animation-notes.md): ζ 0.5, 0.5 s.
        let (s, runningTime) = SpringTimingParameters(dampingRatio: 0.5).makeSpring(duration: 0.5)
        #expect(runningTime == 0.5)
        #expect(isClose(s.stiffness, 646.878006, 1e-5))
        #expect(isClose(s.damping, 25.433797, 1e-5))
    }

    @Test func physicalSpringsRunForTheirSettlingDuration() {
        // S01: mass 1, stiffness 100, damping 10 settles in 1.4727 s.
        let parameters = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero)
        #expect(isClose(parameters.dampingRatio, 0.5, 1e-12))
        let animator = ViewPropertyAnimator(duration: 0.3, timingParameters: parameters)
        #expect(isClose(animator.duration, 1.4727, 1e-4))
    }

    @Test func perceptualSpringsFollowTheIOS17Mapping() {
        // W01: duration 0.5, bounce 0.3: stiffness 157.91, damping 17.59.
        let (s, _) = SpringTimingParameters(duration: 0.5, bounce: 0.3).makeSpring(duration: 9)
        #expect(isClose(s.stiffness, 157.913670, 1e-5))
        #expect(isClose(s.damping, 17.592919, 1e-5))
        #expect(isClose(SpringTimingParameters(duration: 0.5, bounce: 0.3).dampingRatio, 0.7, 1e-12))
    }

    @Test func invalidSpringInputIsRepaired() {
        let velocity = SpringTimingParameters(dampingRatio: .nan, initialVelocity: Vector(dx: .infinity, dy: 2))
        #expect(velocity.dampingRatio == 1)
        #expect(velocity.initialVelocity == Vector(dx: 0, dy: 2))
        let physical = SpringTimingParameters(mass: -1, stiffness: .nan, damping: -3, initialVelocity: .zero)
        let (s, runningTime) = physical.makeSpring(duration: 1)
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10)
        #expect(runningTime.isFinite && runningTime > 0)
        let undamped = SpringTimingParameters(mass: 1, stiffness: 100, damping: 0, initialVelocity: .zero)
        #expect(isClose(undamped.makeSpring(duration: 1).runningTime, 2 * Double.pi, 1e-9))
    }

    struct ComposedProvider: TimingCurveProvider {
        var timingCurveType: TimingCurveType { .composed }
        var cubicTimingParameters: CubicTimingParameters? { CubicTimingParameters(animationCurve: .linear) }
        var springTimingParameters: SpringTimingParameters? { spring }
        var spring: SpringTimingParameters?
    }

    @Test func composedProvidersUseTheirSpringElseTheirCurve() {
        let (window, card) = makeStage()
        let sprung = ViewPropertyAnimator(
            duration: 0.5, timingParameters: ComposedProvider(spring: SpringTimingParameters(dampingRatio: 0.5)))
        sprung.addAnimations { card.center.x = 270 }
        sprung.startAnimation()
        // U02 at D/4: progress 1.144223.
        #expect(isClose(shownCenter(card, 0.125).x, 70 + 200 * 1.144223, 1e-3))
        window.advance(to: 1)
        let curved = ViewPropertyAnimator(duration: 1, timingParameters: ComposedProvider(spring: nil))
        curved.addAnimations { card.center.x = 70 }
        curved.startAnimation()
        #expect(isClose(shownCenter(card, 1.25).x, 220, 1e-9))
    }

    @Test func controlPointAnimatorFollowsItsCurve() {
        let (window, card) = makeStage()
        let animator = ViewPropertyAnimator(duration: 1, controlPoint1: Point(x: 0.1, y: 0.9), controlPoint2: Point(x: 0.2, y: 1)) {
            card.center = endCenter
        }
        animator.startAnimation()
        let p = TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1).evaluate(0.3)
        #expect(isClose(shownCenter(card, 0.3), Point(x: 70 + 200 * p, y: 70 + 400 * p), 1e-9))
        _ = window
    }
}
