// Kinema benchmarks. Run with `make bench` (release build, single thread).
//
// The engine never reads a clock; only this harness does, to time it.
import Foundation
import Kinema

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "composite" {
    // `composite [FRAMES]`: the compositing benchmark (CompositeBenchmark.swift).
    try CompositeBenchmark.run(frames: arguments.dropFirst().first.flatMap(Int.init) ?? 60)
} else if arguments.first == "dynamics" {
    // `dynamics [FRAMES] [RUNS]`: UIKit Dynamics solver vs Chipmunk and Box2D (DynamicsBenchmark.swift).
    let rest = arguments.dropFirst()
    try DynamicsBenchmark.run(
        frames: rest.first.flatMap(Int.init) ?? 600, runs: rest.dropFirst().first.flatMap(Int.init) ?? 3)
} else if arguments.first == "dynamics-one" {
    // `dynamics-one [ENGINE] [FRAMES]`: one engine alone on the 1000-box scene (for a profiler),
    // then its 20-box column; ENGINE is an `EngineSetting` case name, `kinemaNoSleep` unless given.
    let rest = Array(arguments.dropFirst())
    try DynamicsBenchmark.runOne(
        rest.first.flatMap { name in EngineSetting.allCases.first { "\($0)" == name } } ?? .kinemaNoSleep,
        frames: rest.dropFirst().first.flatMap(Int.init) ?? 600)
} else if arguments.first == "live" {
    // `live DEMO [SECONDS] [--retained-only] [--paced] [--rounds N] [--threads N]`: a demo's
    // frames as the live window draws them, each frame's least time over N plays
    // (LiveFrameBenchmark.swift).
    var rest = Array(arguments.dropFirst().filter { $0 != "--retained-only" && $0 != "--paced" })
    func option(_ name: String) -> Int? {
        guard let i = rest.firstIndex(of: name), i + 1 < rest.count, let n = Int(rest[i + 1]) else { return nil }
        rest.removeSubrange(i...(i + 1))
        return n
    }
    let rounds = option("--rounds") ?? 1
    let threads = option("--threads") ?? ProcessInfo.processInfo.activeProcessorCount
    try LiveFrameBenchmark.run(
        demo: rest.first ?? "collapse", seconds: rest.dropFirst().first.flatMap(Double.init) ?? 10,
        retainedOnly: arguments.contains("--retained-only"), paced: arguments.contains("--paced"), rounds: rounds,
        threads: threads)
} else if arguments.first == "frame" {
    // `frame DEMO TIME [REPEATS]`: one frame of a demo drawn in full again and again, warm (for a profiler).
    let rest = Array(arguments.dropFirst())
    try LiveFrameBenchmark.oneFrame(
        demo: rest.first ?? "zoom", time: rest.dropFirst().first.flatMap(Double.init) ?? 4.4,
        repeats: rest.dropFirst(2).first.flatMap(Int.init) ?? 200)
} else if arguments.first == "square" {
    // `square [FRAMES]`: a 40 × 40 view moving on the tutorial screen, full vs partial frames.
    try LiveFrameBenchmark.movingSquare(frames: arguments.dropFirst().first.flatMap(Int.init) ?? 240)
} else if arguments.first == "encode" {
    // `encode [gif|mp4] [ROUNDS]`: the tutorial demo rendered while encoded, beside ffmpeg alone (EncodeBenchmark.swift).
    let rest = arguments.dropFirst()
    let format: OutputFormat = rest.first == "mp4" ? .mp4 : .gif
    try EncodeBenchmark.run(format: format, rounds: rest.dropFirst().first.flatMap(Int.init) ?? 2)
} else if arguments.first == "lottie" {
    // `lottie [ROUNDS]`: a Lottie animation to PNG frames by Kinema and by rlottie, then to MP4 beside ffmpeg alone (LottieBenchmark.swift).
    try LottieBenchmark.run(rounds: arguments.dropFirst().first.flatMap(Int.init) ?? 5)
} else if arguments.first == "layout" {
    // `layout [ROUNDS] [CHAIN_ROUNDS] [SCREEN_ROUNDS]`: Auto Layout and LayoutSolver beside
    // kiwisolver on the same systems (LayoutBenchmark.swift; `make kiwi-venv` first); a
    // CHAIN_ROUNDS of 0 leaves out the 10,000-constraint chain.
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    try LayoutBenchmark.run(
        rounds: numbers.first ?? 5, chainRounds: numbers.dropFirst().first ?? 3, chainLength: 10_000,
        screenRounds: numbers.dropFirst(2).first ?? 2_000)
} else if arguments.first == "layout-one" {
    // `layout-one a|b|c|d [REPEATS]`: one case of the layout benchmark, Kinema alone (for a profiler).
    let rest = Array(arguments.dropFirst())
    try LayoutBenchmark.runOne(rest.first ?? "d", repeats: rest.dropFirst().first.flatMap(Int.init) ?? 1_000)
} else if arguments.first == "demo" {
    // `demo [FRAMES]`: the layers demo rendered at 750 × 1334 (DemoBenchmark.swift).
    let frames = arguments.dropFirst().first.flatMap(Int.init) ?? 180
    let r = try demoBenchmark(frames: frames)
    func f(_ x: Double) -> String { String(format: "%.2f", x) }
    print("demo `layers`, 750×1334, \(frames) frames:")
    print("  one thread: \(f(r.singleThreadMsPerFrame)) ms/frame (\(f(1000 / r.singleThreadMsPerFrame)) frames/s)")
    print("  \(r.threads) threads:  \(f(r.allCoresMsPerFrame)) ms/frame (\(f(1000 / r.allCoresMsPerFrame)) frames/s)")
    print("  first frame, cold renderer: \(f(r.firstFrameMs)) ms; checksum \(r.checksum)")
} else {
    // `[FRAMES] [LAYERS] [ROUNDS] [--linear]`: the presentation benchmark beside its C floor
    // (PresentationBenchmark.swift); `--linear` makes its keyframes linear, eased per segment.
    let numbers = arguments.compactMap { Int($0) }
    PresentationBenchmark.run(
        layerCount: numbers.dropFirst().first ?? 10_000, frames: numbers.first ?? 600, rounds: numbers.dropFirst(2).first ?? 3,
        linear: arguments.contains("--linear"))
}
