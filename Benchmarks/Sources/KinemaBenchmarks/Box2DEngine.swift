// Box2D 2.4.1 (Debian's libbox2d-dev, through the CBox2DShim C API) as a benchmark peer, in
// UIKit's configuration: 100 pt = 1 m, two 1/120 s steps per 60 Hz frame, 8 velocity and 3
// position iterations, sleeping off. Box2D takes the max of restitutions and the square root of
// the product of frictions.
import CBox2DShim

final class Box2DEngine: DynamicsEngine {
    /// Points per metre.
    static let scale = 100.0
    private let world: OpaquePointer
    private var items: [Int32] = []

    init(_ scene: DynamicsScene, allowSleep: Bool = false) {
        let s = 1 / Self.scale
        world = b2s_world_new(0, -scene.gravity * s, allowSleep ? 1 : 0)
        for box in scene.statics {
            _ = b2s_add_static_box(
                world, box.x * s, box.y * s, box.width / 2 * s, box.height / 2 * s, box.angle, box.friction,
                box.restitution)
        }
        for segment in scene.segments {
            _ = b2s_add_static_segment(
                world, segment.x1 * s, segment.y1 * s, segment.x2 * s, segment.y2 * s, segment.friction,
                segment.restitution)
        }
        for box in scene.boxes {
            items.append(
                b2s_add_dynamic_box(
                    world, box.x * s, box.y * s, box.width / 2 * s, box.height / 2 * s, box.angle, box.density,
                    box.friction, box.restitution, box.vx * s, box.vy * s))
        }
    }

    deinit { b2s_world_free(world) }

    func stepFrame() {
        b2s_step(world, 1.0 / 120, 8, 3)
        b2s_step(world, 1.0 / 120, 8, 3)
    }

    func state(_ index: Int) -> (x: Double, y: Double, angle: Double) {
        var x = 0.0
        var y = 0.0
        var a = 0.0
        b2s_get(world, items[index], &x, &y, &a)
        return (x * Self.scale, y * Self.scale, a)
    }

    func velocity(_ index: Int) -> (vx: Double, vy: Double) {
        var vx = 0.0
        var vy = 0.0
        b2s_get_velocity(world, items[index], &vx, &vy)
        return (vx * Self.scale, vy * Self.scale)
    }
}
