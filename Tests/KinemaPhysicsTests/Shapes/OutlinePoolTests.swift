import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaPhysics

/// The narrow phase reads polygons from the shape store's pool of points (`SolverOutline`):
/// identical polygons share one run of points, every live shape's outline is its geometry, and
/// a world whose shapes come and go keeps the pool the size of what it holds.
@Suite struct OutlinePoolTests {
    @Test func identicalBoxesShareOneRunOfPoints() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world)
        for i in 0..<100 { try SolverScenes.addBox(world, at: Point(x: Double(i % 10) * 25, y: -Double(i / 10) * 25 - 20)) }
        // The floor's box and one box shared by all hundred: four vertices and four normals each.
        #expect(world.shapes.outlinePoints.count == 16)
        #expect(world.checkInvariants() == [])
        #expect(SolverScenes.run(world, steps: 30) == [])
    }

    @Test func aPoolOfShapesThatComeAndGoStaysTheSizeOfWhatItHolds() throws {
        let world = PhysicsWorld()
        try SolverScenes.addFloor(world)
        var random = SeededGenerator(seed: 7)
        var boxes: [BodyID] = []
        for round in 0..<20 {
            // Boxes of sizes that differ from one box to the next, so that few share points.
            for i in 0..<15 {
                let size = 8 + Double(random.next() % 24)
                let x = Double(i) * 40 - 300, y = -Double(round % 5) * 40 - 30
                boxes.append(try SolverScenes.addBox(world, at: Point(x: x, y: y), size: size))
            }
            #expect(SolverScenes.run(world, steps: 5) == [], "round \(round)")
            // Destroy about two thirds, chosen at random.
            for _ in 0..<10 where !boxes.isEmpty {
                let j = Int(random.next() % UInt64(boxes.count))
                world.destroyBody(boxes.remove(at: j))
            }
            #expect(world.checkInvariants() == [], "round \(round)")
        }
        let used = world.shapes.outlinePoints.count - world.shapes.unusedOutlinePoints
        // Each live box holds at most its own eight points, the floor eight.
        #expect(used <= 8 * (boxes.count + 1))
        #expect(world.shapes.outlinePoints.count <= 2 * used)
    }
}
