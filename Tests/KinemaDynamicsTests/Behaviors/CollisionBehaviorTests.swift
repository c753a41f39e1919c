import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Collision groups, modes and the delegate (criterion 12 of docs/dynamics-notes.md).
@Suite struct CollisionBehaviorTests {
    /// Records contacts and checks that every began is followed by exactly one ended.
    final class Recorder: CollisionBehaviorDelegate {
        struct Contact: Hashable {
            let a: ObjectIdentifier
            let b: ObjectIdentifier?
            let boundary: String?
        }
        var began: [Contact] = []
        var ended: [Contact] = []
        var open: Set<Contact> = []
        var violations: [String] = []
        var points: [(Contact, Point)] = []
        var boundaryIdentifiers: [String?] = []

        private func key(_ a: any DynamicItem, _ b: any DynamicItem) -> Contact {
            let x = ObjectIdentifier(a)
            let y = ObjectIdentifier(b)
            return x < y ? Contact(a: x, b: y, boundary: nil) : Contact(a: y, b: x, boundary: nil)
        }

        private func open(_ c: Contact) {
            began.append(c)
            if !open.insert(c).inserted { violations.append("began twice") }
        }

        private func close(_ c: Contact) {
            ended.append(c)
            if open.remove(c) == nil { violations.append("ended without began") }
        }

        func collisionBehavior(
            _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at point: Point
        ) {
            open(key(item1, item2))
            points.append((key(item1, item2), point))
        }

        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
            close(key(item1, item2))
        }

        func collisionBehavior(
            _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?,
            at point: Point
        ) {
            let c = Contact(a: ObjectIdentifier(item), b: nil, boundary: identifier ?? "<nil>")
            boundaryIdentifiers.append(identifier)
            open(c)
            points.append((c, point))
        }

        func collisionBehavior(
            _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?
        ) {
            close(Contact(a: ObjectIdentifier(item), b: nil, boundary: identifier ?? "<nil>"))
        }

        func touched(_ a: any DynamicItem, _ b: any DynamicItem) -> Bool { began.contains(key(a, b)) }
    }

    static func mover(_ animator: DynamicAnimator, _ items: [TestItem], velocity: Vector) {
        let behavior = DynamicItemBehavior(items: items)
        for item in items { behavior.addLinearVelocity(velocity, for: item) }
        animator.addBehavior(behavior)
    }

    @Test func itemsCollideOnlyWithinTheirBehaviour() {
        let a = TestItem(x: 100, y: 100, width: 20, height: 20)
        let b = TestItem(x: 400, y: 100, width: 20, height: 20)
        let c = TestItem(x: 250, y: 100, width: 20, height: 20)
        let d = TestItem(x: 0, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator()
        let one = CollisionBehavior(items: [a, b])
        let two = CollisionBehavior(items: [c, d])
        let r1 = Recorder()
        let r2 = Recorder()
        one.collisionDelegate = r1
        two.collisionDelegate = r2
        animator.addBehavior(one)
        animator.addBehavior(two)
        Self.mover(animator, [a], velocity: Vector(dx: 300, dy: 0))
        Self.mover(animator, [c], velocity: Vector(dx: -300, dy: 0))
        var clock = FrameClock(animator)
        var overlapped = false
        for _ in 0..<60 {
            clock.run(animator, ticks: 1)
            if abs(a.center.x - c.center.x) < 20 { overlapped = true }
        }
        #expect(overlapped)  // A went through C
        #expect(r1.touched(a, b))
        #expect(r2.touched(c, d))
        #expect(!r1.touched(a, c) && !r2.touched(a, c))
        #expect(r1.violations.isEmpty && r2.violations.isEmpty)
        // B was hit and moves right; D was hit and moves left.
        #expect(b.center.x > 401)
        #expect(d.center.x < -1)
    }

    @Test func itemsModeIgnoresBoundariesAndBoundariesModeIgnoresItems() {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        // .items: falls through the floor.
        do {
            let item = TestItem(x: 200, y: 250, width: 20, height: 20)
            let animator = DynamicAnimator(referenceBounds: bounds)
            let collision = CollisionBehavior(items: [item])
            collision.collisionMode = .items
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: [item]))
            var clock = FrameClock(animator)
            clock.run(animator, ticks: 60)
            #expect(item.center.y > 400)
        }
        // .boundaries: two items pass through each other but land on the floor.
        do {
            let left = TestItem(x: 100, y: 280, width: 20, height: 20)
            let right = TestItem(x: 300, y: 280, width: 20, height: 20)
            let animator = DynamicAnimator(referenceBounds: bounds)
            let collision = CollisionBehavior(items: [left, right])
            collision.collisionMode = .boundaries
            collision.translatesReferenceBoundsIntoBoundary = true
            let recorder = Recorder()
            collision.collisionDelegate = recorder
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: [left, right]))
            Self.mover(animator, [left], velocity: Vector(dx: 150, dy: 0))
            Self.mover(animator, [right], velocity: Vector(dx: -150, dy: 0))
            let frictionless = DynamicItemBehavior(items: [left, right])  // slide, don't stop
            frictionless.friction = 0
            animator.addBehavior(frictionless)
            var clock = FrameClock(animator)
            clock.run(animator, ticks: 60)
            #expect(left.center.x > right.center.x)
            #expect(abs(left.center.y - 290) < 0.6)
            #expect(!recorder.touched(left, right))
            #expect(recorder.boundaryIdentifiers.contains { $0 == nil })
        }
    }

    @Test func everyBeganIsPairedWithOneEndedAndReferenceBoundsReportNil() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 300))
        var items: [TestItem] = []
        for i in 0..<12 {
            items.append(TestItem(x: 40 + 20 * Double(i), y: 40 + Double(i % 4) * 50, width: 16, height: 16))
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "shelf", from: Point(x: 0, y: 150), to: Point(x: 120, y: 200))
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        let bouncy = DynamicItemBehavior(items: items)
        bouncy.elasticity = 0.8
        for (i, item) in items.enumerated() {
            bouncy.addLinearVelocity(Vector(dx: Double(i * 37 % 11) * 40 - 200, dy: Double(i * 53 % 7) * 60 - 180), for: item)
        }
        animator.addBehavior(collision)
        animator.addBehavior(bouncy)
        animator.addBehavior(GravityBehavior(items: items))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 180)
        #expect(!recorder.began.isEmpty)
        #expect(recorder.boundaryIdentifiers.contains { $0 == nil })
        #expect(recorder.boundaryIdentifiers.contains { $0 == "shelf" })
        #expect(recorder.boundaryIdentifiers.allSatisfy { $0 == nil || $0 == "shelf" })
        // Removing the behaviour ends every open contact exactly once.
        animator.removeBehavior(collision)
        clock.run(animator, ticks: 2)
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
        #expect(recorder.open.isEmpty)
        #expect(recorder.began.count == recorder.ended.count)
    }

    @Test func removingABoundaryOrAnItemEndsItsContacts() {
        let animator = DynamicAnimator()
        let a = TestItem(x: 100, y: 80, width: 20, height: 20)
        let b = TestItem(x: 100, y: 40, width: 20, height: 20)
        let collision = CollisionBehavior(items: [a, b])
        collision.addBoundary(withIdentifier: "floor", from: Point(x: 0, y: 100), to: Point(x: 200, y: 100))
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        #expect(recorder.open.count == 2)  // a–floor, a–b
        #expect(collision.boundaryIdentifiers == ["floor"])
        #expect(collision.boundary(withIdentifier: "floor") != nil)
        collision.removeBoundary(withIdentifier: "floor")
        #expect(collision.boundary(withIdentifier: "floor") == nil)
        clock.run(animator, ticks: 1)
        #expect(recorder.open.count == 1)
        collision.removeItem(b)
        clock.run(animator, ticks: 1)
        #expect(recorder.open.isEmpty)
        #expect(recorder.violations.isEmpty)
    }

    @Test func contactPointsLieOnBothSurfaces() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 500))
        let lower = TestItem(x: 200, y: 470, width: 100, height: 60)
        let upper = TestItem(x: 210, y: 300, width: 40, height: 40)
        let collision = CollisionBehavior(items: [lower, upper])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [lower, upper]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 90)
        try #require(!recorder.points.isEmpty)
        for (contact, point) in recorder.points {
            if contact.b == nil {
                // The lower item on the floor (y = 500).
                #expect(abs(point.y - 500) <= 1, "floor contact at \(point)")
            } else {
                // Upper bottom (≈ 440 when it lands) and lower top (440).
                #expect(abs(point.y - 440) <= 1, "item contact at \(point)")
                #expect(point.x >= 190 - 1 && point.x <= 230 + 1)
            }
        }
    }

    @Test func aHundredBehavioursFilterIndependently() {
        let animator = DynamicAnimator()
        var left: [TestItem] = []
        var right: [TestItem] = []
        var recorders: [Recorder] = []
        for _ in 0..<100 {
            let l = TestItem(x: 100, y: 100, width: 20, height: 20)
            let r = TestItem(x: 200, y: 100, width: 20, height: 20)
            let collision = CollisionBehavior(items: [l, r])
            let recorder = Recorder()
            collision.collisionDelegate = recorder
            animator.addBehavior(collision)
            left.append(l)
            right.append(r)
            recorders.append(recorder)
        }
        Self.mover(animator, left, velocity: Vector(dx: 200, dy: 0))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 60)
        for i in 0..<100 {
            #expect(recorders[i].began.count == 1)
            #expect(recorders[i].touched(left[i], right[i]))
            #expect(right[i].center.x > 201)
            #expect(recorders[i].violations.isEmpty)
        }
        // The left items overlap each other the whole time and never collide.
        #expect(left.allSatisfy { abs($0.center.x - left[0].center.x) < 1e-9 })
    }

    @Test func itemsAddedToACollisionBehaviourLaterCollide() {
        let floor = TestItem(x: 100, y: 300, width: 200, height: 20)
        let a = TestItem(x: 100, y: 100, width: 20, height: 20)
        let b = TestItem(x: 100, y: 100, width: 20, height: 20)
        let animator = DynamicAnimator()
        let anchored = DynamicItemBehavior(items: [floor])
        anchored.isAnchored = true
        let collision = CollisionBehavior(items: [floor])
        for behavior in [anchored, collision, GravityBehavior(items: [a, b])] as [DynamicBehavior] { animator.addBehavior(behavior) }
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 10)
        collision.addItem(a)
        clock.run(animator, ticks: 80)
        #expect(abs(a.center.y - 280) < 0.6)
        #expect(b.center.y > 400)  // never in the behaviour: falls through
    }

    @Test func referenceBoundsThatChangeRebuildTheBoundaryAndResume() throws {
        let space = PlainReferenceSpace(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 200))
        let animator = DynamicAnimator(referenceSpace: space)
        let item = TestItem(x: 100, y: 100, width: 20, height: 20)
        let collision = CollisionBehavior(items: [item])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 20, right: 0))
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 150)
        #expect(abs(item.center.y - 170) < 0.6)
        #expect(!animator.isRunning)
        space.referenceBounds = Rect(x: 0, y: 0, width: 200, height: 300)
        clock.run(animator, ticks: 90)
        #expect(abs(item.center.y - 270) < 0.6)
    }
}
