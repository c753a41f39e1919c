import Foundation
import KinemaDynamics
import KinemaGeometry
import Testing

/// A long run of a pile of 200 items in a box, pushed every second: no coordinate stops being
/// finite, no item leaves the box, and the energy does not grow. `make test` runs 15 simulated
/// seconds (about a minute in a debug build); `make soak` sets `KINEMA_SOAK_SECONDS=3600` for an hour (216,000 steps at 60 Hz).
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
        for second in 0..<Self.seconds {
            // A push on every item, alternating up-left and up-right, once a second.
            let push = PushBehavior(items: items, mode: .instantaneous)
            push.setAngle(second % 2 == 0 ? -2.2 : -0.9, magnitude: 0.3)
            animator.addBehavior(push)
            clock.run(animator, ticks: 60)
            animator.removeBehavior(push)
            var energy = 0.0
            for (i, item) in items.enumerated() {
                let v = properties.linearVelocity(for: item)
                let c = item.center
                guard c.x.isFinite, c.y.isFinite, v.dx.isFinite, v.dy.isFinite else {
                    worst = worst ?? "item \(i) not finite at \(second + 1) s: \(c), \(v)"
                    continue
                }
                // The centre stays inside the box by at least a little less than the item's
                // smaller half-size: an item may overlap a wall by the solver's slop (about 1 pt)
                // and a little more, never further. The hour-long run fails this today (an item
                // about 4 pt into a wall under the pile); the bound stays until the solver meets it.
                let inset = min(item.bounds.width, item.bounds.height) / 2 - 2
                if !Self.box.insetBy(dx: inset, dy: inset).contains(c) {
                    worst = worst ?? "item \(i) outside the box at \(second + 1) s: \(c)"
                }
                energy += 0.5 * item.bounds.width * item.bounds.height * (v.dx * v.dx + v.dy * v.dy)
            }
            energies.append(energy)
        }
        #expect(worst == nil, "\(worst ?? "")")
        // Bounded: the pushes put in the same energy each second, so the pile's energy after the
        // first five seconds never grows past a few times its early level.
        let early = energies.prefix(5).max() ?? 0
        let late = energies.dropFirst(5).max() ?? 0
        #expect(late <= 4 * early, "early peak \(early), later peak \(late)")
        #expect(energies.count == Self.seconds && early > 0)
    }
}
