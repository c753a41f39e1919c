import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance tests 9 to 14 of the zoom transition: the velocity hand-off at release, its sign,
/// the trajectory and the landing, frame-rate independence, a zero-distance axis, continuity.
///
/// The reference release (hirobe/SwipeZoomOutSample's geometry on a 375 × 667 screen): a drag of (10, 100) on the detail D, released at (50, 1500)
/// pt/s; in centre scaling the image's centre is then (197.5, 443.5), and it flies to T's centre
/// (40, 104) on the reference spring.
@Suite struct ZoomTransitionHandoffTests {
    static let translation = Point(x: 10, y: 100)
    static let velocity = Vector(dx: 50, dy: 1500)

    /// The reference release in `scaling`, recognized `offset` below the image's centre; returns
    /// the scene and the lift's time.
    func release(scaling: ViewController.Transition.ZoomOptions.Scaling = .center, offset: Double = 0) -> (ZoomScene, Double) {
        let scene = ZoomScene.make(scaling: scaling)
        let c = ZoomStageGeometry.detailCenter
        let lift = scene.window.zoomDrag(
            from: Point(x: c.x, y: c.y + offset - 12), translation: Self.translation, velocity: Self.velocity, start: 1)
        return (scene, lift)
    }

    /// Test 9: right after release the centre moves at the velocity it was shown moving at just
    /// before: (50, 1500) in centre scaling, (50, 1950) touch-anchored 200 pt below the centre.
    ///
    /// Deviation: the derivative is taken over the first microsecond, not the first millisecond.
    /// The reference spring accelerates the centre at (−5.4·10⁴, −1.64·10⁵) pt/s² at release
    /// (the closed form's second derivative), so a 1 ms difference reads a·dt/2 = (27, 82) pt/s below the handed-over velocity:
    /// 54 % on x and 5.5 % on y, outside the test's own ± 2 %. Over 1 µs it is 0.03 and 0.08 pt/s.
    /// The flight's analytic start velocity is checked as well.
    @Test(arguments: [(ViewController.Transition.ZoomOptions.Scaling.center, 0.0, 1500.0), (.touch, 200.0, 1949.8)])
    func test09VelocityHandoff(scaling: ViewController.Transition.ZoomOptions.Scaling, offset: Double, expectedY: Double) throws {
        let scene = ZoomScene.make(scaling: scaling)
        let c = ZoomStageGeometry.detailCenter
        let inputs = ZoomFinger.drag(
            from: Point(x: c.x, y: c.y + offset - 12), translation: Self.translation, velocity: Self.velocity, start: 1)
        for input in inputs.dropLast() { scene.window.send(input) }
        // Shown just before release: the centre's velocity over the last dragged frame.
        let shownVelocity = try #require(dragVelocity(scaling: scaling, inputs: inputs))
        #expect(isClose(shownVelocity.dx, 50, 0.02 * 50) && isClose(shownVelocity.dy, expectedY, 0.02 * expectedY))

        let lift = try #require(inputs.last)
        scene.window.send(lift)
        let at = lift.timestamp
        let c0 = try #require(scene.center(at: at))
        let h = 1e-6
        let c1 = try #require(scene.center(at: at + h))
        let v = Vector(dx: (c1.x - c0.x) / h, dy: (c1.y - c0.y) / h)
        #expect(isClose(v.dx, 50, 0.02 * 50), "\(v)")
        #expect(isClose(v.dy, expectedY, 0.02 * expectedY), "\(v)")
        let flight = try #require(scene.transition.driver.phase.flight)
        #expect(isClose(flight.centerX.startVelocity, 50, 1e-6))
        #expect(isClose(flight.centerY.startVelocity, expectedY, 0.5))
    }

    /// The centre's velocity over the last dragged frame (replays the drag on a fresh scene up to
    /// its last two moves).
    func dragVelocity(scaling: ViewController.Transition.ZoomOptions.Scaling, inputs: [TouchInput]) -> Vector? {
        let fresh = ZoomScene.make(scaling: scaling)
        for input in inputs.dropLast(2) { fresh.window.send(input) }
        guard let a = fresh.center(at: fresh.window.currentTime) else { return nil }
        let ta = fresh.window.currentTime
        fresh.window.send(inputs[inputs.count - 2])
        guard let b = fresh.center(at: fresh.window.currentTime) else { return nil }
        let dt = fresh.window.currentTime - ta
        return Vector(dx: (b.x - a.x) / dt, dy: (b.y - a.y) / dt)
    }

    /// Test 10: target above, flicked down: the first 60 Hz frame moves the image down by 5.84 pt,
    /// then it turns back (a magnitude-normalised velocity would jump 31.6 pt up).
    @Test func test10Sign() throws {
        let (scene, lift) = release()
        let y0 = try #require(scene.center(at: lift)).y
        let y1 = try #require(scene.center(at: lift + 1.0 / 60)).y
        let y2 = try #require(scene.center(at: lift + 2.0 / 60)).y
        #expect(isClose(y0, 443.5, 0.5))
        #expect(isClose(y1 - y0, 5.84, 0.3), "first frame \(y1 - y0)")
        #expect(y2 < y1)
    }

    /// Test 11: the reference trajectory (the closed form) within 0.5 pt, settled by 0.46 s, the last frame on T (crop
    /// (0, 1/6, 1, 2/3)), no overshoot past T beyond 0.5 pt, the size done when the position is.
    @Test func test11TrajectoryAndLanding() throws {
        let (scene, lift) = release()
        let table: [(Double, Double?, Double)] = [(0.1, 110.27, 278.92), (0.2, nil, 145.72), (0.3, nil, 110.98)]
        for (t, x, y) in table {
            let c = try #require(scene.center(at: lift + t))
            #expect(isClose(c.y, y, 0.5), "y(\(t)) = \(c.y)")
            if let x { #expect(isClose(c.x, x, 0.5), "x(\(t)) = \(c.x)") }
        }
        var last: ZoomTransitionInspection?
        var overshoot = 0.0
        for frame in 19...27 {
            let t = lift + Double(frame) / 60
            let shown = scene.shown(at: t)
            guard let f = shown.imageFrame else { break }
            last = shown
            overshoot = max(overshoot, 40 - f.midX, 104 - f.midY)
            let centreError = max(abs(f.midX - 40), abs(f.midY - 104))
            let sizeError = max(abs(f.width - 80), abs(f.height - 80))
            if centreError <= 0.5 { #expect(sizeError <= 0.5, "size \(sizeError) with the centre \(centreError) from T") }
        }
        #expect(overshoot <= 0.5)
        let finalFrame = try #require(last?.imageFrame)
        let finalCrop = try #require(last?.crop)
        #expect(edgeError(finalFrame, ZoomStageGeometry.thumbnail) <= 0.5)
        #expect(isClose(finalCrop, Rect(x: 0, y: 1.0 / 6, width: 1, height: 2.0 / 3), 0.002))
        _ = scene.shown(at: lift + 0.46)
        #expect(scene.transition.state == .idle)
        #expect(scene.grid.presentedViewController == nil)
    }

    /// Test 12: the same fingers rendered at 30, 60 and 120 Hz give the same rectangles at shared
    /// times (± 0.01) and the same decision and landing.
    @Test func test12FrameRateIndependence() throws {
        var runs: [[Rect?]] = []
        var endings: [Double] = []
        for rate in [30.0, 60.0, 120.0] {
            let scene = ZoomScene.make()
            let c = ZoomStageGeometry.detailCenter
            let inputs = ZoomFinger.drag(from: Point(x: c.x, y: c.y - 12), translation: Self.translation, velocity: Self.velocity, start: 1)
            let lift = inputs.last!.timestamp
            var rects: [Rect?] = []
            var ending = -1.0
            scene.window.play(inputs, frameRate: rate, until: lift)
            #expect(scene.transition.state == .dismissing)
            for k in 1...18 {
                let t = (lift * 30).rounded(.up) / 30 + Double(k) / 30
                scene.window.play([], frameRate: rate, until: t)
                scene.window.advance(to: t)  // a frame of every rate (k/30 s), exactly
                rects.append(scene.transition.inspection(at: t).imageFrame)
                if ending < 0 && scene.transition.state == .idle { ending = Double(k) }
            }
            runs.append(rects)
            endings.append(ending)
        }
        for run in runs.dropFirst() {
            for (a, b) in zip(runs[0], run) {
                if let a, let b {
                    #expect(edgeError(a, b) <= 0.01)
                } else {
                    #expect(a == nil && b == nil)
                }
            }
        }
        #expect(Set(endings).count == 1 && endings[0] > 0)
    }

    /// Test 13: the thumbnail straight above the release point (Δx = 0) with vx = 50: no NaN or ∞
    /// in any layer; x swings out by +1.05 pt at about 0.056 s and is within 0.5 pt by 0.2 s. The
    /// same with vx = 0 (0/0).
    @Test(arguments: [50.0, 0.0])
    func test13ZeroDistanceAxis(vx: Double) throws {
        let scene = ZoomScene.make(source: { $0.cell(at: Rect(x: 157.5, y: 64, width: 80, height: 80)) })
        let c = ZoomStageGeometry.detailCenter
        let lift = scene.window.zoomDrag(
            from: Point(x: c.x, y: c.y - 12), translation: Self.translation, velocity: Vector(dx: vx, dy: 1500), start: 1)
        var peak = (value: 0.0, time: 0.0)
        for ms in stride(from: 0, through: 400, by: 4) {
            let t = lift + Double(ms) / 1000
            let shown = scene.shown(at: t)
            let container = try #require(scene.detail.view.superview)
            for layer in container.layer.subtree + [scene.detail.view.layer.mask].compactMap({ $0 }) {
                let s = layer.presentation(at: t)
                #expect(s.position.isFinite && s.bounds.isFinite && s.opacity.isFinite && s.cornerRadius.isFinite)
                #expect(s.transform.affineTransform.a.isFinite && s.transform.affineTransform.d.isFinite)
            }
            guard let f = shown.imageFrame else { break }
            if f.midX - 197.5 > peak.value { peak = (f.midX - 197.5, Double(ms) / 1000) }
            if ms >= 200 { #expect(abs(f.midX - 197.5) <= 0.5) }
        }
        if vx == 0 {
            #expect(peak.value < 1e-9)
        } else {
            #expect(isClose(peak.value, 1.05, 0.1))
            #expect(isClose(peak.time, 0.056, 0.008))
        }
    }

    /// Test 14: the release frame is where the drag left the image (C0) with its velocity (C1,
    /// test 9); every 60 Hz frame is within 0.5 pt of the analytic motion and moves no more than
    /// the analytic top speed times the frame plus 1 pt.
    ///
    /// Deviation: the test's stated bound "≤ 41 pt at 60 Hz" takes the peak speed as 2401 pt/s, which is
    /// the y component's peak alone (2401.5 pt/s at 0.067 s). The centre's peak speed is
    /// 2631.6 pt/s (at 0.065 s, x and y together), and the largest 60 Hz step of the analytic
    /// motion itself is 43.3 pt; the bound is 2631.6/60 + 1 = 44.9 pt. The y steps alone are
    /// checked against 41 pt.
    @Test func test14Continuity() throws {
        let scene = ZoomScene.make()
        let c = ZoomStageGeometry.detailCenter
        let inputs = ZoomFinger.drag(from: Point(x: c.x, y: c.y - 12), translation: Self.translation, velocity: Self.velocity, start: 1)
        for input in inputs.dropLast() { scene.window.send(input) }
        let dragged = try #require(scene.center(at: scene.window.currentTime))
        scene.window.send(inputs.last!)
        let lift = inputs.last!.timestamp
        let released = try #require(scene.center(at: lift))
        #expect(released.distance(to: Point(x: 197.5, y: 443.5)) <= 0.5)
        #expect(isClose(released.y - dragged.y, 1500.0 / 120, 0.5))  // one more 120 Hz step of the finger

        let spring = ViewController.Transition.ZoomOptions.referenceSpring
        let ax = SpringMotion(spring: spring, from: 197.5, velocity: 50, to: 40, at: lift)
        let ay = SpringMotion(spring: spring, from: 443.5, velocity: 1500, to: 104, at: lift)
        let times = stride(from: lift, through: lift + 0.5, by: 0.0001)
        let topSpeed = times.map { hypot(ax.velocity(at: $0), ay.velocity(at: $0)) }.max()!
        let topSpeedY = times.map { abs(ay.velocity(at: $0)) }.max()!
        #expect(isClose(topSpeed, 2631.6, 0.5))
        #expect(isClose(topSpeedY, 2401.5, 0.5))
        var previous = released
        for frame in 1...27 {
            let t = lift + Double(frame) / 60
            guard let p = scene.center(at: t) else { break }
            #expect(p.distance(to: Point(x: ax.value(at: t), y: ay.value(at: t))) <= 0.5)
            #expect(p.distance(to: previous) <= topSpeed / 60 + 1)
            #expect(abs(p.y - previous.y) <= 41)
            previous = p
        }
    }
}
