import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaPhysics

/// Restitution as the step's impact problem (criterion 4 of docs/dynamics-notes.md): with
/// elasticity 1 a collision keeps the kinetic energy whatever the manifold, the rotation or the
/// neighbours, and in zero gravity the bounce threshold drops to the resting speed. Zero gravity
/// and friction 0 throughout, so the kinetic energy may only change in the collisions.
@Suite struct RestitutionTests {
    /// Largest relative change of kinetic energy allowed for one elastic collision.
    static let energyTolerance = 1e-4

    /// A 20×20 elastic, frictionless box with no gravity.
    func addBox(
        _ world: PhysicsWorld, at p: Point, angle: Double = 0, velocity: Vector, angularVelocity: Double = 0,
        fixedRotation: Bool = false
    ) throws -> BodyID {
        var bd = BodyDefinition(type: .dynamic, position: p, angle: angle)
        bd.linearVelocity = velocity
        bd.angularVelocity = angularVelocity
        bd.fixedRotation = fixedRotation
        let body = try world.createBody(bd)
        var def = ShapeDefinition(geometry: .polygon(try .box(width: 20, height: 20)))
        def.friction = 0
        def.restitution = 1
        try world.createShape(on: body, def)
        return body
    }

    /// A static elastic wall whose left face is at x = 250.
    func addWall(_ world: PhysicsWorld) throws {
        let wall = try world.createBody(BodyDefinition(type: .static, position: Point(x: 300, y: 0)))
        var def = ShapeDefinition(geometry: .polygon(try .box(width: 100, height: 2000)))
        def.restitution = 1
        try world.createShape(on: wall, def)
    }

    struct WallHit: CustomTestStringConvertible, Sendable {
        var heading: Double
        var angle: Double
        var spin: Double
        var fixedRotation: Bool
        var testDescription: String {
            "heading \(heading) rad, angle \(angle) rad, spin \(spin) rad/s\(fixedRotation ? ", fixed rotation" : "")"
        }
    }

    @Test(arguments: [
        WallHit(heading: 0, angle: 0, spin: 0, fixedRotation: true),
        WallHit(heading: 0, angle: 0, spin: 0, fixedRotation: false),
        WallHit(heading: 0.5, angle: 0, spin: 0, fixedRotation: false),
        WallHit(heading: 0.5, angle: 0.3, spin: 0, fixedRotation: false),
        WallHit(heading: -0.4, angle: 0.2, spin: 3, fixedRotation: false),
    ])
    func elasticBoxHittingAWallKeepsItsEnergy(_ hit: WallHit) throws {
        let world = PhysicsWorld()
        try addWall(world)
        let box = try addBox(
            world, at: Point(x: 150, y: 0), angle: hit.angle,
            velocity: Vector(dx: 300 * cos(hit.heading), dy: 300 * sin(hit.heading)), angularVelocity: hit.spin,
            fixedRotation: hit.fixedRotation)
        let e0 = SolverScenes.kineticEnergy(world, [box])
        #expect(SolverScenes.run(world, steps: 90) == [])
        #expect(world.linearVelocity(of: box).dx < 0, "the box bounced back")
        let change = SolverScenes.kineticEnergy(world, [box]) / e0 - 1
        #expect(abs(change) <= Self.energyTolerance, "energy change \(change * 100) %")
    }

    /// Two boxes meet face to face with their faces half overlapping: a two-point manifold whose
    /// points are not symmetric about either centre.
    @Test func offsetBoxesKeepEnergyAndMomentum() throws {
        let world = PhysicsWorld()
        let a = try addBox(world, at: Point(x: 0, y: 0), velocity: Vector(dx: 300, dy: 0))
        let b = try addBox(world, at: Point(x: 60, y: 10), velocity: Vector(dx: -250, dy: 0))
        let e0 = SolverScenes.kineticEnergy(world, [a, b])
        #expect(SolverScenes.run(world, steps: 60) == [])
        #expect(world.linearVelocity(of: a).dx < 0 && world.linearVelocity(of: b).dx > 0, "they bounced apart")
        let change = SolverScenes.kineticEnergy(world, [a, b]) / e0 - 1
        #expect(abs(change) <= Self.energyTolerance, "energy change \(change * 100) %")
        let p = world.linearVelocity(of: a).dx * world.mass(of: a) + world.linearVelocity(of: b).dx * world.mass(of: b)
        #expect(abs(p - 50 * world.mass(of: a)) <= 1e-9 * 300 * world.mass(of: a))
    }

    /// A box hits the first of two boxes that touch: the contact between those two pushes during
    /// the step without having approached, and must not eat the bounce.
    @Test func impactOnTouchingBoxesKeepsTheEnergy() throws {
        let world = PhysicsWorld()
        let a = try addBox(world, at: Point(x: 0, y: 0), velocity: Vector(dx: 300, dy: 0))
        let b = try addBox(world, at: Point(x: 50, y: 0), velocity: .zero)
        let c = try addBox(world, at: Point(x: 70, y: 0), velocity: .zero)
        let e0 = SolverScenes.kineticEnergy(world, [a, b, c])
        #expect(SolverScenes.run(world, steps: 60) == [])
        #expect(world.linearVelocity(of: c).dx > 100, "the impact reached the last box")
        let change = SolverScenes.kineticEnergy(world, [a, b, c]) / e0 - 1
        #expect(abs(change) <= Self.energyTolerance, "energy change \(change * 100) %")
    }

    /// In zero gravity a glancing impact far below UIKit's 100 pt/s threshold still bounces.
    @Test func glancingImpactWithoutGravityBounces() throws {
        let world = PhysicsWorld()
        try addWall(world)
        let box = try addBox(world, at: Point(x: 230, y: 0), velocity: Vector(dx: 30, dy: 300), fixedRotation: true)
        #expect(SolverScenes.run(world, steps: 60) == [])
        let v = world.linearVelocity(of: box)
        #expect(isClose(v.dx, -30, 0.01), "vx \(v.dx) pt/s")
        #expect(isClose(v.dy, 300, 0.01), "vy \(v.dy) pt/s")
    }

    /// Under UIKit gravity the threshold stays UIKit's 100 pt/s: an elastic box that lands at
    /// 90 pt/s stays down.
    @Test func slowLandingUnderGravityDoesNotBounce() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 0, restitution: 1)
        // Dropped from 4 pt: it lands at about √(2 · 1000 · 4) ≈ 89 pt/s.
        let box = try SolverScenes.addBox(world, at: Point(x: 0, y: -14), friction: 0, restitution: 1)
        var highest = -Double.infinity
        var landed = false
        for _ in 0..<120 {
            world.step(SolverScenes.step)
            let y = world.position(of: box).y
            if y > -10.5 { landed = true }
            if landed { highest = max(highest, -y) }
        }
        #expect(landed)
        #expect(highest < 10.5, "rebounded to \(highest - 10) pt above the floor")
    }
}
