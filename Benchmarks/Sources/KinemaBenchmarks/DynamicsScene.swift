// The scenes of the dynamics benchmark (issue 6; Benchmarks/README.md), described once
// and built by every engine. Coordinates here are y UP, in points, with the floor's top at y = 0;
// each engine converts (Kinema negates y and angles; Box2D divides by 100 pt/m).

/// A box: static (part of the container) or dynamic (an item).
struct SceneBox {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var angle = 0.0
    var density = 1.0
    var friction = 0.6
    var restitution = 0.0
    /// Initial velocity, pt/s (y up).
    var vx = 0.0
    var vy = 0.0
}

/// A static zero-thickness segment (a UIKit boundary).
struct SceneSegment {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double
    var friction = 0.6
    var restitution = 0.0
}

/// Everything an engine needs to build a scene.
struct DynamicsScene {
    var name: String
    /// Downward acceleration, pt/s².
    var gravity = 1000.0
    var statics: [SceneBox] = []
    var segments: [SceneSegment] = []
    var boxes: [SceneBox] = []
}

/// Knuth's 64-bit LCG (MMIX constants): the one shared seed of the 1000-box scene.
struct SceneLCG {
    var state: UInt64
    /// A uniform value in [0, 1) from the top 53 bits.
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    /// A uniform value in [-a, a).
    mutating func symmetric(_ a: Double) -> Double { (next() * 2 - 1) * a }
}

extension DynamicsScene {
    /// A static floor 800 pt wide and 100 pt thick whose top is y = 0.
    static func floor(width: Double = 800, friction: Double = 0.6, restitution: Double = 0) -> SceneBox {
        SceneBox(x: 0, y: -50, width: width, height: 100, friction: friction, restitution: restitution)
    }

    /// The 1000-box scene: a container (an 800 pt floor and two 1400 pt walls, all 100 pt thick,
    /// friction 0.6) and 1000 boxes of 20 × 20 pt (density 1, friction 0.6, elasticity 0) in a 25 ×
    /// 40 grid with 30 pt spacing, ±2 pt x jitter and ±0.1 rad rotation from one LCG seed.
    static func thousandBoxes(seed: UInt64 = 42) -> DynamicsScene {
        var scene = DynamicsScene(name: "1000 boxes")
        scene.statics = [
            floor(),
            SceneBox(x: -450, y: 600, width: 100, height: 1400),
            SceneBox(x: 450, y: 600, width: 100, height: 1400),
        ]
        var lcg = SceneLCG(state: seed)
        for row in 0..<40 {
            for column in 0..<25 {
                let x = -360 + 30 * Double(column) + lcg.symmetric(2)
                let angle = lcg.symmetric(0.1)
                scene.boxes.append(SceneBox(x: x, y: 30 + 30 * Double(row), width: 20, height: 20, angle: angle))
            }
        }
        return scene
    }

    /// A pyramid of 20 × 20 pt boxes with `base` boxes in its bottom row (210 for a base of 20),
    /// touching, on the floor; friction 0.6.
    static func pyramid(base: Int = 20) -> DynamicsScene {
        var scene = DynamicsScene(name: "pyramid \(base)")
        scene.statics = [floor(width: 1200)]
        for row in 0..<base {
            let count = base - row
            for i in 0..<count {
                let x = (Double(i) - Double(count - 1) / 2) * 20
                scene.boxes.append(SceneBox(x: x, y: 10 + 20 * Double(row), width: 20, height: 20))
            }
        }
        return scene
    }

    /// A column of `count` 20 × 20 pt boxes, touching, friction 0.6, on the floor.
    static func column(_ count: Int) -> DynamicsScene {
        var scene = DynamicsScene(name: "column \(count)")
        scene.statics = [floor()]
        for i in 0..<count {
            scene.boxes.append(SceneBox(x: 0, y: 10 + 20 * Double(i), width: 20, height: 20))
        }
        return scene
    }

    /// A 10 × 10 pt box 100 pt above a zero-thickness horizontal segment, moving down at `speed`.
    static func tunnel(speed: Double) -> DynamicsScene {
        var scene = DynamicsScene(name: "tunnel \(Int(speed))")
        scene.segments = [SceneSegment(x1: -300, y1: 0, x2: 300, y2: 0)]
        scene.boxes = [SceneBox(x: 0, y: 100, width: 10, height: 10, vy: -speed)]
        return scene
    }

    /// A 20 × 20 pt box of elasticity 1 (no friction) whose bottom is 500 pt above a floor of
    /// elasticity 1.
    static func bounce() -> DynamicsScene {
        var scene = DynamicsScene(name: "bounce")
        scene.statics = [floor(friction: 0, restitution: 1)]
        scene.boxes = [SceneBox(x: 0, y: 510, width: 20, height: 20, friction: 0, restitution: 1)]
        return scene
    }
}
