import KinemaGeometry
import KinemaPhysics

/// The force laws of `UIFieldBehavior`'s factories. The parameters each law reads (direction,
/// position, smoothness…) live in ``FieldModel``, as they are properties of the behaviour.
enum FieldKind {
    case linearGravity
    case radialGravity
    case velocity
    case noise
    case turbulence
    case spring
    case electric
    case magnetic
    case drag
    case vortex
    /// (position, velocity, mass, charge, Δt) → force, mass × pt/s².
    case custom((Point, Vector, Double, Double, Double) -> Vector)
}

/// What a field does to one item during one step.
enum FieldEffect: Equatable {
    /// The item is outside the region, or the law gives nothing for it (electric and magnetic
    /// fields on an uncharged item).
    case none
    /// A force at the centre of mass, mass × pt/s², held for the step.
    case force(Vector)
    /// The item's velocity is replaced by this one, pt/s (velocity fields).
    case velocity(Vector)
}

/// A field's parameters and force law, free of any animator: ``evaluate(at:velocity:mass:charge:time:deltaTime:)``
/// says what the field does to an item. ``FieldBehavior`` owns one and applies its answers.
///
/// Units (Apple documents none of these; these are Kinema's choices):
/// * ``accelerationUnit``: strength 1 of a gravity-like field accelerates at 1000 pt/s², UIKit's
///   gravity magnitude 1.
/// * ``referenceLength``: falloff, spring and vortex distances are measured in UIKit metres
///   (100 pt), so `falloff` leaves the strength unchanged 100 pt from the position.
/// * ``referenceSpeed``: turbulence equals noise at 100 pt/s.
struct FieldModel {
    var kind: FieldKind
    /// The field's origin, reference points.
    var position: Point = .zero
    /// Where the field acts, relative to ``position``.
    var region: Region = .infinite
    var strength: Double = 1
    /// The exponent of the distance decay beyond ``minimumRadius``; 0 is a uniform field.
    var falloff: Double = 0
    /// Points; distances below it count as this distance.
    var minimumRadius: Double = FieldModel.defaultMinimumRadius
    /// Linear gravity's acceleration direction and the velocity field's velocity.
    var direction: Vector = .zero
    /// Noise and turbulence: 0 is noisiest, 1 smoothest.
    var smoothness: Double = 0
    /// Noise and turbulence: changes per second of the noise pattern; 0 freezes it.
    var animationSpeed: Double = 0

    init(kind: FieldKind) { self.kind = kind }

    /// 1000 pt/s²: what strength 1 means for gravity-like fields.
    static let accelerationUnit = 1000.0
    /// 100 pt: the distance scale of falloff, springs and vortices (one UIKit metre).
    static let referenceLength = 100.0
    /// 100 pt/s: the speed at which turbulence is as strong as noise.
    static let referenceSpeed = 100.0
    /// 0.001 pt: `minimumRadius`'s default ("very small, but not zero", says Apple).
    static let defaultMinimumRadius = 0.001
}
