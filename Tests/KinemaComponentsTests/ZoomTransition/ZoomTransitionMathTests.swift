import KinemaGeometry
import KinemaTiming
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance tests 5 and 6 of the zoom transition (velocity tracking, the math primitives), and
/// the value types the engine is built from.
@Suite struct ZoomTransitionMathTests {
    /// Test 5: 120 Hz samples of a 1200 pt/s drag with alternating ±0.5 pt noise → 1200 ± 3 %.
    @Test func test05VelocityTrackerSmoothsNoise() {
        var tracker = VelocityTracker<Double>()
        for i in 0...30 {
            let t = Double(i) / 120
            tracker.addSample(1200 * t + (i % 2 == 0 ? 0.5 : -0.5), at: t)
        }
        let v = tracker.velocity(at: 30.0 / 120)
        #expect(abs(v - 1200) <= 0.03 * 1200, "estimate \(v)")
    }

    /// Test 5 through the zoom's recognizer: noisy samples, then a finger that moves at 1500 pt/s
    /// for 100 ms, holds still 60 ms and lifts, releases with at most 50 pt/s.
    @Test func test05NoStaleVelocityAfterAPause() throws {
        let scene = ZoomScene.make()
        let w = scene.window
        let start = 1.0
        w.down(1, 187.5, 300, at: start)
        var t = start
        for i in 1...12 {
            t = start + Double(i) / 120
            w.move(1, 187.5, 300 + 1500 * Double(i) / 120 + (i % 2 == 0 ? 0.5 : -0.5), at: t)
        }
        let recognizer = try #require(scene.transition.dismissGestureRecognizer as? ZoomDismissGestureRecognizer)
        #expect(abs(recognizer.fingerVelocity.dy - 1500) <= 0.03 * 1500)
        // Held 60 ms without a sample, then lifted where it stopped.
        w.up(1, 187.5, 300 + 1500 * 0.1, at: t + 0.06)
        let flight = try #require(scene.transition.driver.phase.flight)
        #expect(abs(flight.centerY.startVelocity) <= 50)
        // 150 pt is 22 % of the height: it dismisses by position, not by a stale flick.
        #expect(scene.transition.state == .dismissing)
    }

    /// Test 6: projection, rubber band, decay, and the two spring forms.
    @Test func test06MathPrimitives() {
        #expect(isClose(DecelerationRate.normal.projectedDistance(initialVelocity: 1500), 748.50, 0.01))
        #expect(isClose(DecelerationRate.normal.continuousProjectedDistance(initialVelocity: 1500), 749.25, 0.01))
        let banded = RubberBand.banded(100, dimension: 667)
        #expect(isClose(banded, 50.81, 0.01))
        #expect(isClose(RubberBand.unbanded(banded, dimension: 667), 100.0, 1e-9))
        let decay = Decay(initialVelocity: 1500)
        #expect(isClose(decay.value(at: 0.5), 473.42, 0.01))
        #expect(isClose(decay.duration, 2.849, 0.001))

        // The normalised form (UIKit's velocity over the signed distance) and the absolute one.
        let spring = ViewController.Transition.ZoomOptions.referenceSpring
        let (from, to, v) = (443.5, 104.0, 1500.0)
        var normalised = spring
        normalised.initialVelocity = v / (to - from)
        let absolute = SpringMotion(spring: spring, from: from, velocity: v, to: to, at: 0)
        for t in stride(from: 0.0, through: 0.6, by: 1.0 / 240) {
            #expect(isClose(from + (to - from) * normalised.value(at: t), absolute.value(at: t), 0.001))
        }
    }

    /// The reference spring's trajectory from the reference release, and its settling time.
    @Test func springMotionReproducesTheReferenceTrajectory() {
        let spring = ViewController.Transition.ZoomOptions.referenceSpring
        #expect(isClose(spring.naturalFrequency, 18.178, 0.001))
        #expect(isClose(spring.dampingRatio, 0.95, 1e-9))
        let x = SpringMotion(spring: spring, from: 197.5, velocity: 50, to: 40, at: 2)
        let y = SpringMotion(spring: spring, from: 443.5, velocity: 1500, to: 104, at: 2)
        let table: [(Double, Double, Double)] = [
            (1.0 / 60, 192.15, 449.34), (0.05, 161.38, 394.61), (0.1, 110.27, 278.92), (0.2, 56.09, 145.72), (0.3, 42.60, 110.98),
        ]
        for (t, ex, ey) in table {
            #expect(isClose(x.value(at: 2 + t), ex, 0.01))
            #expect(isClose(y.value(at: 2 + t), ey, 0.01))
        }
        #expect(isClose(y.velocity(at: 2.1), -2101.0, 0.1))
        #expect(x.velocity(at: 2) == 50 && x.value(at: 1) == 197.5)
        let settle = max(x.settlingTime(tolerance: 0.5, velocityTolerance: 5), y.settlingTime(tolerance: 0.5, velocityTolerance: 5))
        #expect(isClose(settle - 2, 0.459, 0.002))
    }

    /// A spring on its target with a velocity swings out and back (no division by the distance).
    @Test(arguments: [50.0, 0.0])
    func springMotionWithZeroDistance(velocity: Double) {
        let m = SpringMotion(
            spring: ViewController.Transition.ZoomOptions.referenceSpring, from: 197.5, velocity: velocity, to: 197.5, at: 0)
        let samples = stride(from: 0.0, through: 0.4, by: 0.001).map { m.value(at: $0) - 197.5 }
        #expect(samples.allSatisfy { $0.isFinite })
        let peak = samples.max() ?? 0
        #expect(isClose(peak, velocity == 0 ? 0 : 1.047, 0.01))
        #expect(abs(m.value(at: 0.2) - 197.5) < 0.5)
    }

    @Test func springMotionRetargetKeepsPositionAndVelocity() {
        let y = SpringMotion(spring: ViewController.Transition.ZoomOptions.referenceSpring, from: 443.5, velocity: 1500, to: 104, at: 0)
        let back = y.retargeted(to: 343.5, at: 0.1)
        #expect(isClose(back.value(at: 0.1), 278.92, 0.01))
        #expect(isClose(back.velocity(at: 0.1), -2101.0, 0.1))
        #expect(isClose(back.value(at: 0.1 + 1.0 / 60), 255.15, 0.01))
        #expect(isClose(back.value(at: 0.4), 340.39, 0.01))
    }

    @Test func springMotionRegimesAreContinuousAndFinite() {
        for zeta in [0.0, 0.5, 1.0, 1.0 + 1e-12, 2.0] {
            var s = Spring(response: 0.4, dampingRatio: zeta)
            s.allowsOverdamping = true
            let m = SpringMotion(spring: s, from: 10, velocity: -30, to: 0, at: 0)
            #expect(isClose(m.value(at: 0), 10, 1e-9) && isClose(m.velocity(at: 0), -30, 1e-9))
            // The velocity is the derivative of the value.
            let h = 1e-6
            let numeric = (m.value(at: 0.2 + h) - m.value(at: 0.2 - h)) / (2 * h)
            #expect(isClose(numeric, m.velocity(at: 0.2), 1e-3), "ζ = \(zeta)")
            #expect(m.settlingTime(tolerance: 0.01, velocityTolerance: 0.1).isFinite)
        }
        let nan = SpringMotion(spring: Spring(), from: .nan, velocity: .infinity, to: .nan, at: .nan)
        #expect(nan.value(at: 1).isFinite && nan.velocity(at: 1).isFinite)
    }

    @Test func geometryFitFillAndCrop() {
        let safe = Rect(x: 0, y: 20, width: 375, height: 647)
        #expect(isClose(ZoomGeometry.aspectFitRect(for: Size(width: 320, height: 480), in: safe), ZoomStageGeometry.detail, 1e-9))
        #expect(
            isClose(
                ZoomGeometry.aspectFillRect(for: Size(width: 320, height: 480), in: ZoomStageGeometry.thumbnail),
                Rect(x: 0, y: 44, width: 80, height: 120), 1e-9))
        let crop = ZoomGeometry.crop(showing: ZoomStageGeometry.detail.size, in: Size(width: 80, height: 80))
        #expect(isClose(crop, Rect(x: 0, y: 1.0 / 6, width: 1, height: 2.0 / 3), 1e-9))
        // Degenerate sizes never give NaN.
        #expect(ZoomGeometry.crop(showing: .zero, in: Size(width: 80, height: 80)) == Rect(x: 0, y: 0, width: 1, height: 1))
        let p = ZoomGeometry.placement(
            of: Rect(x: 0, y: 62.25, width: 375, height: 562.5), inBounds: Rect(x: 0, y: 0, width: 375, height: 667), filling: .zero)
        #expect(p.center.isFinite && p.scale.isFinite && p.visibleRect.isFinite)
    }

    /// The placement puts the alignment rectangle's visible part exactly on the frame.
    @Test func placementMapsTheVisibleRectOntoTheFrame() {
        let bounds = Rect(x: 0, y: 0, width: 375, height: 667)
        let alignment = ZoomStageGeometry.detail
        let frame = Rect(x: 10, y: 30, width: 80, height: 80)
        let p = ZoomGeometry.placement(of: alignment, inBounds: bounds, filling: frame)
        let shown = Rect(
            x: p.center.x + p.scale * (p.visibleRect.minX - bounds.midX), y: p.center.y + p.scale * (p.visibleRect.minY - bounds.midY),
            width: p.visibleRect.width * p.scale, height: p.visibleRect.height * p.scale)
        #expect(isClose(shown, frame, 1e-9))
        #expect(isClose(p.scale, 80.0 / 375, 1e-12))
    }

    @Test func scaleCurveIsTheSamplesLineThenARubberBandAboveTheFloor() {
        let curve = ZoomScaleCurve(floor: 0.3)
        #expect(isClose(curve.scale(atProgress: 100.0 / 667), 0.85007, 0.00001))
        var previous = 1.0
        for i in 1...4000 {
            let s = curve.scale(atProgress: Double(i) / 400)
            #expect(s < previous && s > 0.3)
            previous = s
        }
        #expect(curve.scale(atProgress: .greatestFiniteMagnitude) >= 0.3)
        let h = 1e-7
        for p in [0.2, 0.35 + 1e-3, 0.6, 2.0] {
            #expect(isClose((curve.scale(atProgress: p + h) - curve.scale(atProgress: p - h)) / (2 * h), curve.slope(atProgress: p), 1e-5))
        }
    }

    @Test func releaseDecisionProjectsTheVelocity() {
        let options = ViewController.Transition.ZoomOptions()
        let down = ZoomReleaseDecision(options: options)
        #expect(isClose(down.projectedProgress(signedProgress: 0.05, velocityY: 1500, height: 667) * 667, 33.35 + 748.5, 0.01))
        #expect(!down.dismisses(signedProgress: 0.05, velocityY: .nan, height: 667))
        options.dismissDirections = .any
        #expect(ZoomReleaseDecision(options: options).dismisses(signedProgress: 0.05, velocityY: -1500, height: 667))
    }
}

/// The drag's mapping and its derivative, directly.
@Suite struct ZoomDragMappingTests {
    let detail = ZoomVisual(frame: ZoomStageGeometry.detail, cornerRadius: 0, backgroundAlpha: 1, contentAlpha: 1)

    func drag(
        _ scaling: ViewController.Transition.ZoomOptions.Scaling, _ directions: ViewController.Transition.ZoomOptions.DismissDirections,
        touch: Point
    ) -> ZoomDrag {
        let options = ViewController.Transition.ZoomOptions()
        options.scaling = scaling
        options.dismissDirections = directions
        return ZoomDrag(base: detail, baseSignedProgress: 0, touchStart: touch, options: options, height: 667)
    }

    @Test func touchAnchoredVelocityIsTheMappingsDerivative() {
        let d = drag(.touch, .down, touch: Point(x: 187.5, y: 543.5))
        let finger = Point(x: 197.5, y: 643.5)
        let v = d.velocity(finger: finger, fingerVelocity: Vector(dx: 50, dy: 1500))
        #expect(isClose(v.center.dx, 50, 1e-9) && isClose(v.center.dy, 1500 + 1500 * 200 / 667, 1e-9))
        #expect(isClose(v.size.dx, -375 * 1500 / 667, 1e-9))
        #expect(isClose(v.backgroundAlpha, -(1500.0 / 667) / 0.4, 1e-9))
        // The same numerically: the visual 1 µs later along the finger's path.
        let h = 1e-6
        let a = d.visual(finger: finger)
        let b = d.visual(finger: Point(x: finger.x + 50 * h, y: finger.y + 1500 * h))
        #expect(isClose((b.frame.midY - a.frame.midY) / h, v.center.dy, 1e-3))
        #expect(isClose((b.frame.width - a.frame.width) / h, v.size.dx, 1e-3))
    }

    @Test func directionsDecideWhatCountsAsProgress() {
        let down = drag(.center, .down, touch: Point(x: 187.5, y: 343.5))
        let up = Point(x: 187.5, y: 243.5)
        #expect(down.visual(finger: up).frame.width == 375)  // dragging up does not shrink with .down
        #expect(down.velocity(finger: up, fingerVelocity: Vector(dx: 0, dy: -500)).size == .zero)
        let any = drag(.center, .any, touch: Point(x: 187.5, y: 343.5))
        #expect(isClose(any.visual(finger: up).frame.width, 375 * (1 - 100.0 / 667), 1e-9))
        #expect(any.velocity(finger: up, fingerVelocity: Vector(dx: 0, dy: -500)).size.dx < 0)
    }
}
