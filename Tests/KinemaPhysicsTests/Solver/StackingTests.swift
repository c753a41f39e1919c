import KinemaGeometry
import Testing

@testable import KinemaPhysics

/// Stacking stability (criterion 2 of docs/dynamics-notes.md) at the world level (1/120 s steps, 4
/// sub-steps).
@Suite struct StackingTests {
    /// A column of `count` 20 × 20 pt boxes at x = 37, touching, on a floor whose top is at 500,
    /// after 10 s.
    static func settledColumn(of count: Int) throws -> (world: PhysicsWorld, boxes: [BodyID], floorTop: Double) {
        let world = PhysicsWorld()
        let floorTop = 500.0
        try SolverScenes.addFloor(world, top: floorTop)
        let boxes = try (0..<count).map {
            try SolverScenes.addBox(world, at: Point(x: 37, y: floorTop - 10 - 20 * Double($0)))
        }
        #expect(SolverScenes.run(world, steps: 1200) == [])
        return (world, boxes, floorTop)
    }

    @Test func columnOfTenStandsAtItsIdealHeight() throws {
        let (world, boxes, floorTop) = try Self.settledColumn(of: 10)
        for (i, box) in boxes.enumerated() {
            let p = world.position(of: box)
            #expect(abs(p.x - 37) <= 1, "box \(i) drifted to x \(p.x)")
            let rests = !world.isAwake(box) || world.linearVelocity(of: box).length < 1
            #expect(rests, "box \(i) moves at \(world.linearVelocity(of: box))")
        }
        // Ideal: the top centre at floorTop − 10 − 9 × 20 (no gaps, no overlap).
        let top = world.position(of: boxes[9]).y
        #expect(abs(top - (floorTop - 190)) <= 2, "top at \(top)")
        for i in 1..<10 {
            let gap = world.position(of: boxes[i - 1]).y - world.position(of: boxes[i]).y - 20
            #expect(abs(gap) <= 0.2, "gap \(gap) between boxes \(i - 1) and \(i)")
        }
    }

    /// Twice the criterion's 10-item column: the Gauss–Seidel order leans it a little each step,
    /// and the resting damping is what keeps that lean from adding up (3.4 pt without it).
    @Test func columnOfTwentyStandsStraight() throws {
        let (world, boxes, floorTop) = try Self.settledColumn(of: 20)
        for (i, box) in boxes.enumerated() {
            #expect(abs(world.position(of: box).x - 37) <= 1, "box \(i) drifted to x \(world.position(of: box).x)")
            #expect(!world.isAwake(box), "box \(i) is awake")
        }
        #expect(abs(world.position(of: boxes[19]).y - (floorTop - 390)) <= 2)
    }

    @Test func pyramidOfBaseTwentyHoldsItsShape() throws {
        let world = PhysicsWorld()
        let floorTop = 600.0
        try SolverScenes.addFloor(world, top: floorTop)
        var boxes: [(BodyID, Point)] = []
        let base = 20
        for row in 0..<base {
            let count = base - row
            for i in 0..<count {
                let x = (Double(i) - Double(count - 1) / 2) * 20
                let p = Point(x: x, y: floorTop - 10 - 20 * Double(row))
                boxes.append((try SolverScenes.addBox(world, at: p), p))
            }
        }
        #expect(boxes.count == 210)
        #expect(SolverScenes.run(world, steps: 1200) == [])
        let (top, start) = try #require(boxes.last)
        let sink = world.position(of: top).y - start.y
        #expect(sink <= 2, "top sank \(sink)")
        var worst = 0.0
        for (box, p) in boxes {
            let dx = abs(world.position(of: box).x - p.x)
            worst = max(worst, dx)
        }
        #expect(worst <= 2, "largest sideways move \(worst)")
    }
}
