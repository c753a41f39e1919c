import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaPhysics

/// No tunnelling (criterion 3 of docs/dynamics-notes.md). A 10×10 body fired at 5000 and
/// 10 000 pt/s at a zero-thickness static segment, a static 20×20 box and a thick wall, 1000 seeded
/// trials each with angles within ±60° of the normal and random starts: the centre stays on the
/// launch side after 2 s.
@Suite struct TunnellingTests {
    enum Target: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case segment, box, wall
        var testDescription: String { rawValue }
        /// The y of the face the body is fired at (the launch side is y below it), and how far
        /// along x the aim point may be.
        var face: (y: Double, halfSpan: Double) {
            switch self {
            case .segment: (0, 150)
            case .box: (-10, 8)
            case .wall: (-50, 150)
            }
        }

        /// Whether the centre's move from `p` to `q` passes through the obstacle (its interior
        /// shrunk by 1 pt, or the segment's line within its span).
        func isCrossed(from p: Point, to q: Point) -> Bool {
            switch self {
            case .segment:
                guard (p.y < 0) != (q.y < 0) || q.y == 0 else { return false }
                let t = p.y / (p.y - q.y)
                let x = p.x + t * (q.x - p.x)
                return t.isFinite ? abs(x) <= 20_000 : abs(q.x) <= 20_000
            case .box: return Self.segment(p, q, crosses: (-9, -9, 9, 9))
            case .wall: return Self.segment(p, q, crosses: (-19_999, -49, 19_999, 49))
            }
        }

        /// Liang–Barsky: whether the segment p→q meets the rectangle.
        static func segment(_ p: Point, _ q: Point, crosses r: (Double, Double, Double, Double)) -> Bool {
            var t0 = 0.0
            var t1 = 1.0
            let d = (q.x - p.x, q.y - p.y)
            for (pk, qk) in [(-d.0, p.x - r.0), (d.0, r.2 - p.x), (-d.1, p.y - r.1), (d.1, r.3 - p.y)] {
                if pk == 0 {
                    if qk < 0 { return false }
                } else {
                    let t = qk / pk
                    if pk < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                    if t0 > t1 { return false }
                }
            }
            return true
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var target: Target
        var speed: Double
        var testDescription: String { "\(target) at \(Int(speed)) pt/s" }
    }

    static let cases: [Case] = Target.allCases.flatMap { t in [5000.0, 10_000].map { Case(target: t, speed: $0) } }

    @Test(arguments: cases) func fastBodyStaysOnTheLaunchSide(_ c: Case) throws {
        var rng = SeededGenerator(seed: c.target == .segment ? 11 : c.target == .box ? 12 : 13)
        var failures: [String] = []
        for trial in 0..<1000 {
            let world = PhysicsWorld()
            let anchor = try world.createBody(BodyDefinition(type: .static, position: .zero))
            switch c.target {
            case .segment:
                try world.createShape(on: anchor, ShapeDefinition(geometry: .segment(Point(x: -20_000, y: 0), Point(x: 20_000, y: 0))))
            case .box:
                try world.createShape(on: anchor, ShapeDefinition(geometry: .polygon(try .box(width: 20, height: 20))))
            case .wall:
                try world.createShape(on: anchor, ShapeDefinition(geometry: .polygon(try .box(width: 40_000, height: 100))))
            }
            let face = c.target.face
            let aim = Vec2(Double.random(in: -face.halfSpan...face.halfSpan, using: &rng), face.y)
            let angle = Double.random(in: -Double.pi / 3...Double.pi / 3, using: &rng)
            let direction = Vec2(sin(angle), cos(angle))  // towards +y (the face), within ±60°
            let distance = Double.random(in: 60...400, using: &rng)
            let start = aim - distance * direction
            var def = BodyDefinition(type: .dynamic, position: start.point, angle: Double.random(in: -.pi...Double.pi, using: &rng))
            def.linearVelocity = (c.speed * direction).vector
            let body = try world.createBody(def)
            try world.createShape(on: body, ShapeDefinition(geometry: .polygon(try .box(width: 10, height: 10))))
            var previous = world.worldCenterOfMass(of: body)
            var crossed = false
            for _ in 0..<240 {
                world.step(SolverScenes.step)
                let centre = world.worldCenterOfMass(of: body)
                if c.target.isCrossed(from: previous, to: centre) { crossed = true }
                previous = centre
            }
            let problems = world.checkInvariants()
            let y = world.worldCenterOfMass(of: body).y
            let wrongSide = c.target != .box && y >= face.y
            if crossed || wrongSide || !problems.isEmpty {
                failures.append("trial \(trial): crossed \(crossed), centre y \(y) (face \(face.y)) \(problems.prefix(2))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 1000 went through, first: \(failures.prefix(3))")
    }

    @Test func dynamicBodiesClosingAt2000DoNotPassThroughEachOther() throws {
        var rng = SeededGenerator(seed: 21)
        var failures: [Int] = []
        for trial in 0..<200 {
            let world = PhysicsWorld()
            let offset = Double.random(in: -15...15, using: &rng)
            let a = try SolverScenes.addBox(
                world, at: Point(x: -200, y: 0), angle: Double.random(in: -1...1, using: &rng), gravity: 0,
                velocity: Vector(dx: 1000, dy: 0))
            let b = try SolverScenes.addBox(
                world, at: Point(x: 200, y: offset), angle: Double.random(in: -1...1, using: &rng), gravity: 0,
                velocity: Vector(dx: -1000, dy: 0))
            var deepest = 0.0
            for _ in 0..<240 {
                world.step(SolverScenes.step)
                let m = collide(
                    world.shapes[0].geometry, world.bodies[0].transform, world.shapes[1].geometry, world.bodies[1].transform,
                    speculativeDistance: 0)
                for k in 0..<m.pointCount { deepest = min(deepest, m[k].separation) }
            }
            #expect(world.checkInvariants() == [])
            // Passing through would need an overlap of a whole box (20 pt).
            if deepest < -5 || world.bodyCount != 2 { failures.append(trial) }
            _ = (a, b)
        }
        #expect(failures.isEmpty, "overlapped by more than 5 pt in trials \(failures)")
    }
}
