// `dynamics [FRAMES] [RUNS]`: the dynamics benchmark of issue 6 (scenes in Benchmarks/README.md,
// bounds in criterion 15 of docs/dynamics-notes.md).
// Every engine runs the same scene in this process; the runs are interleaved (run 1 of every
// engine, then run 2, …) so that machine noise spreads over all of them. Only this harness reads
// a clock (CLOCK_MONOTONIC), around each 60 Hz frame.
import Foundation
import Glibc

enum DynamicsBenchmark {
    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Nanoseconds of CPU time used by this thread: unlike the monotonic clock it does not count
    /// the time the thread waits while other processes run, so it is steadier on a busy machine.
    static func threadCPUTime() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// One timed run: per-frame milliseconds, thread CPU milliseconds per frame and the engine at
    /// its end state.
    static func timedRun(_ setting: EngineSetting, _ scene: DynamicsScene, frames: Int) throws -> TimedRun {
        let engine = try setting.make(scene)
        var ms = [Double](repeating: 0, count: frames)
        let cpuStart = threadCPUTime()
        for frame in 0..<frames {
            let start = now()
            engine.stepFrame()
            ms[frame] = Double(now() - start) / 1e6
        }
        let cpuMs = Double(threadCPUTime() - cpuStart) / 1e6 / Double(max(frames, 1))
        return TimedRun(ms: ms, cpuMs: cpuMs, engine: engine)
    }

    struct TimedRun {
        var ms: [Double]
        var cpuMs: Double
        var engine: any DynamicsEngine
    }

    static func mean(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs.reduce(0, +) / Double(xs.count) }

    /// The value at fraction `q` of the sorted values (nearest rank).
    static func quantile(_ xs: [Double], _ q: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let sorted = xs.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func median(_ xs: [Double]) -> Double { quantile(xs, 0.5) }

    static func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

    /// End-of-run state of a scene: the highest box centre above the floor, the fastest box and
    /// how many boxes left the container (or fell below the floor).
    static func pileState(
        _ engine: any DynamicsEngine, count: Int, halfWidth: Double
    ) -> (
        top: Double, maxSpeed: Double, escaped: Int
    ) {
        var top = -Double.infinity
        var maxSpeed = 0.0
        var escaped = 0
        for i in 0..<count {
            let s = engine.state(i)
            let v = engine.velocity(i)
            top = max(top, s.y)
            maxSpeed = max(maxSpeed, (v.vx * v.vx + v.vy * v.vy).squareRoot())
            if abs(s.x) > halfWidth || s.y < 0 || !s.x.isFinite || !s.y.isFinite { escaped += 1 }
        }
        return (top, maxSpeed, escaped)
    }

    static func run(frames: Int, runs: Int) throws {
        ChipmunkEngine.silenceBanner()
        print("# Kinema dynamics benchmark: \(frames) frames at 60 Hz, \(runs) interleaved runs")
        print("gravity 1000 pt/s²; Kinema: 2 × step(1/120) per frame, default configuration; ")
        print("Chipmunk: 10 iterations, slop 0.5, sleep off unless the row says on (0.5 s below 1 pt/s); ", terminator: "")
        print("Box2D 2.4.1: 100 pt/m, 2 × 1/120 s, 8/3, sleep off")
        let settings = EngineSetting.allCases
        for scene in [DynamicsScene.thousandBoxes(), DynamicsScene.pyramid()] {
            var means = [[Double]](repeating: [], count: settings.count)
            var p99s = [[Double]](repeating: [], count: settings.count)
            var cpus = [[Double]](repeating: [], count: settings.count)
            var ends: [String] = Array(repeating: "", count: settings.count)
            for _ in 0..<runs {
                for (k, setting) in settings.enumerated() {
                    let run = try timedRun(setting, scene, frames: frames)
                    means[k].append(mean(run.ms))
                    cpus[k].append(run.cpuMs)
                    p99s[k].append(quantile(run.ms, 0.99))
                    ends[k] = endSummary(scene, run.engine)
                }
            }
            let kinemaSleep = median(means[0])
            let kinemaAwake = median(means[1])
            print("\n## \(scene.name) (\(scene.boxes.count) bodies), \(frames) frames")
            print(
                "| Engine | mean ms/frame min | median | p99 ms (median) | CPU ms/frame (median) | time ÷ Kinema sleep on | time ÷ Kinema sleep off | runs (mean ms) | end state at \(f(Double(frames) / 60, 1)) s |"
            )
            print("|---|---:|---:|---:|---:|---:|---:|---|---|")
            for (k, setting) in settings.enumerated() {
                let m = median(means[k])
                let runsText = means[k].map { f($0) }.joined(separator: ", ")
                print(
                    "| \(setting.label) | \(f(means[k].min() ?? 0)) | \(f(m)) | \(f(median(p99s[k]))) | \(f(median(cpus[k]))) | \(f(m / kinemaSleep)) | \(f(m / kinemaAwake)) | \(runsText) | \(ends[k]) |"
                )
            }
        }
        DynamicsAnimatorBenchmark.run(frames: frames, runs: runs)
        try DynamicsProbes.run()
        try DynamicsAllocation.run()
    }

    /// One engine alone on the 1000-box scene: its mean and thread CPU time per frame, and its
    /// end state, with nothing else in the process to blur a profile.
    static func runOne(_ setting: EngineSetting, frames: Int) throws {
        ChipmunkEngine.silenceBanner()
        let scene = DynamicsScene.thousandBoxes()
        let run = try timedRun(setting, scene, frames: frames)
        // Every body's end pose, bit for bit (FNV-1a over the bit patterns), so that a change meant
        // to keep results can be checked to keep them exactly.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in scene.boxes.indices {
            let s = run.engine.state(i)
            for x in [s.x, s.y, s.angle] { hash = (hash ^ x.bitPattern) &* 0x100_0000_01b3 }
        }
        print(
            "\(setting.label), \(scene.name), \(frames) frames: mean \(f(mean(run.ms))) ms/frame, CPU \(f(run.cpuMs)) ms/frame; \(endSummary(scene, run.engine)); poses \(String(hash, radix: 16))"
        )
        let column = DynamicsScene.column(20)
        let engine = try DynamicsProbes.simulate(setting, column, frames: 600)
        var drift = 0.0
        for i in 0..<20 { drift = max(drift, abs(engine.state(i).x)) }
        print("  column of 20 after 10 s: lateral drift \(f(drift)) pt, top height error \(f(engine.state(19).y - column.boxes[19].y)) pt")
    }

    /// A one-cell summary of the end state (deterministic, so any run's).
    static func endSummary(_ scene: DynamicsScene, _ engine: any DynamicsEngine) -> String {
        if scene.boxes.count == 1000 {
            let s = pileState(engine, count: 1000, halfWidth: 400)
            return "pile top \(f(s.top, 1)) pt, max speed \(f(s.maxSpeed, 1)) pt/s, escaped \(s.escaped)"
        }
        let p = DynamicsProbes.pyramidDrift(scene, engine)
        return "top sank \(f(p.sink, 2)) pt, max sideways drift \(f(p.drift, 2)) pt"
    }
}
