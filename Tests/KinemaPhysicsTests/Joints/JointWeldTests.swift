import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// Criterion 11 of docs/dynamics-notes.md for the weld joint (UIKit `fixedAttachment`).
@Suite struct JointWeldTests {
    typealias Scene = JointTestScenes

    /// Box A pinned 100 pt left of its centre, released horizontal, with box B welded to its
    /// right side; both under gravity. Returns the worst relative-position error (points) and
    /// relative-angle error (radians) over three seconds.
    private func swingingPair(linearHertz: Double = 0, angularHertz: Double = 0) throws -> (Double, Double) {
        let world = PhysicsWorld()
        let pin = try Scene.anchor(world, at: Point(x: -100, y: 0))
        let a = try Scene.box(world, at: .zero, size: 40, gravity: Scene.gravity)
        let b = try Scene.box(world, at: Point(x: 40, y: 0), size: 40, gravity: Scene.gravity)
        var hinge = RevoluteJointDefinition(bodyA: pin, bodyB: a)
        hinge.localAnchorB = Point(x: -100, y: 0)
        try world.createJoint(.revolute(hinge))
        var def = WeldJointDefinition(bodyA: a, bodyB: b)
        def.localAnchorA = Point(x: 20, y: 0)
        def.localAnchorB = Point(x: -20, y: 0)
        def.linearHertz = linearHertz
        def.angularHertz = angularHertz
        try world.createJoint(.weld(def))
        var worstOffset = 0.0
        var worstAngle = 0.0
        for _ in 0..<360 {
            world.step(Scene.timeStep)
            let pa = world.position(of: a)
            let pb = world.position(of: b)
            let qa = world.angle(of: a)
            // B's origin in A's frame should stay (40, 0).
            let dx = pb.x - pa.x
            let dy = pb.y - pa.y
            let lx = cos(qa) * dx + sin(qa) * dy
            let ly = -sin(qa) * dx + cos(qa) * dy
            worstOffset = max(worstOffset, Scene.distance(Point(x: lx, y: ly), Point(x: 40, y: 0)))
            worstAngle = max(worstAngle, abs(unwound(world.angle(of: b) - qa)))
        }
        return (worstOffset, worstAngle)
    }

    @Test func rigidWeldKeepsRelativePose() throws {
        let (offset, angle) = try swingingPair()
        #expect(offset <= 0.5, "offset \(offset) pt")
        #expect(angle <= 0.2 * Double.pi / 180, "angle \(angle * 180 / Double.pi)°")
    }

    @Test func softWeldBends() throws {
        let (_, angle) = try swingingPair(angularHertz: 2)
        #expect(angle > 1 * Double.pi / 180, "a 2 Hz weld should flex; angle \(angle * 180 / Double.pi)°")
    }

    @Test func fallingPairStaysFused() throws {
        let world = PhysicsWorld()
        let a = try Scene.box(world, at: .zero, size: 30, gravity: Scene.gravity)
        let b = try Scene.box(world, at: Point(x: 0, y: 50), size: 20, gravity: Scene.gravity, angle: 0.5)
        var def = WeldJointDefinition(bodyA: a, bodyB: b)
        def.localAnchorA = Point(x: 0, y: 25)
        def.localAnchorB = Point(x: -25 * sin(0.5), y: -25 * cos(0.5))
        def.referenceAngle = 0.5
        let joint = try world.createJoint(.weld(def))
        world.applyLinearImpulse(b, Vector(dx: 20, dy: 0), at: Point(x: 10, y: 50))
        var worst = 0.0
        for _ in 0..<240 {
            world.step(Scene.timeStep)
            worst = max(worst, abs(world.jointAngle(of: joint)))
        }
        #expect(worst <= 0.2 * Double.pi / 180, "relative angle \(worst * 180 / Double.pi)°")
        #expect(world.currentLength(of: joint) <= 0.5)
        // The push set the pair spinning.
        #expect(abs(world.angularVelocity(of: a)) > 0.1)
    }

    @Test func weldedToAKinematicBodyFollowsItAndLeavesItAlone() throws {
        let world = PhysicsWorld()
        var driverDef = BodyDefinition(type: .kinematic, position: .zero)
        driverDef.linearVelocity = Vector(dx: 100, dy: 0)
        driverDef.angularVelocity = 1
        let driver = try world.createBody(driverDef)
        let body = try Scene.box(world, at: Point(x: 50, y: 0), gravity: Scene.gravity)
        var def = WeldJointDefinition(bodyA: driver, bodyB: body)
        def.localAnchorA = Point(x: 50, y: 0)
        let joint = try world.createJoint(.weld(def))
        var worst = 0.0
        for _ in 0..<120 {
            world.step(Scene.timeStep)
            worst = max(worst, world.currentLength(of: joint))
        }
        #expect(worst <= 0.5, "weld gap \(worst) pt")
        #expect(abs(world.jointAngle(of: joint)) <= 0.2 * Double.pi / 180)
        // The kinematic driver moved only by its own velocity.
        #expect(world.linearVelocity(of: driver) == Vector(dx: 100, dy: 0))
        #expect(world.angularVelocity(of: driver) == 1)
        #expect(abs(world.position(of: driver).x - 100) < 1e-9)
    }
}
