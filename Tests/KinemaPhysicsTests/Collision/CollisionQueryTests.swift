import TestSupport
import Testing

@testable import KinemaPhysics

@Suite struct CollisionQueryTests {
    typealias F = CollisionFixtures

    @Test func pointsInsideAndOutside() {
        let xf = F.pose(100, 50, angle: Double.pi / 4)
        let box = F.box(20, 20)
        #expect(box.contains(point: Vec2(100, 50), xf))
        // Along the rotated x axis: inside at 9.9, outside at 10.1.
        let axis = Vec2(1, 1).normalized
        #expect(box.contains(point: Vec2.mulAdd(Vec2(100, 50), 9.9, axis), xf))
        #expect(!box.contains(point: Vec2.mulAdd(Vec2(100, 50), 10.1, axis), xf))
        // The unrotated corner direction reaches 14.1 on the diagonal: (110, 50) is inside a
        // 45°-turned box only up to 14.14 along x.
        #expect(box.contains(point: Vec2(114, 50), xf))
        #expect(!box.contains(point: Vec2(114.2, 50), xf))
        #expect(F.circle(5).contains(point: Vec2(3, 4), .identity))
        #expect(!F.circle(5).contains(point: Vec2(3, 4.1), .identity))
        #expect(!F.boundary.contains(point: Vec2(0, 100), .identity))
        // Rounded: the corner is round.
        let rounded = F.box(20, 20, radius: 2)
        #expect(rounded.contains(point: Vec2(11.9, 0), .identity))
        #expect(rounded.contains(point: Vec2(11.4, 11.4), .identity))
        #expect(!rounded.contains(point: Vec2(11.5, 11.5), .identity))
    }

    @Test func raysHitTheNearFace() {
        let box = F.box(20, 20)
        let xf = F.pose(100, 0)
        let hit = box.rayCast(from: Vec2(0, 5), to: Vec2(200, 5), xf)
        #expect(hit.map { isClose($0.fraction, 0.45, 1e-12) && $0.normal == Vec2(-1, 0) && isClose($0.point.x, 90, 1e-12) } == true)
        #expect(box.rayCast(from: Vec2(0, 15), to: Vec2(200, 15), xf) == nil)
        #expect(box.rayCast(from: Vec2(0, 5), to: Vec2(80, 5), xf) == nil)
        // Starting inside: no hit.
        #expect(box.rayCast(from: Vec2(100, 0), to: Vec2(200, 0), xf) == nil)

        let circle = F.circle(10).rayCast(from: Vec2(0, 0), to: Vec2(0, 100), F.pose(0, 50))
        #expect(circle.map { isClose($0.fraction, 0.4, 1e-12) && isClose($0.normal.y, -1, 1e-12) } == true)

        let boundary = F.boundary.rayCast(from: Vec2(10, 0), to: Vec2(10, 200), .identity)
        #expect(boundary.map { isClose($0.fraction, 0.5, 1e-12) && $0.normal == Vec2(0, -1) } == true)
        let fromBelow = F.boundary.rayCast(from: Vec2(10, 200), to: Vec2(10, 0), .identity)
        #expect(fromBelow.map { $0.normal == Vec2(0, 1) } == true)
    }

    @Test func rayHitsAgreeWithContainment() {
        var g = SeededGenerator(seed: 23)
        let shapes = [F.box(20, 30), F.circle(12)]
        for _ in 0..<500 {
            let shape = shapes[Int.random(in: 0..<2, using: &g)]
            let xf = F.pose(0, 0, angle: Double.random(in: -3...3, using: &g))
            let p1 = Vec2(Double.random(in: -60...60, using: &g), Double.random(in: -60...60, using: &g))
            let p2 = Vec2(Double.random(in: -60...60, using: &g), Double.random(in: -60...60, using: &g))
            guard !shape.contains(point: p1, xf) else { continue }
            let hit = shape.rayCast(from: p1, to: p2, xf)
            // Just past the hit is inside, just before is outside.
            if let hit {
                let d = p2 - p1
                #expect(shape.contains(point: Vec2.mulAdd(p1, hit.fraction + 1e-6 / d.length, d), xf))
                #expect(!shape.contains(point: Vec2.mulAdd(p1, hit.fraction - 1e-6 / d.length, d), xf))
                #expect(isClose(hit.normal.length, 1, 1e-12) && hit.normal.dot(d) < 0)
            } else {
                // Sample the segment: nothing inside.
                let inside = (0...200).contains { shape.contains(point: Vec2.mulAdd(p1, Double($0) / 200, p2 - p1), xf) }
                #expect(!inside)
            }
        }
    }
}
