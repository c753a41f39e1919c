import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// Criterion 11 of docs/dynamics-notes.md for the prismatic joint (UIKit `slidingAttachment`): no
/// relative rotation, the anchor stays on the axis, and the range holds.
@Suite struct JointPrismaticTests {
    typealias Scene = JointTestScenes

    @Test func staticAxisKeepsRotationAndRange() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        // Pulled along the axis and pressed across it.
        let body = try Scene.box(world, at: .zero, size: 40, gravity: Vector(dx: 1000, dy: 400))
        var def = PrismaticJointDefinition(bodyA: anchor, bodyB: body)
        def.enableLimit = true
        def.lowerTranslation = -50
        def.upperTranslation = 100
        let joint = try world.createJoint(.prismatic(def))
        var worstAngle = 0.0
        var worstOffAxis = 0.0
        var largest = -Double.infinity
        for _ in 0..<240 {
            // A continuous off-centre push (UIKit's continuous push) that would spin a free body:
            // 0.16 × 500 pt/s² at the right edge, across the axis.
            let edge = world.position(of: body)
            world.applyForce(body, Vector(dx: 0, dy: 80), at: Point(x: edge.x + 20, y: edge.y))
            world.step(Scene.timeStep)
            worstAngle = max(worstAngle, abs(world.angle(of: body)))
            worstOffAxis = max(worstOffAxis, abs(world.position(of: body).y))
            largest = max(largest, world.jointTranslation(of: joint))
        }
        #expect(worstAngle <= 0.1 * Double.pi / 180, "rotated \(worstAngle * 180 / Double.pi)°")
        #expect(worstOffAxis <= 0.5, "left the axis by \(worstOffAxis)")
        #expect(largest <= 100.5, "overshot the range to \(largest)")
        #expect(abs(world.jointTranslation(of: joint) - 100) <= 0.5)
    }

    @Test func lowerLimitHolds() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        let body = try Scene.box(world, at: .zero, size: 20, gravity: Vector(dx: -1000, dy: 0))
        var def = PrismaticJointDefinition(bodyA: anchor, bodyB: body)
        def.enableLimit = true
        def.lowerTranslation = -50
        def.upperTranslation = 100
        let joint = try world.createJoint(.prismatic(def))
        var smallest = Double.infinity
        for _ in 0..<240 {
            world.step(Scene.timeStep)
            smallest = min(smallest, world.jointTranslation(of: joint))
        }
        #expect(smallest >= -50.5, "overshot to \(smallest)")
        #expect(abs(world.jointTranslation(of: joint) + 50) <= 0.5)
    }

    /// Box A and box B joined 60 pt apart along a (3, 4) axis, both under gravity: off-centre
    /// pushes on B and, for the first second, a twist on A (spinning the pair up to about
    /// 10 rad/s). Returns the worst relative rotation (radians), the worst excursion beyond
    /// ±30 pt when limited, and A's final angle.
    private func spinningPair(limited: Bool) throws -> (Double, Double, Double) {
        let world = PhysicsWorld()
        let a = try Scene.box(world, at: .zero, size: 40, gravity: Scene.gravity)
        let b = try Scene.box(world, at: Point(x: 60, y: 0), size: 20, gravity: Scene.gravity)
        var def = PrismaticJointDefinition(bodyA: a, bodyB: b)
        def.localAnchorA = Point(x: 60, y: 0)
        def.localAxisA = Vector(dx: 3, dy: 4)  // not unit: the joint normalises it
        def.enableLimit = limited
        def.lowerTranslation = -30
        def.upperTranslation = 30
        let joint = try world.createJoint(.prismatic(def))
        var worstAngle = 0.0
        var worstExcess = 0.0
        for i in 0..<240 {
            let pb = world.position(of: b)
            world.applyForce(b, Vector(dx: 10, dy: 40), at: Point(x: pb.x, y: pb.y + 10))
            if i < 120 { world.applyTorque(a, 500) }
            world.step(Scene.timeStep)
            worstAngle = max(worstAngle, abs(world.jointAngle(of: joint)))
            worstExcess = max(worstExcess, abs(world.jointTranslation(of: joint)) - 30)
        }
        return (worstAngle, worstExcess, world.angle(of: a))
    }

    @Test func twoDynamicBodiesSlideWithoutTurning() throws {
        let (worst, _, angleOfA) = try spinningPair(limited: false)
        #expect(worst <= 0.1 * Double.pi / 180, "relative rotation \(worst * 180 / Double.pi)°")
        // The pair turned as a whole, so the constraint did real work.
        #expect(abs(angleOfA) > 0.1)
    }

    @Test func twoDynamicBodiesRespectTheRange() throws {
        let (worst, excess, _) = try spinningPair(limited: true)
        #expect(excess <= 0.5, "left the range by \(excess) pt")
        // B hits its stop at about 240 pt/s; the stop's impulse acts on A off its centre.
        #expect(worst <= 0.1 * Double.pi / 180, "relative rotation \(worst * 180 / Double.pi)°")
    }

    @Test func offCentreAnchorHitsTheStopWithoutTurning() throws {
        // The anchor is 20 pt above the box's centre: the stop's impulse at ~450 pt/s would
        // turn it by about 0.6° if the limit ignored the angular constraint.
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        let body = try Scene.box(world, at: Point(x: 0, y: 20), size: 40, gravity: Vector(dx: 1000, dy: 0))
        var def = PrismaticJointDefinition(bodyA: anchor, bodyB: body)
        def.localAnchorB = Point(x: 0, y: -20)
        def.enableLimit = true
        def.lowerTranslation = -50
        def.upperTranslation = 100
        let joint = try world.createJoint(.prismatic(def))
        var worstAngle = 0.0
        var largest = -Double.infinity
        for _ in 0..<240 {
            world.step(Scene.timeStep)
            worstAngle = max(worstAngle, abs(world.angle(of: body)))
            largest = max(largest, world.jointTranslation(of: joint))
        }
        #expect(worstAngle <= 0.1 * Double.pi / 180, "rotated \(worstAngle * 180 / Double.pi)°")
        #expect(largest <= 100.5, "overshot the range to \(largest)")
        #expect(abs(world.jointTranslation(of: joint) - 100) <= 0.5)
    }
}
