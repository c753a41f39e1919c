import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Frame-rate, stall and speed behaviour of the animator's clock (criterion 9 of
/// docs/dynamics-notes.md).
@Suite struct AnimatorClockTests {
    /// A falling item (undamped, so its velocity is exactly 1000 pt/s² × time) with an action
    /// that counts steps.
    static func fallingScene() -> (DynamicAnimator, TestItem, Counter) {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let gravity = GravityBehavior(items: [item])
        let counter = Counter()
        gravity.action = { counter.value += 1 }
        animator.addBehavior(gravity)
        animator.addUndampedBehavior(for: [item])
        return (animator, item, counter)
    }

    final class Counter { var value = 0 }

    @Test func sixtyTicksOfOneSixtiethAreExactly120Steps() {
        let (animator, _, counter) = Self.fallingScene()
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        #expect(counter.value == 120)
        clock.run(animator, ticks: 600)
        #expect(counter.value == 1320)
    }

    @Test func firstCallOnlySetsTheBaseline() {
        let (animator, item, counter) = Self.fallingScene()
        animator.advance(to: 1000)
        #expect(counter.value == 0)
        #expect(item.center == .zero)
        #expect(animator.elapsedTime() == 0)
    }

    @Test func aTwoSecondStallAdvancesOneSixtiethOfASecond() throws {
        let (animator, item, counter) = Self.fallingScene()
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 6)
        let before = try #require(animator.dynamicState(of: item)).velocity.dy
        let elapsed = animator.elapsedTime()
        clock.run(animator, ticks: 1, interval: 2)
        #expect(counter.value == 14)
        #expect(abs(animator.elapsedTime() - elapsed - 1.0 / 60) < 1e-12)
        let after = try #require(animator.dynamicState(of: item)).velocity.dy
        #expect(abs(after - before - 1000.0 / 60) < 1e-9)
    }

    @Test(arguments: [0.001, 1.0 / 60, 0.1, 0.25, 0.5])
    func elapsedTimeAdvancesByTheTickInterval(interval: Double) {
        let (animator, _, _) = Self.fallingScene()
        var clock = FrameClock(animator, start: 12.5)
        clock.run(animator, ticks: 1)
        let before = animator.elapsedTime()
        clock.run(animator, ticks: 1, interval: interval)
        #expect(abs(animator.elapsedTime() - before - interval) < 1e-12)
    }

    @Test func halfSpeedAdvancesHalfAsMuch() throws {
        let (animator, item, counter) = Self.fallingScene()
        animator.speed = 0.5
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 120)
        #expect(counter.value == 120)
        #expect(abs(animator.elapsedTime() - 1) < 1e-9)
        #expect(abs(try #require(animator.dynamicState(of: item)).velocity.dy - 1000) < 1e-6)
        animator.speed = -1
        animator.speed = .nan
        #expect(animator.speed == 0.5)
        #expect(animator.diagnostics.contains { $0.contains("speed") })
    }

    @Test func posesInterpolateBetweenSteps() throws {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(0, magnitude: 1.2)  // 120 pt/s: 1 pt per step
        animator.addBehavior(push)
        animator.addUndampedBehavior(for: [item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 1, interval: 1.0 / 120)
        #expect(abs(item.center.x - 1) < 1e-9)
        // A quarter of a step later: a quarter of the way to the next step's pose.
        clock.run(animator, ticks: 1, interval: 0.25 / 120)
        #expect(abs(item.center.x - 1.25) < 1e-9)
        clock.run(animator, ticks: 1, interval: 0.75 / 120)
        #expect(abs(item.center.x - 2) < 1e-9)
    }

    @Test func decreasingOrNonFiniteTimesOnlyResetTheBaseline() {
        let (animator, _, counter) = Self.fallingScene()
        animator.advance(to: 10)
        animator.advance(to: 10 + 1.0 / 60)
        #expect(counter.value == 2)
        animator.advance(to: 5)
        animator.advance(to: .nan)
        #expect(counter.value == 2)
        animator.advance(to: 5 + 1.0 / 60)
        #expect(counter.value == 4)
    }
}
