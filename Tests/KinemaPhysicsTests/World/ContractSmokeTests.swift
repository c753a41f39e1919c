import KinemaGeometry
import Testing

@testable import KinemaPhysics

@Suite struct ContractSmokeTests {
    @Test func boxMassFollowsUIKitUnits() throws {
        let world = PhysicsWorld()
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: Point(x: 10, y: 20)))
        try world.createShape(on: body, ShapeDefinition(geometry: .polygon(.box(width: 100, height: 100))))
        #expect(abs(world.mass(of: body) - 1) < 1e-12)
        // I = m (w² + h²) / 12
        #expect(abs(world.rotationalInertia(of: body) - 20_000.0 / 12) < 1e-9)
    }

    @Test func nonFiniteDefinitionIsRejectedByName() {
        var def = BodyDefinition()
        def.position = Point(x: .nan, y: 0)
        #expect(throws: DynamicsError.invalidValue(field: "position.x", expected: "a finite number")) {
            try PhysicsWorld().createBody(def)
        }
    }
}
