import Foundation
import Kinema

/// The compositing benchmark: 50 layers of 300 × 300 onto a 750 × 1334 frame, per transform
/// class, through our ``Compositor`` and through raw pixman in the same process, plus one frame
/// memcpy as the physical floor. Every frame starts with a clear, included in the time.
enum CompositeBenchmark {
    /// The median of `values`.
    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Milliseconds taken by `body`.
    static func time(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        let d = clock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15
    }

    /// Median ms/frame of `draw(frame)` over `frames` frames after `warmUp` frames.
    static func measure(frames: Int, warmUp: Int, frame bitmap: Bitmap, _ draw: (Int) -> Void) -> Double {
        var samples: [Double] = []
        for f in 0..<(warmUp + frames) {
            let ms = time {
                bitmap.clear()
                draw(f)
            }
            if f >= warmUp { samples.append(ms) }
        }
        return median(samples)
    }

    /// The mean absolute channel difference between two frames, 0…255.
    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for (x, y) in zip(a.bytes, b.bytes) { total += abs(Int(x) - Int(y)) }
        return Double(total) / Double(a.byteCount)
    }

    static func run(frames: Int = 60, warmUp: Int = 5) throws {
        let scene = try CompositeScene()
        let size = (width: CompositeScene.frameWidth, height: CompositeScene.frameHeight)
        let ours = try Bitmap(width: size.width, height: size.height)
        let raw = try Bitmap(width: size.width, height: size.height)
        guard let peer = RawPixmanCompositor(contents: scene.contents, frame: raw) else {
            print("could not create pixman images")
            return
        }
        print("compositing: \(CompositeScene.layerCount) layers of 300×300 onto 750×1334, \(frames) frames after \(warmUp) warm-up frames")
        print("| transform | ours ms/frame | raw pixman ms/frame | ours / pixman | bbox Mpx/frame | mean |ours − pixman| (last frame) |")
        print("|---|---:|---:|---:|---:|---:|")
        for kind in CompositeScene.Kind.allCases {
            // Interleave the two so that noise on the shared machine hits both alike.
            var oursRuns: [Double] = [], rawRuns: [Double] = []
            for _ in 0..<3 {
                oursRuns.append(
                    measure(frames: frames, warmUp: warmUp, frame: ours) { f in
                        for i in 0..<CompositeScene.layerCount {
                            Compositor.composite(
                                scene.contents[i], transform: scene.transform(kind, layer: i, frame: f), opacity: 1, into: ours)
                        }
                    })
                rawRuns.append(
                    measure(frames: frames, warmUp: warmUp, frame: raw) { f in
                        for i in 0..<CompositeScene.layerCount {
                            peer.composite(
                                i, margin: scene.contents[i].margin, transform: scene.transform(kind, layer: i, frame: f), frameSize: size)
                        }
                    })
            }
            if let folder = ProcessInfo.processInfo.environment["KINEMA_BENCH_DUMP"] {
                // The last frames as raw BGRA, to look at (`ffmpeg -f rawvideo -pix_fmt bgra -s 750x1334 -i FILE out.png`).
                try? Data(ours.bytes).write(to: URL(fileURLWithPath: "\(folder)/ours-\(kind.rawValue).bgra"))
                try? Data(raw.bytes).write(to: URL(fileURLWithPath: "\(folder)/pixman-\(kind.rawValue).bgra"))
            }
            let o = median(oursRuns), r = median(rawRuns)
            var area = 0
            for i in 0..<CompositeScene.layerCount {
                area +=
                    Compositor.bounds(
                        of: scene.contents[i], transform: scene.transform(kind, layer: i, frame: warmUp + frames - 1), in: size)?.area
                    ?? 0
            }
            print(
                "| \(kind.rawValue) | \(String(format: "%.2f", o)) | \(String(format: "%.2f", r)) | \(String(format: "%.2f", o / r)) | "
                    + "\(String(format: "%.2f", Double(area) / 1e6)) | \(String(format: "%.3f", meanDifference(ours, raw))) |")
        }
        let copy = try Bitmap(width: size.width, height: size.height)
        var copies: [Double] = []
        for _ in 0..<(warmUp + frames) { copies.append(time { copy.data.copyMemory(from: ours.data, byteCount: ours.byteCount) }) }
        print("memcpy of one frame (4.0 MB): \(String(format: "%.3f", median(Array(copies.dropFirst(warmUp))))) ms")
        print("checksums: ours \(ours.contentHash), pixman \(raw.contentHash), copy \(copy.contentHash)")
        // Shadows: one 300 × 300 content's alpha blurred and coloured (Shadow.make), per sigma.
        for sigma in [4.0, 10, 20] {
            var samples: [Double] = []
            var last: BackingStore?
            let black = Color(red: 0, green: 0, blue: 0, alpha: 0.4)
            for _ in 0..<(warmUp + frames) {
                samples.append(time { last = try? Shadow.make(from: scene.contents[0], sigma: sigma, color: black).store })
            }
            let hash = last?.bitmap.contentHash ?? 0
            let ms = median(Array(samples.dropFirst(warmUp)))
            print("shadow of one 300×300 content, sigma \(Int(sigma)): \(String(format: "%.3f", ms)) ms (hash \(hash))")
        }
    }
}
