import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Bad input never crashes or reaches the solver; item behaviours, composition and updates.
@Suite struct UIKitRobustnessTests {
    @Test func zeroSizeAndNonFiniteItemsAreSkippedWithDiagnostics() throws {
        let good = TestItem(x: 100, y: 100, width: 20, height: 20)
        let empty = TestItem(x: 50, y: 50, width: 0, height: 0)
        let thin = TestItem(x: 60, y: 50, width: 10, height: 0)
        let lost = TestItem(x: .nan, y: 50, width: 10, height: 10)
        let huge = TestItem(x: 0, y: 0, width: .infinity, height: 10)
        let turned = TestItem(x: 70, y: 50, width: 10, height: 10)
        turned.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        let all = [good, empty, thin, lost, huge, turned]
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 300))
        let collision = CollisionBehavior(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: all))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        #expect(good.center.y > 150)
        #expect(empty.center == Point(x: 50, y: 50))
        #expect(animator.dynamicState(of: empty) == nil)
        #expect(animator.dynamicState(of: lost) == nil)
        #expect(animator.dynamicState(of: huge) == nil)
        // A transform whose rotation cannot be read counts as no rotation.
        #expect(try #require(animator.dynamicState(of: turned)).center.y > 50)
        #expect(animator.diagnostics.filter { $0.contains("size must be finite") }.count == 3)
        #expect(animator.diagnostics.contains { $0.contains("not finite") })
    }

    @Test func nonFiniteSettersAreIgnored() throws {
        let a = TestItem(x: 100, y: 100, width: 20, height: 20)
        let b = TestItem(x: 140, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 300))
        let gravity = GravityBehavior(items: [a, b])
        let collision = CollisionBehavior(items: [a, b])
        let push = PushBehavior(items: [a], mode: .continuous)
        let properties = DynamicItemBehavior(items: [a, b])
        let attachment = AttachmentBehavior(item: a, attachedTo: b)
        for behavior in [gravity, collision, push, properties, attachment] as [DynamicBehavior] { animator.addBehavior(behavior) }
        gravity.setAngle(.nan, magnitude: 1)
        gravity.magnitude = .infinity
        gravity.angle = .nan
        push.pushDirection = Vector(dx: .nan, dy: 0)
        push.setAngle(0, magnitude: .infinity)
        push.setTargetOffsetFromCenter(Vector(dx: .nan, dy: 1), for: a)
        properties.density = .nan
        properties.elasticity = -1
        properties.friction = .infinity
        properties.resistance = -2
        properties.angularResistance = .nan
        properties.charge = .nan
        properties.addLinearVelocity(Vector(dx: .infinity, dy: 0), for: a)
        properties.addAngularVelocity(.nan, for: a)
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0))
        collision.addBoundary(withIdentifier: "bad", from: Point(x: .nan, y: 0), to: .zero)
        attachment.length = -5
        attachment.frequency = .nan
        attachment.anchorPoint = Point(x: 0, y: .infinity)
        attachment.attachmentRange = FloatRange(minimum: .nan, maximum: 1)
        animator.speed = .nan
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        #expect(gravity.gravityDirection == Vector(dx: 0, dy: 1))
        #expect(push.pushDirection == .zero)
        #expect(properties.density == 1 && properties.elasticity == 0.2 && properties.friction == 0.2)
        #expect(properties.resistance == 0.1 && properties.angularResistance == 0.1 && properties.charge == 0)
        #expect(collision.boundaryIdentifiers.isEmpty)
        #expect(!collision.translatesReferenceBoundsIntoBoundary)
        #expect(abs(attachment.length - 40) < 1e-9)
        #expect(a.center.isFinite && b.center.isFinite && a.angle.isFinite)
        #expect(abs(a.center.distance(to: b.center) - 40) < 0.5)
        #expect(a.center.y > 100)
        #expect(animator.diagnostics.count >= 10)
    }

    @Test func updateItemIsHonouredWithinOneStep() throws {
        let item = TestItem(x: 100, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        let v = try #require(animator.dynamicState(of: item)).velocity
        item.center = Point(x: 300, y: 50)
        item.transform = AffineTransform(rotationAngle: 0.5)
        animator.updateItem(usingCurrentState: item)
        let state = try #require(animator.dynamicState(of: item))
        #expect(state.center == Point(x: 300, y: 50))
        #expect(abs(state.angle - 0.5) < 1e-12)
        #expect(state.velocity == v)  // velocity is kept
        clock.run(animator, ticks: 1)
        #expect(abs(item.center.x - 300) < 1e-9)
        #expect(item.center.y > 50 && item.center.y < 50 + 2 * v.dy / 60)
        #expect(abs(item.angle - 0.5) < 1e-9)
    }

    @Test func updateItemReadsANewSize() throws {
        let item = TestItem(x: 100, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 200))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 90)
        #expect(abs(item.center.y - 190) < 0.6)
        item.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        item.center = Point(x: 100, y: 150)
        animator.updateItem(usingCurrentState: item)
        clock.run(animator, ticks: 90)
        #expect(abs(item.center.y - 170) < 0.6)
    }

    @Test func itemsInARect() {
        let a = TestItem(x: 50, y: 50, width: 20, height: 20)
        let b = TestItem(x: 150, y: 50, width: 20, height: 20)
        let animator = DynamicAnimator()
        animator.addBehavior(DynamicItemBehavior(items: [a, b]))
        let left = animator.items(in: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(left.count == 1 && left.first === a)
        #expect(animator.items(in: Rect(x: 0, y: 0, width: 500, height: 500)).count == 2)
        #expect(animator.items(in: Rect(x: 300, y: 300, width: 10, height: 10)).isEmpty)
        #expect(animator.items(in: Rect(x: .nan, y: 0, width: 10, height: 10)).isEmpty)
    }

    /// Velocity after 1 s of a continuous push of magnitude 1 on a 100×100 undamped item.
    static func pushedSpeed(_ configure: (DynamicAnimator, TestItem) -> Void) throws -> Double {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .continuous)
        push.magnitude = 1
        animator.addBehavior(push)
        animator.addUndampedBehavior(for: [item])
        configure(animator, item)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        return try #require(animator.dynamicState(of: item)).velocity.dx
    }

    @Test func theMostRecentItemBehaviourThatSetAPropertyWins() throws {
        let later = try Self.pushedSpeed { animator, item in
            let first = DynamicItemBehavior(items: [item])
            first.density = 2
            let second = DynamicItemBehavior(items: [item])
            second.density = 4
            animator.addBehavior(first)
            animator.addBehavior(second)
        }
        #expect(abs(later - 25) < 0.01)
        let perProperty = try Self.pushedSpeed { animator, item in
            let first = DynamicItemBehavior(items: [item])
            first.density = 2
            let second = DynamicItemBehavior(items: [item])
            second.friction = 1
            animator.addBehavior(first)
            animator.addBehavior(second)
        }
        #expect(abs(perProperty - 50) < 0.01)
        let removed = try Self.pushedSpeed { animator, item in
            let first = DynamicItemBehavior(items: [item])
            first.density = 2
            let second = DynamicItemBehavior(items: [item])
            second.density = 4
            animator.addBehavior(first)
            animator.addBehavior(second)
            animator.removeBehavior(second)
        }
        #expect(abs(removed - 50) < 0.01)
    }

    @Test func resistanceDampsLinearVelocity() throws {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let properties = DynamicItemBehavior(items: [item])
        properties.resistance = 1
        properties.addLinearVelocity(Vector(dx: 100, dy: 0), for: item)
        #expect(properties.linearVelocity(for: item) == Vector(dx: 100, dy: 0))
        properties.addLinearVelocity(Vector(dx: 100, dy: 0), for: item)
        #expect(properties.linearVelocity(for: item) == Vector(dx: 200, dy: 0))
        animator.addBehavior(properties)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        // v ← v / (1 + h·r) per sub-step: 480 sub-steps of 1/480 s with 4 sub-steps.
        let n = Double(120 * animator.world.configuration.subStepCount)
        let expected = 200 * pow(1 + 1 / n, -n)
        #expect(abs(properties.linearVelocity(for: item).dx - expected) < 1e-6)
    }

    @Test func anchoredItemsStayButStillCollide() {
        let floor = TestItem(x: 100, y: 200, width: 200, height: 20)
        let box = TestItem(x: 100, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator()
        let anchored = DynamicItemBehavior(items: [floor])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(GravityBehavior(items: [floor, box]))
        animator.addBehavior(CollisionBehavior(items: [floor, box]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 90)
        #expect(floor.center == Point(x: 100, y: 200))
        #expect(abs(box.center.y - 180) < 0.6)
    }

    @Test func allowsRotationFalseKeepsTheAngle() {
        let item = TestItem(x: 0, y: 0)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        push.setTargetOffsetFromCenter(Vector(dx: 0, dy: 40), for: item)
        let properties = DynamicItemBehavior(items: [item])
        properties.allowsRotation = false
        properties.addAngularVelocity(3, for: item)
        animator.addBehavior(push)
        animator.addBehavior(properties)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        #expect(item.angle == 0)
        #expect(item.center.x > 40)
        #expect(properties.angularVelocity(for: item) == 0)
    }

    @Test func childBehavioursJoinAndLeaveWithTheirParent() {
        final class Composite: DynamicBehavior {
            var moves: [Bool] = []
            override func willMove(to dynamicAnimator: DynamicAnimator?) { moves.append(dynamicAnimator != nil) }
        }
        let item = TestItem(x: 0, y: 0, width: 10, height: 10)
        let composite = Composite()
        let gravity = GravityBehavior(items: [item])
        composite.addChildBehavior(gravity)
        composite.addChildBehavior(gravity)
        composite.addChildBehavior(composite)
        #expect(composite.childBehaviors.count == 1)
        var actions = 0
        composite.action = { actions += 1 }
        let animator = DynamicAnimator()
        animator.addBehavior(composite)
        animator.addBehavior(gravity)  // already a child: ignored
        #expect(animator.behaviors.count == 1)
        #expect(gravity.dynamicAnimator === animator)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 10)
        #expect(item.center.y > 0)
        #expect(actions == 20)
        composite.removeChildBehavior(gravity)
        #expect(gravity.dynamicAnimator == nil)
        let y = item.center.y
        clock.run(animator, ticks: 10)
        #expect(item.center.y == y)  // no behaviour refers to it: no body, no motion
        #expect(animator.dynamicState(of: item) == nil)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty)
        #expect(composite.moves == [true, false])
        let other = DynamicAnimator()
        other.addBehavior(composite)
        animator.addBehavior(composite)
        #expect(animator.behaviors.isEmpty)
        #expect(animator.diagnostics.contains { $0.contains("already in an animator") })
    }

    @Test func aMemberOfAGroupIsMovedThroughItsGroup() throws {
        let a = TestItem(x: 100, y: 100, width: 20, height: 20)
        let b = TestItem(x: 130, y: 100, width: 20, height: 20)
        let group = DynamicItemGroup(items: [a, b])
        #expect(group.center == Point(x: 115, y: 100))
        #expect(group.bounds.size == Size(width: 50, height: 20))
        let animator = DynamicAnimator()
        animator.addUndampedBehavior(for: [group])
        let push = PushBehavior(items: [a], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(push)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        // The group (mass 0.08) moved as one: Δv = 100 / 0.08.
        #expect(abs(b.center.x - a.center.x - 30) < 1e-9)
        #expect(abs(try #require(animator.dynamicState(of: b)).velocity.dx - 1250) < 1e-6)
        #expect(animator.diagnostics.contains { $0.contains("DynamicItemGroup") })
    }

    @Test func behavioursOutliveTheirAnimator() throws {
        let item = TestItem(x: 100, y: 300, width: 20, height: 20)
        let rod = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 100, y: 100))
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: Point(x: 0, y: 400), to: Point(x: 200, y: 400))
        do {
            let first = DynamicAnimator()
            first.addBehavior(rod)
            first.addBehavior(collision)
            var clock = FrameClock(first)
            clock.run(first, ticks: 5)
        }
        #expect(rod.dynamicAnimator == nil)
        let second = DynamicAnimator()
        let gravity = GravityBehavior(items: [item])
        second.addBehavior(gravity)
        second.addBehavior(rod)
        second.addBehavior(collision)
        var clock = FrameClock(second)
        clock.run(second, ticks: 60)
        // The rod holds the item 200 pt below the anchor in the new animator.
        #expect(abs(item.center.distance(to: Point(x: 100, y: 100)) - 200) < 0.5)
    }
}
