/// A body's velocity and its motion since the start of the step, as the sub-step solvers see
/// it (Box2D v3's body state). Static bodies keep zero velocity and identity deltas.
struct BodyState {
    var v: Vec2 = .zero
    var w: Double = 0
    /// Displacement of the centre of mass since the start of the step, points.
    var dp: Vec2 = .zero
    /// Rotation since the start of the step.
    var dq: Rot = .identity
}

/// Soft-constraint coefficients for a spring of `hertz` and damping ratio `zeta` stepped at `h`
/// (Box2D's "soft step": bias rate, mass scale, impulse scale).
struct Softness {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Double, zeta: Double, h: Double) {
        guard hertz > 0 else {
            self = .rigid
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }
}

/// What the sub-step solvers share during one ``PhysicsWorld/step(_:)``.
struct StepContext {
    /// The whole step and its inverse, seconds.
    var dt: Double
    var inv_dt: Double
    /// One sub-step and its inverse.
    var h: Double
    var inv_h: Double
    var subStepCount: Int
    var contactSoftness: Softness
    /// Stiffer softness for contacts against static bodies.
    var staticSoftness: Softness
    var jointSoftness: Softness
    var restitutionThreshold: Double
    var maxLinearVelocity: Double
    var contactPushMaxVelocity: Double
    var enableWarmStarting = true
}
