import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// The joint API: creation errors, lifetime with bodies, setters that reject bad input and wake
/// bodies, read-backs, determinism.
@Suite struct JointAPITests {
    typealias Scene = JointTestScenes

    /// A static anchor and a box 100 pt below it on a rigid distance joint.
    private func rod() throws -> (PhysicsWorld, BodyID, BodyID, JointID) {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        let body = try Scene.box(world, at: Point(x: 0, y: 100), gravity: Scene.gravity)
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 100
        let joint = try world.createJoint(.distance(def))
        return (world, anchor, body, joint)
    }

    private func distanceDefinition(_ world: PhysicsWorld, _ joint: JointID) -> DistanceJointDefinition? {
        if case .distance(let d)? = world.definition(of: joint) { return d }
        return nil
    }

    @Test func jointOfABodyToItselfThrows() throws {
        let world = PhysicsWorld()
        let body = try Scene.box(world, at: .zero)
        #expect(throws: DynamicsError.invalidValue(field: "bodyB", expected: "a body other than bodyA")) {
            try world.createJoint(.weld(WeldJointDefinition(bodyA: body, bodyB: body)))
        }
    }

    @Test func nonFiniteDefinitionIsRejected() throws {
        let world = PhysicsWorld()
        let a = try Scene.anchor(world, at: .zero)
        let b = try Scene.box(world, at: Point(x: 0, y: 50))
        var def = DistanceJointDefinition(bodyA: a, bodyB: b)
        def.hertz = .nan
        #expect(throws: DynamicsError.self) { try world.createJoint(.distance(def)) }
    }

    @Test func destroyingABodyDestroysItsJoints() throws {
        let (world, anchor, body, joint) = try rod()
        let other = try Scene.box(world, at: Point(x: 50, y: 0))
        let weld = try world.createJoint(.weld(WeldJointDefinition(bodyA: body, bodyB: other)))
        world.destroyBody(body)
        #expect(!world.isValid(joint))
        #expect(!world.isValid(weld))
        #expect(world.definition(of: joint) == nil)
        // The survivors still step, and a new joint reuses the slots cleanly.
        let fresh = try world.createJoint(.distance(DistanceJointDefinition(bodyA: anchor, bodyB: other)))
        for _ in 0..<10 { world.step(Scene.timeStep) }
        #expect(world.isValid(fresh))
        #expect(world.bodies(of: fresh).map { $0.1 == other } == true)
    }

    @Test func settersRejectNonFiniteAndInvertedValues() throws {
        let (world, anchor, body, joint) = try rod()
        let before = try #require(distanceDefinition(world, joint))
        world.setLength(joint, .nan)
        world.setLength(joint, -1)
        world.setSpring(joint, hertz: .infinity, dampingRatio: 0)
        world.setSpring(joint, hertz: 1, dampingRatio: .nan)
        world.setLengthRange(joint, min: 50, max: 20)
        world.setLengthRange(joint, min: .nan, max: 20)
        let after = try #require(distanceDefinition(world, joint))
        #expect(after.length == before.length)
        #expect(after.hertz == before.hertz && after.dampingRatio == before.dampingRatio)
        #expect(after.minLength == before.minLength && after.maxLength == before.maxLength)
        #expect(after.enableLimit == before.enableLimit)

        var pin = RevoluteJointDefinition(bodyA: anchor, bodyB: body)
        pin.localAnchorB = Point(x: 0, y: -100)
        let revolute = try world.createJoint(.revolute(pin))
        world.setLimits(revolute, lower: .nan, upper: 1)
        world.setLimits(revolute, lower: 1, upper: -1)
        world.setMotor(revolute, speed: .nan, maxTorque: 1)
        world.setMotor(revolute, speed: 1, maxTorque: -5)
        guard case .revolute(let r)? = world.definition(of: revolute) else {
            Issue.record("not a revolute joint")
            return
        }
        #expect(!r.enableLimit && !r.enableMotor)
        #expect(r.lowerAngle == 0 && r.upperAngle == 0 && r.motorSpeed == 0 && r.maxMotorTorque == 0)
        for _ in 0..<10 { world.step(Scene.timeStep) }
        #expect(world.position(of: body).y.isFinite)
    }

    @Test func settersApplyAndWakeTheBodies() throws {
        let (world, _, body, joint) = try rod()
        world.setAwake(body, false)
        #expect(!world.isAwake(body))
        world.setLength(joint, 150)
        #expect(world.isAwake(body))
        for _ in 0..<240 { world.step(Scene.timeStep) }
        #expect(abs(world.currentLength(of: joint) - 150) <= 0.5)

        world.setSpringEnabled(joint, true)
        world.setSpring(joint, hertz: 2, dampingRatio: 0.5)
        world.setLengthRange(joint, min: 10, max: 120)
        let d = try #require(distanceDefinition(world, joint))
        #expect(d.enableSpring && d.hertz == 2 && d.dampingRatio == 0.5)
        #expect(d.enableLimit && d.minLength == 10 && d.maxLength == 120)
        for _ in 0..<240 { world.step(Scene.timeStep) }
        #expect(world.currentLength(of: joint) <= 120.5)
    }

    @Test func revoluteAndPrismaticReadBacks() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        let wheel = try Scene.box(world, at: .zero, angle: 0.25)
        var pin = RevoluteJointDefinition(bodyA: anchor, bodyB: wheel)
        pin.referenceAngle = 0.05
        let revolute = try world.createJoint(.revolute(pin))
        #expect(abs(world.jointAngle(of: revolute) - 0.2) < 1e-12)
        world.setMotor(revolute, speed: 1.5, maxTorque: 1e6)
        for _ in 0..<120 { world.step(Scene.timeStep) }
        #expect(abs(world.angularVelocity(of: wheel) - 1.5) < 0.01)
        // Motor off, still spinning at 1.5 rad/s at about 1.7 rad: the new range pulls it back.
        world.setMotorEnabled(revolute, false)
        world.setLimits(revolute, lower: -0.1, upper: 0.1)
        for _ in 0..<120 { world.step(Scene.timeStep) }
        #expect(abs(world.jointAngle(of: revolute) - 0.1) < 0.01, "angle \(world.jointAngle(of: revolute))")

        let slider = try Scene.box(world, at: Point(x: 30, y: 40))
        var def = PrismaticJointDefinition(bodyA: anchor, bodyB: slider)
        def.localAxisA = Vector(dx: 0, dy: 1)
        let prismatic = try world.createJoint(.prismatic(def))
        // (30, 40) from the anchor: 40 along the y axis.
        #expect(abs(world.jointTranslation(of: prismatic) - 40) < 1e-12)
        world.setGravity(slider, Vector(dx: 0, dy: 1000))
        world.setLimits(prismatic, lower: 0, upper: 60)
        for _ in 0..<240 { world.step(Scene.timeStep) }
        #expect(abs(world.jointTranslation(of: prismatic) - 60) <= 0.5)
    }

    @Test func sameInputGivesTheSameBits() throws {
        func run() throws -> [Double] {
            let world = PhysicsWorld()
            let anchor = try Scene.anchor(world, at: .zero)
            var previous = anchor
            for i in 1...5 {
                let link = try Scene.box(world, at: Point(x: Double(i) * 30, y: 0), size: 10, gravity: Scene.gravity)
                var def = RevoluteJointDefinition(bodyA: previous, bodyB: link)
                def.localAnchorA = i == 1 ? .zero : Point(x: 15, y: 0)
                def.localAnchorB = Point(x: -15, y: 0)
                try world.createJoint(.revolute(def))
                previous = link
            }
            for _ in 0..<120 { world.step(Scene.timeStep) }
            let p = world.position(of: previous)
            return [p.x, p.y, world.angle(of: previous)]
        }
        let first = try run()
        let second = try run()
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
        // The chain fell and swung.
        #expect(first[1] > 50)
    }

    /// Two overlapping 40 pt boxes, 20 pt apart, joined by a slack rope; the rope's
    /// `collideConnected` decides whether contacts push them apart.
    private func overlappingPairGap(collideConnected: Bool) throws -> Double {
        let world = PhysicsWorld()
        let a = try Scene.box(world, at: .zero, size: 40)
        let b = try Scene.box(world, at: Point(x: 20, y: 0), size: 40)
        var def = DistanceJointDefinition(bodyA: a, bodyB: b)
        def.length = 200
        def.enableSpring = true
        def.enableLimit = true
        def.maxLength = 200
        def.collideConnected = collideConnected
        try world.createJoint(.distance(def))
        for _ in 0..<120 { world.step(Scene.timeStep) }
        return Scene.distance(world.position(of: a), world.position(of: b))
    }

    @Test func jointedBodiesCollideOnlyWhenAsked() throws {
        #expect(abs(try overlappingPairGap(collideConnected: false) - 20) < 1e-9)
        #expect(try overlappingPairGap(collideConnected: true) > 39)
    }
}
