import KinemaComponents
import KinemaGeometry
import KinemaUI

extension SceneInspector {
    /// The overlays of `scene` at `t` that have been shown (their `showAt` is past), in document
    /// order: `{"id", "type", "popover": {"state", "arrowDirection", "arrowTip", "arrowBase",
    /// "bubbleFrame"}}` in window coordinates from presentation values (``Tooltip/inspect(at:)``).
    /// A dismissed tooltip stays listed with state `dismissed`, direction `none` and zero geometry.
    /// A tutorial (from `startAt` on) adds `"step"` (0-based) and `"cutoutRect"`; its popover is
    /// the bubble of the step on screen, or of the last step shown, `dismissed`, once it has left.
    static func describeOverlays(of scene: Scene, at t: Double) -> JSONValue {
        var out: [JSONValue] = []
        for spec in scene.document.overlays {
            if let tooltip = scene.tooltips[spec.id] {
                out.append(
                    .object([
                        ("id", .string(spec.id)),
                        ("type", .string(spec.type.rawValue)),
                        ("popover", popover(tooltip.inspect(at: t))),
                    ]))
            } else if let tutorial = scene.tutorials[spec.id], let i = tutorial.inspect() {
                let inspection = TooltipInspection(
                    state: TooltipState(rawValue: i.phase.rawValue) ?? .dismissed, arrowDirection: i.arrowDirection,
                    arrowTip: i.arrowTip, arrowBase: i.arrowBase, bubbleFrame: i.bubbleFrame)
                out.append(
                    .object([
                        ("id", .string(spec.id)),
                        ("type", .string(spec.type.rawValue)),
                        ("step", .number(Double(i.step))),
                        ("popover", popover(inspection)),
                        ("cutoutRect", i.cutoutRect.map(SceneEncoding.json) ?? .null),
                    ]))
            }
        }
        return .array(out)
    }

    static func popover(_ i: TooltipInspection) -> JSONValue {
        .object([
            ("state", .string(i.state.rawValue)),
            ("arrowDirection", .string(name(of: i.arrowDirection))),
            ("arrowTip", SceneEncoding.json(i.arrowTip)),
            ("arrowBase", .array(i.arrowBase.map(SceneEncoding.json))),
            ("bubbleFrame", SceneEncoding.json(i.bubbleFrame)),
        ])
    }

    /// `up`, `down`, `left`, `right`, or `none` (no arrow, not shown, or not one direction).
    static func name(of direction: PopoverArrowDirection) -> String {
        switch direction {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        default: "none"
        }
    }

    /// One line per overlay for the text format.
    static func overlayLines(_ overlays: [JSONValue]) -> [String] {
        overlays.map { overlay in
            func string(_ v: JSONValue?) -> String { if case .string(let s)? = v { s } else { "?" } }
            var line = "overlay \(string(overlay["id"])) (\(string(overlay["type"])))"
            if case .number(let n)? = overlay["step"] { line += " step=\(Int(n))" }
            if let p = overlay["popover"] {
                line += " \(string(p["state"])) arrow=\(string(p["arrowDirection"]))"
                for key in ["arrowTip", "bubbleFrame"] {
                    if let v = p[key] { line += " \(key)=\(JSONWriter.compact(v))" }
                }
            }
            return line
        }
    }
}
