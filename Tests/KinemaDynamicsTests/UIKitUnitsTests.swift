import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Spec § D 1: UIKit's units through the animator (no collisions).
@Suite struct UIKitUnitsTests {
    /// Semi-implicit Euler displacement after 1 s at `n` equal sub-steps: g·(n+1)/(2n).
    static func eulerDrop(_ g: Double, subSteps: Int) -> Double {
        let n = Double(120 * subSteps)
        return g * (n + 1) / (2 * n)
    }

    @Test func gravityMagnitudeOneIs1000PointsPerSecondSquared() throws {
        let item = TestItem(x: 100, y: 100)
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        let state = try #require(animator.dynamicState(of: item))
        let dy = item.center.y - 100
        #expect(dy >= 499 && dy <= 506)
        let expected = Self.eulerDrop(1000, subSteps: animator.world.configuration.subStepCount)
        #expect(abs(dy - expected) < 1e-6)
        #expect(abs(state.velocity.dy - 1000) < 1e-6)
        #expect(abs(state.velocity.dx) < 1e-9)
        #expect(abs(animator.elapsedTime() - 1) < 1e-9)
    }
}
