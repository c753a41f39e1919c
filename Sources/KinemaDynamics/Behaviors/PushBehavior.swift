import Foundation
import KinemaGeometry
import KinemaPhysics

/// Pushes its items with a force (continuous) or a single impulse (instantaneous). Mirrors
/// `UIPushBehavior`.
///
/// Units (UIKit's): a magnitude of 1 is a force of 100 mass·pt/s², which accelerates a 100×100
/// item of density 1 (mass 1) at 100 pt/s²; an instantaneous push of magnitude 1 is an impulse
/// that changes that item's velocity by 100 pt/s. Heavier items accelerate less.
public class PushBehavior: DynamicBehavior {
    /// Mirrors `UIPushBehavior.Mode`.
    public enum Mode: Sendable, Hashable {
        /// The force acts on every step while ``PushBehavior/active``.
        case continuous
        /// One impulse on the next step; then ``PushBehavior/active`` becomes `false`. Set it
        /// to `true` again to push again.
        case instantaneous
    }

    /// The items, in the order they were added.
    public private(set) var items: [any DynamicItem]
    /// Set at creation.
    public let mode: Mode
    /// Whether the push acts. Default `true`. Setting it to `true` resumes the animator (an
    /// instantaneous push then pushes once more).
    public var active = true {
        didSet { if active { setNeedsUpdate() } }
    }

    /// Direction and strength; the length is the magnitude. Default (0, 0).
    public var pushDirection: Vector = .zero {
        didSet {
            if !pushDirection.isFinite {
                dynamicAnimator?.report("PushBehavior.pushDirection: ignored a non-finite vector")
                pushDirection = oldValue
                return
            }
            setNeedsUpdate()
        }
    }

    /// Radians (0 along +x, π/2 down). Setting it keeps the magnitude. Default 0.
    public var angle: Double {
        get { pushDirection == .zero ? angleWhileZero : atan2(pushDirection.dy, pushDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// 1 = 100 mass·pt/s² (or an impulse of 100 mass·pt/s). Setting it keeps the angle; a
    /// negative value pushes the other way. Default 0.
    public var magnitude: Double {
        get { pushDirection.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Remembered while the magnitude is 0, so `angle` then `magnitude` can be set in either order.
    private var angleWhileZero = 0.0
    var targetOffsets: [ObjectIdentifier: Vector] = [:]

    /// A push of `mode` on `items` (duplicates ignored), with magnitude 0 until you set it.
    public init(items: [any DynamicItem], mode: Mode) {
        self.items = [any DynamicItem](uniqueItems: items)
        self.mode = mode
        super.init()
    }

    /// Sets the direction from an angle (radians) and a magnitude.
    public func setAngle(_ angle: Double, magnitude: Double) {
        guard angle.isFinite, magnitude.isFinite else {
            dynamicAnimator?.report("PushBehavior.setAngle(_:magnitude:): ignored non-finite values")
            return
        }
        angleWhileZero = angle
        pushDirection = Vector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    /// Applies the push at a point `offset` from the item's centre, in the item's own rotating
    /// frame (so an off-centre push also turns the item). Default (0, 0). Non-finite offsets are
    /// ignored.
    public func setTargetOffsetFromCenter(_ offset: Vector, for item: any DynamicItem) {
        guard offset.isFinite else {
            dynamicAnimator?.report("PushBehavior.setTargetOffsetFromCenter: ignored a non-finite offset")
            return
        }
        targetOffsets[ObjectIdentifier(item)] = offset
        setNeedsUpdate()
    }

    /// The offset set for `item`, or (0, 0).
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Vector {
        targetOffsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Adds an item (ignored if present).
    public func addItem(_ item: any DynamicItem) {
        if items.appendUnique(item) { setNeedsUpdate() }
    }

    /// Removes an item (ignored if absent).
    public func removeItem(_ item: any DynamicItem) {
        guard items.removeItem(item) else { return }
        targetOffsets[ObjectIdentifier(item)] = nil
        setNeedsUpdate()
    }

    override var ownItems: [any DynamicItem] { items }

    override func willStep(_ step: DynamicStep) {
        guard active else { return }
        let push = pushDirection * 100
        if push != .zero {
            let world = step.world
            for item in items {
                guard let (body, local) = step.animator.bodyAnchor(for: item, offset: targetOffsetFromCenter(for: item).point)
                else { continue }
                let p = world.position(of: body) + rotate(local, by: world.angle(of: body)).vector
                switch mode {
                case .continuous: world.applyForce(body, push, at: p)
                case .instantaneous: world.applyLinearImpulse(body, push, at: p)
                }
            }
        }
        if mode == .instantaneous { active = false }
    }
}

extension Vector {
    var point: Point { Point(x: dx, y: dy) }
}
