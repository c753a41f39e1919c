/// A joint's slot: what the public API created, and the solver state `prepareJoints` fills in
/// at the start of each step (Box2D v3's soft-step joint data, one flat record for every kind).
struct Joint {
    var generation: UInt32 = 0
    var isLive = false
    var definition: JointDefinition?
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    var collideConnected = false

    // MARK: Per-step constants (prepareJoints)

    /// The definition's kind and the switches and numbers the sub-steps read, copied from the
    /// definition at prepare so the hot loops never touch it.
    var kind = JointKind.distance
    var enableSpring = false
    var enableLimit = false
    var enableMotor = false
    /// A distance spring or the weld's linear spring (hertz > 0), and the weld's angular one.
    var hasSpring = false
    var hasAngularSpring = false
    /// Revolute angles (radians) or prismatic translations (points).
    var lower = 0.0
    var upper = 0.0
    /// Radians per second, and the largest motor torque.
    var motorSpeed = 0.0
    var maxMotorTorque = 0.0

    /// Whether either body moves this step; a joint between two resting bodies is skipped.
    var isActive = false
    /// Whether the solver may write each body's state (awake and not static).
    var writesA = false
    var writesB = false
    /// Inverse masses and inertias as the solver sees them (0 for a body it must not move).
    var mA = 0.0
    var mB = 0.0
    var iA = 0.0
    var iB = 0.0
    /// Anchors relative to the centres of mass, in world orientation at the start of the step.
    var rA = Vec2.zero
    var rB = Vec2.zero
    /// Centre of B minus centre of A at the start of the step, points.
    var deltaCenter = Vec2.zero
    /// B's angle relative to A's minus the reference angle at the start of the step, radians.
    var deltaAngle = 0.0
    /// The revolute joint's angle counted through full turns (B's angle relative to A's minus the
    /// reference, radians, not wrapped), and the wrapped relative angle it was last updated from.
    var revolutions = RevoluteAngle()
    /// The prismatic axis in world orientation at the start of the step (unit).
    var axis = Vec2.zero
    /// The effective mass along the distance axis, the prismatic axis, or about the angle.
    var axialMass = 0.0
    /// Clamped distance-joint lengths, points.
    var length = 0.0
    var minLength = 0.0
    var maxLength = 0.0
    /// The distance spring, or the weld's linear softness.
    var softness = Softness.rigid
    /// The weld's angular softness.
    var angularSoftness = Softness.rigid

    // MARK: Accumulated impulses (warm starting)

    /// Point impulse (revolute, weld), or (perpendicular, angular) for the prismatic joint.
    var linearImpulse = Vec2.zero
    /// Distance axial impulse (rigid or spring), weld angular impulse.
    var impulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var motorImpulse = 0.0

    /// Forgets the accumulated impulses, so the next step starts cold.
    mutating func resetImpulses() {
        linearImpulse = .zero
        impulse = 0
        lowerImpulse = 0
        upperImpulse = 0
        motorImpulse = 0
    }
}

/// Which solver a joint uses.
enum JointKind {
    case distance, revolute, prismatic, weld
}

/// A revolute joint's angle tracked across full turns, as a body's angle is in UIKit (Box2D
/// v2 keeps cumulative body angles), so limits beyond ±π work.
struct RevoluteAngle {
    /// Whether `angle` has been set from the bodies yet.
    var isTracking = false
    /// The joint angle, radians.
    var angle = 0.0
    /// B's rotation relative to A's when `angle` was last updated, in (−π, π].
    var relative = 0.0

    /// Advances to the bodies' current relative angle (assuming less than half a turn since the
    /// last update) and returns the joint angle.
    mutating func update(relative newRelative: Double, referenceAngle: Double) -> Double {
        if isTracking {
            angle += unwound(newRelative - relative)
        } else {
            angle = unwound(newRelative - referenceAngle)
            isTracking = true
        }
        relative = newRelative
        return angle
    }

    /// The joint angle for a relative angle now, without updating.
    func angle(atRelative newRelative: Double, referenceAngle: Double) -> Double {
        isTracking ? angle + unwound(newRelative - relative) : unwound(newRelative - referenceAngle)
    }
}
