import KinemaGeometry

/// How a body moves. Mirrors Box2D's body types.
public enum BodyType: Sendable, Hashable {
    /// Never moves; infinite mass. Boundaries and anchored items.
    case `static`
    /// Moves only by its set velocity; infinite mass, pushes dynamic bodies.
    case kinematic
    /// Moved by forces, contacts and joints.
    case dynamic
}

/// What a body starts as. All lengths in points, angles in radians (positive turns +x towards
/// +y: clockwise on a y-down screen), times in seconds.
public struct BodyDefinition: Sendable {
    /// Default `.dynamic`.
    public var type: BodyType = .dynamic
    /// The body's origin in world points. Default (0, 0). Shapes are placed relative to it.
    public var position: Point = .zero
    /// Rotation in radians. Default 0.
    public var angle: Double = 0
    /// Velocity of the origin, points per second. Default zero.
    public var linearVelocity: Vector = .zero
    /// Radians per second. Default 0.
    public var angularVelocity: Double = 0
    /// Linear damping r, per second: v ← v / (1 + h·r) each step. Default 0 (UIKit `resistance`).
    public var linearDamping: Double = 0
    /// Angular damping, per second. Default 0 (UIKit `angularResistance`).
    public var angularDamping: Double = 0
    /// A constant acceleration applied to this body alone, pt/s² (UIKit's gravity is per
    /// behaviour, so it is per body here). Default zero.
    public var gravity: Vector = .zero
    /// No rotation from contacts or joints (UIKit `allowsRotation == false`). Default `false`.
    public var fixedRotation = false
    /// Continuous collision against other dynamic bodies too, not only static ones. Default `false`.
    public var isBullet = false
    /// Whether the body may fall asleep when it rests. Default `true`.
    public var allowsSleep = true
    /// Whether the body starts awake. Default `true`.
    public var isAwake = true
    /// Free for the owner (the UIKit layer stores its item index here). Default 0.
    public var userData: Int = 0

    public init() {}

    public init(type: BodyType, position: Point, angle: Double = 0) {
        self.type = type
        self.position = position
        self.angle = angle
    }
}
