import Foundation
import KinemaGeometry
import KinemaPhysics

/// Connects an item to an anchor point or to another item. Mirrors `UIAttachmentBehavior`.
///
/// | Made with | Joint |
/// |---|---|
/// | `init(item:…attachedToAnchor:)`, `init(item:…attachedTo:…)` | distance: a rigid rod (``frequency`` 0) or a spring; an anchor attachment shorter than 1 pt with frequency 0 and no length set is a pin |
/// | ``pinAttachment(with:attachedTo:attachedToAnchor:)`` | revolute, ``frictionTorque`` as a zero-speed motor, ``attachmentRange`` in radians |
/// | ``slidingAttachment(with:attachedTo:attachmentAnchor:axisOfTranslation:)`` | prismatic (no relative rotation), ``attachmentRange`` in points |
/// | ``fixedAttachment(with:attachedTo:attachmentAnchor:)`` | weld |
/// | ``limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)`` | distance with only a maximum (a rope) |
///
/// Offsets from centre are in the item's own (rotating) frame, points. Item–item distance
/// attachments let the two items collide; the others do not. Non-finite values are ignored
/// (with a diagnostic when the behaviour is in an animator).
public class AttachmentBehavior: DynamicBehavior {
    /// Mirrors `UIAttachmentBehaviorType`.
    public enum AttachmentType: Sendable, Hashable {
        /// Between two items.
        case items
        /// Between an item and an anchor point.
        case anchor
    }

    enum Kind { case distance, pin, sliding, fixed, limit }

    /// The attached items: one for an anchor attachment, two otherwise.
    public let items: [any DynamicItem]
    /// `.anchor` or `.items`.
    public let attachedBehaviorType: AttachmentType
    let kind: Kind
    let offsetA: Point
    let offsetB: Point
    /// Sliding axis, reference space at creation.
    let axis: Vector

    /// For an anchor attachment, the anchor (reference points); setting it moves the anchor.
    /// For pin, fixed and sliding attachments between items, the shared point given at creation.
    public var anchorPoint: Point {
        didSet {
            guard anchorPoint.isFinite else {
                dynamicAnimator?.report("AttachmentBehavior.anchorPoint: ignored a non-finite point")
                anchorPoint = oldValue
                return
            }
            if attachedBehaviorType == .anchor, let body = anchorBody, let animator = dynamicAnimator {
                animator.world.setTransform(body, position: anchorPoint, angle: 0)
            }
            setNeedsUpdate()
        }
    }

    /// The distance between the two attachment points, points. Defaults to the distance when the
    /// attachment is first added to an animator (before that: the distance between the items'
    /// current centres plus offsets). For a limit attachment, the maximum distance.
    public var length: Double {
        get { lengthValue ?? initialLength }
        set { setJointValue(\.lengthValue, newValue, "length") }
    }

    /// Spring damping ratio (1 is critical). Default 0.
    public var damping: Double = 0 {
        didSet { validate(&damping, oldValue, "damping") }
    }

    /// Spring frequency, Hz; 0 makes a rigid rod. Default 0.
    public var frequency: Double = 0 {
        didSet { validate(&frequency, oldValue, "frequency") }
    }

    /// Resistance to turning for pin attachments ≥ 0: the largest torque the pin's friction
    /// applies, in UIKit's units (× 10⁴ gives Kinema's mass·pt²/s²). Default 0.
    public var frictionTorque: Double = 0 {
        didSet { validate(&frictionTorque, oldValue, "frictionTorque") }
    }

    /// Limits: radians of item 1's rotation relative to item 2 (from their angles at creation)
    /// for pin attachments, points of item 1's travel along the axis for sliding attachments. It must contain 0 (otherwise it is ignored). Default `.infinite`.
    public var attachmentRange: FloatRange = .infinite {
        didSet {
            let r = attachmentRange
            guard !r.minimum.isNaN, !r.maximum.isNaN, r.minimum <= 0, r.maximum >= 0 else {
                dynamicAnimator?.report("AttachmentBehavior.attachmentRange: ignored \(r); it must contain 0")
                attachmentRange = oldValue
                return
            }
            jointNeedsRebuild = true
            setNeedsUpdate()
        }
    }

    var lengthValue: Double?
    var initialLength: Double
    var joint: JointID?
    var anchorBody: BodyID?
    var builtBodies: [BodyID] = []
    var jointNeedsRebuild = true
    /// Body-frame anchors and the reference angle, fixed when the joint is first built.
    var frozenAnchors: (a: Point, b: Point, referenceAngle: Double, axis: Vector)?

    // MARK: - Initialisers

    /// Attaches the item's centre to `point` (reference points) with a rod of the current length.
    public convenience init(item: any DynamicItem, attachedToAnchor point: Point) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches a point `offset` from the item's centre to `point`.
    public init(item: any DynamicItem, offsetFromCenter offset: Vector, attachedToAnchor point: Point) {
        items = [item]
        attachedBehaviorType = .anchor
        kind = .distance
        offsetA = offset.isFinite ? offset.point : .zero
        offsetB = .zero
        axis = Vector(dx: 1, dy: 0)
        anchorPoint = point.isFinite ? point : item.center
        initialLength = 0
        super.init()
        initialLength = estimatedLength()
    }

    /// Attaches the centres of two items with a rod of their current distance.
    public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of each item (offsets in each item's own frame).
    public convenience init(
        item item1: any DynamicItem, offsetFromCenter offset1: Vector, attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: Vector
    ) {
        self.init(kind: .distance, items: [item1, item2], offsetA: offset1.point, offsetB: offset2.point, anchor: nil, axis: nil)
    }

    init(kind: Kind, items: [any DynamicItem], offsetA: Point, offsetB: Point, anchor: Point?, axis: Vector?) {
        self.items = items
        self.kind = kind
        attachedBehaviorType = items.count == 2 ? .items : .anchor
        self.offsetA = offsetA.isFinite ? offsetA : .zero
        self.offsetB = offsetB.isFinite ? offsetB : .zero
        let a = axis.flatMap { $0.isFinite && $0.length > 1e-12 ? $0.normalized : nil } ?? Vector(dx: 1, dy: 0)
        self.axis = a
        anchorPoint = anchor.flatMap { $0.isFinite ? $0 : nil } ?? items[0].center
        initialLength = 0
        super.init()
        initialLength = estimatedLength()
    }

    /// Two items turning independently about a shared point (reference points).
    public class func pinAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachedToAnchor point: Point
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: point, axis: nil)
    }

    /// Two items that may only slide along `axis` relative to each other, without turning.
    public class func slidingAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: Point,
        axisOfTranslation axis: Vector
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: point, axis: axis)
    }

    /// An item that may only slide along `axis` through `point`, without turning.
    public class func slidingAttachment(
        with item: any DynamicItem, attachmentAnchor point: Point, axisOfTranslation axis: Vector
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, items: [item], offsetA: .zero, offsetB: .zero, anchor: point, axis: axis)
    }

    /// Two items fused at `point`.
    public class func fixedAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: Point
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: point, axis: nil)
    }

    /// Two items whose attachment points may come closer but never farther apart than their
    /// distance now (a rope).
    public class func limitAttachment(
        with item1: any DynamicItem, offsetFromCenter offset1: Vector, attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: Vector
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, items: [item1, item2], offsetA: offset1.point, offsetB: offset2.point, anchor: nil, axis: nil)
    }

    // MARK: - Values

    private func validate(_ value: inout Double, _ old: Double, _ name: String) {
        guard value.isFinite, value >= 0 else {
            dynamicAnimator?.report("AttachmentBehavior.\(name): ignored \(value); expected a finite number ≥ 0")
            value = old
            return
        }
        if value != old {
            jointNeedsRebuild = true
            setNeedsUpdate()
        }
    }

    private func setJointValue(_ key: ReferenceWritableKeyPath<AttachmentBehavior, Double?>, _ value: Double, _ name: String) {
        guard value.isFinite, value >= 0 else {
            dynamicAnimator?.report("AttachmentBehavior.\(name): ignored \(value); expected a finite number ≥ 0")
            return
        }
        self[keyPath: key] = value
        jointNeedsRebuild = true
        setNeedsUpdate()
    }

    /// World point of an item offset using the item's own centre and rotation (no animator).
    private func plainPoint(_ item: any DynamicItem, _ offset: Point) -> Point {
        item.center + rotate(offset, by: PlainReferenceSpace.rotation(of: item.transform)).vector
    }

    private func estimatedLength() -> Double {
        let a = plainPoint(items[0], offsetA)
        let b = items.count > 1 ? plainPoint(items[1], offsetB) : anchorPoint
        let d = a.distance(to: b)
        return d.isFinite ? d : 0
    }

    // MARK: - Animator hooks

    override var ownItems: [any DynamicItem] { items }

    override func reconcile(in animator: DynamicAnimator) {
        let world = animator.world
        var ends: [(body: BodyID, local: Point)] = []
        for (i, item) in items.enumerated() {
            guard let e = animator.bodyAnchor(for: item, offset: i == 0 ? offsetA : offsetB) else {
                removeJoint(in: animator)
                return
            }
            ends.append(e)
        }
        if attachedBehaviorType == .anchor {
            if anchorBody == nil || !world.isValid(anchorBody!) {
                anchorBody = try? world.createBody(BodyDefinition(type: .static, position: anchorPoint))
                jointNeedsRebuild = true
            }
            guard let anchorBody else { return }
            ends.append((anchorBody, .zero))
        }
        let bodies = ends.map(\.body)
        if let joint, world.isValid(joint), bodies == builtBodies {
            guard jointNeedsRebuild else { return }
            if ends.count == 2, update(joint, in: world, to: definition(world, ends[0], ends[1])) {
                jointNeedsRebuild = false
                return
            }
        }
        if let joint { world.destroyJoint(joint) }
        joint = nil
        jointNeedsRebuild = false
        guard ends.count == 2, ends[0].body != ends[1].body else {
            animator.reportOnce("AttachmentBehavior: both ends are on one body (an item attached to itself or to its own group)")
            return
        }
        builtBodies = bodies
        let (a, b) = (ends[0], ends[1])
        let worldA = worldPoint(world, a.body, a.local)
        let worldB = worldPoint(world, b.body, b.local)
        if lengthValue == nil { lengthValue = worldA.distance(to: worldB) }
        do {
            joint = try world.createJoint(definition(world, a, b))
        } catch {
            animator.reportOnce("AttachmentBehavior: the joint was rejected: \(error)")
        }
    }

    /// Changes a live joint in place (keeping its warm-start state) when it is of the same kind
    /// as `desired`; returns `false` when it must be rebuilt.
    private func update(_ joint: JointID, in world: PhysicsWorld, to desired: JointDefinition) -> Bool {
        switch (world.definition(of: joint), desired) {
        case (.distance?, .distance(let d)):
            world.setLength(joint, d.length)
            world.setSpringEnabled(joint, d.enableSpring)
            world.setSpring(joint, hertz: d.hertz, dampingRatio: d.dampingRatio)
            if d.enableLimit {
                world.setLengthRange(joint, min: d.minLength, max: d.maxLength)
            } else {
                world.setLimitEnabled(joint, false)
            }
            return true
        case (.revolute?, .revolute(let r)):
            if r.enableLimit {
                world.setLimits(joint, lower: r.lowerAngle, upper: r.upperAngle)
            } else {
                world.setLimitEnabled(joint, false)
            }
            if r.enableMotor {
                world.setMotor(joint, speed: r.motorSpeed, maxTorque: r.maxMotorTorque)
            } else {
                world.setMotorEnabled(joint, false)
            }
            return true
        case (.prismatic?, .prismatic(let p)):
            if p.enableLimit {
                world.setLimits(joint, lower: p.lowerTranslation, upper: p.upperTranslation)
            } else {
                world.setLimitEnabled(joint, false)
            }
            return true
        case (.weld?, .weld):
            return true
        default:
            return false
        }
    }

    override func tearDown(in animator: DynamicAnimator) {
        removeJoint(in: animator)
        if let anchorBody { animator.world.destroyBody(anchorBody) }
        anchorBody = nil
    }

    private func removeJoint(in animator: DynamicAnimator) {
        if let joint { animator.world.destroyJoint(joint) }
        joint = nil
        builtBodies = []
        jointNeedsRebuild = true
    }

    private func worldPoint(_ world: PhysicsWorld, _ body: BodyID, _ local: Point) -> Point {
        world.position(of: body) + rotate(local, by: world.angle(of: body)).vector
    }

    private func localPoint(_ world: PhysicsWorld, _ body: BodyID, _ p: Point) -> Point {
        let o = world.position(of: body)
        return rotate(Point(x: p.x - o.x, y: p.y - o.y), by: -world.angle(of: body))
    }

    /// The joint for this attachment between end `a` (item 1) and end `b` (item 2 or the anchor).
    private func definition(_ world: PhysicsWorld, _ a: (body: BodyID, local: Point), _ b: (body: BodyID, local: Point)) -> JointDefinition
    {
        let len = lengthValue ?? 0
        switch kind {
        case .distance, .limit:
            if kind == .distance, attachedBehaviorType == .anchor, len < 1, frequency == 0 {
                var r = RevoluteJointDefinition(bodyA: b.body, bodyB: a.body)
                r.localAnchorA = localPoint(world, b.body, worldPoint(world, a.body, a.local))
                r.localAnchorB = a.local
                r.referenceAngle = world.angle(of: a.body) - world.angle(of: b.body)
                return .revolute(r)
            }
            var d = DistanceJointDefinition(bodyA: a.body, bodyB: b.body)
            d.localAnchorA = a.local
            d.localAnchorB = b.local
            d.length = len
            d.collideConnected = attachedBehaviorType == .items
            if kind == .limit {
                d.enableSpring = true
                d.hertz = 0
                d.enableLimit = true
                d.minLength = 0
                d.maxLength = len
            } else if frequency > 0 {
                d.enableSpring = true
                d.hertz = frequency
                d.dampingRatio = damping
            }
            return .distance(d)
        case .pin, .fixed, .sliding:
            let frozen = frozenAnchors ?? freeze(world, a.body, b.body)
            switch kind {
            case .pin:
                // The joint angle is item 1's rotation relative to item 2 (what the range limits).
                var r = RevoluteJointDefinition(bodyA: b.body, bodyB: a.body)
                r.localAnchorA = frozen.b
                r.localAnchorB = frozen.a
                r.referenceAngle = -frozen.referenceAngle
                if !attachmentRange.isInfinite {
                    r.enableLimit = true
                    r.lowerAngle = max(attachmentRange.minimum, -1e9)
                    r.upperAngle = min(attachmentRange.maximum, 1e9)
                }
                if frictionTorque > 0 {
                    r.enableMotor = true
                    r.motorSpeed = 0
                    r.maxMotorTorque = frictionTorque * 10_000
                }
                return .revolute(r)
            case .fixed:
                var w = WeldJointDefinition(bodyA: a.body, bodyB: b.body)
                w.localAnchorA = frozen.a
                w.localAnchorB = frozen.b
                w.referenceAngle = frozen.referenceAngle
                return .weld(w)
            default:
                // Sliding: the anchor (or item 2) carries the axis; item 1 slides along it.
                var p = PrismaticJointDefinition(bodyA: b.body, bodyB: a.body)
                p.localAnchorA = frozen.b
                p.localAnchorB = frozen.a
                p.localAxisA = frozen.axis
                p.referenceAngle = -frozen.referenceAngle
                if !attachmentRange.isInfinite {
                    p.enableLimit = true
                    p.lowerTranslation = max(attachmentRange.minimum, -1e9)
                    p.upperTranslation = min(attachmentRange.maximum, 1e9)
                }
                return .prismatic(p)
            }
        }
    }

    private func freeze(
        _ world: PhysicsWorld, _ bodyA: BodyID, _ bodyB: BodyID
    ) -> (a: Point, b: Point, referenceAngle: Double, axis: Vector) {
        let angleB = world.angle(of: bodyB)
        let localAxis = rotate(axis.point, by: -angleB).vector
        let f = (
            a: localPoint(world, bodyA, anchorPoint), b: localPoint(world, bodyB, anchorPoint),
            referenceAngle: angleB - world.angle(of: bodyA), axis: localAxis
        )
        frozenAnchors = f
        return f
    }
}
