import Foundation
import KinemaDynamics
import KinemaGeometry
import TestSupport
import Testing

/// Determinism through the animator (criterion 8 of docs/dynamics-notes.md): the frame rate never
/// changes the simulation.
@Suite struct AnimatorDeterminismTests {
    /// 40 boxes and circles with pushes, a spring and collisions in a box.
    static func scene() -> (DynamicAnimator, [TestItem]) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 500, height: 400))
        var items: [TestItem] = []
        for i in 0..<40 {
            let item = TestItem(x: 40 + Double(i % 10) * 45, y: 40 + Double(i / 10) * 50, width: 24 + Double(i % 3) * 6, height: 24)
            if i % 4 == 0 { item.collisionBoundsType = .ellipse }
            item.transform = AffineTransform(rotationAngle: Double(i) * 0.1)
            items.append(item)
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: items)
        properties.friction = 0.4
        properties.elasticity = 0.3
        let push = PushBehavior(items: Array(items[0..<5]), mode: .continuous)
        push.setAngle(-0.3, magnitude: 0.4)
        let spring = AttachmentBehavior(item: items[39], attachedToAnchor: Point(x: 450, y: 60))
        spring.frequency = 2
        spring.damping = 0.2
        for b in [collision, properties, push, spring, GravityBehavior(items: items)] as [DynamicBehavior] {
            animator.addBehavior(b)
        }
        return (animator, items)
    }

    /// Runs the scene with ticks of the given intervals ending exactly at `seconds` and returns
    /// the bits of every item's centre and rotation.
    static func run(seconds: Double, intervals: (inout SeededGenerator) -> Double) -> [UInt64] {
        let (animator, items) = scene()
        var generator = SeededGenerator(seed: 7)
        let start = 100.0
        animator.advance(to: start)
        var t = 0.0
        while true {
            let next = t + intervals(&generator)
            if next >= seconds - 1e-9 { break }
            t = next
            animator.advance(to: start + t)
        }
        animator.advance(to: start + seconds)
        var bits: [UInt64] = []
        for item in items {
            bits.append(item.center.x.bitPattern)
            bits.append(item.center.y.bitPattern)
            bits.append(item.angle.bitPattern)
        }
        return bits
    }

    @Test func sixtyHertzOneTwentyHertzAndJitteredTicksAgreeBitForBit() {
        let seconds = 2.0
        let at60 = Self.run(seconds: seconds) { _ in 1.0 / 60 }
        let at120 = Self.run(seconds: seconds) { _ in 1.0 / 120 }
        let jittered = Self.run(seconds: seconds) { g in (1.0 / 60) * Double.random(in: 0.7...1.3, using: &g) }
        #expect(at60 == at120)
        #expect(at60 == jittered)
        // And the scene really moved.
        let (_, items) = Self.scene()
        let initial = items.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern] }
        #expect(Array(at60.enumerated().filter { $0.offset % 3 != 2 }.map(\.element)) != initial)
    }

    @Test func twoRunsAgree() {
        let a = Self.run(seconds: 1) { _ in 1.0 / 60 }
        let b = Self.run(seconds: 1) { _ in 1.0 / 60 }
        #expect(a == b)
    }
}
