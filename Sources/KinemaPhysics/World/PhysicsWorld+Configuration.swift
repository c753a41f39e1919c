extension PhysicsWorld {
    /// Solver settings, in points and seconds. The defaults are tuned for point-sized UI items
    /// under UIKit's gravity (1000 pt/s²), stepped at 1/120 s.
    public struct Configuration: Sendable {
        /// Sub-steps per ``PhysicsWorld/step(_:)``. Default 4.
        public var subStepCount = 4
        /// Contact stiffness, Hz (capped at a quarter of the sub-step rate). Default 120.
        public var contactHertz: Double = 120
        /// Contact damping ratio. Default 10.
        public var contactDampingRatio: Double = 10
        /// The fastest a contact pushes overlapping shapes apart, pt/s. Default 300.
        public var contactPushMaxVelocity: Double = 300
        /// Joint stiffness, Hz, and damping ratio for the soft joint solver. Defaults 60 and 2.
        public var jointHertz: Double = 60
        public var jointDampingRatio: Double = 2
        /// Points within which contacts are created ahead of touching. Default 2.
        public var speculativeDistance: Double = 2
        /// Allowed overlap, points. Default 0.5 (Box2D's 0.005 m at 100 pt/m).
        public var linearSlop: Double = 0.5
        /// Approach speed below which no bounce is applied, pt/s. Default 100 (UIKit's 1 m/s).
        /// It is an upper bound: for a contact whose bodies accelerate by `a` (gravity and
        /// applied forces) the solver uses at most 12 · a · step (100 pt/s under UIKit's
        /// 1000 pt/s² at 1/120 s) and at least ``sleepLinearTolerance``, so that without gravity
        /// slow, glancing impacts still bounce.
        public var restitutionThreshold: Double = 100
        /// Resting thresholds. A body rests during a step when |v| ≤ `sleepLinearTolerance`
        /// (default 1 pt/s) and |ω| ≤ `sleepAngularTolerance` (default 2°/s), or when it is still
        /// within half of what those speeds cover in `timeToSleep` (0.25 pt and 0.5°) of the pose
        /// where its rest began: a body that jitters in place without going anywhere rests too,
        /// as PhysX judges rest by velocity summed over time. An island sleeps when every body in
        /// it has rested for `timeToSleep` (default 0.5 s).
        public var sleepLinearTolerance: Double = 1
        public var sleepAngularTolerance: Double = 2 * Double.pi / 180
        public var timeToSleep: Double = 0.5
        /// Damping, 1/s, for a body that a contact held during the step (pushed on it without
        /// sliding) and that moves slower than twice the sleep tolerances (2 pt/s and 4°/s by
        /// default). Soft contacts leave a pile creeping and rocking at about 1 pt/s; this drains
        /// it, so piles come to rest (the idea of PhysX's stabilization). Bodies in free flight,
        /// bodies held only by joints and bodies whose every contact slides or is frictionless
        /// are never damped by it. Default 10; 0 turns it off.
        public var restingDamping: Double = 10
        public var enableSleep = true
        /// Continuous collision for fast bodies against static shapes (and bullets against all).
        public var enableContinuous = true
        /// Speed clamp, pt/s. Default 40,000.
        public var maximumLinearSpeed: Double = 40_000

        public init() {}
    }
}
