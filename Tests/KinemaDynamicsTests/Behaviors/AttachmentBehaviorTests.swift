import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Attachments through the UIKit API (criterion 11 of docs/dynamics-notes.md).
@Suite struct AttachmentBehaviorTests {
    /// Times at which `values` crosses `level` going up (linear interpolation between frames).
    static func upwardCrossings(_ values: [(t: Double, v: Double)], level: Double) -> [Double] {
        var out: [Double] = []
        for (a, b) in zip(values, values.dropFirst()) where a.v < level && b.v >= level {
            out.append(a.t + (b.t - a.t) * (level - a.v) / (b.v - a.v))
        }
        return out
    }

    @Test func anchorSpringOfOneHertzHasAPeriodOfOneSecond() throws {
        let item = TestItem(x: 200, y: 300, width: 40, height: 40)
        let animator = DynamicAnimator()
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 200, y: 100))
        #expect(abs(spring.length - 200) < 1e-9)
        #expect(spring.attachedBehaviorType == .anchor)
        spring.frequency = 1
        spring.damping = 0
        spring.length = 150
        animator.addBehavior(spring)
        var clock = FrameClock(animator)
        var samples: [(t: Double, v: Double)] = []
        while clock.time < 4 {
            clock.run(animator, ticks: 1)
            samples.append((clock.time, item.center.y))
        }
        let crossings = Self.upwardCrossings(samples, level: 250)
        try #require(crossings.count >= 3)
        let period = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
        #expect(abs(period - 1) <= 0.02, "period \(period)")
    }

    @Test func criticallyDampedAnchorSpringDoesNotOvershoot() throws {
        let item = TestItem(x: 200, y: 300, width: 40, height: 40)
        let animator = DynamicAnimator()
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 200, y: 100))
        spring.frequency = 2
        spring.damping = 1
        spring.length = 150
        animator.addBehavior(spring)
        var clock = FrameClock(animator)
        var lowest = Double.infinity
        while clock.time < 3 {
            clock.run(animator, ticks: 1)
            lowest = min(lowest, item.center.y)
        }
        #expect(lowest >= 250 - 1, "lowest \(lowest)")
        #expect(abs(item.center.y - 250) < 1)
    }

    @Test func rigidRodPendulumKeepsItsLengthAndPeriod() throws {
        let length = 200.0
        let anchor = Point(x: 300, y: 100)
        let start = Point(x: anchor.x + length * sin(.pi / 3), y: anchor.y + length * cos(.pi / 3))
        let item = TestItem(x: start.x, y: start.y, width: 10, height: 10)
        let animator = DynamicAnimator()
        let rod = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        animator.addBehavior(rod)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addUndampedBehavior(for: [item])  // the 60° period holds only while the swing does
        var clock = FrameClock(animator)
        var worst = 0.0
        var samples: [(t: Double, v: Double)] = []
        while clock.time < 10 {
            clock.run(animator, ticks: 1)
            worst = max(worst, abs(item.center.distance(to: anchor) - length))
            samples.append((clock.time, item.center.x))
        }
        #expect(worst <= 0.5, "length error \(worst)")
        let crossings = Self.upwardCrossings(samples, level: anchor.x)
        try #require(crossings.count >= 3)
        let period = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
        #expect(abs(period - 3.01) <= 0.06, "period \(period)")
    }

    @Test func limitAttachmentNeverStretches() throws {
        let a = TestItem(x: 200, y: 100, width: 40, height: 40)
        let b = TestItem(x: 260, y: 180, width: 40, height: 40)
        let animator = DynamicAnimator()
        let limit = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        #expect(abs(limit.length - 100) < 1e-9)
        let anchored = DynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        let towards = DynamicItemBehavior(items: [b])
        let gravity = GravityBehavior(items: [b])
        for behavior in [anchored, limit, gravity, towards] as [DynamicBehavior] { animator.addBehavior(behavior) }
        var clock = FrameClock(animator)
        var longest = 0.0
        while clock.time < 4 {
            clock.run(animator, ticks: 1)
            longest = max(longest, a.center.distance(to: b.center))
        }
        #expect(longest <= 100.5, "longest \(longest)")
        #expect(longest >= 99.5)  // it went taut
        // Slack: thrown towards the anchor it gets closer than its length.
        gravity.magnitude = 0
        let direction = Vector(dx: a.center.x - b.center.x, dy: a.center.y - b.center.y).normalized
        towards.addLinearVelocity(direction * 300 - (try #require(animator.dynamicState(of: b))).velocity, for: b)
        clock.run(animator, ticks: 6)
        #expect(a.center.distance(to: b.center) < 90)
    }

    @Test func slidingAttachmentKeepsRotationAndRange() throws {
        let rail = TestItem(x: 300, y: 300, width: 40, height: 40)
        let slider = TestItem(x: 300, y: 300, width: 60, height: 20)
        let animator = DynamicAnimator()
        let sliding = AttachmentBehavior.slidingAttachment(
            with: slider, attachedTo: rail, attachmentAnchor: Point(x: 300, y: 300), axisOfTranslation: Vector(dx: 1, dy: 0))
        sliding.attachmentRange = FloatRange(minimum: -50, maximum: 100)
        let anchored = DynamicItemBehavior(items: [rail])
        anchored.isAnchored = true
        let push = PushBehavior(items: [slider], mode: .continuous)
        push.setAngle(0.3, magnitude: 0.5)
        push.setTargetOffsetFromCenter(Vector(dx: 20, dy: 10), for: slider)
        for b in [anchored, sliding, push] as [DynamicBehavior] { animator.addBehavior(b) }
        var clock = FrameClock(animator)
        var worstAngle = 0.0
        var maxX = -Double.infinity
        var minX = Double.infinity
        var maxDy = 0.0
        for phase in 0..<2 {
            if phase == 1 { push.setAngle(.pi + 0.3, magnitude: 0.5) }
            for _ in 0..<180 {
                clock.run(animator, ticks: 1)
                worstAngle = max(worstAngle, abs(slider.angle))
                maxX = max(maxX, slider.center.x - 300)
                minX = min(minX, slider.center.x - 300)
                maxDy = max(maxDy, abs(slider.center.y - 300))
            }
        }
        #expect(worstAngle < 0.1 * .pi / 180, "rotation \(worstAngle * 180 / .pi)°")
        #expect(maxX <= 100.5 && maxX >= 99.5, "max \(maxX)")
        #expect(minX >= -50.5 && minX <= -49.5, "min \(minX)")
        #expect(maxDy <= 0.5)
    }

    @Test func slidingAttachmentToAnAnchorFollowsTheAxis() throws {
        let item = TestItem(x: 100, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator()
        let sliding = AttachmentBehavior.slidingAttachment(
            with: item, attachmentAnchor: Point(x: 100, y: 100), axisOfTranslation: Vector(dx: 1, dy: 1))
        #expect(sliding.attachedBehaviorType == .anchor)
        animator.addBehavior(sliding)
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        let d = Vector(dx: item.center.x - 100, dy: item.center.y - 100)
        #expect(d.dy > 10)
        #expect(abs(d.dx - d.dy) < 0.5)
    }

    @Test func pinWithoutFrictionSpinsFreelyAndWithFrictionHoldsATorque() throws {
        func run(frictionTorque: Double) throws -> (angle: Double, drift: Double) {
            let base = TestItem(x: 200, y: 200, width: 40, height: 40)
            let wheel = TestItem(x: 200, y: 300, width: 100, height: 100)
            let animator = DynamicAnimator()
            let pin = AttachmentBehavior.pinAttachment(with: wheel, attachedTo: base, attachedToAnchor: Point(x: 200, y: 300))
            pin.frictionTorque = frictionTorque
            let anchored = DynamicItemBehavior(items: [base])
            anchored.isAnchored = true
            let push = PushBehavior(items: [wheel], mode: .continuous)
            push.setAngle(.pi / 2, magnitude: 1)  // 100 force at 50 pt: torque 5000 = 0.5 UIKit units
            push.setTargetOffsetFromCenter(Vector(dx: 50, dy: 0), for: wheel)
            for b in [anchored, pin, push] as [DynamicBehavior] { animator.addBehavior(b) }
            var clock = FrameClock(animator)
            clock.run(animator, ticks: 60)
            return (wheel.angle, wheel.center.distance(to: Point(x: 200, y: 300)))
        }
        let free = try run(frictionTorque: 0)
        let held = try run(frictionTorque: 1)
        #expect(abs(free.angle) > 0.5, "free \(free.angle)")
        #expect(abs(held.angle) < 0.01, "held \(held.angle)")
        #expect(free.drift < 0.5 && held.drift < 0.5)
    }

    @Test func pinAngleLimitsFromTheAttachmentRange() throws {
        let base = TestItem(x: 200, y: 200, width: 40, height: 40)
        let wheel = TestItem(x: 200, y: 300, width: 100, height: 100)
        let animator = DynamicAnimator()
        let pin = AttachmentBehavior.pinAttachment(with: wheel, attachedTo: base, attachedToAnchor: Point(x: 200, y: 300))
        pin.attachmentRange = FloatRange(minimum: -0.2, maximum: 0.3)
        let anchored = DynamicItemBehavior(items: [base])
        anchored.isAnchored = true
        let spin = DynamicItemBehavior(items: [wheel])
        spin.addAngularVelocity(4, for: wheel)
        for b in [anchored, pin, spin] as [DynamicBehavior] { animator.addBehavior(b) }
        var clock = FrameClock(animator)
        var largest = 0.0
        for _ in 0..<60 {
            clock.run(animator, ticks: 1)
            largest = max(largest, wheel.angle)
        }
        #expect(largest <= 0.3 + 0.01, "largest \(largest)")
        #expect(largest >= 0.29)
        pin.attachmentRange = FloatRange(minimum: 0.1, maximum: 1)
        #expect(pin.attachmentRange == FloatRange(minimum: -0.2, maximum: 0.3))
    }

    @Test func fixedAttachmentKeepsTheRelativePose() throws {
        let a = TestItem(x: 200, y: 200, width: 60, height: 60)
        let b = TestItem(x: 280, y: 230, width: 40, height: 40)
        let animator = DynamicAnimator()
        let fixed = AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 240, y: 215))
        let push = PushBehavior(items: [a], mode: .continuous)
        push.setAngle(-.pi / 3, magnitude: 2)
        push.setTargetOffsetFromCenter(Vector(dx: 0, dy: 30), for: a)
        animator.addBehavior(fixed)
        animator.addBehavior(push)
        animator.addBehavior(GravityBehavior(items: [b]))
        var clock = FrameClock(animator)
        let offset0 = Vector(dx: 80, dy: 30)
        var worstOffset = 0.0
        var worstAngle = 0.0
        for _ in 0..<120 {
            clock.run(animator, ticks: 1)
            let rel = Vector(dx: b.center.x - a.center.x, dy: b.center.y - a.center.y)
            let c = cos(-a.angle)
            let s = sin(-a.angle)
            let local = Vector(dx: c * rel.dx - s * rel.dy, dy: s * rel.dx + c * rel.dy)
            worstOffset = max(worstOffset, (local - offset0).length)
            worstAngle = max(worstAngle, abs(remainder(b.angle - a.angle, 2 * .pi)))
        }
        #expect(worstOffset <= 0.5, "offset \(worstOffset)")
        #expect(worstAngle <= 0.2 * .pi / 180, "angle \(worstAngle * 180 / .pi)°")
        #expect(abs(a.angle) > 0.05)  // it did turn
    }

    @Test func itemToItemRodKeepsTheDistance() throws {
        let a = TestItem(x: 100, y: 100, width: 20, height: 20)
        let b = TestItem(x: 200, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator()
        let rod = AttachmentBehavior(item: a, attachedTo: b)
        #expect(rod.attachedBehaviorType == .items)
        #expect(rod.items.count == 2)
        animator.addBehavior(rod)
        let push = PushBehavior(items: [a], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 0.05)
        animator.addBehavior(push)
        var clock = FrameClock(animator)
        var worst = 0.0
        for _ in 0..<120 {
            clock.run(animator, ticks: 1)
            worst = max(worst, abs(a.center.distance(to: b.center) - 100))
        }
        #expect(worst <= 0.5, "\(worst)")
        #expect(b.center.y > 101)
    }

    @Test func invalidValuesAreIgnored() {
        let item = TestItem(x: 0, y: 0)
        let a = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 100))
        a.length = .nan
        a.frequency = -1
        a.damping = .infinity
        a.anchorPoint = Point(x: .nan, y: 0)
        #expect(a.length == 100)
        #expect(a.frequency == 0)
        #expect(a.damping == 0)
        #expect(a.anchorPoint == Point(x: 0, y: 100))
        #expect(a.attachmentRange == .infinite)
        let sliding = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: .zero, axisOfTranslation: .zero)
        #expect(sliding.items.count == 1)
    }

    @Test func changingLengthAndSpringWhileRunning() throws {
        let item = TestItem(x: 200, y: 300, width: 40, height: 40)
        let animator = DynamicAnimator()
        let attachment = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 200, y: 100))
        animator.addBehavior(attachment)
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        #expect(abs(item.center.y - 300) < 0.5)  // a rod holds it
        attachment.frequency = 3
        attachment.damping = 1
        attachment.length = 100
        clock.run(animator, ticks: 180)
        // Spring at rest: k·x = m·g with k = m(2π·3)², so x = 1000 / (6π)² below the rest length.
        let sag = 1000 / pow(6 * Double.pi, 2)
        #expect(abs(item.center.y - (200 + sag)) < 0.5, "y \(item.center.y)")
        // Moving the anchor 60 pt right starts an undamped sideways swing about x = 260.
        attachment.anchorPoint = Point(x: 260, y: 100)
        var largest = 0.0
        for _ in 0..<120 {
            clock.run(animator, ticks: 1)
            largest = max(largest, item.center.x)
        }
        #expect(largest > 300, "largest x \(largest)")
    }
}
