import KinemaGeometry
import TestSupport

@testable import KinemaDynamics

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
