import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Snapping from 300 pt away and 30° of rotation (criterion 10 of docs/dynamics-notes.md).
@Suite struct SnapBehaviorTests {
    struct Run {
        /// Largest distance past the snap point along the approach direction, as a fraction of 300.
        var overshoot = 0.0
        /// First time after which the item stays within 1 pt, 0.5° and at rest.
        var settledAt: Double?
        var finalDistance = 0.0
        var finalAngle = 0.0
    }

    static func snap(damping: Double?, seconds: Double = 3) throws -> Run {
        let item = TestItem(x: 100, y: 200)
        item.transform = AffineTransform(rotationAngle: .pi / 6)
        let target = Point(x: 400, y: 200)
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: target)
        if let damping { snap.damping = damping }
        animator.addBehavior(snap)
        var clock = FrameClock(animator)
        var run = Run()
        let approach = Vector(dx: -1, dy: 0)  // from the snap point towards the start
        var settledSince: Double?
        while clock.time < seconds {
            clock.run(animator, ticks: 1)
            let past = -((item.center.x - target.x) * approach.dx + (item.center.y - target.y) * approach.dy)
            run.overshoot = max(run.overshoot, past / 300)
            let state = try #require(animator.dynamicState(of: item))
            let settled = item.center.distance(to: target) < 1 && abs(item.angle) < 0.5 * .pi / 180 && state.isAtRest
            if settled {
                if settledSince == nil { settledSince = clock.time }
            } else {
                settledSince = nil
            }
        }
        run.settledAt = settledSince
        run.finalDistance = item.center.distance(to: target)
        run.finalAngle = item.angle
        return run
    }

    @Test func defaultDampingOvershootsModeratelyAndSettlesWithinTwoSeconds() throws {
        let run = try Self.snap(damping: nil)
        #expect(run.overshoot >= 0.05 && run.overshoot <= 0.25, "overshoot \(run.overshoot)")
        let settledAt = try #require(run.settledAt)
        #expect(settledAt <= 2.0, "settled at \(settledAt)")
        #expect(run.finalDistance < 1)
        #expect(abs(run.finalAngle) < 0.5 * .pi / 180)
    }

    @Test func criticalDampingBarelyOvershoots() throws {
        let run = try Self.snap(damping: 1)
        #expect(run.overshoot <= 0.02, "overshoot \(run.overshoot)")
        #expect(try #require(run.settledAt) <= 2.0)
    }

    @Test func lowDampingOvershootsALot() throws {
        let run = try Self.snap(damping: 0.1, seconds: 1)
        #expect(run.overshoot >= 0.30, "overshoot \(run.overshoot)")
    }

    @Test func movingTheSnapPointRetargetsWithoutAJump() throws {
        let item = TestItem(x: 100, y: 200)
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: Point(x: 400, y: 200))
        animator.addBehavior(snap)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 10)
        let atChange = item.center
        let speed = try #require(animator.dynamicState(of: item)).velocity.length
        let newTarget = Point(x: 250, y: 400)
        snap.snapPoint = newTarget
        #expect(item.center == atChange)
        clock.run(animator, ticks: 1)
        // No jump: one frame moves no farther than the velocity plus the new spring's
        // acceleration allow (ω = 2π·4 rad/s, damping 0.5), h = 1/60 s.
        let omega = 2 * Double.pi * 4
        let h = 1.0 / 60
        let distance = atChange.distance(to: newTarget)
        let bound = speed * h + (omega * omega * distance + omega * speed) * h * h
        #expect(item.center.distance(to: atChange) <= bound, "moved \(item.center.distance(to: atChange)), bound \(bound)")
        clock.run(animator, ticks: 150)
        #expect(item.center.distance(to: Point(x: 250, y: 400)) < 1)
    }

    @Test func settledSnapLetsTheAnimatorPause() throws {
        let item = TestItem(x: 100, y: 200)
        let animator = DynamicAnimator()
        animator.addBehavior(SnapBehavior(item: item, snapTo: Point(x: 160, y: 240)))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 240)
        #expect(!animator.isRunning)
        #expect(item.center.distance(to: Point(x: 160, y: 240)) < 1)
    }

    @Test func nonFiniteInputIsIgnored() {
        let item = TestItem(x: 0, y: 0)
        let snap = SnapBehavior(item: item, snapTo: Point(x: .nan, y: 0))
        #expect(snap.snapPoint == .zero)
        snap.snapPoint = Point(x: 1, y: .infinity)
        #expect(snap.snapPoint == .zero)
        snap.damping = .nan
        #expect(snap.damping == 0.5)
        snap.damping = 3
        #expect(snap.damping == 1)
    }
}
