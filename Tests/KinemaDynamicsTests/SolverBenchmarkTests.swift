import Foundation
import KinemaGeometry
import Testing

@testable import KinemaDynamics

/// The 1000-box scene timed per 60 Hz frame (two 1/120 s steps). Runs only when KINEMA_BENCH is
/// set (measure in a release build: `swift build -c release --build-tests`).
@Suite struct SolverBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KINEMA_BENCH"] != nil))
    func thousandBoxesPerFrame() throws {
        var config = PhysicsWorld.Configuration()
        config.enableSleep = ProcessInfo.processInfo.environment["KINEMA_BENCH_SLEEP"] != nil
        let (world, boxes) = try SolverScenes.thousandBoxes(configuration: config)
        var frames: [Double] = []
        frames.reserveCapacity(600)
        var clock = ContinuousClock.now
        for _ in 0..<600 {
            clock = ContinuousClock.now
            world.step(SolverScenes.step)
            world.step(SolverScenes.step)
            let elapsed = ContinuousClock.now - clock
            frames.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let sorted = frames.sorted()
        let mean = frames.reduce(0, +) / Double(frames.count)
        let p95 = sorted[Int(0.95 * Double(sorted.count))]
        var top = Double.infinity
        for b in boxes { top = min(top, world.position(of: b).y) }
        print(
            "BENCH 1000 boxes: mean \(mean) ms/frame, median \(sorted[300]), p95 \(p95), contacts \(world.contacts.count), pile top y \(top), awake \(world.awakeBodyCount)"
        )
        #expect(mean < 4, "mean \(mean) ms per frame")
    }
}
