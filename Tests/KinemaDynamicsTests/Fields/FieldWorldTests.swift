import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaDynamics
@testable import KinemaPhysics

/// Field laws integrated by the solver at 1/120 s, the way ``FieldBehavior`` applies them, but
/// without an animator.
@Suite struct FieldWorldTests {
    static let dt = 1.0 / 120

    /// A 100 × 60 pt box (mass 0.6) at `position` moving at `velocity`.
    func makeBody(_ world: PhysicsWorld, at position: Point, velocity: Vector) throws -> BodyID {
        var def = BodyDefinition(type: .dynamic, position: position)
        def.linearVelocity = velocity
        def.fixedRotation = true
        def.allowsSleep = false
        let body = try world.createBody(def)
        try world.createShape(on: body, ShapeDefinition(geometry: .polygon(.box(width: 100, height: 60))))
        return body
    }

    /// One fixed step with `model` applied to `body`.
    func step(_ world: PhysicsWorld, _ body: BodyID, _ model: FieldModel, charge: Double, time: Double) {
        let effect = model.evaluate(
            at: world.worldCenterOfMass(of: body), velocity: world.linearVelocity(of: body), mass: world.mass(of: body),
            charge: charge, time: time, deltaTime: Self.dt)
        switch effect {
        case .force(let f): world.applyForceToCenter(body, f)
        case .velocity(let v): world.setLinearVelocity(body, v)
        case .none: break
        }
        world.step(Self.dt)
    }

    @Test(arguments: [(1.0, 2.0, 200.0), (1.5, 0.8, 120.0), (-2.0, -1.0, 300.0)])
    func magneticFieldCirclesCounterClockwiseWithTheCyclotronRadius(charge: Double, strength: Double, speed: Double) throws {
        let world = PhysicsWorld()
        let body = try makeBody(world, at: Point(x: 400, y: 300), velocity: Vector(dx: speed, dy: 0))
        var model = FieldModel(kind: .magnetic)
        model.strength = strength
        let mass = world.mass(of: body)
        let expectedRadius = mass * speed / abs(charge * strength)
        let period = 2 * Double.pi * expectedRadius / speed
        let steps = Int((3 * period / Self.dt).rounded())
        var xs: [Double] = []
        var ys: [Double] = []
        var turning = 0.0
        var previous = world.linearVelocity(of: body)
        for i in 0..<steps {
            step(world, body, model, charge: charge, time: Double(i) * Self.dt)
            let p = world.worldCenterOfMass(of: body)
            xs.append(p.x)
            ys.append(p.y)
            let v = world.linearVelocity(of: body)
            turning += previous.cross(v)
            previous = v
        }
        let width = (xs.max() ?? 0) - (xs.min() ?? 0)
        let height = (ys.max() ?? 0) - (ys.min() ?? 0)
        #expect(abs(width / 2 - expectedRadius) <= 0.02 * expectedRadius, "radius across x: \(width / 2) vs \(expectedRadius)")
        #expect(abs(height / 2 - expectedRadius) <= 0.02 * expectedRadius, "radius across y: \(height / 2) vs \(expectedRadius)")
        // The centre of the circle is above the start (−y) for counter-clockwise motion moving right.
        #expect(isClose((ys.max()! + ys.min()!) / 2, 300 - expectedRadius, 0.02 * expectedRadius))
        // Counter-clockwise on a y-down screen: the velocity turns from +x towards −y (negative cross).
        #expect(turning < 0)
        #expect(isClose(world.linearVelocity(of: body).length, speed, 1e-6 * speed))  // speed conserved
    }

    @Test func velocityFieldSetsTheVelocityWithinOneStep() throws {
        let world = PhysicsWorld()
        let body = try makeBody(world, at: .zero, velocity: Vector(dx: -300, dy: 45))
        var model = FieldModel(kind: .velocity)
        model.direction = Vector(dx: 20, dy: -10)
        model.strength = 3
        step(world, body, model, charge: 0, time: 0)
        #expect(world.linearVelocity(of: body) == Vector(dx: 60, dy: -30))
    }

    @Test func linearGravityFieldFallsLikeUIKitGravity() throws {
        let world = PhysicsWorld()
        let body = try makeBody(world, at: .zero, velocity: .zero)
        var model = FieldModel(kind: .linearGravity)
        model.direction = Vector(dx: 0, dy: 1)
        for i in 0..<120 { step(world, body, model, charge: 0, time: Double(i) * Self.dt) }
        #expect(isClose(world.linearVelocity(of: body).dy, 1000, 1e-6))
        // ½ g t² = 500 pt, within the semi-implicit integrator's O(Δt) excess.
        #expect(abs(world.worldCenterOfMass(of: body).y - 500) < 6)
    }

    @Test(arguments: [(100.0, 60.0), (200.0, 120.0)])
    func springFieldPeriodGrowsWithMass(width: Double, height: Double) throws {
        let world = PhysicsWorld()
        var def = BodyDefinition(type: .dynamic, position: Point(x: 380, y: 200))
        def.fixedRotation = true
        def.allowsSleep = false
        let body = try world.createBody(def)
        try world.createShape(on: body, ShapeDefinition(geometry: .polygon(.box(width: width, height: height))))
        var model = FieldModel(kind: .spring)
        model.position = Point(x: 300, y: 200)
        model.strength = 1.5
        let mass = world.mass(of: body)
        let expected = 2 * Double.pi * (mass / (10 * 1.5)).squareRoot()
        // Time the upward zero crossings of x − 300 over several periods.
        var crossings: [Double] = []
        var previous = 80.0
        for i in 0..<Int(6 * expected / Self.dt) {
            step(world, body, model, charge: 0, time: Double(i) * Self.dt)
            let x = world.worldCenterOfMass(of: body).x - 300
            if previous < 0, x >= 0 { crossings.append(Double(i + 1) * Self.dt - x / world.linearVelocity(of: body).dx) }
            previous = x
        }
        let first = try #require(crossings.first)
        let last = try #require(crossings.last)
        #expect(crossings.count >= 5)
        let period = (last - first) / Double(crossings.count - 1)
        #expect(abs(period - expected) <= 0.01 * expected, "period \(period) s vs \(expected) s")
    }

    @Test func dragNeverReversesTheVelocity() throws {
        let world = PhysicsWorld()
        let body = try makeBody(world, at: .zero, velocity: Vector(dx: 500, dy: 0))
        var model = FieldModel(kind: .drag)
        model.strength = 1000  // far beyond mass / Δt: an explicit step would overshoot
        step(world, body, model, charge: 0, time: 0)
        let v = world.linearVelocity(of: body).dx
        #expect(v >= 0 && v < 1e-3)
    }
}
