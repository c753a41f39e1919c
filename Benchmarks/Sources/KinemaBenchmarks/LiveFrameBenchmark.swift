import Foundation
import Kinema

/// Live-window benchmarks (issue 16), without a window: the frames `kinema play` draws.
///
/// `live DEMO [SECONDS] [--retained-only] [--paced] [--rounds N] [--threads N]` plays a demo frame by frame
/// at 60 frames per scene second, as the live window does, and times each frame's parts:
/// advancing the scene, building the render tree, and drawing it into a `RetainedFrame` (damage
/// from comparing the trees, then only that redrawn, on N threads: default, every core, as the
/// live window draws); and, unless `--retained-only`, a full render of the same tree into a new
/// bitmap by a second renderer (whose caches hold nothing the first made), for comparison. The
/// two renders share the machine's cores, so the retained-only figures are the live window's.
/// Frames are drawn back to back unless `--paced`: then each waits for the next 60 Hz tick, idle
/// in between, as the live window does (on a virtual machine an idle core comes back slower: its
/// caches were someone else's meanwhile).
///
/// `square [FRAMES]` is the tutorial screen at rest with a 40 × 40 view moving over it, two
/// points a frame: a full frame against one redrawn only where the square was and is.
enum LiveFrameBenchmark {
    struct Stats {
        var samples: [Double] = []
        mutating func add(_ ms: Double) { samples.append(ms) }
        func quantile(_ p: Double) -> Double {
            guard !samples.isEmpty else { return 0 }
            let sorted = samples.sorted()
            return sorted[min(max(Int((p * Double(sorted.count)).rounded(.up)), 1), sorted.count) - 1]
        }
        var line: String { String(format: "p50 %6.2f  p99 %6.2f  max %6.2f ms", quantile(0.5), quantile(0.99), quantile(1)) }
    }

    static func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15 }

    /// One play of a demo: each frame's times (ms), redrawn fraction (%) and rectangles.
    struct Play {
        var advance: [Double] = [], tree: [Double] = [], retained: [Double] = [], full: [Double] = []
        var area: [Double] = [], rects: [[PixelRect]] = []
        var total: [Double] { zip(zip(advance, tree), retained).map { $0.0 + $0.1 + $1 } }
    }

    static func play(_ document: SceneDocument, frames: Int, retainedOnly: Bool, paced: Bool, threads: Int) throws -> Play {
        let scene = Scene(document: document)
        // Two renderers, so that neither finds in its caches what the other made for the frame.
        let renderer = Renderer()
        let frame = try RetainedFrame(size: document.size, scale: document.scale, background: document.background)
        frame.threads = threads
        // The live window starts decoding the scene's images when it loads it, and has them by
        // the time they scroll into view; frames played back to back here would not.
        frame.renderer.prepareImages(in: scene.rootLayer.renderTree(at: 0), waitUntilDone: true)
        let clock = ContinuousClock()
        let whole = Double(frame.bitmap.width * frame.bitmap.height)
        var p = Play()
        let start = clock.now
        for i in 0..<frames {
            let t = Double(i) / 60
            let t0 = clock.now
            scene.advance(to: t)
            let t1 = clock.now
            let snapshot = scene.rootLayer.renderTree(at: t)
            let t2 = clock.now
            let damage = try frame.render(snapshot)
            let t3 = clock.now
            if !retainedOnly {
                _ = try renderer.render(snapshot, size: document.size, scale: document.scale, background: document.background)
            }
            let t4 = clock.now
            if paced { waitFor(tick: i + 1, after: start, clock: clock) }
            p.advance.append(ms(t1 - t0))
            p.tree.append(ms(t2 - t1))
            p.retained.append(ms(t3 - t2))
            p.full.append(ms(t4 - t3))
            p.area.append(Double(damage.area) / whole * 100)
            p.rects.append(damage.rects)
        }
        return p
    }

    /// Sleeps until 60 Hz tick `tick` after `start` (at once when it has passed), as the live
    /// window waits between frames.
    static func waitFor(tick: Int, after start: ContinuousClock.Instant, clock: ContinuousClock) {
        let due = start + .microseconds(tick * 1_000_000 / 60)
        if clock.now < due { Thread.sleep(forTimeInterval: ms(due - clock.now) / 1000) }
    }

    /// Plays the demo `rounds` times and reports each frame's least time over the rounds: the
    /// frames are the same in every round (the scene is deterministic), so the least time is
    /// the frame's cost with the least interference from other processes.
    static func run(demo: String, seconds: Double, retainedOnly: Bool, paced: Bool = false, rounds: Int = 1, threads: Int = 1) throws {
        guard let document = try DemoScenes.document(named: demo) else { throw CommandLineError("no demo \(demo)") }
        // As the live window (LiveSession) does: freed frame memory is kept for the next frame.
        MallocTuning.keepFreedMemory()
        let frames = Int(seconds * 60)
        var best = try play(document, frames: frames, retainedOnly: retainedOnly, paced: paced, threads: threads)
        for _ in 1..<max(rounds, 1) {
            let p = try play(document, frames: frames, retainedOnly: retainedOnly, paced: paced, threads: threads)
            best.advance = zip(best.advance, p.advance).map(min)
            best.tree = zip(best.tree, p.tree).map(min)
            best.retained = zip(best.retained, p.retained).map(min)
            best.full = zip(best.full, p.full).map(min)
        }
        func stats(_ xs: [Double]) -> Stats { Stats(samples: xs) }
        let size = "\(Int(document.size.width * document.scale))×\(Int(document.size.height * document.scale))"
        let least = rounds > 1 ? ", each frame's least time over \(rounds) rounds" : ""
        let pace = paced ? ", one each 60 Hz tick" : ", back to back"
        print("demo `\(demo)`, \(size), \(frames) frames at 60 per scene second\(pace), drawn on \(threads) threads\(least):")
        print("  advance          \(stats(best.advance).line)")
        print("  render tree      \(stats(best.tree).line)")
        print("  retained render  \(stats(best.retained).line)")
        print("  frame (sum)      \(stats(best.total).line)")
        if !retainedOnly { print("  full render      \(stats(best.full).line)") }
        let area = stats(best.area)
        print(String(format: "  redrawn area     p50 %5.1f %%  p99 %5.1f %% of the frame", area.quantile(0.5), area.quantile(0.99)))
        print("  slowest frames (scene time, work, redrawn rectangles):")
        let total = best.total
        for i in total.indices.sorted(by: { total[$0] > total[$1] }).prefix(8) {
            let rects = best.rects[i].map { "\($0.x),\($0.y) \($0.width)×\($0.height)" }.joined(separator: "; ")
            print(String(format: "    %6.3f s  %6.2f ms  ", Double(i) / 60, total[i]) + rects)
        }
    }

    /// One frame of a demo (scene time `time`) drawn in full `repeats` times on one thread by one
    /// renderer, its caches warm after the first: where a slow frame's time goes, for a profiler.
    static func oneFrame(demo: String, time: Double, repeats: Int) throws {
        guard let document = try DemoScenes.document(named: demo) else { throw CommandLineError("no demo \(demo)") }
        let scene = Scene(document: document)
        for i in 0...Int(time * 60) { scene.advance(to: min(Double(i) / 60, time)) }
        scene.advance(to: time)
        let snapshot = scene.rootLayer.renderTree(at: time)
        let renderer = Renderer()
        renderer.prepareImages(in: snapshot, waitUntilDone: true)
        let clock = ContinuousClock()
        var stats = Stats()
        for _ in 0..<max(repeats, 1) {
            let t0 = clock.now
            _ = try renderer.render(snapshot, size: document.size, scale: document.scale, background: document.background)
            stats.add(ms(clock.now - t0))
        }
        print("demo `\(demo)` at \(time) s, drawn in full \(repeats) times on one thread: \(stats.line)")
    }

    /// The tutorial screen at 2 s (the first coach mark showing), with a 40 × 40 view moving.
    static func movingSquare(frames: Int) throws {
        guard let document = try DemoScenes.document(named: "tutorial") else { throw CommandLineError("no tutorial demo") }
        let scene = Scene(document: document)
        let t = 2.0
        scene.advance(to: t)
        let square = View(frame: Rect(x: 40, y: 300, width: 40, height: 40))
        square.backgroundColor = Color(red: 1, green: 0.2, blue: 0.4)
        scene.window.addSubview(square)
        let renderer = Renderer(keepsUnreusedStores: true)
        let frame = try RetainedFrame(size: document.size, scale: document.scale, background: document.background, renderer: renderer)
        try frame.render(scene.rootLayer.renderTree(at: t))
        let clock = ContinuousClock()
        var full = Stats(), partial = Stats(), area = Stats()
        for i in 0..<frames {
            square.frame.origin.x = 40 + Double(i % 120) * 2
            let snapshot = scene.rootLayer.renderTree(at: t)
            let t0 = clock.now
            let damage = try frame.render(snapshot)
            let t1 = clock.now
            let reference = try renderer.render(snapshot, size: document.size, scale: document.scale, background: document.background)
            let t2 = clock.now
            precondition(reference.hasSamePixels(as: frame.bitmap), "the partial frame differs from the full one")
            partial.add(ms(t1 - t0))
            full.add(ms(t2 - t1))
            area.add(Double(damage.area))
        }
        print("tutorial screen at 2 s, \(frame.bitmap.width)×\(frame.bitmap.height), a 40 × 40 view moving 2 pt a frame, \(frames) frames:")
        print("  full frame       \(full.line)")
        print("  partial frame    \(partial.line)")
        print(String(format: "  redrawn          %.0f pixels a frame (median)", area.quantile(0.5)))
        print(String(format: "  partial ÷ full   %.3f (medians)", partial.quantile(0.5) / full.quantile(0.5)))
    }
}

struct CommandLineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
