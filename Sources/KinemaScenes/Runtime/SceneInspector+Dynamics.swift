import KinemaDynamics
import KinemaGeometry
import KinemaUI

extension SceneInspector {
    /// The animator of `scene`: `{"referenceView", "running", "elapsedTime", "items": [{"view",
    /// "center", "rotation", "velocity", "angularVelocity", "atRest"}], "diagnostics"}`. Items are the views the
    /// behaviours were given, in the order of first use, those with a body in the animator;
    /// centres (points) and velocities (points per second) are in the reference view's
    /// coordinates, rotations in radians, angular velocities in radians per second.
    static func describeDynamics(_ dynamics: SceneDynamics, in scene: Scene) -> JSONValue {
        let ids = Dictionary(scene.views.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: { a, _ in a })
        var items: [JSONValue] = []
        for view in dynamics.items {
            guard let state = dynamics.animator.dynamicState(of: view) else { continue }
            let id = ids[ObjectIdentifier(view)] ?? view.layer.name
            items.append(
                .object([
                    ("view", id.map(JSONValue.string) ?? .null),
                    ("center", SceneEncoding.json(state.center)),
                    ("rotation", .number(state.angle)),
                    ("velocity", .array([.number(state.velocity.dx), .number(state.velocity.dy)])),
                    ("angularVelocity", .number(state.angularVelocity)),
                    ("atRest", .bool(state.isAtRest)),
                ]))
        }
        return .object([
            ("referenceView", .string(dynamics.referenceViewID)),
            ("running", .bool(dynamics.animator.isRunning)),
            ("elapsedTime", .number(dynamics.animator.elapsedTime())),
            ("items", .array(items)),
            ("diagnostics", .array((dynamics.diagnostics + dynamics.animator.diagnostics).map(JSONValue.string))),
        ])
    }

    /// The dynamics section of the text form: a summary line, then one line per item.
    static func dynamicsLines(_ dynamics: JSONValue) -> [String] {
        let running = dynamics["running"] == .bool(true) ? "running" : "paused"
        let elapsed = dynamics["elapsedTime"].map(JSONWriter.compact) ?? "?"
        var lines = ["dynamics \(running) elapsedTime=\(elapsed)"]
        if case .array(let items)? = dynamics["items"] {
            for item in items {
                var line = "  \(item["view"]?.stringValue ?? "?")"
                for key in ["center", "rotation", "velocity"] {
                    if let v = item[key] { line += " \(key)=\(JSONWriter.compact(v))" }
                }
                if item["atRest"] == .bool(true) { line += " atRest" }
                lines.append(line)
            }
        }
        return lines
    }
}
