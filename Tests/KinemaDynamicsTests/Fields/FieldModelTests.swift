import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaDynamics

/// The force laws on their own (criterion 14 of docs/dynamics-notes.md at the model level).
@Suite struct FieldModelTests {
    /// The force of `model` on a still item of mass 1 and charge 1 at `point`.
    func force(_ model: FieldModel, at point: Point, velocity: Vector = .zero, mass: Double = 1, charge: Double = 1) -> Vector? {
        if case .force(let f) = model.evaluate(at: point, velocity: velocity, mass: mass, charge: charge, time: 0, deltaTime: 1.0 / 120) {
            return f
        }
        return nil
    }

    @Test func itemJustOutsideARectangularRegionGetsExactlyNothing() {
        var model = FieldModel(kind: .linearGravity)
        model.direction = Vector(dx: 0, dy: 1)
        model.position = Point(x: 300, y: 400)
        model.region = Region(size: Size(width: 200, height: 80))
        let edgeX = 300.0 + 100
        #expect(
            model.evaluate(at: Point(x: edgeX.nextUp, y: 400), velocity: .zero, mass: 1, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
        #expect(model.evaluate(at: Point(x: 350, y: 440.001), velocity: .zero, mass: 1, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
        // Just inside, the full force: 1 × 1000 pt/s² downwards.
        #expect(force(model, at: Point(x: edgeX, y: 400)) == Vector(dx: 0, dy: 1000))
        #expect(force(model, at: Point(x: 350, y: 440)) == Vector(dx: 0, dy: 1000))
    }

    @Test func linearGravityOfStrengthOneMatchesUIKitGravityOne() {
        var model = FieldModel(kind: .linearGravity)
        model.direction = Vector(dx: 0.3, dy: -0.7)
        model.strength = 2
        let f = force(model, at: Point(x: -50, y: 20), mass: 1.5)
        // F = m · 1000 · strength · direction
        #expect(f.map { isClose($0.dx, 1.5 * 1000 * 2 * 0.3, 1e-9) && isClose($0.dy, -1.5 * 1000 * 2 * 0.7, 1e-9) } == true)
    }

    @Test func velocityFieldOverridesTheVelocity() {
        var model = FieldModel(kind: .velocity)
        model.direction = Vector(dx: 40, dy: -15)
        model.strength = 2.5
        let effect = model.evaluate(
            at: Point(x: 3, y: 4), velocity: Vector(dx: 999, dy: 7), mass: 2, charge: 0, time: 1, deltaTime: 1.0 / 120)
        #expect(effect == .velocity(Vector(dx: 100, dy: -37.5)))
    }

    @Test func electricFieldIgnoresUnchargedItemsAndRepelsLikeCharges() {
        var model = FieldModel(kind: .electric)
        model.position = Point(x: 10, y: 10)
        model.strength = 0.5
        #expect(model.evaluate(at: Point(x: 110, y: 10), velocity: .zero, mass: 1, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
        // q = 2, S = 0.5: 1000 mass·pt/s² away from the position (+x).
        let f = force(model, at: Point(x: 110, y: 10), charge: 2)
        #expect(f.map { isClose($0.dx, 1000, 1e-9) && $0.dy == 0 } == true)
        // Opposite charge: attracted.
        let g = force(model, at: Point(x: 10, y: 70), charge: -1)
        #expect(g.map { $0.dx == 0 && isClose($0.dy, -500, 1e-9) } == true)
    }

    @Test func magneticForceTurnsCounterClockwiseOnScreen() throws {
        var model = FieldModel(kind: .magnetic)
        model.strength = 3
        // Moving right (+x) on a y-down screen, counter-clockwise circling turns up (−y).
        let f = try #require(force(model, at: .zero, velocity: Vector(dx: 100, dy: 0), mass: 2, charge: 1))
        #expect(f.dy < 0)
        #expect(isClose(f.length, 100 * 3, 0.01 * 300))  // |q v B| (the exact-turn force differs by O(Δt))
        #expect(model.evaluate(at: .zero, velocity: Vector(dx: 100, dy: 0), mass: 2, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
        model.strength = -3
        let g = try #require(force(model, at: .zero, velocity: Vector(dx: 100, dy: 0), mass: 2, charge: 1))
        #expect(g.dy > 0)
    }

    @Test func radialGravityFallsOffAsTheInverseSquareAndIsConstantInsideTheMinimumRadius() throws {
        var model = FieldModel(kind: .radialGravity)
        model.position = Point(x: 500, y: 300)
        model.falloff = 2
        model.minimumRadius = 20
        let at100 = try #require(force(model, at: Point(x: 500, y: 400)))
        let at200 = try #require(force(model, at: Point(x: 500, y: 500)))
        #expect(at100.dx == 0 && at100.dy < 0)  // towards the position
        #expect(abs(at100.length / at200.length - 4) <= 0.02 * 4)
        // Unchanged strength 100 pt away (the falloff's reference distance).
        #expect(isClose(at100.length, 1000, 1e-9))
        let at5 = try #require(force(model, at: Point(x: 505, y: 300)))
        let at12 = try #require(force(model, at: Point(x: 500, y: 288)))
        let at20 = try #require(force(model, at: Point(x: 480, y: 300)))
        #expect(isClose(at5.length, at20.length, 1e-9))
        #expect(isClose(at12.length, at20.length, 1e-9))
        #expect(isClose(at20.length, 1000 * 25, 1e-6))  // (20/100)^−2 = 25
        #expect(at5.dx < 0 && at20.dx > 0 && at12.dy > 0)
    }

    @Test func negativeStrengthRepels() throws {
        var model = FieldModel(kind: .radialGravity)
        model.strength = -1
        let f = try #require(force(model, at: Point(x: 30, y: 40), mass: 2))
        #expect(isClose(f.dx, 2 * 1000 * 0.6, 1e-9) && isClose(f.dy, 2 * 1000 * 0.8, 1e-9))
    }

    @Test func dragOpposesVelocityInProportionToSpeed() throws {
        var model = FieldModel(kind: .drag)
        model.strength = 2
        let slow = try #require(force(model, at: Point(x: 1, y: 2), velocity: Vector(dx: 30, dy: -40), mass: 1))
        let fast = try #require(force(model, at: Point(x: 1, y: 2), velocity: Vector(dx: 60, dy: -80), mass: 1))
        #expect(slow.dx < 0 && slow.dy > 0)
        #expect(isClose(slow.dx * -40, slow.dy * 30, 1e-9))  // parallel to v
        #expect(isClose(fast.dx, 2 * slow.dx, 1e-9) && isClose(fast.dy, 2 * slow.dy, 1e-9))
        // About S·|v| = 100 (exactly (1 − e^(−SΔt/m))·m·|v|/Δt).
        #expect(isClose(slow.length, 2 * 50, 0.01 * 100))
        #expect(force(model, at: .zero, velocity: .zero) == .zero)
    }

    @Test func springPullsTowardThePositionInProportionToDistance() throws {
        var model = FieldModel(kind: .spring)
        model.position = Point(x: 100, y: 100)
        let near = try #require(force(model, at: Point(x: 130, y: 140), mass: 1))
        let far = try #require(force(model, at: Point(x: 160, y: 180), mass: 7))
        #expect(isClose(near.dx, -300, 1e-9) && isClose(near.dy, -400, 1e-9))  // 10 s⁻² × d
        #expect(isClose(far.dx, 2 * near.dx, 1e-9) && isClose(far.dy, 2 * near.dy, 1e-9))  // mass plays no part
    }

    @Test func vortexIsTangentialCounterClockwiseAndGrowsWithDistance() throws {
        var model = FieldModel(kind: .vortex)
        model.position = Point(x: 50, y: 50)
        // Right of the centre, counter-clockwise on a y-down screen is up (−y).
        let right = try #require(force(model, at: Point(x: 150, y: 50), mass: 1))
        #expect(right.dx == 0 && isClose(right.dy, -1000, 1e-9))
        // Below the centre (+y), counter-clockwise on screen is to the right (+x).
        let below = try #require(force(model, at: Point(x: 50, y: 250), mass: 0.5))
        #expect(isClose(below.dx, 0.5 * 1000 * 2, 1e-9) && below.dy == 0)
        model.strength = -1
        let reversed = try #require(force(model, at: Point(x: 150, y: 50), mass: 1))
        #expect(reversed.dy > 0)
    }

    @Test func customBlockSeesTheItemAndRespectsTheRegion() throws {
        var model = FieldModel(
            kind: .custom { p, v, m, q, dt in Vector(dx: p.x + v.dx + m, dy: q * 1000 + dt * 120) })
        model.region = Region(radius: 100)
        let f = try #require(force(model, at: Point(x: 10, y: 0), velocity: Vector(dx: 3, dy: 0), mass: 2, charge: 0.5))
        #expect(f == Vector(dx: 15, dy: 501))
        #expect(model.evaluate(at: Point(x: 101, y: 0), velocity: .zero, mass: 1, charge: 1, time: 0, deltaTime: 1.0 / 120) == .none)
    }

    @Test func nonFiniteResultsAreDropped() {
        var model = FieldModel(kind: .radialGravity)
        model.falloff = 2
        model.minimumRadius = 0
        // At the position itself the strength is infinite and the direction zero.
        #expect(model.evaluate(at: .zero, velocity: .zero, mass: 1, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
        #expect(model.evaluate(at: Point(x: .nan, y: 0), velocity: .zero, mass: 1, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
        var custom = FieldModel(kind: .custom { _, _, _, _, _ in Vector(dx: .infinity, dy: 0) })
        custom.strength = 1
        #expect(custom.evaluate(at: .zero, velocity: .zero, mass: 1, charge: 0, time: 0, deltaTime: 1.0 / 120) == .none)
    }
}
