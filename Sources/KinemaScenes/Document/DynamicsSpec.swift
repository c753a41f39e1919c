import KinemaGeometry

/// The `"dynamics"` section of a scene: a UIKit Dynamics animator on the window (or on
/// ``referenceView``) and the behaviours added to it when the scene starts. Script steps add,
/// remove and change behaviours later (``DynamicsChange``). See `docs/scene-format.md`.
public struct DynamicsSpec: Sendable {
    /// The id of the view whose coordinate space the animator simulates in, or `nil` for the
    /// window (the default).
    public var referenceView: String?
    /// The behaviours added at scene time 0, in order.
    public var behaviors: [DynamicBehaviorSpec]

    public init(referenceView: String? = nil, behaviors: [DynamicBehaviorSpec] = []) {
        self.referenceView = referenceView
        self.behaviors = behaviors
    }
}

/// The kinds of behaviour a scene can declare, named after UIKit's classes.
public enum DynamicBehaviorType: String, Sendable, CaseIterable {
    /// `GravityBehavior`.
    case gravity
    /// `CollisionBehavior`.
    case collision
    /// `PushBehavior`.
    case push
    /// `SnapBehavior` (one item).
    case snap
    /// `AttachmentBehavior` (one item and an anchor, or two items).
    case attachment
    /// `DynamicItemBehavior` (material and velocity of its items).
    case itemBehavior
    /// `FieldBehavior`.
    case field
}

/// Which views a behaviour acts on.
public enum DynamicItemSelection: Sendable, Equatable {
    /// These views, in order.
    case items([String])
    /// Every view inside this one (`"root"`: inside the window), depth first, back to front,
    /// collected at the time the behaviour is added as the every-view-falls post does, skipping
    /// zero-size and hidden views and never animating a view together with one of its ancestors.
    case allSubviews(of: String)
}

/// A collision boundary: a segment or the outline of a path, in reference-view points.
public struct DynamicBoundarySpec: Sendable {
    /// The boundary's identifier (`addBoundary(withIdentifier:…)`).
    public var id: String
    /// Its shape.
    public var shape: Shape

    /// A boundary's shape.
    public enum Shape: Sendable {
        /// `addBoundary(withIdentifier:from:to:)`.
        case segment(from: Point, to: Point)
        /// `addBoundary(withIdentifier:for:)`: every segment of the path's outline.
        case path(Path)
    }
}

/// One behaviour of a scene's animator.
public struct DynamicBehaviorSpec: Sendable {
    /// The id script steps name it by, or `nil`.
    public var id: String?
    /// The kind of behaviour.
    public var type: DynamicBehaviorType
    /// The views it acts on.
    public var items: DynamicItemSelection
    /// Its parameters in document order, UIKit's property names (``DynamicParameterName``).
    public var parameters: [DynamicParameter]
    /// A collision behaviour's boundaries, in order.
    public var boundaries: [DynamicBoundarySpec]

    /// The value given for `name`, the last one when it is given more than once.
    public func value(of name: DynamicParameterName) -> DynamicValue? {
        parameters.last { $0.name == name }?.value
    }
}

/// A behaviour parameter: a UIKit property name and its value.
public struct DynamicParameter: Sendable, Equatable {
    public var name: DynamicParameterName
    public var value: DynamicValue
}

/// The value of a behaviour parameter.
public enum DynamicValue: Sendable, Equatable {
    /// A number (points, radians, seconds or a ratio, as the parameter says).
    case number(Double)
    /// A point or a vector `[x, y]`.
    case vector(Point)
    case bool(Bool)
    /// One of the names the parameter accepts (`collisionMode`, `mode`, `kind`).
    case name(String)
    /// `[top, left, bottom, right]`, points.
    case insets(EdgeInsets)
    /// `[minimum, maximum]`.
    case range(Double, Double)
    /// A field's region.
    case region(DynamicRegion)

    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var vector: Point? { if case .vector(let p) = self { p } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    var name: String? { if case .name(let s) = self { s } else { nil } }
}

/// A field's region around its position. Mirrors `UIRegion`.
public enum DynamicRegion: Sendable, Equatable {
    /// `UIRegion.infinite` (the default).
    case infinite
    /// `UIRegion(radius:)`, points.
    case radius(Double)
    /// `UIRegion(size:)`, a rectangle centred on the field's position, points.
    case size(Size)
}

/// A change a script step makes to the scene's animator.
public enum DynamicsChange: Sendable {
    /// Adds a behaviour (`addBehavior`).
    case add(DynamicBehaviorSpec)
    /// Removes the behaviour with this id (`removeBehavior`).
    case remove(String)
    /// Sets parameters of the behaviour with this id, in order.
    case set(id: String, parameters: [DynamicParameter])
}

/// The parameters behaviours accept: UIKit's property names.
public enum DynamicParameterName: String, Sendable, CaseIterable {
    // Gravity and push
    case magnitude, angle, gravityDirection
    // Collision
    case translatesReferenceBoundsIntoBoundary, boundaryInsets, collisionMode
    // Push
    case mode, pushDirection, active, targetOffsetFromCenter
    // Snap
    case snapPoint, damping
    // Attachment
    case kind, anchor, offsetFromCenter, attachedOffsetFromCenter, length, frequency, frictionTorque, attachmentRange,
        axisOfTranslation
    // Item behaviour
    case elasticity, friction, density, resistance, angularResistance, charge, isAnchored, allowsRotation, linearVelocity,
        angularVelocity
    // Field
    case position, region, strength, falloff, minimumRadius, direction, smoothness, animationSpeed
}

/// The attachment kinds: UIKit's initialisers and factory methods.
public enum DynamicAttachmentKind: String, Sendable, CaseIterable {
    /// `init(item:attachedToAnchor:)` or `init(item:attachedTo:)`: a rod (frequency 0) or a spring.
    case `default`
    /// `pinAttachment(with:attachedTo:attachedToAnchor:)`.
    case pin
    /// `slidingAttachment(…axisOfTranslation:)`.
    case sliding
    /// `fixedAttachment(with:attachedTo:attachmentAnchor:)`.
    case fixed
    /// `limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)`.
    case limit
}

/// The field kinds: UIKit's `FieldBehavior` factories without the evaluation block.
public enum DynamicFieldKind: String, Sendable, CaseIterable {
    case linearGravity, radialGravity, velocity, noise, turbulence, spring, drag, vortex, electric, magnetic
}

/// `CollisionBehavior.Mode`.
public enum DynamicCollisionModeName: String, Sendable, CaseIterable {
    case items, boundaries, everything
}

/// `PushBehavior.Mode`.
public enum DynamicPushModeName: String, Sendable, CaseIterable {
    case continuous, instantaneous
}
