// The "200 piled items" workload of criterion 15 in docs/dynamics-notes.md (mean ≤ 0.5 ms, p99 ≤ 2
// ms per frame), through the UIKit Dynamics API layer: a `DynamicAnimator` with a `GravityBehavior`
// and a `CollisionBehavior` whose reference bounds are its boundary, driven by `advance(to:)` once
// per 60 Hz frame. The items are plain `DynamicItem` objects (no views), so the figure is the
// animator and the solver: reading and writing items, interpolation, contact events and the steps.
// Kinema only (the peers have no UIKit layer).
import CMallocCounter
import Kinema

/// A plain item: a centre, a size and a transform, as UIKit Dynamics reads and writes them.
final class BenchmarkItem: DynamicItem {
    var center: Point
    var bounds: Rect
    var transform: AffineTransform = .identity

    init(center: Point, size: Double) {
        self.center = center
        bounds = Rect(x: 0, y: 0, width: size, height: size)
    }
}

enum DynamicsAnimatorBenchmark {
    typealias B = DynamicsBenchmark

    /// 200 items of 24 × 24 pt in rows of 12 (30 pt apart, ±2 pt x jitter and ±0.1 rad from the
    /// shared LCG, seed 42) at the top of 375 × 812 pt reference bounds; UIKit's defaults
    /// (elasticity 0.2, friction 0.2, resistance and angular resistance 0.1, density 1), gravity 1
    /// (1000 pt/s²).
    static func makeScene() -> (animator: DynamicAnimator, items: [BenchmarkItem]) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 375, height: 812))
        var lcg = SceneLCG(state: 42)
        var items: [BenchmarkItem] = []
        for i in 0..<200 {
            let x = 22 + 30 * Double(i % 12) + lcg.symmetric(2)
            let item = BenchmarkItem(center: Point(x: x, y: 20 + 30 * Double(i / 12)), size: 24)
            item.transform = AffineTransform(rotationAngle: lcg.symmetric(0.1))
            items.append(item)
        }
        animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.advance(to: 0)
        return (animator, items)
    }

    struct Run {
        var ms: [Double]
        var cpuMs: Double
        /// Allocations in frames 301–600 (after warm-up).
        var lateAllocations: Int
        var end: String
    }

    static func timedRun(frames: Int) -> Run {
        let (animator, items) = makeScene()
        var ms = [Double](repeating: 0, count: frames)
        let cpuStart = B.threadCPUTime()
        var lateAllocations = 0
        for frame in 0..<frames {
            if frame == 300 {
                kinema_malloc_reset()
                kinema_malloc_counting(1)
            }
            let start = B.now()
            animator.advance(to: Double(frame + 1) / 60)
            ms[frame] = Double(B.now() - start) / 1e6
        }
        if frames > 300 {
            kinema_malloc_counting(0)
            lateAllocations = Int(kinema_malloc_count())
        }
        let cpuMs = Double(B.threadCPUTime() - cpuStart) / 1e6 / Double(max(frames, 1))
        var top = Double.infinity
        var resting = 0
        for item in items {
            top = min(top, item.center.y)
            if animator.dynamicState(of: item)?.isAtRest == true { resting += 1 }
        }
        let end =
            "pile top at y \(B.f(top, 1)) pt (bounds 812 pt), \(resting) of 200 at rest, animator \(animator.isRunning ? "running" : "paused")"
        return Run(ms: ms, cpuMs: cpuMs, lateAllocations: lateAllocations, end: end)
    }

    static func run(frames: Int, runs: Int) {
        var means: [Double] = []
        var p99s: [Double] = []
        var cpus: [Double] = []
        var last: Run?
        for _ in 0..<runs {
            let run = timedRun(frames: frames)
            means.append(B.mean(run.ms))
            p99s.append(B.quantile(run.ms, 0.99))
            cpus.append(run.cpuMs)
            last = run
        }
        print("\n## 200 piled items through DynamicAnimator (bounds: mean ≤ 0.5 ms, p99 ≤ 2 ms), \(frames) frames")
        print(
            "| Workload | mean ms/frame min | median | p99 ms (median) | CPU ms/frame (median) | allocations per frame, 301–600 | runs (mean ms) | end state at \(B.f(Double(frames) / 60, 1)) s |"
        )
        print("|---|---:|---:|---:|---:|---:|---|---|")
        let allocations = frames > 300 ? B.f(Double(last?.lateAllocations ?? 0) / Double(frames - 300), 3) : "—"
        print(
            "| Kinema DynamicAnimator, gravity + collision, 200 items | \(B.f(means.min() ?? 0)) | \(B.f(B.median(means))) | \(B.f(B.median(p99s))) | \(B.f(B.median(cpus))) | \(allocations) | \(means.map { B.f($0) }.joined(separator: ", ")) | \(last?.end ?? "") |"
        )
    }
}
