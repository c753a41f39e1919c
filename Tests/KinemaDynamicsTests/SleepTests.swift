import KinemaGeometry
import Testing

@testable import KinemaDynamics

/// Islands and sleep: a settled pile sleeps as a whole, and waking one body wakes what it
/// touches (transitively) but not separate piles.
@Suite struct SleepTests {
    @Test func settledPileFallsAsleepCompletely() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 500)
        for i in 0..<30 {
            try SolverScenes.addBox(world, at: Point(x: Double(i % 6) * 22 - 55, y: 480 - Double(i / 6) * 22), angle: 0.05 * Double(i % 3))
        }
        #expect(SolverScenes.run(world, steps: 600) == [])
        #expect(world.awakeBodyCount == 0)
    }

    @Test func wakingOneBodyWakesItsIslandOnly() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 500)
        let stack = try (0..<3).map { try SolverScenes.addBox(world, at: Point(x: 0, y: 490 - 20 * Double($0))) }
        let loner = try SolverScenes.addBox(world, at: Point(x: 300, y: 490))
        #expect(SolverScenes.run(world, steps: 600) == [])
        #expect(world.awakeBodyCount == 0)
        world.setAwake(stack[0], true)
        #expect(stack.allSatisfy { world.isAwake($0) })
        #expect(!world.isAwake(loner))
        #expect(world.checkInvariants() == [])
    }

    @Test func sleepingBodiesHaveZeroVelocityAndStaticBodiesNeverWake() throws {
        let world = PhysicsWorld()
        let floor = try SolverScenes.addFloor(world, top: 500)
        let box = try SolverScenes.addBox(world, at: Point(x: 0, y: 490))
        #expect(SolverScenes.run(world, steps: 120) == [])
        #expect(!world.isAwake(box))
        #expect(world.linearVelocity(of: box) == .zero)
        #expect(!world.isAwake(floor))
        world.setAwake(floor, true)
        #expect(!world.isAwake(floor))
    }

    @Test func aFallingBodyWakesTheSleeperItLandsOn() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 500)
        let sleeper = try SolverScenes.addBox(world, at: Point(x: 0, y: 490))
        #expect(SolverScenes.run(world, steps: 120) == [])
        #expect(!world.isAwake(sleeper))
        try SolverScenes.addBox(world, at: Point(x: 5, y: 300))
        var woke = false
        for _ in 0..<120 {
            world.step(SolverScenes.step)
            woke = woke || world.isAwake(sleeper)
        }
        #expect(woke)
        #expect(world.checkInvariants() == [])
    }
}
