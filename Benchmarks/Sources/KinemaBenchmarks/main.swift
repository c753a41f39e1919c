// Kinema benchmarks. Run with `make bench` (release build, single thread).
//
// The engine never reads a clock; only this harness does, to time it.
import Foundation
import Kinema

/// Presentation benchmark (issue 2): 10,000 layers, each with three running animations — a
/// spring on `position`, an 8-value cubic keyframe animation on `transform.rotation.z` and an
/// easeInEaseOut basic animation on `opacity` — evaluated for 600 frames at 60 fps.
func presentationBenchmark(layerCount: Int = 10_000, frames: Int = 600) -> (msPerFrame: Double, checksum: Double) {
    let context = LayerContext()
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
    context.addRootLayer(root)
    var layers: [Layer] = []
    layers.reserveCapacity(layerCount)
    for i in 0..<layerCount {
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.position = Point(x: Double(i % 100) * 10, y: Double(i / 100) * 10)
        try? root.addSublayer(layer)

        var spring = SpringAnimation(keyPath: "position")
        spring.fromValue = .point(Point(x: 0, y: 0))
        spring.toValue = .point(layer.position)
        spring.damping = 8
        spring.duration = 10
        layer.add(spring, forKey: "spring")

        var spin = KeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<8).map { .number(Double($0) * 0.7 + Double(i % 7) * 0.01) }
        spin.calculationMode = .cubic
        spin.duration = 10
        layer.add(spin, forKey: "spin")

        var fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.timingFunction = .easeInEaseOut
        fade.duration = 10
        layer.add(fade, forKey: "fade")
    }
    context.advance(to: 0)

    var checksum = 0.0
    let clock = ContinuousClock()
    let start = clock.now
    for frame in 0..<frames {
        let t = Double(frame) / 60
        for layer in layers.isEmpty ? root.sublayers : layers {
            let s = layer.presentation(at: t)
            checksum += s.position.x + s.transform.m12 + s.opacity
        }
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return (seconds * 1000 / Double(frames), checksum)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "composite" {
    // `composite [FRAMES]`: the compositing benchmark (CompositeBenchmark.swift).
    try CompositeBenchmark.run(frames: arguments.dropFirst().first.flatMap(Int.init) ?? 60)
} else if arguments.first == "dynamics" {
    // `dynamics [FRAMES] [RUNS]`: UIKit Dynamics solver vs Chipmunk and Box2D (DynamicsBenchmark.swift).
    let rest = arguments.dropFirst()
    try DynamicsBenchmark.run(
        frames: rest.first.flatMap(Int.init) ?? 600, runs: rest.dropFirst().first.flatMap(Int.init) ?? 3)
} else if arguments.first == "live" {
    // `live DEMO [SECONDS] [--retained-only] [--rounds N]`: a demo's frames as the live window
    // draws them, each frame's least time over N plays (LiveFrameBenchmark.swift).
    var rest = Array(arguments.dropFirst().filter { $0 != "--retained-only" })
    var rounds = 1
    if let i = rest.firstIndex(of: "--rounds"), i + 1 < rest.count, let n = Int(rest[i + 1]) {
        rounds = n
        rest.removeSubrange(i...(i + 1))
    }
    try LiveFrameBenchmark.run(
        demo: rest.first ?? "collapse", seconds: rest.dropFirst().first.flatMap(Double.init) ?? 10,
        retainedOnly: arguments.contains("--retained-only"), rounds: rounds)
} else if arguments.first == "square" {
    // `square [FRAMES]`: a 40 × 40 view moving on the tutorial screen, full vs partial frames.
    try LiveFrameBenchmark.movingSquare(frames: arguments.dropFirst().first.flatMap(Int.init) ?? 240)
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
    let frames = arguments.first.flatMap(Int.init) ?? 600
    let layerCount = arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
    let result = presentationBenchmark(layerCount: layerCount, frames: frames)
    print(
        "presentation: \(layerCount) layers × 3 animations, \(frames) frames: \(String(format: "%.3f", result.msPerFrame)) ms/frame (checksum \(result.checksum))"
    )
}
