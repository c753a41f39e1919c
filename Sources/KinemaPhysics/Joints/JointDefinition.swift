import KinemaGeometry

/// A constraint between two bodies. Anchors are in each body's own frame (points from the body
/// origin). Every joint keeps its bodies from colliding with each other unless
/// `collideConnected` is set.
public enum JointDefinition: Sendable {
    /// Keeps two anchors at `length` apart: a rigid rod, or a spring (UIKit's default attachment
    /// and `limitAttachment`).
    case distance(DistanceJointDefinition)
    /// A shared point both bodies turn about (UIKit `pinAttachment`).
    case revolute(RevoluteJointDefinition)
    /// Relative translation along one axis only, no relative rotation (UIKit `slidingAttachment`).
    case prismatic(PrismaticJointDefinition)
    /// Fuses two bodies (UIKit `fixedAttachment`).
    case weld(WeldJointDefinition)
}

/// A distance joint. With `enableSpring == false` the length is rigid; with it, a spring of
/// `hertz` and `dampingRatio` pulls towards `length` (hertz 0: no spring force at all, so only
/// the limits act: a rope when `enableLimit` and `maxLength == length`).
public struct DistanceJointDefinition: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    /// Body frame, points. Default (0, 0).
    public var localAnchorA: Point = .zero
    public var localAnchorB: Point = .zero
    /// Rest length, points (≥ 0). Default 1.
    public var length: Double = 1
    public var enableSpring = false
    /// Spring frequency, Hz (≥ 0). Default 0.
    public var hertz: Double = 0
    /// Spring damping ratio (≥ 0; 1 is critical). Default 0.
    public var dampingRatio: Double = 0
    public var enableLimit = false
    /// Limits, points. Default 0 and `.infinity`.
    public var minLength: Double = 0
    public var maxLength: Double = .infinity
    /// Whether the two bodies still collide with each other. Default `false`.
    public var collideConnected = false

    public init(bodyA: BodyID, bodyB: BodyID) {
        self.bodyA = bodyA
        self.bodyB = bodyB
    }
}

/// A revolute (pin) joint.
public struct RevoluteJointDefinition: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA: Point = .zero
    public var localAnchorB: Point = .zero
    /// Angle of B relative to A at rest, radians. Default 0.
    public var referenceAngle: Double = 0
    public var enableLimit = false
    /// Radians, relative to `referenceAngle`. Defaults 0.
    public var lowerAngle: Double = 0
    public var upperAngle: Double = 0
    public var enableMotor = false
    /// Radians per second. Default 0 (with a torque limit: rotational friction).
    public var motorSpeed: Double = 0
    /// The largest torque the motor applies, in Kinema units (mass × pt² / s²). Default 0.
    public var maxMotorTorque: Double = 0
    public var collideConnected = false

    public init(bodyA: BodyID, bodyB: BodyID) {
        self.bodyA = bodyA
        self.bodyB = bodyB
    }
}

/// A prismatic (sliding) joint: B moves along `localAxisA` (in A's frame) and keeps its angle.
public struct PrismaticJointDefinition: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA: Point = .zero
    public var localAnchorB: Point = .zero
    /// Unit axis in A's frame. Default (1, 0).
    public var localAxisA: Vector = Vector(dx: 1, dy: 0)
    public var referenceAngle: Double = 0
    public var enableLimit = false
    /// Translation limits along the axis, points. Defaults 0.
    public var lowerTranslation: Double = 0
    public var upperTranslation: Double = 0
    public var collideConnected = false

    public init(bodyA: BodyID, bodyB: BodyID) {
        self.bodyA = bodyA
        self.bodyB = bodyB
    }
}

/// A weld joint. `linearHertz` and `angularHertz` 0 mean rigid.
public struct WeldJointDefinition: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA: Point = .zero
    public var localAnchorB: Point = .zero
    public var referenceAngle: Double = 0
    public var linearHertz: Double = 0
    public var angularHertz: Double = 0
    public var linearDampingRatio: Double = 1
    public var angularDampingRatio: Double = 1
    public var collideConnected = false

    public init(bodyA: BodyID, bodyB: BodyID) {
        self.bodyA = bodyA
        self.bodyB = bodyB
    }
}
