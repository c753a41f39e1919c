import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

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

    // MARK: - Rest in place

    /// A 20×20 box without gravity on an undamped 5 Hz spring 50 pt from a static anchor,
    /// pulled `displacement` pt from the spring's rest length along it.
    static func springScene(displacement: Double) throws -> (PhysicsWorld, BodyID) {
        let world = PhysicsWorld()
        let anchor = try world.createBody(BodyDefinition(type: .static, position: Point(x: -50, y: 0)))
        let box = try SolverScenes.addBox(world, at: Point(x: displacement, y: 0), gravity: 0)
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: box)
        def.length = 50
        def.enableSpring = true
        def.hertz = 5
        def.dampingRatio = 0
        try world.createJoint(.distance(def))
        return (world, box)
    }

    /// Shaking ±0.1 pt at 5 Hz peaks near 3 pt/s, three times the speed tolerance, but goes
    /// nowhere: the body rests in place and sleeps 0.5 s later.
    @Test func aBodyShakingInPlaceFallsAsleep() throws {
        let (world, box) = try Self.springScene(displacement: 0.1)
        var fastest = 0.0
        for _ in 0..<90 {
            world.step(SolverScenes.step)
            fastest = max(fastest, world.linearVelocity(of: box).length)
        }
        #expect(fastest > 2, "peak speed \(fastest)")
        #expect(!world.isAwake(box))
        #expect(world.checkInvariants() == [])
    }

    /// Shaking ±2 pt is motion: it leaves the 0.25 pt the rest allows, so the body stays awake
    /// (at 0.75 s, while the implicit spring's numerical damping has not yet shrunk it below that).
    @Test func aBodyShakingFartherThanItsRestRadiusStaysAwake() throws {
        let (world, box) = try Self.springScene(displacement: 2)
        #expect(SolverScenes.run(world, steps: 90) == [])
        #expect(world.isAwake(box))
    }

    /// Drifting at 1.5 pt/s, just over the tolerance, is motion too, however long it lasts; and
    /// in free flight the resting damping leaves the speed alone.
    @Test func aSlowDriftStaysAwake() throws {
        let world = PhysicsWorld()
        let box = try SolverScenes.addBox(world, at: .zero, gravity: 0, velocity: Vector(dx: 1.5, dy: 0))
        #expect(SolverScenes.run(world, steps: 360) == [])
        #expect(world.isAwake(box))
        #expect(world.linearVelocity(of: box).dx == 1.5)
    }

    // MARK: - Resting damping

    /// A ball of radius 50 rolling at 1.5 pt/s (and 0.03 rad/s) on a floor, held by friction (the
    /// contact sticks), is slowed at 10/s by the resting damping: after 0.25 s it has
    /// (1 + 10/120)^−30 ≈ 9 % of its speed left, still rolling without slipping. Without the
    /// damping it rolls on.
    @Test(arguments: [10.0, 0.0])
    func restingDampingStopsASlowRollingBall(damping: Double) throws {
        var configuration = PhysicsWorld.Configuration()
        configuration.restingDamping = damping
        let world = PhysicsWorld(configuration: configuration)
        try SolverScenes.addFloor(world, top: 500)
        var bd = BodyDefinition(type: .dynamic, position: Point(x: 0, y: 450))
        bd.gravity = Vector(dx: 0, dy: 1000)
        bd.linearVelocity = Vector(dx: 1.5, dy: 0)
        bd.angularVelocity = 0.03  // rolling: ω = v / r, clockwise on screen (y down)
        let ball = try world.createBody(bd)
        var shape = ShapeDefinition(geometry: .circle(center: .zero, radius: 50))
        shape.friction = 0.6
        try world.createShape(on: ball, shape)
        #expect(SolverScenes.run(world, steps: 30) == [])
        #expect(world.isAwake(ball))
        let v = world.linearVelocity(of: ball).dx
        let expected = damping > 0 ? 1.5 * pow(1 + damping / 120, -30) : 1.5
        #expect(abs(v - expected) < 1e-3, "v \(v), expected \(expected)")
        #expect(abs(world.angularVelocity(of: ball) * 50 - v) < 1e-3, "still rolling without slipping")
    }

    /// A box on ice pulled sideways at 5 pt/s² (its own gravity has a small sideways part) slides
    /// for real: its frictionless contact is not one that holds, so the resting damping leaves
    /// it alone and it keeps speeding up instead of creeping at 0.5 pt/s and falling asleep.
    @Test func restingDampingLetsASlowSlideOnIceSpeedUp() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 500, friction: 0)
        let box = try SolverScenes.addBox(world, at: Point(x: 0, y: 490), friction: 0)
        world.setGravity(box, Vector(dx: 5, dy: 1000))
        #expect(SolverScenes.run(world, steps: 120) == [])
        #expect(world.isAwake(box))
        #expect(abs(world.linearVelocity(of: box).dx - 5) < 1e-6, "vx \(world.linearVelocity(of: box).dx)")
    }
}
