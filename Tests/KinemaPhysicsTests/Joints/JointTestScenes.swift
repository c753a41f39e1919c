import KinemaGeometry

@testable import KinemaPhysics

/// Small scenes for the joint tests: a world, static anchors without shapes, and boxes.
enum JointTestScenes {
    /// UIKit's gravity magnitude 1, pt/s² (y down).
    static let gravity = Vector(dx: 0, dy: 1000)
    /// The step the UIKit layer uses, seconds.
    static let timeStep = 1.0 / 120

    /// A static body at `position` with no shapes.
    static func anchor(_ world: PhysicsWorld, at position: Point) throws -> BodyID {
        try world.createBody(BodyDefinition(type: .static, position: position))
    }

    /// A dynamic `size` × `size` box (density 1) at `position`, under `gravity`.
    static func box(
        _ world: PhysicsWorld, at position: Point, size: Double = 20, gravity: Vector = .zero, angle: Double = 0
    ) throws -> BodyID {
        var def = BodyDefinition(type: .dynamic, position: position, angle: angle)
        def.gravity = gravity
        def.allowsSleep = false
        let body = try world.createBody(def)
        try world.createShape(on: body, ShapeDefinition(geometry: .polygon(.box(width: size, height: size))))
        return body
    }

    /// Distance between two world points.
    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Times (seconds) at which `samples` crosses `level` upwards, linearly interpolated between
    /// steps of `timeStep`.
    static func upwardCrossings(of samples: [Double], level: Double, timeStep: Double) -> [Double] {
        var times: [Double] = []
        for i in 1..<samples.count where samples[i - 1] < level && samples[i] >= level {
            let f = (level - samples[i - 1]) / (samples[i] - samples[i - 1])
            times.append((Double(i - 1) + f) * timeStep)
        }
        return times
    }

    /// The mean interval between successive crossings (nil with fewer than two).
    static func meanPeriod(_ crossings: [Double]) -> Double? {
        guard crossings.count >= 2, let first = crossings.first, let last = crossings.last else { return nil }
        return (last - first) / Double(crossings.count - 1)
    }
}
