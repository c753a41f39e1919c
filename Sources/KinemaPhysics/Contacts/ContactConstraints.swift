/// This step's contact constraints, the solver's own (Box2D v3's constraint graph, here in
/// dependency levels): built by `prepareContacts` from the touching contacts, solved by the
/// sub-steps and restitution, read back by `storeContactImpulses`. Owned by ``PhysicsWorld``.
/// Every array is reused from step to step (never shrunk while something is awake), so a step
/// allocates nothing once warmed up.
struct ContactConstraints {
    /// The touching contacts as constraints, four per group, level by level (see
    /// `ContactConstraintGroup`).
    var groups: [ContactConstraintGroup] = []
    /// The number of constraints (lanes in use) in `groups`.
    var count = 0
    /// Whether any constraint of this step has restitution.
    var hasRestitution = false

    // MARK: Level scratch (prepareContacts)

    /// Per body: the first constraint level after the last one that moves it.
    var bodyLevels: [Int32] = []
    /// The contacts that become constraints this step, in contact order, and the level of each.
    var constraintContacts: [Int32] = []
    var constraintLevels: [Int32] = []
    /// Per level: its constraints (then a fill cursor), and its first group.
    var levelCounts: [Int32] = []
    var levelFirstGroup: [Int32] = []
}
