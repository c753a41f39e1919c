import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// Collision bounds types and item groups (criterion 13 of docs/dynamics-notes.md).
@Suite struct UIKitBoundsTypesTests {
    static func dropScene(
        _ items: [TestItem], bounds: Rect = Rect(x: 0, y: 0, width: 400, height: 400), friction: Double = 0.5
    )
        -> DynamicAnimator
    {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: items)
        properties.friction = friction
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        animator.addBehavior(GravityBehavior(items: items))
        return animator
    }

    @Test func ellipseRestsWithItsLowestPointOnTheFloor() throws {
        // Set down from 10 pt: an ellipse dropped from high rocks on its round bottom for a
        // long time (rolling loses little energy), as a real one does.
        let item = TestItem(x: 200, y: 365, width: 100, height: 50)
        item.collisionBoundsType = .ellipse
        let animator = Self.dropScene([item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 240)
        let a = 50.0
        let b = 25.0
        let s = sin(item.angle)
        let c = cos(item.angle)
        let halfHeight = (a * a * s * s + b * b * c * c).squareRoot()
        let gap = 400 - (item.center.y + halfHeight)
        #expect(abs(gap) <= 0.5, "gap \(gap)")
        #expect(try #require(animator.dynamicState(of: item)).isAtRest)
    }

    @Test func circleRollsWithoutSlippingOnAnIncline() throws {
        let slope = 10 * Double.pi / 180
        let r = 20.0
        let start = Point(x: 0, y: 100)
        let end = Point(x: 1000, y: 100 + 1000 * tan(slope))
        let t = Vector(dx: cos(slope), dy: sin(slope))
        let n = Vector(dx: sin(slope), dy: -cos(slope))  // out of the surface, towards the circle
        let item = TestItem(x: 100 + n.dx * (r + 0.25), y: 100 + 100 * tan(slope) + n.dy * (r + 0.25), width: 2 * r, height: 2 * r)
        item.collisionBoundsType = .ellipse
        let animator = DynamicAnimator()
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "incline", from: start, to: end)
        let properties = DynamicItemBehavior(items: [item])
        properties.friction = 1
        properties.resistance = 0  // a = (2/3)·g·sin θ is for an undamped disc
        properties.angularResistance = 0
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        animator.addBehavior(GravityBehavior(items: [item]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 6)
        var worstSlip = 0.0
        var lastSpeed = 0.0
        for _ in 0..<54 {
            clock.run(animator, ticks: 1)
            let s = try #require(animator.dynamicState(of: item))
            let arm = n * -r
            let contactVelocity = Vector(dx: s.velocity.dx - s.angularVelocity * arm.dy, dy: s.velocity.dy + s.angularVelocity * arm.dx)
            worstSlip = max(worstSlip, abs(contactVelocity.dot(t)))
            lastSpeed = s.velocity.dot(t)
        }
        #expect(worstSlip < 1, "slip \(worstSlip) pt/s")
        // Rolling disc: a = (2/3)·g·sin θ.
        let expected = 2.0 / 3 * 1000 * sin(slope) * 1.0
        #expect(abs(lastSpeed - expected) < 0.03 * expected, "speed \(lastSpeed) vs \(expected)")
    }

    /// A triangle with positive shoelace area in y-down coordinates (UIKit's counter-clockwise),
    /// longest side from (−60, 20) to (60, 20).
    static func triangle() -> Path {
        var path = Path()
        path.move(to: Point(x: -60, y: 20))
        path.addLine(to: Point(x: 0, y: -40))
        path.addLine(to: Point(x: 60, y: 20))
        path.closeSubpath()
        return path
    }

    @Test func counterClockwiseTriangleRestsOnItsLongestSide() throws {
        let item = TestItem(x: 200, y: 250, width: 120, height: 60)
        item.collisionBoundsType = .path
        item.collisionBoundingPath = Self.triangle()
        item.transform = AffineTransform(rotationAngle: 0.25)
        let animator = Self.dropScene([item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 300)
        let angle = remainder(item.angle, 2 * .pi)
        #expect(abs(angle) < 1 * .pi / 180, "angle \(angle)")
        // The long side is 20 pt below the centre and lies on the floor.
        #expect(abs(item.center.y + 20 - 400) <= 0.6, "centre \(item.center)")
        #expect(animator.diagnostics.isEmpty, "\(animator.diagnostics)")
    }

    @Test func eitherWindingIsAcceptedAndAConcavePathIsHulledWithADiagnostic() throws {
        // UIKit accepts either winding: the reversed triangle needs no diagnostic.
        var reversed = Path()
        reversed.move(to: Point(x: -60, y: 20))
        reversed.addLine(to: Point(x: 60, y: 20))
        reversed.addLine(to: Point(x: 0, y: -40))
        reversed.closeSubpath()
        var concave = Path()
        for p in [(-40.0, -40.0), (40, -40), (40, 40), (0, 0), (-40, 40)] {
            if concave.isEmpty { concave.move(to: Point(x: p.0, y: p.1)) } else { concave.addLine(to: Point(x: p.0, y: p.1)) }
        }
        concave.closeSubpath()
        let a = TestItem(x: 100, y: 300, width: 120, height: 60)
        a.collisionBoundsType = .path
        a.collisionBoundingPath = reversed
        let b = TestItem(x: 300, y: 300, width: 80, height: 80)
        b.collisionBoundsType = .path
        b.collisionBoundingPath = concave
        let animator = Self.dropScene([a, b])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 240)
        #expect(animator.diagnostics.count == 1, "\(animator.diagnostics)")
        #expect(animator.diagnostics.contains { $0.contains("not convex") && $0.contains("TestItem") })
        // Both collide: the triangle rests on its long side, the hull (an 80×80 square) on the floor.
        #expect(abs(a.center.y + 20 - 400) <= 0.6)
        #expect(abs(b.center.y + 40 - 400) <= 0.6)
    }

    @Test func aCirclePathBecomesAPolygonOfAtMost64Vertices() throws {
        let circle = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200))
        #expect(circle.flattened(tolerance: 0.1).first?.count ?? 0 > 64)
        let item = TestItem(x: 200, y: 250, width: 200, height: 200)
        item.collisionBoundsType = .path
        item.collisionBoundingPath = circle
        let animator = Self.dropScene([item])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 120)
        #expect(animator.diagnostics.isEmpty, "\(animator.diagnostics)")
        // It rests on the floor within the flattening tolerance of a true circle.
        #expect(abs(item.center.y + 100 - 400) <= 2.5, "centre \(item.center)")
    }

    @Test func degeneratePathsFallBackToTheBoundsRectangle() {
        var line = Path()
        line.move(to: Point(x: -10, y: 0))
        line.addLine(to: Point(x: 10, y: 0))
        line.addLine(to: Point(x: 20, y: 0))
        let item = TestItem(x: 200, y: 300, width: 40, height: 40)
        item.collisionBoundsType = .path
        item.collisionBoundingPath = line
        let empty = TestItem(x: 100, y: 300, width: 40, height: 40)
        empty.collisionBoundsType = .path
        let animator = Self.dropScene([item, empty])
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 120)
        #expect(abs(item.center.y - 380) <= 0.6)
        #expect(abs(empty.center.y - 380) <= 0.6)
        #expect(animator.diagnostics.count == 2)
    }

    @Test func aGroupMovesRigidly() throws {
        let a = TestItem(x: 150, y: 100, width: 40, height: 40)
        let b = TestItem(x: 200, y: 120, width: 60, height: 20)
        b.transform = AffineTransform(rotationAngle: 0.4)
        let c = TestItem(x: 230, y: 80, width: 30, height: 30)
        c.collisionBoundsType = .ellipse
        let group = DynamicItemGroup(items: [a, b, c])
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let spin = DynamicItemBehavior(items: [group])
        spin.addAngularVelocity(3, for: group)
        spin.elasticity = 0.4
        animator.addBehavior(collision)
        animator.addBehavior(spin)
        animator.addBehavior(GravityBehavior(items: [group]))
        let members = [a, b, c]
        func distances() -> [Double] {
            [a.center.distance(to: b.center), b.center.distance(to: c.center), a.center.distance(to: c.center)]
        }
        func relativeAngles() -> [Double] { [b.angle - a.angle, c.angle - a.angle] }
        let d0 = distances()
        let r0 = relativeAngles()
        var clock = FrameClock(animator)
        var worst = 0.0
        var worstAngle = 0.0
        for _ in 0..<180 {
            clock.run(animator, ticks: 1)
            for (x, y) in zip(distances(), d0) { worst = max(worst, abs(x - y)) }
            for (x, y) in zip(relativeAngles(), r0) { worstAngle = max(worstAngle, abs(remainder(x - y, 2 * .pi))) }
        }
        #expect(worst < 0.1, "drift \(worst)")
        #expect(worstAngle < 1e-6)
        #expect(members.allSatisfy { $0.center.y > 150 })  // it fell
        #expect(members.allSatisfy { $0.center.y < 400 })  // and landed inside
        #expect(abs(a.angle) > 0.01)  // and turned
        #expect(animator.items(in: Rect(x: 0, y: 0, width: 400, height: 400)).count == 3)
    }

    @Test func nestedGroupsAreSkippedWithADiagnostic() {
        let a = TestItem(x: 100, y: 100, width: 20, height: 20)
        let b = TestItem(x: 140, y: 100, width: 20, height: 20)
        let inner = DynamicItemGroup(items: [b])
        let outer = DynamicItemGroup(items: [a, inner])
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [outer]))
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 30)
        #expect(a.center.y > 100)
        #expect(b.center.y == 100)
        #expect(animator.diagnostics.contains { $0.contains("nested") })
    }
}
