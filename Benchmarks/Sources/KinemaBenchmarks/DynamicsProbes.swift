// The quality probes (Benchmarks/README.md), per engine: stacking, pyramid, tunnelling and
// energy. All results are end states of deterministic runs (no clock).
enum DynamicsProbes {
    typealias B = DynamicsBenchmark

    static func simulate(_ setting: EngineSetting, _ scene: DynamicsScene, frames: Int) throws -> any DynamicsEngine {
        let engine = try setting.make(scene)
        for _ in 0..<frames { engine.stepFrame() }
        return engine
    }

    /// How far the pyramid's top box sank and the largest sideways move of any box (pt).
    static func pyramidDrift(_ scene: DynamicsScene, _ engine: any DynamicsEngine) -> (sink: Double, drift: Double) {
        var drift = 0.0
        for (i, box) in scene.boxes.enumerated() {
            drift = max(drift, abs(engine.state(i).x - box.x))
        }
        let top = scene.boxes.count - 1
        return (scene.boxes[top].y - engine.state(top).y, drift)
    }

    static func run() throws {
        let settings = EngineSetting.allCases

        print("\n## Stacking: a column of 20 × 20 pt boxes, friction 0.6, after 10 s")
        print("| Engine | 10 boxes: lateral drift | top height error | 20 boxes: lateral drift | top height error |")
        print("|---|---:|---:|---:|---:|")
        for setting in settings {
            var cells: [String] = []
            for count in [10, 20] {
                let scene = DynamicsScene.column(count)
                let engine = try simulate(setting, scene, frames: 600)
                var drift = 0.0
                for i in 0..<count { drift = max(drift, abs(engine.state(i).x)) }
                let error = engine.state(count - 1).y - scene.boxes[count - 1].y
                let collapsed = drift > 10 || error < -10
                cells.append("\(B.f(drift)) pt\(collapsed ? " (collapsed)" : "")")
                cells.append("\(error >= 0 ? "+" : "")\(B.f(error)) pt")
            }
            print("| \(setting.label) | \(cells.joined(separator: " | ")) |")
        }

        print("\n## Pyramid, base 20 (210 boxes), after 10 s")
        print("| Engine | top sank | largest sideways drift |")
        print("|---|---:|---:|")
        for setting in settings {
            let scene = DynamicsScene.pyramid()
            let engine = try simulate(setting, scene, frames: 600)
            let p = pyramidDrift(scene, engine)
            print("| \(setting.label) | \(B.f(p.sink)) pt | \(B.f(p.drift)) pt |")
        }

        let speeds = [1000.0, 2000, 5000, 10_000]
        print("\n## Tunnelling: a 10 × 10 pt box at a zero-thickness segment, 2 s (final centre height; largest rebound speed)")
        print("| Engine | " + speeds.map { "\(Int($0)) pt/s" }.joined(separator: " | ") + " |")
        print("|---|" + speeds.map { _ in "---|" }.joined())
        for setting in settings {
            var cells: [String] = []
            for speed in speeds {
                let engine = try setting.make(DynamicsScene.tunnel(speed: speed))
                var rebound = 0.0
                for _ in 0..<120 {
                    engine.stepFrame()
                    rebound = max(rebound, engine.velocity(0).vy)
                }
                let y = engine.state(0).y
                let verdict = y < 0 || !y.isFinite ? "**through**" : "stopped"
                cells.append("\(verdict) (y \(B.f(y, 1)), rebound \(B.f(rebound, 0)) pt/s)")
            }
            print("| \(setting.label) | \(cells.joined(separator: " | ")) |")
        }

        print("\n## Energy: elasticity-1 box (and floor) dropped from 500 pt, 10 s: apex heights of its bottom")
        print("| Engine | apexes (pt) | drift per bounce, (last apex − 500) ÷ bounces |")
        print("|---|---|---:|")
        for setting in settings {
            let engine = try setting.make(DynamicsScene.bounce())
            var apexes: [Double] = []
            var previous = engine.state(0).y
            var rising = false
            for _ in 0..<600 {
                engine.stepFrame()
                let y = engine.state(0).y
                // An apex is where the height stops rising (two equal samples count as one).
                if y > previous {
                    rising = true
                } else if y < previous {
                    if rising { apexes.append(previous - 10) }
                    rising = false
                }
                previous = y
            }
            let shown = apexes.prefix(6).map { B.f($0, 1) }.joined(separator: ", ")
            var drift = "—"
            if let last = apexes.last {
                let perBounce = (last - 500) / Double(apexes.count)
                drift = "\(B.f(perBounce)) pt (\(B.f(perBounce / 500 * 100)) %)"
            }
            print(
                "| \(setting.label) | \(shown.isEmpty ? "no bounce" : shown)\(apexes.count > 6 ? " … (\(apexes.count))" : "") | \(drift) |")
        }
    }
}
