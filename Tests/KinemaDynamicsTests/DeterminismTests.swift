import KinemaGeometry
import Testing

@testable import KinemaDynamics

/// Determinism (criterion 8 of docs/dynamics-notes.md): the 1000-box scene gives the same bits when
/// run twice in one process.
@Suite struct DeterminismTests {
    @Test func thousandBoxSceneHashesIdenticallyTwice() throws {
        var hashes: [UInt64] = []
        for _ in 0..<2 {
            let (world, boxes) = try SolverScenes.thousandBoxes()
            for _ in 0..<1200 { world.step(SolverScenes.step) }
            #expect(world.checkInvariants() == [])
            hashes.append(SolverScenes.hash(world, boxes))
        }
        #expect(hashes[0] == hashes[1], "hashes \(hashes.map { String($0, radix: 16) })")
    }

    @Test func smallSceneIsDeterministicWithInvariantsCheckedEveryStep() throws {
        var hashes: [UInt64] = []
        for _ in 0..<2 {
            let (world, boxes) = try SolverScenes.thousandBoxes()
            // Only the first rows, for a few hundred steps, with the invariants after every step.
            for box in boxes.dropFirst(200) { world.destroyBody(box) }
            #expect(SolverScenes.run(world, steps: 300) == [])
            hashes.append(SolverScenes.hash(world, Array(boxes.prefix(200))))
        }
        #expect(hashes[0] == hashes[1])
    }
}
