import Foundation
import KinemaGeometry
import KinemaPhysics
import TestSupport
import Testing

@Suite("KinemaPhysics documentation examples")
struct PhysicsDocumentationExampleTests {
    /// The example of the KinemaPhysics landing page, as written there.
    @Test func boxLandsOnAFloor() throws {
        let world = PhysicsWorld()  // points, seconds, radians; y down
        let floor = try world.createBody(BodyDefinition(type: .static, position: Point(x: 0, y: 550)))
        try world.createShape(on: floor, ShapeDefinition(geometry: .polygon(try .box(width: 800, height: 100))))

        var box = BodyDefinition(type: .dynamic, position: Point(x: 0, y: 0), angle: 0.3)
        box.gravity = Vector(dx: 0, dy: 1000)  // UIKit's gravity magnitude 1
        let body = try world.createBody(box)
        var shape = ShapeDefinition(geometry: .polygon(try .box(width: 40, height: 40)))
        shape.friction = 0.6
        try world.createShape(on: body, shape)

        for _ in 0..<240 { world.step(1.0 / 120) }  // 2 s in fixed steps

        #expect(isClose(world.position(of: body).y, 480, 0.25))  // flat on the floor's top at 500
        #expect(isClose(sin(2 * world.angle(of: body)), 0, 1e-3))  // on a side, not a corner
        #expect(!world.isAwake(body))  // at rest for 0.5 s: asleep
    }
}
