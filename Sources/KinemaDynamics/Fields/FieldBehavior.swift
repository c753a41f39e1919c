import KinemaGeometry
import KinemaPhysics

/// A behaviour that pushes its items with a field: gravity, springs, electric and magnetic
/// fields, drag, vortices, noise, or your own law. Mirrors `UIFieldBehavior`.
///
/// Make one with a factory, configure it, add items and add it to an animator:
///
/// ```swift
/// let whirl = FieldBehavior.vortexField()
/// whirl.position = Point(x: 200, y: 300)
/// whirl.region = Region(radius: 150)
/// whirl.strength = 0.5
/// whirl.addItem(card)
/// animator.addBehavior(whirl)
/// ```
///
/// Before every fixed 1/120 s step, the field is evaluated at each item's centre (the region is
/// tested there, relative to ``position``) and its force is applied at the centre of mass; a
/// velocity field replaces the item's velocity instead. Items outside the region receive exactly
/// nothing. Changing any property wakes the items and resumes a paused animator.
///
/// ## Units
///
/// Apple does not document the units of field strength; these are Kinema's, chosen so that
/// strength 1 behaves like UIKit's gravity magnitude 1 (1000 pt/s²) where that makes sense. With
/// d the offset from ``position``, r = |d| and S = strength · (max(r, minimumRadius) / 100 pt)^−falloff:
///
/// | Factory | Effect on an item of mass m, charge q, velocity v |
/// |---|---|
/// | ``linearGravityField(direction:)`` | acceleration 1000 pt/s² · S · direction |
/// | ``radialGravityField(position:)`` | acceleration 1000 pt/s² · S towards ``position`` |
/// | ``velocityField(direction:)`` | velocity set to S · direction, pt/s |
/// | ``noiseField(smoothness:animationSpeed:)`` | acceleration 1000 pt/s² · S · noise (each component in about ±1), any mass |
/// | ``turbulenceField(smoothness:animationSpeed:)`` | the noise acceleration × speed / (100 pt/s) |
/// | ``springField()`` | force −10 s⁻² · S · d, mass·pt/s² (mass plays no part): period 2π√(m / 10S) s |
/// | ``electricField()`` | force q · 1000 · S, mass·pt/s², away from ``position`` (like signs repel) |
/// | ``magneticField()`` | force q · v × B, B = S out of the screen: circles of radius m · speed / (q · S) pt, counter-clockwise for q·S > 0 |
/// | ``dragField()`` | force −S · v, mass·pt/s² (S in mass per second) |
/// | ``vortexField()`` | acceleration 1000 pt/s² · S · (max(r, minimumRadius) / 100 pt), tangential, counter-clockwise |
/// | ``field(evaluationBlock:)`` | the block's force × 100 mass·pt/s² (UIKit's push unit) |
///
/// Mass is the item's density × area / 10⁴ and charge its ``DynamicItemBehavior`` charge.
/// Magnetic and drag forces are integrated exactly over each step (speed kept; no overshoot).
/// Noise is Perlin's gradient noise from a fixed seed: the same inputs give the same motion.
///
/// A member of a ``DynamicItemGroup`` is evaluated at its own centre with the velocity of that
/// point and a share of the group's mass in proportion to its bounds area; the force acts there.
/// Items asleep under a field that does not change with time stay asleep (they rest in it);
/// animated noise and turbulence and custom fields act on them every step.
public final class FieldBehavior: DynamicBehavior {
    var model: FieldModel
    private var evaluationBlock: ((FieldBehavior, Point, Vector, Double, Double, Double) -> Vector)?
    private var fieldItems: [any DynamicItem] = []

    init(kind: FieldKind) {
        model = FieldModel(kind: kind)
        super.init()
    }

    // MARK: - Factories

    /// A uniform field accelerating items by 1000 pt/s² × strength × `direction`, so (0, 1) with
    /// strength 1 falls like UIKit gravity 1. A non-finite direction gives zero. Mirrors
    /// `UIFieldBehavior.linearGravityField(direction:)`.
    public static func linearGravityField(direction: Vector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity)
        field.model.direction = direction.isFinite ? direction : .zero
        return field
    }

    /// A field pulling items towards `position` (pushing them away for negative strength).
    /// Mirrors `UIFieldBehavior.radialGravityField(position:)`.
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.model.position = position.isFinite ? position : .zero
        return field
    }

    /// A field that sets the velocity of items inside it to `direction` × strength, pt/s.
    /// Mirrors `UIFieldBehavior.velocityField(direction:)`.
    public static func velocityField(direction: Vector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity)
        field.model.direction = direction.isFinite ? direction : .zero
        return field
    }

    /// A field of smoothly varying random accelerations, the same for every mass. `smoothness`
    /// 0 is noisiest, 1 smoothest (clamped); `animationSpeed` is how many times a second the
    /// pattern changes (0 freezes it). Deterministic: a fixed seed, no clock. Mirrors
    /// `UIFieldBehavior.noiseField(smoothness:animationSpeed:)`.
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise)
        field.setNoise(smoothness: smoothness, animationSpeed: animationSpeed)
        return field
    }

    /// Noise scaled by each item's speed (equal to the noise at 100 pt/s; still items feel
    /// nothing). Mirrors `UIFieldBehavior.turbulenceField(smoothness:animationSpeed:)`.
    public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence)
        field.setNoise(smoothness: smoothness, animationSpeed: animationSpeed)
        return field
    }

    /// A Hooke's-law spring towards ``position``: heavier items swing more slowly. Mirrors
    /// `UIFieldBehavior.springField()`.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }

    /// A field pushing charged items away from ``position`` (towards it for opposite signs of
    /// charge and strength); uncharged items feel nothing. Mirrors `UIFieldBehavior.electricField()`.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }

    /// A uniform magnetic field out of the screen: moving charged items circle counter-clockwise
    /// for positive charge × strength. Mirrors `UIFieldBehavior.magneticField()`.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// A field slowing items in proportion to their velocity. Mirrors `UIFieldBehavior.dragField()`.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }

    /// A field turning items counter-clockwise around ``position`` (clockwise for negative
    /// strength), stronger farther out. Mirrors `UIFieldBehavior.vortexField()`.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }

    /// A field whose force you compute: the block receives the field, the item's centre
    /// (reference points), velocity (pt/s), mass, charge and the step (seconds), and returns a
    /// force in UIKit's force unit, the one of ``PushBehavior/magnitude``: 1 = 100 mass·pt/s², so
    /// (0, 10) gives a mass-1 item UIKit's gravity 1. ``strength`` and ``falloff`` are not
    /// applied (read them in the block); the region is. Mirrors `UIFieldBehavior.field(evaluationBlock:)`.
    public static func field(
        evaluationBlock: @escaping (FieldBehavior, Point, Vector, Double, Double, Double) -> Vector
    ) -> FieldBehavior {
        let field = FieldBehavior(kind: .custom { _, _, _, _, _ in .zero })
        field.evaluationBlock = evaluationBlock
        field.model.kind = .custom { [weak field] p, v, m, q, dt in
            guard let field, let block = field.evaluationBlock else { return .zero }
            return Self.uikitForceUnit * block(field, p, v, m, q, dt)
        }
        return field
    }

    /// 100 mass·pt/s²: UIKit's unit of force (a push of magnitude 1), used for custom fields.
    static let uikitForceUnit = 100.0

    private func setNoise(smoothness: Double, animationSpeed: Double) {
        model.smoothness = smoothness.isFinite ? min(max(smoothness, 0), 1) : 0
        model.animationSpeed = animationSpeed.isFinite ? animationSpeed : 0
    }

    // MARK: - Items

    /// The items the field acts on, in the order they were added.
    public var items: [any DynamicItem] { fieldItems }

    /// Adds `item` (once; adding it again does nothing). Mirrors `UIFieldBehavior.addItem(_:)`.
    public func addItem(_ item: any DynamicItem) {
        if fieldItems.appendUnique(item) { setNeedsUpdate() }
    }

    /// Adds each of `items` that the field does not hold yet, in order, as ``addItem(_:)`` one
    /// by one would, in time linear in the items (a scene adds thousands at once).
    package func addItems(_ items: [any DynamicItem]) {
        let before = fieldItems.count
        fieldItems = [any DynamicItem](uniqueItems: fieldItems + items)
        if fieldItems.count != before { setNeedsUpdate() }
    }

    /// Removes `item`. Mirrors `UIFieldBehavior.removeItem(_:)`.
    public func removeItem(_ item: any DynamicItem) {
        guard fieldItems.removeItem(item) else { return }
        setNeedsUpdate()
    }

    override var ownItems: [any DynamicItem] { fieldItems }

    // MARK: - Parameters

    /// The field's origin, reference points. Default (0, 0) (the factory's position for radial
    /// gravity). Non-finite values are ignored.
    public var position: Point {
        get { model.position }
        set { if newValue.isFinite { model.position = newValue; fieldDidChange() } else { ignored("position") } }
    }

    /// Where the field acts, relative to ``position``; the item's centre is tested. Default
    /// ``Region/infinite``.
    public var region: Region {
        get { model.region }
        set { model.region = newValue; fieldDidChange() }
    }

    /// Scales the field (see the units table). Default 1; negative reverses it. Non-finite
    /// values are ignored.
    public var strength: Double {
        get { model.strength }
        set { update(\.strength, newValue, "strength") }
    }

    /// How fast the strength decays with distance from ``position`` beyond ``minimumRadius``:
    /// S ∝ (r / 100 pt)^−falloff, so the strength is unchanged 100 pt away. Default 0 (uniform).
    /// Non-finite values are ignored.
    public var falloff: Double {
        get { model.falloff }
        set { update(\.falloff, newValue, "falloff") }
    }

    /// Points. Distances below it count as this distance, so the field is constant inside it.
    /// Default 0.001 pt. Negative or non-finite values are ignored.
    public var minimumRadius: Double {
        get { model.minimumRadius }
        set { update(\.minimumRadius, newValue, "minimumRadius", minimum: 0) }
    }

    /// The direction of linear gravity and velocity fields (not normalised: its length scales
    /// the field). Default zero for the other kinds. Non-finite values are ignored.
    public var direction: Vector {
        get { model.direction }
        set { if newValue.isFinite { model.direction = newValue; fieldDidChange() } else { ignored("direction") } }
    }

    /// Noise and turbulence: 0 noisiest … 1 smoothest (clamped). Default 0. Non-finite values
    /// are ignored.
    public var smoothness: Double {
        get { model.smoothness }
        set { update(\.smoothness, newValue.isFinite ? min(max(newValue, 0), 1) : newValue, "smoothness") }
    }

    /// Noise and turbulence: how many times a second the pattern changes; 0 freezes it.
    /// Default 0 (the factories set it). Non-finite values are ignored.
    public var animationSpeed: Double {
        get { model.animationSpeed }
        set { update(\.animationSpeed, newValue, "animationSpeed") }
    }

    // MARK: - Stepping

    /// Whether the field changes with time, so it must act on sleeping items too.
    private var isTimeVarying: Bool {
        switch model.kind {
        case .noise, .turbulence: model.animationSpeed != 0
        case .custom: true
        default: false
        }
    }

    override func willStep(_ step: DynamicStep) {
        let world = step.world
        let wakesSleepers = isTimeVarying
        for item in fieldItems {
            guard let record = step.animator.record(for: item) else { continue }
            let body = record.body
            guard world.type(of: body) == .dynamic, wakesSleepers || world.isAwake(body) else { continue }
            let charge = step.charge(of: item)
            if record.members.isEmpty {
                let effect = model.evaluate(
                    at: world.worldCenterOfMass(of: body), velocity: world.linearVelocity(of: body), mass: world.mass(of: body),
                    charge: charge, time: step.time, deltaTime: step.deltaTime)
                switch effect {
                case .force(let f) where f != .zero:
                    if wakesSleepers { world.applyForceToCenter(body, f) } else { world.addFieldForce(body, f) }
                case .velocity(let v): world.setLinearVelocity(body, v)
                default: break
                }
            } else if let member = memberState(of: item, in: record, world) {
                let effect = model.evaluate(
                    at: member.center, velocity: member.velocity, mass: member.mass, charge: charge, time: step.time,
                    deltaTime: step.deltaTime)
                switch effect {
                case .force(let f) where f != .zero:
                    if wakesSleepers {
                        world.applyForce(body, f, at: member.center)
                    } else {
                        world.addFieldForce(body, f, at: member.center)
                    }
                case .velocity(let v): world.setLinearVelocity(body, v)
                default: break
                }
            }
        }
    }

    /// A group member's centre (reference points), the velocity of that point (pt/s) and its
    /// share of the group's mass (by bounds area), or `nil` if `item` is not a member.
    private func memberState(
        of item: any DynamicItem, in record: ItemRecord, _ world: PhysicsWorld
    )
        -> (center: Point, velocity: Vector, mass: Double)?
    {
        var totalArea = 0.0
        var ownArea = 0.0
        var offset: Point?
        for m in record.members {
            let area = m.item.bounds.size.width * m.item.bounds.size.height
            totalArea += area
            if m.item === item {
                ownArea = area
                offset = m.offset
            }
        }
        guard let offset else { return nil }
        let body = record.body
        let center = world.position(of: body) + rotate(offset, by: world.angle(of: body)).vector
        let com = world.worldCenterOfMass(of: body)
        let w = world.angularVelocity(of: body)
        let velocity = world.linearVelocity(of: body) + Vector(dx: -w * (center.y - com.y), dy: w * (center.x - com.x))
        let share = totalArea > 0 ? ownArea / totalArea : 1 / Double(record.members.count)
        return (center, velocity, world.mass(of: body) * share)
    }

    /// A parameter changed: wake the items and resume a paused animator.
    private func fieldDidChange() {
        setNeedsUpdate()
    }

    /// Sets a number parameter if it is finite and ≥ `minimum`; otherwise notes it and keeps the old value.
    private func update(_ key: WritableKeyPath<FieldModel, Double>, _ value: Double, _ name: String, minimum: Double = -.infinity) {
        guard value.isFinite, value >= minimum else { return ignored(name) }
        model[keyPath: key] = value
        fieldDidChange()
    }

    /// Notes an ignored value in the animator's diagnostics.
    private func ignored(_ property: String) {
        dynamicAnimator?.report("FieldBehavior.\(property): ignored a non-finite or out-of-range value")
    }
}
