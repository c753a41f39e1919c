import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// Criterion 11 of docs/dynamics-notes.md for the revolute joint (UIKit `pinAttachment`): free
/// spin, friction torque that holds a static torque, and angle limits.
@Suite struct JointRevoluteTests {
    typealias Scene = JointTestScenes

    /// A 40 × 40 box centred at (30, 0), pinned to a static anchor at the world origin.
    private func pinnedBox(
        gravity: Vector = .zero, configure: (inout RevoluteJointDefinition) -> Void = { _ in }
    ) throws -> (PhysicsWorld, BodyID, JointID) {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        let body = try Scene.box(world, at: Point(x: 30, y: 0), size: 40, gravity: gravity)
        var def = RevoluteJointDefinition(bodyA: anchor, bodyB: body)
        def.localAnchorB = Point(x: -30, y: 0)
        configure(&def)
        let joint = try world.createJoint(.revolute(def))
        return (world, body, joint)
    }

    @Test func zeroFrictionTorqueSpinsFreely() throws {
        let (world, body, joint) = try pinnedBox { def in
            def.enableMotor = true
            def.maxMotorTorque = 0
        }
        // Spin about the pin: the centre moves at ω × r.
        world.setAngularVelocity(body, 3)
        world.setLinearVelocity(body, Vector(dx: 0, dy: 90))
        var worstRadius = 0.0
        for _ in 0..<240 {
            world.step(Scene.timeStep)
            worstRadius = max(worstRadius, abs(Scene.distance(world.worldCenterOfMass(of: body), .zero) - 30))
        }
        let w = world.angularVelocity(of: body)
        #expect(abs(w - 3) <= 0.03, "angular velocity \(w)")
        #expect(worstRadius <= 0.5, "pin drift \(worstRadius)")
        #expect(world.currentLength(of: joint) <= 0.5)
    }

    @Test func largeFrictionTorqueHoldsAgainstGravity() throws {
        let (world, body, joint) = try pinnedBox(gravity: Scene.gravity) { def in
            def.enableMotor = true
            def.motorSpeed = 0
            def.maxMotorTorque = 1e7
        }
        // Gravity's torque about the pin: m g r = 0.16 × 1000 × 30 = 4800.
        for _ in 0..<240 { world.step(Scene.timeStep) }
        let angle = world.jointAngle(of: joint)
        #expect(abs(angle) <= 0.5 * Double.pi / 180, "sagged \(angle * 180 / Double.pi)°")
        #expect(Scene.distance(world.position(of: body), Point(x: 30, y: 0)) <= 0.5)
    }

    @Test func smallFrictionTorqueSlips() throws {
        let (world, _, joint) = try pinnedBox(gravity: Scene.gravity) { def in
            def.enableMotor = true
            def.maxMotorTorque = 1000  // below the 4800 gravity torque
        }
        for _ in 0..<120 { world.step(Scene.timeStep) }
        #expect(world.jointAngle(of: joint) > 20 * Double.pi / 180)
    }

    @Test func motorDrivesItsSpeed() throws {
        let (world, body, _) = try pinnedBox { def in
            def.enableMotor = true
            def.motorSpeed = 2
            def.maxMotorTorque = 1e6
        }
        for _ in 0..<60 { world.step(Scene.timeStep) }
        #expect(abs(world.angularVelocity(of: body) - 2) <= 0.02)
    }

    @Test func angleLimitsStopTheSwing() throws {
        let (world, _, joint) = try pinnedBox(gravity: Scene.gravity) { def in
            def.enableLimit = true
            def.lowerAngle = -0.2
            def.upperAngle = 0.3
        }
        var largest = -Double.infinity
        var worstGap = 0.0
        for _ in 0..<240 {
            world.step(Scene.timeStep)
            largest = max(largest, world.jointAngle(of: joint))
            worstGap = max(worstGap, world.currentLength(of: joint))
        }
        #expect(largest <= 0.3 + 0.01, "reached \(largest)")
        #expect(worstGap <= 0.5, "the pin opened by \(worstGap) pt at the stop")
        #expect(abs(world.jointAngle(of: joint) - 0.3) <= 0.01, "rests at \(world.jointAngle(of: joint))")
    }

    @Test func limitsBeyondHalfATurnCountFullTurns() throws {
        // A motor winds the box one and a half turns, onto an upper limit of 3π.
        let (world, body, joint) = try pinnedBox { def in
            def.enableMotor = true
            def.motorSpeed = 6
            def.maxMotorTorque = 1e4
            def.enableLimit = true
            def.lowerAngle = -0.5
            def.upperAngle = 3 * Double.pi
        }
        var largest = -Double.infinity
        for _ in 0..<(120 * 3) {
            world.step(Scene.timeStep)
            largest = max(largest, world.jointAngle(of: joint))
        }
        #expect(largest <= 3 * Double.pi + 0.01, "wound to \(largest)")
        #expect(abs(world.jointAngle(of: joint) - 3 * Double.pi) <= 0.01, "rests at \(world.jointAngle(of: joint))")
        #expect(abs(world.angularVelocity(of: body)) < 0.01)
    }
}
