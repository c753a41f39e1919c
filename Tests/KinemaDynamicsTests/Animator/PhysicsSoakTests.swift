import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// A long run of a pile of 200 items in a box, pushed every second: no coordinate stops being
/// finite, no item goes through a wall of the box (checked every frame), and the energy does not
/// grow. The deepest overlap with a wall is printed: contacts are soft (Box2D v3's soft step),
/// and items the pushes fling at a wall (each push changes an item's velocity by 0.3 × 100 pt/s
/// divided by its mass, width × height / 10⁴: about 500 to 1,000 pt/s here) overlap it by several
/// points for a few frames before they are pushed out. `make test` runs 15 simulated seconds
/// (about a minute in a debug build); `make soak` sets `KINEMA_SOAK_SECONDS=3600` for an hour
/// (216,000 steps at 60 Hz).
@Suite struct PhysicsSoakTests {
    static let box = Rect(x: 0, y: 0, width: 600, height: 800)

    static var seconds: Int {
        Int(ProcessInfo.processInfo.environment["KINEMA_SOAK_SECONDS"] ?? "") ?? 15
    }

    @Test func aPushedPileStaysFiniteBoundedAndCalm() {
        let animator = DynamicAnimator(referenceBounds: Self.box)
        var items: [TestItem] = []
        for i in 0..<200 {
            let item = TestItem(
                x: 30 + Double(i % 20) * 28, y: 30 + Double(i / 20) * 40, width: 16 + Double(i % 3) * 4, height: 18 + Double(i % 4) * 3)
            if i % 5 == 0 { item.collisionBoundsType = .ellipse }
            items.append(item)
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: items)
        properties.elasticity = 0.4
        properties.friction = 0.3
        for behavior in [collision, properties, GravityBehavior(items: items)] as [DynamicBehavior] {
            animator.addBehavior(behavior)
        }
        var clock = FrameClock(animator)
        var energies: [Double] = []
        var worst: String?
        var deepest = (overlap: 0.0, item: -1, second: 0)
        for second in 0..<Self.seconds {
            // A push on every item, alternating up-left and up-right, once a second.
            let push = PushBehavior(items: items, mode: .instantaneous)
            push.setAngle(second % 2 == 0 ? -2.2 : -0.9, magnitude: 0.3)
            animator.addBehavior(push)
            for _ in 0..<60 {
                clock.run(animator, ticks: 1)
                for (i, item) in items.enumerated() {
                    let c = item.center
                    guard c.x.isFinite, c.y.isFinite else {
                        worst = worst ?? "item \(i) not finite at \(second + 1) s: \(c)"
                        continue
                    }
                    // How far the item reaches into a wall at least: its centre is never nearer
                    // a wall than half its smaller side unless it overlaps it. At or past half,
                    // the item has gone through the wall.
                    let half = min(item.bounds.width, item.bounds.height) / 2
                    let overlap = max(half - c.x, half - c.y, c.x - (Self.box.width - half), c.y - (Self.box.height - half))
                    if overlap > deepest.overlap { deepest = (overlap, i, second) }
                    if overlap >= half {
                        worst = worst ?? "item \(i) went through a wall at \(second + 1) s: \(c)"
                    }
                }
            }
            animator.removeBehavior(push)
            var energy = 0.0
            for item in items {
                let v = properties.linearVelocity(for: item)
                guard v.dx.isFinite, v.dy.isFinite else {
                    worst = worst ?? "a velocity is not finite at \(second + 1) s: \(v)"
                    continue
                }
                energy += 0.5 * item.bounds.width * item.bounds.height * (v.dx * v.dx + v.dy * v.dy)
            }
            energies.append(energy)
        }
        print(
            "PhysicsSoakTests: \(Self.seconds) s, deepest overlap with a wall \(deepest.overlap) pt (item \(deepest.item), "
                + "second \(deepest.second)); energy early peak \(energies.prefix(5).max() ?? 0), later peak \(energies.dropFirst(5).max() ?? 0)"
        )
        #expect(worst == nil, "\(worst ?? "")")
        // Bounded: the pushes put in the same energy each second, so the pile's energy after the
        // first five seconds never grows past a few times its early level.
        let early = energies.prefix(5).max() ?? 0
        let late = energies.dropFirst(5).max() ?? 0
        #expect(late <= 4 * early, "early peak \(early), later peak \(late)")
        #expect(energies.count == Self.seconds && early > 0)
    }
}
