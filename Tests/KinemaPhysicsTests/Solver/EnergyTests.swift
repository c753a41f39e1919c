import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaPhysics

/// Elasticity and energy bounds (criterion 4 of docs/dynamics-notes.md; 1/120 s steps, 4 sub-steps,
/// gravity 1000 pt/s²).
@Suite struct EnergyTests {
    /// Drops a 20×20 item with `restitution` so that its bottom is `height` above a floor of
    /// restitution 0, and returns the apex heights (of the bottom face) after each bounce.
    func apexes(restitution: Double, height: Double, seconds: Double) throws -> [Double] {
        let world = PhysicsWorld()
        let floorTop = 1000.0
        try SolverScenes.addFloor(world, top: floorTop, friction: 0.6, restitution: 0)
        let item = try SolverScenes.addBox(
            world, at: Point(x: 0, y: floorTop - height - 10), friction: 0.6, restitution: restitution)
        var result: [Double] = []
        var previous = world.position(of: item).y
        var wasRising = false
        for _ in 0..<Int(seconds * 120) {
            world.step(SolverScenes.step)
            #expect(world.checkInvariants() == [])
            let y = world.position(of: item).y
            let rising = y < previous
            if wasRising, !rising { result.append(floorTop - previous - 10) }
            wasRising = rising
            previous = y
        }
        return result
    }

    @Test func perfectlyElasticItemKeepsItsApex() throws {
        let heights = try apexes(restitution: 1, height: 500, seconds: 10)
        #expect(heights.count >= 4, "apexes \(heights)")
        for h in heights { #expect(abs(h - 500) <= 5, "apexes \(heights)") }
        // No monotone drift above 0.2 % per bounce.
        if let first = heights.first, let last = heights.last, heights.count > 1 {
            let perBounce = (last - first) / first / Double(heights.count - 1)
            #expect(abs(perBounce) <= 0.002, "drift \(perBounce * 100) % per bounce, apexes \(heights)")
        }
    }

    @Test func halfElasticItemReachesAQuarterOfItsHeight() throws {
        let heights = try apexes(restitution: 0.5, height: 500, seconds: 2)
        let first = try #require(heights.first)
        #expect(abs(first - 125) <= 6, "apexes \(heights)")
    }

    @Test func inelasticItemDoesNotReboundFromAFastImpact() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 1000)
        let item = try SolverScenes.addBox(world, at: Point(x: 0, y: 700), velocity: Vector(dx: 0, dy: 5000))
        var worstRebound = 0.0
        for _ in 0..<240 {
            world.step(SolverScenes.step)
            #expect(world.checkInvariants() == [])
            worstRebound = max(worstRebound, -world.linearVelocity(of: item).dy)
        }
        #expect(worstRebound <= 10, "rebound \(worstRebound) pt/s")
        #expect(world.position(of: item).y < 1000)
    }

    @Test func closedBoxOfElasticItemsKeepsItsEnergy() throws {
        var config = PhysicsWorld.Configuration()
        config.enableSleep = false
        let world = PhysicsWorld(configuration: config)
        // A 600 × 600 box of four static walls, restitution 1, friction 0.
        let walls: [(Double, Double, Double, Double)] = [
            (300, -50, 800, 100), (300, 650, 800, 100), (-50, 300, 100, 800), (650, 300, 100, 800),
        ]
        for (x, y, w, h) in walls {
            let body = try world.createBody(BodyDefinition(type: .static, position: Point(x: x, y: y)))
            var def = ShapeDefinition(geometry: .polygon(try .box(width: w, height: h)))
            def.restitution = 1
            try world.createShape(on: body, def)
        }
        var rng = SeededGenerator(seed: 42)
        var items: [BodyID] = []
        for i in 0..<50 {
            let p = Point(x: 60 + Double(i % 10) * 54, y: 60 + Double(i / 10) * 110)
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let speed = Double.random(in: 200...400, using: &rng)
            items.append(
                try SolverScenes.addBox(
                    world, at: p, friction: 0, restitution: 1, gravity: 0,
                    velocity: Vector(dx: speed * cos(angle), dy: speed * sin(angle))))
        }
        let e0 = SolverScenes.kineticEnergy(world, items)
        var worst = 0.0
        for _ in 0..<(30 * 120) {
            world.step(SolverScenes.step)
            worst = max(worst, abs(SolverScenes.kineticEnergy(world, items) / e0 - 1))
        }
        #expect(world.checkInvariants() == [])
        #expect(worst <= 0.01, "largest energy change \(worst * 100) %")
    }
}
