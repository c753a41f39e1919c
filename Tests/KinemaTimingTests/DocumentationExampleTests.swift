import KinemaTiming
import TestSupport
import Testing

/// The examples of the KinemaTiming landing page, kept here so they compile and stay true.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("Landing page: the autoreversing, repeating, eased animation")
    func landingTiming() {
        var timing = MediaTimingParameters()
        timing.beginTime = 10
        timing.duration = 2
        timing.repeatCount = 2
        timing.autoreverses = true
        timing.fillMode = .forwards
        let curve = TimingFunction.easeInEaseOut

        func positionX(atLayerTime t: Double) -> Double? {
            let resolved = timing.resolve(parentTime: t)
            guard timing.contributes(in: resolved.phase, isRemovedOnCompletion: false) else { return nil }
            let progress = curve.evaluate(resolved.fraction(duration: timing.duration))
            return lerp(0, 100, progress)
        }

        #expect(positionX(atLayerTime: 9) == nil)
        // easeInEaseOut(0.25) = 0.129162 (WebKit's UnitBezier solver; Apple's gives the same).
        #expect(isClose(positionX(atLayerTime: 10.5) ?? .nan, 12.9162, 100 * Tolerance.curve))
        // T = 3 in a 4 s cycle: 1 s into the way back, basic time 1 of 2, eased 0.5.
        #expect(isClose(positionX(atLayerTime: 13) ?? .nan, 50, 100 * Tolerance.curve))
        #expect(positionX(atLayerTime: 30) == 0)
    }

    @Test("Landing page: the tooltip spring and a velocity hand-off")
    func landingSpring() {
        let pop = Spring.uiViewSpring(duration: 0.7, dampingRatio: 0.5, initialVelocity: 1)
        let scale = lerp(0.1, 1, pop.value(at: 0.2))
        #expect(scale > 1)
        #expect(pop.initialVelocity == 1)

        var tracker = VelocityTracker<Double>()
        tracker.addSample(300, at: 0.000)
        tracker.addSample(310, at: 0.016)
        tracker.addSample(320, at: 0.032)
        let distance = 0 - 320.0
        let fling = Spring(
            mass: 1, stiffness: 300, damping: 30,
            initialVelocity: tracker.velocity / distance)
        // 625 pt/s away from a target 320 pt back: the finger moves away, so v0 < 0.
        #expect(isClose(tracker.velocity, 625, 1e-9))
        #expect(isClose(fling.initialVelocity, -625.0 / 320, 1e-9))
    }
}
