import Foundation
import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// Attachments (criterion 11 of docs/dynamics-notes.md) for the distance joint: springs, rods and
/// ropes.
@Suite struct JointDistanceTests {
    typealias Scene = JointTestScenes

    /// A body 150 pt below a static anchor on a spring of rest length 100, released at rest.
    private func springScene(hertz: Double, damping: Double) throws -> (PhysicsWorld, BodyID) {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: Point(x: 0, y: 0))
        let body = try Scene.box(world, at: Point(x: 0, y: 150))
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 100
        def.enableSpring = true
        def.hertz = hertz
        def.dampingRatio = damping
        try world.createJoint(.distance(def))
        return (world, body)
    }

    @Test func undampedSpringOscillatesAtItsFrequency() throws {
        let (world, body) = try springScene(hertz: 1, damping: 0)
        var ys: [Double] = []
        for _ in 0..<(120 * 5) {
            world.step(Scene.timeStep)
            ys.append(world.position(of: body).y)
        }
        let crossings = Scene.upwardCrossings(of: ys, level: 100, timeStep: Scene.timeStep)
        let period = try #require(Scene.meanPeriod(crossings))
        #expect(crossings.count >= 4)
        #expect(abs(period - 1.0) <= 0.02, "period \(period) s")
        // Undamped but for the soft step's own numerical damping (about 3.3 % of the amplitude
        // per period at 480 Hz sub-steps): after five periods over 80 % of the 50 pt is left.
        let late = ys.suffix(120).max() ?? 0
        #expect(late > 140, "last peak \(late)")
    }

    @Test func criticallyDampedSpringDoesNotOvershoot() throws {
        let (world, body) = try springScene(hertz: 1, damping: 1)
        var lowest = Double.infinity
        for _ in 0..<(120 * 3) {
            world.step(Scene.timeStep)
            lowest = min(lowest, world.position(of: body).y)
        }
        #expect(lowest >= 100 - 1, "overshoot to \(lowest)")
        #expect(abs(world.position(of: body).y - 100) < 2, "settles at \(world.position(of: body).y)")
    }

    @Test func rigidRodPendulumKeepsLengthAndPeriod() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: Point(x: 0, y: 0))
        let theta = Double.pi / 3
        let body = try Scene.box(
            world, at: Point(x: 200 * sin(theta), y: 200 * cos(theta)), size: 10, gravity: Scene.gravity)
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 200
        let joint = try world.createJoint(.distance(def))
        var xs: [Double] = []
        var worstLength = 0.0
        for _ in 0..<(120 * 10) {
            world.step(Scene.timeStep)
            let p = world.position(of: body)
            xs.append(p.x)
            worstLength = max(worstLength, abs(Scene.distance(p, .zero) - 200))
        }
        #expect(worstLength <= 0.5, "length error \(worstLength)")
        #expect(abs(world.currentLength(of: joint) - 200) <= 0.5)
        let period = try #require(Scene.meanPeriod(Scene.upwardCrossings(of: xs, level: 0, timeStep: Scene.timeStep)))
        #expect(abs(period - 3.01) <= 0.06, "period \(period) s")
    }

    @Test func ropeNeverStretchesBeyondItsLength() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: Point(x: 0, y: 0))
        var bodyDef = BodyDefinition(type: .dynamic, position: Point(x: 20, y: 30))
        bodyDef.gravity = Scene.gravity
        bodyDef.linearVelocity = Vector(dx: 300, dy: 0)
        let body = try world.createBody(bodyDef)
        try world.createShape(on: body, ShapeDefinition(geometry: .polygon(.box(width: 20, height: 20))))
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 100
        def.enableSpring = true
        def.hertz = 0
        def.enableLimit = true
        def.minLength = 0
        def.maxLength = 100
        try world.createJoint(.distance(def))
        var longest = 0.0
        var shortest = Double.infinity
        for _ in 0..<(120 * 4) {
            world.step(Scene.timeStep)
            let l = Scene.distance(world.position(of: body), .zero)
            longest = max(longest, l)
            shortest = min(shortest, l)
        }
        #expect(longest <= 100.5, "rope stretched to \(longest)")
        // It was slack at first (36 pt) and then went taut: the rope did act.
        #expect(shortest < 40)
        #expect(longest > 99)
    }

    @Test func minimumLengthHoldsBodiesApart() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: Point(x: 0, y: 0))
        let body = try Scene.box(world, at: Point(x: 0, y: 100), gravity: Vector(dx: 0, dy: -1000))
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 100
        def.enableSpring = true
        def.enableLimit = true
        def.minLength = 60
        def.maxLength = 200
        try world.createJoint(.distance(def))
        for _ in 0..<240 { world.step(Scene.timeStep) }
        let l = Scene.distance(world.position(of: body), .zero)
        #expect(abs(l - 60) <= 0.5, "length \(l)")
    }

    @Test func coincidentAnchorsStayFinite() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: Point(x: 0, y: 0))
        let body = try Scene.box(world, at: Point(x: 0, y: 0), gravity: Scene.gravity)
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 0
        try world.createJoint(.distance(def))
        for _ in 0..<120 { world.step(Scene.timeStep) }
        let p = world.position(of: body)
        #expect(p.x.isFinite && p.y.isFinite)
        #expect(Scene.distance(p, .zero) < 2, "drifted to \(p)")
    }

    @Test func movingTheAnchorDragsTheBody() throws {
        let world = PhysicsWorld()
        let anchor = try Scene.anchor(world, at: .zero)
        let body = try Scene.box(world, at: Point(x: 0, y: 100), gravity: Scene.gravity)
        var def = DistanceJointDefinition(bodyA: anchor, bodyB: body)
        def.length = 100
        let joint = try world.createJoint(.distance(def))
        // Drag the anchor 200 pt to the right over two seconds, as a pan gesture would.
        for i in 1...240 {
            world.setTransform(anchor, position: Point(x: Double(i) * 200 / 240, y: 0), angle: 0)
            world.step(Scene.timeStep)
            #expect(abs(world.currentLength(of: joint) - 100) <= 0.5)
        }
        #expect(world.position(of: body).x > 100, "the body stayed at \(world.position(of: body))")
    }
}
