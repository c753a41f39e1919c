import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// UIKit's units through the animator, no collisions (criterion 1 of docs/dynamics-notes.md).
@Suite struct UIKitUnitsTests {
    /// Semi-implicit Euler displacement after 1 s of constant acceleration `g` at `n` equal
    /// sub-steps per 1/120 s step: g·(N+1)/(2N) with N = 120·n.
    static func eulerDrop(_ g: Double, subSteps: Int) -> Double {
        let n = Double(120 * subSteps)
        return g * (n + 1) / (2 * n)
    }

    @Test func gravityMagnitudeOneIs1000PointsPerSecondSquared() throws {
        let item = TestItem(x: 100, y: 100)
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addUndampedBehavior(for: [item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        let state = try #require(animator.dynamicState(of: item))
        let dy = item.center.y - 100
        // Criterion 1: 500 +6/−1 pt; exactly the semi-implicit Euler sum for the world's sub-steps.
        #expect(dy >= 499 && dy <= 506)
        let expected = Self.eulerDrop(1000, subSteps: animator.world.configuration.subStepCount)
        #expect(abs(dy - expected) < 1e-6)
        #expect(abs(state.velocity.dy - 1000) < 1e-6)
        #expect(abs(state.velocity.dx) < 1e-9)
        #expect(item.center.x == 100)
        #expect(abs(animator.elapsedTime() - 1) < 1e-9)
    }

    @Test func gravityAngleAndMagnitudeTwo() throws {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let gravity = GravityBehavior(items: [item])
        gravity.setAngle(.pi, magnitude: 2)
        animator.addBehavior(gravity)
        animator.addUndampedBehavior(for: [item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        let state = try #require(animator.dynamicState(of: item))
        #expect(abs(state.velocity.dx + 2000) <= 2)
        #expect(abs(state.velocity.dy) < 1e-6)
    }

    @Test(arguments: [
        (100.0, 100.0, 1.0, 100.0),  // mass 1
        (100.0, 200.0, 1.0, 50.0),  // twice the area
        (100.0, 100.0, 2.0, 50.0),  // twice the density
    ])
    func continuousPushMagnitudeOne(width: Double, height: Double, density: Double, expected: Double) throws {
        let item = TestItem(x: 0, y: 0, width: width, height: height)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .continuous)
        push.magnitude = 1
        let properties = DynamicItemBehavior(items: [item])
        properties.density = density
        properties.resistance = 0
        animator.addBehavior(push)
        animator.addBehavior(properties)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        let state = try #require(animator.dynamicState(of: item))
        #expect(abs(state.velocity.dx - expected) <= 0.5)
        #expect(abs(state.velocity.dy) < 1e-9)
        #expect(push.active)
    }

    @Test func instantaneousPushChangesVelocityOnce() throws {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)
        animator.addBehavior(push)
        animator.addUndampedBehavior(for: [item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 1)
        let first = try #require(animator.dynamicState(of: item)).velocity
        #expect(abs(first.dy - 100) <= 0.5)
        #expect(!push.active)
        clock.run(animator, ticks: 59)
        let later = try #require(animator.dynamicState(of: item)).velocity
        #expect(abs(later.dy - 100) <= 0.5)
        // Re-activating pushes once more.
        push.active = true
        clock.run(animator, ticks: 1)
        #expect(abs(try #require(animator.dynamicState(of: item)).velocity.dy - 200) <= 0.5)
    }

    @Test func gravityDirectionAngleAndMagnitudeAgree() {
        let gravity = GravityBehavior(items: [])
        #expect(gravity.gravityDirection == Vector(dx: 0, dy: 1))
        #expect(abs(gravity.angle - .pi / 2) < 1e-12)
        #expect(gravity.magnitude == 1)
        gravity.gravityDirection = Vector(dx: 3, dy: -4)
        #expect(abs(gravity.magnitude - 5) < 1e-12)
        #expect(abs(gravity.angle - atan2(-4, 3)) < 1e-12)
        gravity.angle = .pi
        #expect(abs(gravity.gravityDirection.dx + 5) < 1e-12)
        #expect(abs(gravity.gravityDirection.dy) < 1e-12)
        gravity.magnitude = 2
        #expect(abs(gravity.gravityDirection.dx + 2) < 1e-12)
        gravity.magnitude = 0
        #expect(gravity.angle == 0)
        #expect(gravity.gravityDirection == .zero)
        gravity.gravityDirection = Vector(dx: .nan, dy: 1)
        #expect(gravity.gravityDirection == .zero)
    }

    @Test func pushDirectionAngleAndMagnitudeAgree() {
        let push = PushBehavior(items: [], mode: .continuous)
        #expect(push.magnitude == 0)
        #expect(push.angle == 0)
        push.angle = .pi / 2
        push.magnitude = 3
        #expect(abs(push.pushDirection.dy - 3) < 1e-12)
        #expect(abs(push.pushDirection.dx) < 1e-12)
        push.pushDirection = Vector(dx: -1, dy: 0)
        #expect(abs(push.angle - .pi) < 1e-12)
        #expect(push.magnitude == 1)
    }

    @Test func offCentrePushTurnsTheItem() throws {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 1)
        push.setTargetOffsetFromCenter(Vector(dx: 50, dy: 0), for: item)
        #expect(push.targetOffsetFromCenter(for: item) == Vector(dx: 50, dy: 0))
        animator.addBehavior(push)
        animator.addUndampedBehavior(for: [item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 1)
        let state = try #require(animator.dynamicState(of: item))
        // Impulse 100 at r = 50: Δω = 50·100 / I with I = m(w² + h²)/12 = 20000/12.
        #expect(abs(state.angularVelocity - 5000 / (20_000.0 / 12)) < 1e-6)
        #expect(state.angularVelocity > 0)  // +x towards +y: clockwise on screen
    }

    /// UIKit's implementation, not its documentation: an item no behaviour configures, and a new
    /// item behaviour, have elasticity 0.2, friction 0.2, resistance 0.1 and angular resistance
    /// 0.1, so a free fall is damped: each sub-step v ← (v + h·g) / (1 + h·0.1).
    @Test func itemsHaveUIKitsDefaultDamping() throws {
        let fresh = DynamicItemBehavior(items: [])
        #expect(fresh.elasticity == 0.2 && fresh.friction == 0.2 && fresh.density == 1)
        #expect(fresh.resistance == 0.1 && fresh.angularResistance == 0.1)
        let item = TestItem(x: 100, y: 100)
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        let n = 120 * animator.world.configuration.subStepCount
        let h = 1 / Double(n)
        var v = 0.0
        for _ in 0..<n { v = (v + h * 1000) / (1 + h * 0.1) }
        let state = try #require(animator.dynamicState(of: item))
        #expect(abs(state.velocity.dy - v) < 1e-6, "\(state.velocity.dy) vs \(v)")
        #expect(v > 950 && v < 953)  // ≈ 1000 · (1 − e^−0.1) / 0.1
    }
}
