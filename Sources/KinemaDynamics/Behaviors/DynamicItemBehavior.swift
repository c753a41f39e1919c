import KinemaGeometry
import KinemaPhysics

/// Physical properties and velocity changes for items. Mirrors `UIDynamicItemBehavior`.
///
/// An item in several item behaviours takes each property from the most recently added
/// behaviour that set it (a property never set by any behaviour keeps its default). Invalid
/// values (non-finite, or negative where a range starts at 0) are ignored, with a diagnostic
/// when the behaviour is in an animator.
///
/// The defaults are what UIKit does, not what its documentation says: every item starts with
/// elasticity 0.2, friction 0.2, resistance 0.1 and angular resistance 0.1, whether or not it is
/// in an item behaviour, and a new behaviour reports those values until you set them. (Apple's
/// pages give 0 for all four; UIKit's `UIDynamicItemBehavior` initialiser sets these values and
/// restores them on an item that leaves the behaviour, and SpriteKit documents the same defaults
/// for the physics bodies both frameworks share.) Set a property to 0 for a frictionless,
/// undamped or inelastic item.
public class DynamicItemBehavior: DynamicBehavior {
    /// The items, in the order they were added.
    public private(set) var items: [any DynamicItem]

    /// Properties this behaviour set explicitly.
    var overrides = Overrides()
    var pendingLinear: [ObjectIdentifier: Vector] = [:]
    var pendingAngular: [ObjectIdentifier: Double] = [:]

    struct Overrides {
        var elasticity: Double?
        var friction: Double?
        var density: Double?
        var resistance: Double?
        var angularResistance: Double?
        var allowsRotation: Bool?
        var isAnchored: Bool?
        var charge: Double?
    }

    /// UIKit's default ``elasticity``: 0.2 (unitless, 0 … 1).
    public static let defaultElasticity = 0.2
    /// UIKit's default ``friction``: 0.2 (unitless Coulomb coefficient).
    public static let defaultFriction = 0.2
    /// UIKit's default ``resistance``: 0.1 per second.
    public static let defaultResistance = 0.1
    /// UIKit's default ``angularResistance``: 0.1 per second.
    public static let defaultAngularResistance = 0.1

    /// An item behaviour for `items` (duplicates ignored).
    public init(items: [any DynamicItem]) {
        self.items = [any DynamicItem](uniqueItems: items)
        super.init()
    }

    /// Bounciness, 0 (none) … 1 (fully elastic; larger values act as 1). Default 0.2. Contacts
    /// use the larger of the two items' values.
    public var elasticity: Double {
        get { overrides.elasticity ?? Self.defaultElasticity }
        set { set(\.elasticity, newValue, "elasticity", minimum: 0) }
    }

    /// Coulomb friction ≥ 0 (1 is strong). Default 0.2. Contacts use √(μ₁μ₂).
    public var friction: Double {
        get { overrides.friction ?? Self.defaultFriction }
        set { set(\.friction, newValue, "friction", minimum: 0) }
    }

    /// Relative density ≥ 0: mass = density × width × height / 10⁴. Default 1.
    public var density: Double {
        get { overrides.density ?? 1 }
        set { set(\.density, newValue, "density", minimum: 0) }
    }

    /// Linear velocity damping ≥ 0, per second (v ← v / (1 + Δt·r) each step). Default 0.1.
    public var resistance: Double {
        get { overrides.resistance ?? Self.defaultResistance }
        set { set(\.resistance, newValue, "resistance", minimum: 0) }
    }

    /// Angular velocity damping ≥ 0, per second (ω ← ω / (1 + Δt·r) each step). Default 0.1.
    public var angularResistance: Double {
        get { overrides.angularResistance ?? Self.defaultAngularResistance }
        set { set(\.angularResistance, newValue, "angularResistance", minimum: 0) }
    }

    /// Whether the items may turn. Default `true`.
    public var allowsRotation: Bool {
        get { overrides.allowsRotation ?? true }
        set {
            overrides.allowsRotation = newValue
            setNeedsUpdate()
        }
    }

    /// An anchored item does not move but still collides, like a boundary (a static body).
    /// Default `false`.
    public var isAnchored: Bool {
        get { overrides.isAnchored ?? false }
        set {
            overrides.isAnchored = newValue
            setNeedsUpdate()
        }
    }

    /// Electric charge used by electric and magnetic fields (unitless, any sign). Default 0.
    public var charge: Double {
        get { overrides.charge ?? 0 }
        set { set(\.charge, newValue, "charge", minimum: -.infinity) }
    }

    private func set(_ key: WritableKeyPath<Overrides, Double?>, _ value: Double, _ name: String, minimum: Double) {
        guard value.isFinite, value >= minimum else {
            dynamicAnimator?.report("DynamicItemBehavior.\(name): ignored \(value); expected a finite number ≥ \(minimum)")
            return
        }
        overrides[keyPath: key] = value
        setNeedsUpdate()
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

    /// Adds `velocity` (pt/s) to the item's velocity. Before the behaviour is in an animator (or
    /// before the item has a body) the velocities accumulate and are applied when it joins.
    public func addLinearVelocity(_ velocity: Vector, for item: any DynamicItem) {
        guard velocity.isFinite else {
            dynamicAnimator?.report("DynamicItemBehavior.addLinearVelocity: ignored a non-finite velocity")
            return
        }
        guard items.containsItem(item) else { return }
        if let animator = dynamicAnimator, !animator.needsReconcile, let body = animator.bodyID(for: item) {
            animator.world.setLinearVelocity(body, animator.world.linearVelocity(of: body) + velocity)
            animator.resume()
        } else {
            pendingLinear[ObjectIdentifier(item), default: .zero] += velocity
            setNeedsUpdate()
        }
    }

    /// The velocity of the item's centre, pt/s (the accumulated velocity before it has a body).
    public func linearVelocity(for item: any DynamicItem) -> Vector {
        if let animator = dynamicAnimator, let state = animator.dynamicState(of: item) {
            return state.velocity + (pendingLinear[ObjectIdentifier(item)] ?? .zero)
        }
        return pendingLinear[ObjectIdentifier(item)] ?? .zero
    }

    /// Adds `velocity` (rad/s) to the item's angular velocity, accumulated like
    /// ``addLinearVelocity(_:for:)``.
    public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) {
        guard velocity.isFinite else {
            dynamicAnimator?.report("DynamicItemBehavior.addAngularVelocity: ignored a non-finite velocity")
            return
        }
        guard items.containsItem(item) else { return }
        if let animator = dynamicAnimator, !animator.needsReconcile, let body = animator.bodyID(for: item) {
            animator.world.setAngularVelocity(body, animator.world.angularVelocity(of: body) + velocity)
            animator.resume()
        } else {
            pendingAngular[ObjectIdentifier(item), default: 0] += velocity
            setNeedsUpdate()
        }
    }

    /// The item's angular velocity, rad/s (the accumulated value before it has a body).
    public func angularVelocity(for item: any DynamicItem) -> Double {
        if let animator = dynamicAnimator, let state = animator.dynamicState(of: item) {
            return state.angularVelocity + (pendingAngular[ObjectIdentifier(item)] ?? 0)
        }
        return pendingAngular[ObjectIdentifier(item)] ?? 0
    }

    func apply(to p: inout ItemProperties) {
        if let v = overrides.elasticity { p.elasticity = v }
        if let v = overrides.friction { p.friction = v }
        if let v = overrides.density { p.density = v }
        if let v = overrides.resistance { p.resistance = v }
        if let v = overrides.angularResistance { p.angularResistance = v }
        if let v = overrides.allowsRotation { p.allowsRotation = v }
        if let v = overrides.isAnchored { p.isAnchored = v }
        if let v = overrides.charge { p.charge = v }
    }

    override var ownItems: [any DynamicItem] { items }

    override func reconcile(in animator: DynamicAnimator) {
        guard !pendingLinear.isEmpty || !pendingAngular.isEmpty else { return }
        for item in items {
            let key = ObjectIdentifier(item)
            guard let body = animator.bodyID(for: item) else { continue }
            if let v = pendingLinear.removeValue(forKey: key) {
                animator.world.setLinearVelocity(body, animator.world.linearVelocity(of: body) + v)
            }
            if let w = pendingAngular.removeValue(forKey: key) {
                animator.world.setAngularVelocity(body, animator.world.angularVelocity(of: body) + w)
            }
        }
    }
}
