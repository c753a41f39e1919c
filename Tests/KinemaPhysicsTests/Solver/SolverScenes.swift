import KinemaGeometry
import TestSupport

@testable import KinemaPhysics

/// Scenes shared by the solver's suites (y down, points, 1/120 s steps).
enum SolverScenes {
    static let step = 1.0 / 120

    /// A static box whose top edge is at `top`, centred on x = `x`.
    @discardableResult
    static func addFloor(
        _ world: PhysicsWorld, top: Double = 0, x: Double = 0, width: Double = 2000, thickness: Double = 100, friction: Double = 0.6,
        restitution: Double = 0
    ) throws -> BodyID {
        let body = try world.createBody(BodyDefinition(type: .static, position: Point(x: x, y: top + thickness / 2)))
        var def = ShapeDefinition(geometry: .polygon(try .box(width: width, height: thickness)))
        def.friction = friction
        def.restitution = restitution
        try world.createShape(on: body, def)
        return body
    }

    /// A dynamic box under UIKit gravity (1000 pt/s² down unless `gravity` says otherwise).
    @discardableResult
    static func addBox(
        _ world: PhysicsWorld, at p: Point, size: Double = 20, angle: Double = 0, friction: Double = 0.6, restitution: Double = 0,
        gravity: Double = 1000, velocity: Vector = .zero, type: BodyType = .dynamic, isBullet: Bool = false
    ) throws -> BodyID {
        var bd = BodyDefinition(type: type, position: p, angle: angle)
        bd.gravity = Vector(dx: 0, dy: gravity)
        bd.linearVelocity = velocity
        bd.isBullet = isBullet
        let body = try world.createBody(bd)
        var def = ShapeDefinition(geometry: .polygon(try .box(width: size, height: size)))
        def.friction = friction
        def.restitution = restitution
        try world.createShape(on: body, def)
        return body
    }

    /// The bodies' total kinetic energy, translational and rotational, mass·pt²/s².
    static func kineticEnergy(_ world: PhysicsWorld, _ bodies: [BodyID]) -> Double {
        var e = 0.0
        for b in bodies {
            let v = world.linearVelocity(of: b)
            let w = world.angularVelocity(of: b)
            e += 0.5 * world.mass(of: b) * (v.dx * v.dx + v.dy * v.dy) + 0.5 * world.rotationalInertia(of: b) * w * w
        }
        return e
    }

    /// Steps `count` times, checking the invariants after every step; returns the first problems.
    static func run(_ world: PhysicsWorld, steps count: Int, check: Bool = true) -> [String] {
        for i in 0..<count {
            world.step(step)
            if check {
                let problems = world.checkInvariants()
                if !problems.isEmpty { return ["after step \(i + 1):"] + problems }
            }
        }
        return []
    }
}

extension SolverScenes {
    /// The 1000-box scene of the dynamics benchmark (Benchmarks/README.md) in points with y down: a
    /// static floor 800 pt wide (top at y = 1400) and two walls 1400 pt high, all 100 pt thick,
    /// friction 0.6; 1000 boxes of 20×20, density 1, friction 0.6, elasticity 0, in a 25 × 40 grid
    /// with 30 pt spacing, ±2 pt x jitter and ±0.1 rad rotation from a seeded generator; gravity
    /// 1000 pt/s² down.
    static func thousandBoxes(seed: UInt64 = 7, configuration: PhysicsWorld.Configuration = .init()) throws -> (PhysicsWorld, [BodyID]) {
        let world = PhysicsWorld(configuration: configuration)
        try addFloor(world, top: 1400, width: 800, thickness: 100)
        for x in [-450.0, 450.0] {
            let wall = try world.createBody(BodyDefinition(type: .static, position: Point(x: x, y: 800)))
            var def = ShapeDefinition(geometry: .polygon(try .box(width: 100, height: 1400)))
            def.friction = 0.6
            try world.createShape(on: wall, def)
        }
        var rng = SeededGenerator(seed: seed)
        var boxes: [BodyID] = []
        for row in 0..<40 {
            for column in 0..<25 {
                let jitter = Double.random(in: -2...2, using: &rng)
                let angle = Double.random(in: -0.1...0.1, using: &rng)
                let p = Point(x: -360 + 30 * Double(column) + jitter, y: 1400 - 30 - 30 * Double(row))
                boxes.append(try addBox(world, at: p, angle: angle))
            }
        }
        return (world, boxes)
    }

    /// FNV-1a over the bit patterns of every body's position and angle.
    static func hash(_ world: PhysicsWorld, _ bodies: [BodyID]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for body in bodies {
            let p = world.position(of: body)
            for v in [p.x, p.y, world.angle(of: body)] {
                h ^= v.bitPattern
                h = h &* 0x100_0000_01b3
            }
        }
        return h
    }
}
