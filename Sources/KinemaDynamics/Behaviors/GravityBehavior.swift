import Foundation
import KinemaGeometry
import KinemaPhysics

/// A constant acceleration on its items. Mirrors `UIGravityBehavior`: a magnitude of 1 is
/// 1000 pt/s², the default direction is (0, 1) (down, y-down).
///
/// Gravity is per body: items not in a gravity behaviour do not fall. An item in several
/// gravity behaviours gets the sum (UIKit calls more than one gravity per animator undefined).
/// Non-finite values are ignored, with a diagnostic when the behaviour is in an animator.
public class GravityBehavior: DynamicBehavior {
    /// The items, in the order they were added.
    public private(set) var items: [any DynamicItem]

    /// Direction and strength: the length is the magnitude (1 = 1000 pt/s²). Default (0, 1).
    public var gravityDirection: Vector = Vector(dx: 0, dy: 1) {
        didSet {
            if !gravityDirection.isFinite {
                dynamicAnimator?.report("GravityBehavior.gravityDirection: ignored a non-finite vector")
                gravityDirection = oldValue
                return
            }
            setNeedsUpdate()
        }
    }

    /// The direction's angle, radians (0 points along +x, π/2 down). Setting it keeps the
    /// magnitude. Default π/2.
    public var angle: Double {
        get { gravityDirection == .zero ? 0 : atan2(gravityDirection.dy, gravityDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The strength: 1 = 1000 pt/s². Setting it keeps the angle; setting 0 makes the direction
    /// zero, so ``angle`` reads 0 afterwards (as in UIKit). A negative value points the other way.
    /// Default 1.
    public var magnitude: Double {
        get { gravityDirection.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// A gravity behaviour for `items` (duplicates ignored).
    public init(items: [any DynamicItem] = []) {
        self.items = [any DynamicItem](uniqueItems: items)
        super.init()
    }

    /// Sets the direction from an angle (radians) and a magnitude (1 = 1000 pt/s²).
    public func setAngle(_ angle: Double, magnitude: Double) {
        guard angle.isFinite, magnitude.isFinite else {
            dynamicAnimator?.report("GravityBehavior.setAngle(_:magnitude:): ignored non-finite values")
            return
        }
        gravityDirection = Vector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    /// Adds an item (ignored if present).
    public func addItem(_ item: any DynamicItem) {
        if items.appendUnique(item) { setNeedsUpdate() }
    }

    /// Removes an item (ignored if absent).
    public func removeItem(_ item: any DynamicItem) {
        guard items.removeItem(item) else { return }
        setNeedsUpdate()
    }

    /// The acceleration, pt/s².
    var accelerationVector: Vector { gravityDirection * 1000 }

    override var ownItems: [any DynamicItem] { items }
}
