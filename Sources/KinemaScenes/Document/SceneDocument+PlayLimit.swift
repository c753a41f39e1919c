/// How far a scene may be played in one request.
///
/// Playing a scene to a time costs nothing per second of scene time except its UIKit Dynamics,
/// which are fed every 1/120 s (see ``SceneDynamics``). A request for a time hours into a scene
/// with dynamics (`kinema inspect --at 100000`) would run for hours, and so would ten minutes of
/// a pile of thousands of views, so both are refused up front with an error naming the option,
/// instead of looking like a hang.
extension SceneDocument {
    /// The latest scene time a scene with dynamics may be played to in one request: 600 s, ten
    /// minutes of simulated time (72,000 ticks of 1/120 s). A pile of 200 items kept awake by a
    /// push every second took about 9 minutes for an hour of simulated time in a release build,
    /// so about a minute and a half for these ten.
    public static let maximumDynamicsTime = 600.0

    /// The most dynamics one request may simulate: 1,800,000 item-steps, the views the scene's
    /// behaviours act on (``dynamicItemCount``) times the steps of 1/120 s to the time asked for.
    ///
    /// The solver's work grows with the items, so ``maximumDynamicsTime`` alone let a request run
    /// for many minutes: 1,500 views under gravity, collision and a vortex field took about 1.1 s
    /// per simulated second in a release build (11 minutes to 600 s; a debug build is hundreds
    /// of times slower). Within the budget that pile plays to 10 s (about 11 s of work), and the
    /// dearest measured per item-step, 12,000 small views in a full pile under gravity,
    /// collision and a vortex (150 steps), took 26 s: each step costs more per item as the pile
    /// grows, so the budget is set for the largest piles.
    public static let maximumDynamicsItemSteps = 1_800_000

    /// Whether the scene runs UIKit Dynamics: it has a `"dynamics"` section or a dynamics step.
    public var hasDynamics: Bool {
        dynamics != nil || script.contains { step in step.actions.contains { $0.body is DynamicsAction } }
    }

    /// How many views the scene's behaviours can act on: those their `items` name and every view
    /// inside an `allSubviewsOf` container (every view for `root`), each counted once, in the
    /// `"dynamics"` section and in the script's dynamics steps. At least the number of bodies the
    /// animator ever holds.
    public var dynamicItemCount: Int {
        var behaviors = dynamics?.behaviors ?? []
        for step in script {
            for action in step.actions {
                if let dynamics = action.body as? DynamicsAction, case .add(let spec) = dynamics.change { behaviors.append(spec) }
            }
        }
        var ids = Set<String>()
        var containers = Set<String>()
        for behavior in behaviors {
            switch behavior.items {
            case .items(let names): ids.formUnion(names)
            case .allSubviews(of: let container): containers.insert(container)
            }
        }
        if containers.contains("root") { return views.reduce(0) { $0 + $1.allIDs.count } }
        func visit(_ view: ViewSpec) {
            if containers.contains(view.id) {
                for child in view.children { ids.formUnion(child.spec.allIDs) }
            } else {
                for child in view.children { visit(child.spec) }
            }
        }
        if !containers.isEmpty { views.forEach(visit) }
        return ids.count
    }

    /// Checks that the scene can be played to `time` seconds in one request.
    /// - Parameter option: what the user wrote the time as (`--at`, `--to`, `--times`), for the message.
    /// - Throws: a ``SceneError`` naming `option` when the scene has dynamics and `time` is past
    ///   ``maximumDynamicsTime``, or its dynamics to `time` are more than
    ///   ``maximumDynamicsItemSteps``.
    public func checkPlayable(to time: Double, option: String) throws(SceneError) {
        guard hasDynamics, time > 0 else { return }
        let ticks = (time * 120).rounded(.up)
        if time > Self.maximumDynamicsTime {
            throw SceneError(issues: [
                SceneIssue(
                    path: option,
                    message:
                        "playing this scene to \(time) s would simulate its dynamics for that long (\(Self.count(ticks)) steps of 1/120 s); "
                        + "expected a time of at most \(Int(Self.maximumDynamicsTime)) s for a scene with dynamics")
            ])
        }
        let items = Double(dynamicItemCount)
        let budget = Double(Self.maximumDynamicsItemSteps)
        guard ticks * items > budget else { return }
        // The latest time within the budget, rounded down to a tenth of a second.
        let latest = (budget / items / 12).rounded(.down) / 10
        throw SceneError(issues: [
            SceneIssue(
                path: option,
                message:
                    "playing this scene to \(time) s would simulate \(Int(items)) dynamic items for \(Self.count(ticks)) steps of 1/120 s "
                    + "(\(Self.count(ticks * items)) item-steps); expected at most \(Self.maximumDynamicsItemSteps) item-steps in one request "
                    + "(a time of at most \(latest) s for \(Int(items)) items)")
        ])
    }

    /// A whole count for a message: digits, or a floating-point form past 10¹⁵.
    private static func count(_ value: Double) -> String {
        value < 1e15 ? "\(Int(value))" : "\(value)"
    }
}
