import Foundation
import KinemaGeometry
import KinemaPhysics

/// Springs an item to a point and turns it upright. Mirrors `UISnapBehavior`.
///
/// UIKit builds this from four 4 Hz distance springs between the item's edge midpoints and
/// matching points around the snap point. Kinema applies the same restoring motion directly: a
/// damped spring on the item's centre towards ``snapPoint`` and one on its rotation towards 0,
/// both at 4 Hz with damping ratio ``damping`` (so damping 0.5 overshoots by about 16 %, 1 not at
/// all). When the item is within 0.05 pt, 0.05° and nearly still, the spring lets go so the item
/// can come to rest and the animator can pause.
public class SnapBehavior: DynamicBehavior {
    /// The snapped item.
    public let item: any DynamicItem
    /// Where the item's centre goes, reference points. Changing it retargets from the current
    /// position and velocity (no jump). Non-finite points are ignored.
    public var snapPoint: Point {
        didSet {
            if !snapPoint.isFinite {
                dynamicAnimator?.report("SnapBehavior.snapPoint: ignored a non-finite point")
                snapPoint = oldValue
                return
            }
            setNeedsUpdate()
        }
    }
    /// 0 (most oscillation) … 1 (critically damped). Default 0.5. Values outside 0…1 are clamped;
    /// non-finite values are ignored.
    public var damping: Double = 0.5 {
        didSet {
            if !damping.isFinite {
                dynamicAnimator?.report("SnapBehavior.damping: ignored a non-finite value")
                damping = oldValue
                return
            }
            damping = min(max(damping, 0), 1)
            if damping != oldValue { setNeedsUpdate() }
        }
    }

    /// The spring frequency, Hz (UIKit's private `_frequency`).
    static let frequency = 4.0

    /// Snaps `item` to `point` (a non-finite point is replaced by the item's centre).
    public init(item: any DynamicItem, snapTo point: Point) {
        self.item = item
        self.snapPoint = point.isFinite ? point : item.center
        super.init()
    }

    override var ownItems: [any DynamicItem] { [item] }

    override func willStep(_ step: DynamicStep) {
        let world = step.world
        guard let (body, local) = step.animator.bodyAnchor(for: item, offset: .zero), world.type(of: body) == .dynamic else {
            return
        }
        let angle = world.angle(of: body)
        let center = world.position(of: body) + rotate(local, by: angle).vector
        let com = world.worldCenterOfMass(of: body)
        let v = world.linearVelocity(of: body)
        let w = world.angularVelocity(of: body)
        let velocity = Vector(dx: v.dx - w * (center.y - com.y), dy: v.dy + w * (center.x - com.x))
        let x = Vector(dx: center.x - snapPoint.x, dy: center.y - snapPoint.y)
        let theta = wrapAngle(angle)
        let settled =
            x.length < 0.05 && velocity.length < 0.5 && abs(theta) < 0.05 * .pi / 180 && abs(w) < 0.5 * .pi / 180
        if settled {
            if world.isAwake(body) {
                world.setLinearVelocity(body, .zero)
                world.setAngularVelocity(body, 0)
            }
            return
        }
        let omega = 2 * Double.pi * Self.frequency
        let zeta = damping
        let m = world.mass(of: body)
        let inertia = world.rotationalInertia(of: body)
        let force = (x * (-omega * omega) - velocity * (2 * zeta * omega)) * m
        world.applyForce(body, force, at: center)
        if inertia > 0 {
            // Cancel the torque the force makes about the centre of mass, then add the
            // rotational spring.
            let r = Vector(dx: center.x - com.x, dy: center.y - com.y)
            let torque = inertia * (-omega * omega * sin(theta) - 2 * zeta * omega * w) - r.cross(force)
            world.applyTorque(body, torque)
        }
    }
}
