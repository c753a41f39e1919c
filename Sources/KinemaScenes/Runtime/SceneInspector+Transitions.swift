import KinemaGeometry
import KinemaUI

extension SceneInspector {
    /// The document's transitions at `t`, in document order: id, type, state, the image's frame
    /// in window coordinates (`null` when no detail is on screen), the backdrop's opacity and
    /// whether the source view is hidden.
    static func describeTransitions(of scene: Scene, at t: Double) -> JSONValue {
        .array(
            scene.document.transitions.compactMap { spec in
                guard let transition = scene.transitions[spec.id] else { return nil }
                let shown = transition.transition?.inspection(at: t)
                let state = shown?.state ?? .idle
                var frame = shown?.imageFrame
                if frame == nil, state != .idle, let detail = transition.detail, let rect = detail.photoRect {
                    // At rest the photo is where the detail lays it out.
                    frame = detail.view.convert(rect, to: nil)
                }
                return .object([
                    ("id", .string(spec.id)),
                    ("type", .string(spec.type.rawValue)),
                    ("state", .string(state.rawValue)),
                    ("imageFrame", frame.map(SceneEncoding.json) ?? .null),
                    ("backgroundAlpha", .number(state == .idle ? 0 : shown?.backgroundAlpha ?? 0)),
                    ("sourceHidden", .bool(transition.source.isHidden)),
                ])
            })
    }
}
