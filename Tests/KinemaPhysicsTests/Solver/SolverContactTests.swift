import KinemaGeometry
import Testing

@testable import KinemaPhysics

@Suite struct SolverContactTests {
    @Test func boxComesToRestOnAFloor() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300)
        let box = try SolverScenes.addBox(world, at: Point(x: 17, y: 100))
        #expect(SolverScenes.run(world, steps: 240) == [])
        let p = world.position(of: box)
        // Resting: the bottom face touches the floor top (y = 300) within the slop.
        #expect(abs(p.y - 290) < 0.5, "y \(p.y)")
        #expect(abs(p.x - 17) < 0.01, "x \(p.x)")
        #expect(abs(world.angle(of: box)) < 1e-3)
        #expect(abs(world.linearVelocity(of: box).dy) < 1)
    }

    @Test func restingBoxFallsAsleepAndWakesWhenPushed() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300)
        let box = try SolverScenes.addBox(world, at: Point(x: 0, y: 280))
        #expect(SolverScenes.run(world, steps: 120) == [])
        #expect(!world.isAwake(box))
        #expect(world.awakeBodyCount == 0)
        world.applyLinearImpulse(box, Vector(dx: 0.5, dy: 0), at: world.worldCenterOfMass(of: box))
        #expect(world.isAwake(box))
        #expect(SolverScenes.run(world, steps: 1) == [])
        #expect(world.linearVelocity(of: box).dx > 1)
    }

    @Test func beginAndEndEventsArePaired() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300)
        let box = try SolverScenes.addBox(world, at: Point(x: 0, y: 200))
        var begins = 0
        var ends = 0
        for _ in 0..<120 {
            world.step(SolverScenes.step)
            begins += world.contactBeginEvents.count
            ends += world.contactEndEvents.count
            #expect(world.checkInvariants() == [])
        }
        #expect(begins == 1)
        #expect(ends == 0)
        world.destroyBody(box)
        world.step(SolverScenes.step)
        #expect(world.contactEndEvents.count == 1)
        #expect(world.checkInvariants() == [])
    }

    @Test func frictionMixesAsGeometricMeanAndRestitutionAsMax() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300, friction: 0.25, restitution: 0.2)
        try SolverScenes.addBox(world, at: Point(x: 0, y: 289), friction: 0.64, restitution: 0.7)
        world.step(SolverScenes.step)
        #expect(world.contacts.count == 1)
        let c = try #require(world.contacts.first)
        #expect(abs(c.friction - 0.4) < 1e-12)
        #expect(c.restitution == 0.7)
    }

    @Test func shouldCollideFiltersAndRefilterEndsContacts() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300)
        let box = try SolverScenes.addBox(world, at: Point(x: 0, y: 250))
        #expect(SolverScenes.run(world, steps: 120) == [])
        #expect(abs(world.position(of: box).y - 290) < 0.5)
        world.shouldCollide = { _, _ in false }
        world.refilter()
        world.step(SolverScenes.step)
        #expect(world.contactEndEvents.count == 1)
        #expect(world.contacts.isEmpty)
        // Nothing holds the box now: it falls through the floor.
        #expect(SolverScenes.run(world, steps: 120) == [])
        #expect(world.position(of: box).y > 400)
    }

    @Test func staticPairsAndShapesOfOneBodyNeverMakeContacts() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300)
        try SolverScenes.addFloor(world, top: 320)
        let body = try SolverScenes.addBox(world, at: Point(x: 0, y: 100), gravity: 0)
        try world.createShape(on: body, ShapeDefinition(geometry: .circle(center: Point(x: 5, y: 0), radius: 8)))
        #expect(SolverScenes.run(world, steps: 10) == [])
        #expect(world.contacts.isEmpty)
    }

    /// A face that lands flat stays flat: both points of the manifold take their share of the
    /// impact together (a block solve), so the box neither tips nor, through friction, slides,
    /// whether it stops dead or bounces.
    @Test(arguments: [0.0, 0.2, 0.6])
    func aBoxDroppedFlatLandsFlat(restitution: Double) throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world, top: 300, friction: 1)
        var bd = BodyDefinition(type: .dynamic, position: Point(x: 40, y: 35))
        bd.gravity = Vector(dx: 0, dy: 1000)
        let body = try world.createBody(bd)
        var def = ShapeDefinition(geometry: .polygon(try .box(width: 40, height: 30)))
        def.friction = 0.2
        def.restitution = restitution
        try world.createShape(on: body, def)
        var worstAngle = 0.0
        var worstDrift = 0.0
        for _ in 0..<360 {
            world.step(1.0 / 120)
            worstAngle = max(worstAngle, abs(world.angle(of: body)))
            worstDrift = max(worstDrift, abs(world.position(of: body).x - 40))
        }
        #expect(worstAngle < 1e-3, "turned \(worstAngle) rad")  // Gauss–Seidel alone: 5.2e-3
        #expect(worstDrift < 0.01, "slid \(worstDrift) pt")  // Gauss–Seidel alone: 0.09 and 2.4 pt
        #expect(abs(world.position(of: body).y - 285) < 0.5)
    }
}
