/// What a shape is made of. Mixing follows UIKit (Box2D): friction √(μ₁μ₂), restitution the
/// larger of the two.
public struct ShapeDefinition: Sendable {
    /// The outline, body frame.
    public var geometry: ShapeGeometry
    /// Mass per square point × 10⁴ (UIKit: mass = density × area / 10⁴). Default 1.
    public var density: Double = 1
    /// Coulomb friction coefficient ≥ 0. Default 0 (UIKit's default).
    public var friction: Double = 0
    /// Restitution (elasticity) in 0…1. Default 0.
    public var restitution: Double = 0
    /// Rolling resistance ≥ 0 (for circles). Default 0.
    public var rollingResistance: Double = 0
    /// Detects overlap but makes no contact response. Default `false`.
    public var isSensor = false
    /// Whether touch begin/end events are reported for this shape. Default `true`.
    public var enableContactEvents = true
    /// Free for the owner. Default 0.
    public var userData: Int = 0

    public init(geometry: ShapeGeometry) {
        self.geometry = geometry
    }
}
