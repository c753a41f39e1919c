/// How far a scene may be played in one request.
///
/// Playing a scene to a time costs nothing per second of scene time except its UIKit Dynamics,
/// which are fed every 1/120 s (see ``SceneDynamics``). A request for a time hours into a scene
/// with dynamics (`kinema inspect --at 100000`) would run for hours, so it is refused up front
/// with an error naming the option, instead of looking like a hang.
extension SceneDocument {
    /// The latest scene time a scene with dynamics may be played to in one request: 600 s, ten
    /// minutes of simulated time (72,000 ticks of 1/120 s). A pile of 200 items kept awake by a
    /// push every second took about 9 minutes for an hour of simulated time in a release build,
    /// so about a minute and a half for these ten.
    public static let maximumDynamicsTime = 600.0

    /// Whether the scene runs UIKit Dynamics: it has a `"dynamics"` section or a dynamics step.
    public var hasDynamics: Bool {
        dynamics != nil || script.contains { step in step.actions.contains { $0.body is DynamicsAction } }
    }

    /// Checks that the scene can be played to `time` seconds in one request.
    /// - Parameter option: what the user wrote the time as (`--at`, `--to`, `--times`), for the message.
    /// - Throws: a ``SceneError`` naming `option` when the scene has dynamics and `time` is past
    ///   ``maximumDynamicsTime``.
    public func checkPlayable(to time: Double, option: String) throws(SceneError) {
        guard hasDynamics, time > Self.maximumDynamicsTime else { return }
        let ticks = (time * 120).rounded(.up)
        let tickText = ticks < 1e15 ? "\(Int(ticks))" : "\(ticks)"
        throw SceneError(issues: [
            SceneIssue(
                path: option,
                message: "playing this scene to \(time) s would simulate its dynamics for that long (\(tickText) steps of 1/120 s); "
                    + "expected a time of at most \(Int(Self.maximumDynamicsTime)) s for a scene with dynamics")
        ])
    }
}
