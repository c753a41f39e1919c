// The presentation benchmark (issue 2) beside its floor (issue 19): 10,000 layers, each with a
// spring on `position`, 8-value cubic keyframes on `transform.rotation.z` and an easeInEaseOut
// basic animation on `opacity`, evaluated at t = frame / 60 for 600 frames; and the same three
// curves for the same layers evaluated by a plain C loop over flat arrays (CPresentationFloor).
// The two run interleaved in one process, so the ratio holds even on a noisy machine.
import CMallocCounter
import CPresentationFloor
import Foundation
import Kinema

enum PresentationBenchmark {
    /// The Kinema side: a context with `count` animated layers under one root.
    struct KinemaScene {
        let context = LayerContext()
        let root = Layer()
        var keys: [Double] = []
        var targets: [Point] = []

        /// Heap bytes in use (mallinfo2) per layer after each stage of building the scene.
        private(set) var bytesPerLayer: [(stage: String, bytes: Double)] = []

        /// Builds the scene one layer at a time, with its three animations (the timed order:
        /// where the allocator places each layer's objects moves the time), or, `staged`, all
        /// layers first and then each animation for every layer, to see what each one costs.
        /// `linear` makes the keyframes linear, each segment eased by `easeInEaseOut` (as
        /// lottie-ios and `animateKeyframes` make them); the floor stays cubic.
        init(count: Int, staged: Bool = false, linear: Bool = false) {
            root.bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
            context.addRootLayer(root)
            targets.reserveCapacity(count)
            keys.reserveCapacity(count * 8)
            var heap = Double(kinema_heap_in_use())
            func note(_ stage: String) {
                let now = Double(kinema_heap_in_use())
                bytesPerLayer.append((stage, (now - heap) / Double(max(count, 1))))
                heap = now
            }
            let stages: [(String, (Int, Layer) -> Void)] = [
                ("the layer", { _, _ in }),
                (
                    "a spring on position",
                    { _, layer in
                        var spring = SpringAnimation(keyPath: "position")
                        spring.fromValue = .point(Point(x: 0, y: 0))
                        spring.toValue = .point(layer.position)
                        spring.damping = 8
                        spring.duration = 10
                        layer.add(spring, forKey: "spring")
                    }
                ),
                (
                    linear ? "8 linear keyframes, eased per segment, on transform.rotation.z" : "8 cubic keyframes on transform.rotation.z",
                    { i, layer in
                        var spin = KeyframeAnimation(keyPath: "transform.rotation.z")
                        spin.values = (0..<8).map { .number(Double($0) * 0.7 + Double(i % 7) * 0.01) }
                        spin.calculationMode = linear ? .linear : .cubic
                        if linear { spin.timingFunctions = Array(repeating: .easeInEaseOut, count: 7) }
                        spin.duration = 10
                        layer.add(spin, forKey: "spin")
                    }
                ),
                (
                    "easeInEaseOut on opacity",
                    { _, layer in
                        var fade = BasicAnimation(keyPath: "opacity")
                        fade.fromValue = 0
                        fade.toValue = 1
                        fade.timingFunction = .easeInEaseOut
                        fade.duration = 10
                        layer.add(fade, forKey: "fade")
                    }
                ),
            ]
            for i in 0..<count {
                let layer = Layer()
                layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                layer.position = Point(x: Double(i % 100) * 10, y: Double(i / 100) * 10)
                try? root.addSublayer(layer)
                targets.append(layer.position)
                keys += (0..<8).map { Double($0) * 0.7 + Double(i % 7) * 0.01 }
                if !staged { for (_, add) in stages.dropFirst() { add(i, layer) } }
            }
            if staged {
                note(stages[0].0)
                for (stage, add) in stages.dropFirst() {
                    for (i, layer) in root.sublayers.enumerated() { add(i, layer) }
                    note(stage)
                }
            } else {
                note("the layers with their animations")
            }
            context.advance(to: 0)
        }

        /// Evaluates every layer's presentation at each frame; returns the checksum.
        func run(frames: Int) -> Double {
            var checksum = 0.0
            let layers = root.sublayers
            for frame in 0..<frames {
                let t = Double(frame) / 60
                for layer in layers {
                    let s = layer.presentation(at: t)
                    checksum += s.position.x + s.transform.m12 + s.opacity
                }
            }
            return checksum
        }

        /// Builds the render tree of the whole scene at each frame (what the renderer asks for:
        /// every layer's presentation in a node, with its transform to the superlayer); returns
        /// the same checksum as ``run(frames:)``.
        func renderTrees(frames: Int) -> Double {
            var checksum = 0.0
            for frame in 0..<frames {
                let tree = root.renderTree(at: Double(frame) / 60)
                for node in tree.sublayers {
                    checksum += node.state.position.x + node.state.transform.m12 + node.state.opacity
                }
            }
            return checksum
        }
    }

    /// The floor's flat arrays.
    final class Floor {
        var toX: [Double], toY: [Double], keys: [Double]
        var x: [Double], y: [Double], m11: [Double], m12: [Double], opacity: [Double]

        init(scene: KinemaScene) {
            let n = scene.targets.count
            toX = scene.targets.map(\.x)
            toY = scene.targets.map(\.y)
            keys = scene.keys
            x = Array(repeating: 0, count: n)
            y = x
            m11 = x
            m12 = x
            opacity = x
        }

        func run(frames: Int) -> Double {
            let n = Int32(toX.count)
            var checksum = 0.0
            toX.withUnsafeBufferPointer { tx in
                toY.withUnsafeBufferPointer { ty in
                    keys.withUnsafeBufferPointer { k in
                        x.withUnsafeMutableBufferPointer { ox in
                            y.withUnsafeMutableBufferPointer { oy in
                                m11.withUnsafeMutableBufferPointer { o11 in
                                    m12.withUnsafeMutableBufferPointer { o12 in
                                        opacity.withUnsafeMutableBufferPointer { oo in
                                            var layers = floor_layers(
                                                count: n, to_x: tx.baseAddress, to_y: ty.baseAddress, keys: k.baseAddress,
                                                out_x: ox.baseAddress, out_y: oy.baseAddress, out_m11: o11.baseAddress,
                                                out_m12: o12.baseAddress, out_opacity: oo.baseAddress)
                                            for frame in 0..<frames {
                                                checksum += presentation_floor_frame(&layers, Double(frame) / 60)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return checksum
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Runs both sides `rounds` times, interleaved, and prints each side's best time per frame,
    /// their ratio and both checksums.
    /// With `linear`, the keyframes are linear with a curve per segment (the floor's are cubic, so
    /// only Kinema's figures compare with another run's).
    static func run(layerCount: Int, frames: Int, rounds: Int, linear: Bool = false) {
        let scene = KinemaScene(count: layerCount, linear: linear)
        let floor = Floor(scene: scene)
        let clock = ContinuousClock()
        var best = (kinema: Double.infinity, floor: Double.infinity, tree: Double.infinity)
        var sums = (kinema: 0.0, floor: 0.0, tree: 0.0)
        for _ in 0..<max(rounds, 1) {
            var start = clock.now
            sums.kinema = scene.run(frames: frames)
            best.kinema = min(best.kinema, seconds(clock.now - start) * 1000 / Double(frames))
            start = clock.now
            sums.floor = floor.run(frames: frames)
            best.floor = min(best.floor, seconds(clock.now - start) * 1000 / Double(frames))
            start = clock.now
            sums.tree = scene.renderTrees(frames: frames)
            best.tree = min(best.tree, seconds(clock.now - start) * 1000 / Double(frames))
        }
        func f(_ x: Double) -> String { String(format: "%.3f", x) }
        let built = scene.bytesPerLayer.reduce(0) { $0 + $1.bytes }
        print("memory: \(Int(built.rounded())) B of heap per layer with its three animations; built in stages:")
        for (stage, bytes) in KinemaScene(count: layerCount, staged: true, linear: linear).bytesPerLayer {
            print("  \(stage): \(Int(bytes.rounded())) B")
        }
        let relative = abs(sums.kinema - sums.floor) / max(abs(sums.floor), 1)
        print(
            "presentation: \(layerCount) layers × 3 animations\(linear ? " (keyframes linear, eased per segment; the floor's cubic)" : ""), \(frames) frames, best of \(rounds) interleaved rounds:"
        )
        print("  Kinema: \(f(best.kinema)) ms/frame (checksum \(sums.kinema))")
        print("  C floor (flat arrays): \(f(best.floor)) ms/frame (checksum \(sums.floor))")
        print("  Kinema render tree of the same layers: \(f(best.tree)) ms/frame (checksum \(sums.tree))")
        print(
            "  Kinema / floor: \(String(format: "%.2f", best.kinema / best.floor))×; checksums differ by \(String(format: "%.1e", relative)) (relative)"
        )
    }
}
