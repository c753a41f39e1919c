import KinemaDynamics
import KinemaGeometry
import KinemaUI

/// Everything a scene knows about one behaviour parameter, declared once in
/// ``DynamicParameterName/declaration``: the behaviour types that accept it (with the value each
/// takes and how it is set on the behaviour), whether a script `set` may change it, and when a
/// behaviour needs it. Decoding, the "missing" checks and applying it follow from the row.
struct DynamicParameterDeclaration {
    /// One behaviour type that accepts the parameter.
    struct Use {
        let type: DynamicBehaviorType
        /// What the value must be.
        let rule: DynamicBehaviorSpec.ValueRule
        /// Sets the value on a behaviour of the type (its items given), or `nil` for a parameter
        /// read only when the behaviour is made (`make(_:items:)` in `Scene+Dynamics.swift`).
        let apply: ((DynamicValue, DynamicBehavior, [View]) -> Void)?
    }

    /// The behaviour types that accept the parameter, in the order messages name them.
    let uses: [Use]
    /// Whether a script `set` may change it (the kind, the push mode and the attachment's
    /// geometry are fixed when the behaviour is made).
    let settable: Bool
    /// What the parameter is, for a "missing" message, when a behaviour like `spec` needs it;
    /// `nil` when it does not.
    let requirement: (DynamicBehaviorSpec) -> String?

    init(_ uses: [Use], settable: Bool = true, requiredWhen requirement: @escaping (DynamicBehaviorSpec) -> String? = { _ in nil }) {
        self.uses = uses
        self.settable = settable
        self.requirement = requirement
    }

    /// The use by a `type` behaviour, if it has the parameter.
    func use(by type: DynamicBehaviorType) -> Use? { uses.first { $0.type == type } }
}

extension DynamicParameterDeclaration.Use {
    /// A parameter of `type` behaviours set through `keyPath` on a `B`, its value read by
    /// `read`; `nil` `keyPath` for one read only when the behaviour is made.
    static func on<B: DynamicBehavior, V>(
        _ type: DynamicBehaviorType, _ rule: DynamicBehaviorSpec.ValueRule, _ keyPath: ReferenceWritableKeyPath<B, V>,
        _ read: @escaping (DynamicValue) -> V?
    ) -> Self {
        .init(type: type, rule: rule) { value, behavior, _ in
            if let b = behavior as? B, let v = read(value) { b[keyPath: keyPath] = v }
        }
    }

    /// A parameter of `type` behaviours applied by `body` to a `B` and its items.
    static func on<B: DynamicBehavior>(
        _ type: DynamicBehaviorType, _ rule: DynamicBehaviorSpec.ValueRule, _: B.Type,
        _ body: @escaping (B, DynamicValue, [View]) -> Void
    ) -> Self {
        .init(type: type, rule: rule) { value, behavior, views in
            if let b = behavior as? B { body(b, value, views) }
        }
    }

    /// A parameter of `type` behaviours read only when the behaviour is made.
    static func made(_ type: DynamicBehaviorType, _ rule: DynamicBehaviorSpec.ValueRule) -> Self {
        .init(type: type, rule: rule, apply: nil)
    }

    static let anyNumber = DynamicBehaviorSpec.ValueRule.number(min: nil, above: nil, max: nil)
    static let nonNegative = DynamicBehaviorSpec.ValueRule.number(min: 0, above: nil, max: nil)
}

extension DynamicValue {
    /// The value as a `Vector`, when it is a vector.
    var dynamicVector: Vector? { vector.map { Vector(dx: $0.x, dy: $0.y) } }
}

extension DynamicParameterName {
    private typealias Use = DynamicParameterDeclaration.Use

    // Over 60 lines: one row per parameter; splitting the table would scatter the rows.
    /// The one declaration of each parameter (the compiler asks for a row for a new case).
    var declaration: DynamicParameterDeclaration {
        switch self {
        case .magnitude:
            .init([
                .on(.gravity, Use.anyNumber, \GravityBehavior.magnitude, \.number),
                .on(.push, Use.anyNumber, \PushBehavior.magnitude, \.number),
            ])
        case .angle:
            .init([
                .on(.gravity, Use.anyNumber, \GravityBehavior.angle, \.number), .on(.push, Use.anyNumber, \PushBehavior.angle, \.number),
            ])
        case .gravityDirection: .init([.on(.gravity, .vector, \GravityBehavior.gravityDirection, \.dynamicVector)])
        case .translatesReferenceBoundsIntoBoundary:
            .init([.on(.collision, .bool, \CollisionBehavior.translatesReferenceBoundsIntoBoundary, \.bool)])
        case .boundaryInsets:
            .init([
                .on(.collision, .insets, CollisionBehavior.self) { b, value, _ in
                    if case .insets(let insets) = value { b.setTranslatesReferenceBoundsIntoBoundary(with: insets) }
                }
            ])
        case .collisionMode:
            .init([
                .on(
                    .collision, .choice(DynamicCollisionModeName.allCases.map(\.rawValue)), \CollisionBehavior.collisionMode,
                    \.collisionMode)
            ])
        case .mode: .init([.made(.push, .choice(DynamicPushModeName.allCases.map(\.rawValue)))], settable: false)
        case .pushDirection: .init([.on(.push, .vector, \PushBehavior.pushDirection, \.dynamicVector)])
        case .active: .init([.on(.push, .bool, \PushBehavior.active, \.bool)])
        case .targetOffsetFromCenter:
            .init([
                .on(.push, .vector, PushBehavior.self) { b, value, views in
                    if let v = value.dynamicVector { for item in views { b.setTargetOffsetFromCenter(v, for: item) } }
                }
            ])
        case .snapPoint:
            .init([.on(.snap, .vector, \SnapBehavior.snapPoint, \.vector)]) { $0.type == .snap ? "[x, y], where the item snaps to" : nil }
        case .damping:
            .init([
                .on(.snap, .number(min: 0, above: nil, max: 1), \SnapBehavior.damping, \.number),
                .on(.attachment, Use.nonNegative, \AttachmentBehavior.damping, \.number),
            ])
        case .kind:
            .init(
                [
                    .made(.attachment, .choice(DynamicAttachmentKind.allCases.map(\.rawValue))),
                    .made(.field, .choice(DynamicFieldKind.allCases.map(\.rawValue))),
                ], settable: false
            ) { $0.type == .field ? "one of \(DynamicFieldKind.allCases.map(\.rawValue).joined(separator: ", "))" : nil }
        case .anchor: .init([.on(.attachment, .vector, \AttachmentBehavior.anchorPoint, \.vector)], requiredWhen: \.anchorRequirement)
        case .offsetFromCenter, .attachedOffsetFromCenter: .init([.made(.attachment, .vector)], settable: false)
        case .axisOfTranslation:
            .init([.made(.attachment, .nonZeroVector)], settable: false) {
                $0.type == .attachment && $0.attachmentKind == .sliding ? "[x, y], the direction the item slides along" : nil
            }
        case .length: .init([.on(.attachment, Use.nonNegative, \AttachmentBehavior.length, \.number)])
        case .frequency: .init([.on(.attachment, Use.nonNegative, \AttachmentBehavior.frequency, \.number)])
        case .frictionTorque: .init([.on(.attachment, Use.nonNegative, \AttachmentBehavior.frictionTorque, \.number)])
        case .attachmentRange: .init([.on(.attachment, .rangeAroundZero, \AttachmentBehavior.attachmentRange, \.floatRange)])
        case .elasticity: .init([.on(.itemBehavior, Use.nonNegative, \DynamicItemBehavior.elasticity, \.number)])
        case .friction: .init([.on(.itemBehavior, Use.nonNegative, \DynamicItemBehavior.friction, \.number)])
        case .density: .init([.on(.itemBehavior, .number(min: nil, above: 0, max: nil), \DynamicItemBehavior.density, \.number)])
        case .resistance: .init([.on(.itemBehavior, Use.nonNegative, \DynamicItemBehavior.resistance, \.number)])
        case .angularResistance: .init([.on(.itemBehavior, Use.nonNegative, \DynamicItemBehavior.angularResistance, \.number)])
        case .charge: .init([.on(.itemBehavior, Use.anyNumber, \DynamicItemBehavior.charge, \.number)])
        case .isAnchored: .init([.on(.itemBehavior, .bool, \DynamicItemBehavior.isAnchored, \.bool)])
        case .allowsRotation: .init([.on(.itemBehavior, .bool, \DynamicItemBehavior.allowsRotation, \.bool)])
        case .linearVelocity:
            .init([
                .on(.itemBehavior, .vector, DynamicItemBehavior.self) { b, value, views in
                    if let v = value.dynamicVector { for item in views { b.addLinearVelocity(v, for: item) } }
                }
            ])
        case .angularVelocity:
            .init([
                .on(.itemBehavior, Use.anyNumber, DynamicItemBehavior.self) { b, value, views in
                    if let n = value.number { for item in views { b.addAngularVelocity(n, for: item) } }
                }
            ])
        case .position: .init([.on(.field, .vector, \FieldBehavior.position, \.vector)])
        case .region: .init([.on(.field, .region, \FieldBehavior.region, \.fieldRegion)])
        case .strength: .init([.on(.field, Use.anyNumber, \FieldBehavior.strength, \.number)])
        case .falloff: .init([.on(.field, Use.nonNegative, \FieldBehavior.falloff, \.number)])
        case .minimumRadius: .init([.on(.field, Use.nonNegative, \FieldBehavior.minimumRadius, \.number)])
        case .direction:
            .init([.on(.field, .vector, \FieldBehavior.direction, \.dynamicVector)]) {
                let kind = $0.type == .field ? $0.fieldKind : nil
                return kind == .linearGravity || kind == .velocity ? "[x, y], the field's direction" : nil
            }
        case .smoothness: .init([.on(.field, .number(min: 0, above: nil, max: 1), \FieldBehavior.smoothness, \.number)])
        case .animationSpeed: .init([.on(.field, Use.nonNegative, \FieldBehavior.animationSpeed, \.number)])
        }
    }
}

extension DynamicValue {
    /// The value as a collision mode, when it names one.
    var collisionMode: CollisionBehavior.Mode? {
        switch name.flatMap(DynamicCollisionModeName.init(rawValue:)) {
        case .items: .items
        case .boundaries: .boundaries
        case .everything: .everything
        case nil: nil
        }
    }

    /// The value as an attachment range, when it is a range.
    var floatRange: FloatRange? {
        if case .range(let lower, let upper) = self { FloatRange(minimum: lower, maximum: upper) } else { nil }
    }

    /// The value as a field's region, when it is one.
    var fieldRegion: Region? {
        switch self {
        case .region(.infinite): .infinite
        case .region(.radius(let r)): Region(radius: r)
        case .region(.size(let size)): Region(size: size)
        default: nil
        }
    }
}

extension DynamicBehaviorSpec {
    /// The attachment's kind (`default` when not given).
    var attachmentKind: DynamicAttachmentKind {
        value(of: .kind)?.name.flatMap(DynamicAttachmentKind.init(rawValue:)) ?? .default
    }

    /// The field's kind, or `nil` when it is missing or invalid.
    var fieldKind: DynamicFieldKind? { value(of: .kind)?.name.flatMap(DynamicFieldKind.init(rawValue:)) }

    /// Why an attachment needs an anchor, by its kind: one item hanging from it, two joined at
    /// it, or a point on a sliding attachment's axis (`nil`: it needs none).
    var anchorRequirement: String? {
        guard type == .attachment else { return nil }
        switch attachmentKind {
        case .default: return itemCount == 1 ? "[x, y], the point the item hangs from" : nil
        case .pin, .fixed: return "[x, y], the point the items are joined at"
        case .sliding: return "[x, y], a point on the axis"
        case .limit: return nil
        }
    }

    /// The number of listed items (0 for an every-subview collection).
    var itemCount: Int {
        if case .items(let ids) = items { ids.count } else { 0 }
    }
}
