// Kinema's PhysicsWorld as a benchmark engine. Kinema is y down: the scene's y and angles are
// negated on the way in and out.
import Kinema

final class KinemaEngine: DynamicsEngine {
    let world: PhysicsWorld
    private(set) var items: [BodyID] = []
    /// Steps per 60 Hz frame, each of 1/(60 × stepsPerFrame) s: 2 as UIKit does.
    let stepsPerFrame: Int

    /// `subSteps`, when given, replaces the configuration's ``PhysicsWorld/Configuration/subStepCount``.
    init(
        _ scene: DynamicsScene, sleep: Bool, stepsPerFrame: Int = 2, subSteps: Int? = nil,
        configuration: PhysicsWorld.Configuration = .init()
    ) throws {
        self.stepsPerFrame = stepsPerFrame
        var configuration = configuration
        configuration.enableSleep = sleep
        if let subSteps { configuration.subStepCount = subSteps }
        world = PhysicsWorld(configuration: configuration)
        for box in scene.statics {
            let body = try world.createBody(BodyDefinition(type: .static, position: Point(x: box.x, y: -box.y), angle: -box.angle))
            _ = try world.createShape(on: body, Self.shape(box))
        }
        for segment in scene.segments {
            let body = try world.createBody(BodyDefinition(type: .static, position: .zero))
            var def = ShapeDefinition(
                geometry: .segment(Point(x: segment.x1, y: -segment.y1), Point(x: segment.x2, y: -segment.y2)))
            def.friction = segment.friction
            def.restitution = segment.restitution
            _ = try world.createShape(on: body, def)
        }
        items.reserveCapacity(scene.boxes.count)
        for box in scene.boxes {
            var def = BodyDefinition(type: .dynamic, position: Point(x: box.x, y: -box.y), angle: -box.angle)
            def.gravity = Vector(dx: 0, dy: scene.gravity)
            def.linearVelocity = Vector(dx: box.vx, dy: -box.vy)
            let body = try world.createBody(def)
            _ = try world.createShape(on: body, Self.shape(box))
            items.append(body)
        }
    }

    private static func shape(_ box: SceneBox) throws -> ShapeDefinition {
        var def = ShapeDefinition(geometry: .polygon(try .box(width: box.width, height: box.height)))
        def.density = box.density
        def.friction = box.friction
        def.restitution = box.restitution
        return def
    }

    func stepFrame() {
        for _ in 0..<stepsPerFrame { world.step(1 / (60 * Double(stepsPerFrame))) }
    }

    func state(_ index: Int) -> (x: Double, y: Double, angle: Double) {
        let p = world.position(of: items[index])
        return (p.x, -p.y, -world.angle(of: items[index]))
    }

    func velocity(_ index: Int) -> (vx: Double, vy: Double) {
        let v = world.linearVelocity(of: items[index])
        return (v.dx, -v.dy)
    }
}
