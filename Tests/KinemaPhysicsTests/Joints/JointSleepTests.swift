import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// Joints and sleep: joined bodies rest and sleep together, and joint changes wake them.
@Suite struct JointSleepTests {
    typealias Scene = JointTestScenes

    /// A box that may sleep, under gravity, 100 pt below a static anchor on a critically
    /// damped 2 Hz spring of rest length 100.
    private func restingSpring() throws -> (PhysicsWorld, BodyID, JointID) {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        var bodyDef = BodyDefinition(type: .dynamic, position: Point(x: 0, y: 100))
        bodyDef.gravity = Scene.gravity
        let body = try world.createBody(bodyDef)
        try world.createShape(on: body, ShapeDefinition(geometry: .polygon(.box(width: 20, height: 20))))
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 100
        def.enableSpring = true
        def.hertz = 2
        def.dampingRatio = 1
        let joint = try world.createJoint(.distance(def))
        return (world, body, joint)
    }

    @Test func springSettlesSleepsAndWakesOnChange() throws {
        let (world, body, joint) = try restingSpring()
        for _ in 0..<(120 * 4) { world.step(Scene.timeStep) }
        // Static sag of a 2 Hz spring: g / (2π f)² = 1000 / (4π)² ≈ 6.33 pt.
        let sag = 1000 / pow(4 * Double.pi, 2)
        #expect(abs(world.position(of: body).y - (100 + sag)) <= 0.5, "rests at \(world.position(of: body).y)")
        #expect(!world.isAwake(body))
        world.setLength(joint, 150)
        #expect(world.isAwake(body))
        for _ in 0..<(120 * 2) { world.step(Scene.timeStep) }
        #expect(abs(world.position(of: body).y - (150 + sag)) <= 0.5, "rests at \(world.position(of: body).y)")
    }

    @Test func creatingAJointWakesBothBodies() throws {
        let world = PhysicsWorld()
        let a = try Scene.box(world, at: .zero)
        let b = try Scene.box(world, at: Point(x: 50, y: 0))
        world.setAwake(a, false)
        world.setAwake(b, false)
        try world.createJoint(.distance(DistanceJointDefinition(bodyA: a, bodyB: b)))
        #expect(world.isAwake(a) && world.isAwake(b))
    }

    @Test func jointedBodiesSleepTogether() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        var ids: [BodyID] = []
        var previous = anchor
        for i in 1...3 {
            var bodyDef = BodyDefinition(type: .dynamic, position: Point(x: 0, y: Double(i) * 40))
            bodyDef.gravity = Scene.gravity
            bodyDef.linearDamping = 2
            bodyDef.angularDamping = 2
            let link = try world.createBody(bodyDef)
            try world.createShape(on: link, ShapeDefinition(geometry: .polygon(.box(width: 10, height: 10))))
            var def = RevoluteJointDefinition(bodyA: previous, bodyB: link)
            def.localAnchorA = i == 1 ? .zero : Point(x: 0, y: 20)
            def.localAnchorB = Point(x: 0, y: -20)
            try world.createJoint(.revolute(def))
            ids.append(link)
            previous = link
        }
        for _ in 0..<(120 * 3) { world.step(Scene.timeStep) }
        #expect(ids.allSatisfy { !world.isAwake($0) })
        // Waking the last link wakes the chain it hangs from.
        world.applyLinearImpulse(ids[2], Vector(dx: 1, dy: 0), at: world.position(of: ids[2]))
        world.setAwake(ids[2], true)
        #expect(ids.allSatisfy { world.isAwake($0) })
    }
}
