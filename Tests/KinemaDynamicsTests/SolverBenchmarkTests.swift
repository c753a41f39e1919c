import Foundation
import KinemaGeometry
import Testing

@testable import KinemaDynamics

#if canImport(Glibc)
    import Glibc
#endif

/// The 1000-box scene timed per 60 Hz frame (two 1/120 s steps). Runs only when KINEMA_BENCH is
/// set (measure in a release build: `swift build -c release --build-tests`).
@Suite struct SolverBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KINEMA_BENCH"] != nil))
    func thousandBoxesPerFrame() throws {
        var config = PhysicsWorld.Configuration()
        config.enableSleep = ProcessInfo.processInfo.environment["KINEMA_BENCH_SLEEP"] != nil
        let (world, boxes) = try SolverScenes.thousandBoxes(configuration: config)
        // Thread CPU time, so other processes on a shared machine do not count.
        func cpuMilliseconds() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
        }
        // Heap allocations on this thread, when run with a malloc-counting preload that exports
        // `kinema_malloc_counter` (see the solver report); nil otherwise.
        typealias Counter = @convention(c) () -> UnsafeMutablePointer<Int>
        let counter = dlsym(nil, "kinema_malloc_counter").map { unsafeBitCast($0, to: Counter.self)() }
        var allocationsAfterWarmUp = 0
        var frames: [Double] = []
        frames.reserveCapacity(600)
        for frame in 0..<600 {
            let allocations = counter?.pointee ?? 0
            let start = cpuMilliseconds()
            world.step(SolverScenes.step)
            world.step(SolverScenes.step)
            frames.append(cpuMilliseconds() - start)
            if frame >= 300 { allocationsAfterWarmUp += (counter?.pointee ?? 0) - allocations }
        }
        let sorted = frames.sorted()
        let mean = frames.reduce(0, +) / Double(frames.count)
        let p95 = sorted[Int(0.95 * Double(sorted.count))]
        var top = Double.infinity
        for b in boxes { top = min(top, world.position(of: b).y) }
        print(
            "BENCH 1000 boxes (thread CPU time): mean \(mean) ms/frame, median \(sorted[300]), p95 \(p95),",
            "contacts \(world.contacts.count) (with points \(world.constraintCount)), pile top y \(top), awake \(world.awakeBodyCount),",
            "heap allocations in frames 300–599: \(counter == nil ? "not counted" : String(allocationsAfterWarmUp))"
        )
        #expect(mean < 4, "mean \(mean) ms per frame")
    }
}
