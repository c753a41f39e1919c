import KinemaGeometry
import KinemaUI

extension OverlaySpec {
    static let tooltipKeys = [
        "type", "id", "source", "sourceRect", "text", "maxWidth", "directions", "showAt", "dismissAt", "bubbleColor", "textColor",
        "fontSize", "font", "cornerRadius", "arrowSize", "edgeMargin", "duration",
    ]
    static let directionNames: [(String, PopoverArrowDirection)] = [("up", .up), ("down", .down), ("left", .left), ("right", .right)]

    /// Decodes one entry of `"overlays"`. `ids` holds every layer and view id of the file (those
    /// the script adds included); the overlay's id joins them.
    static func decode(_ json: JSONValue, at path: JSONPath, ids: inout [String: SceneLayerType], catalog: ViewCatalog) -> OverlaySpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        guard o.has("type") else {
            issues.add(path, "missing \"type\" (one of \(SceneOverlayType.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard let type = o.enumeration("type", SceneOverlayType.self) else { return nil }
        o.rejectUnknownKeys(allowed: type == .tooltip ? tooltipKeys : tutorialKeys, context: "a \(type.rawValue) overlay")
        let id = declareID(o, ids: &ids)
        switch type {
        case .tutorial:
            guard let spec = decodeTutorial(o, at: path, catalog: catalog), !id.isEmpty else { return nil }
            return OverlaySpec(id: id, content: .tutorial(spec))
        case .tooltip:
            guard let spec = decodeTooltip(o, catalog: catalog), !id.isEmpty else { return nil }
            return OverlaySpec(id: id, content: .tooltip(spec))
        }
    }

    /// The overlay's `"id"`, registered in `ids` (shared with layers and views); reports an empty,
    /// duplicate or missing id. Empty when missing.
    private static func declareID(_ o: ObjectReader, ids: inout [String: SceneLayerType]) -> String {
        guard let given = o.string("id") else {
            if !o.has("id") { o.issues.add(o.path, "missing \"id\" (every overlay needs a unique id)") }
            return ""
        }
        if given.isEmpty {
            o.issues.add(o.path.key("id"), "expected a non-empty id")
        } else if ids[given] != nil {
            o.issues.add(o.path.key("id"), "duplicate id '\(given)' (overlays share the id namespace of layers and views)")
        } else {
            ids[given] = .layer
        }
        return given
    }

    /// A tooltip overlay's members; `nil` (reported) without a usable source or text.
    private static func decodeTooltip(_ o: ObjectReader, catalog: ViewCatalog) -> TooltipSpec? {
        let issues = o.issues
        let path = o.path
        let parser = ValueParser(issues: issues)
        let source = decodeSource(o, parser: parser, catalog: catalog)
        let text = o.string("text")
        if text == nil && !o.has("text") { issues.add(path, "missing \"text\" (what the tooltip says)") }
        if let text, text.isEmpty { issues.add(path.key("text"), "expected some text, got an empty string") }
        var spec = TooltipSpec(source: source ?? .rect(.zero), text: text ?? "")
        if let w = o.number("maxWidth", above: 0) { spec.maxWidth = w }
        if let v = o["directions"], let d = decodeDirections(v, at: path.key("directions"), issues: issues) { spec.directions = d }
        if let t = o.number("showAt", min: 0) { spec.showAt = t }
        if let t = o.number("dismissAt", min: 0) {
            if t <= spec.showAt {
                issues.add(
                    path.key("dismissAt"), "expected a time after showAt (\(JSONWriter.number(spec.showAt))), got \(JSONWriter.number(t))")
            } else {
                spec.dismissAt = t
            }
        }
        if let v = o["bubbleColor"] { spec.bubbleColor = parser.color(v, at: path.key("bubbleColor")) }
        if let v = o["textColor"] { spec.textColor = parser.color(v, at: path.key("textColor")) }
        spec.fontSize = o.number("fontSize", above: 0, max: 1000)
        if let name = o.string("font") {
            if name.isEmpty {
                issues.add(path.key("font"), "expected a font family or face name, got an empty string")
            } else {
                spec.font = name
            }
        }
        spec.cornerRadius = o.number("cornerRadius", min: 0)
        if let v = o["arrowSize"] { spec.arrowSize = parser.size(v, at: path.key("arrowSize"), nonNegative: true) }
        spec.edgeMargin = o.number("edgeMargin", min: 0)
        spec.duration = o.number("duration", above: 0)
        guard source != nil, text != nil else { return nil }
        return spec
    }

    /// What a tooltip points at: a view (`"source"`) or a window rectangle (`"sourceRect"`), exactly
    /// one of them.
    private static func decodeSource(_ o: ObjectReader, parser: ValueParser, catalog: ViewCatalog) -> TooltipSpec.Source? {
        let path = o.path
        switch (o["source"], o["sourceRect"]) {
        case (.some, .some):
            o.issues.add(path, "give either \"source\" (a view id) or \"sourceRect\" ([x, y, width, height]), not both")
        case (.some(let v), nil):
            return catalog.viewID(v, at: path.key("source")).map(TooltipSpec.Source.view)
        case (nil, .some(let v)):
            return parser.rect(v, at: path.key("sourceRect"), nonNegative: true).map(TooltipSpec.Source.rect)
        case (nil, nil):
            o.issues.add(path, "missing \"source\" (a view id) or \"sourceRect\" ([x, y, width, height] in window points)")
        }
        return nil
    }

    static let tutorialKeys = ["type", "id", "steps", "startAt"]
    static let stepKeys = ["target", "rect", "title", "message", "direction"]

    static func decodeTutorial(_ o: ObjectReader, at path: JSONPath, catalog: ViewCatalog) -> TutorialSpec? {
        let issues = catalog.issues
        let parser = ValueParser(issues: issues)
        var spec = TutorialSpec(steps: [])
        if let t = o.number("startAt", min: 0) { spec.startAt = t }
        guard o.has("steps") else {
            issues.add(path, "missing \"steps\" (an array of {\"target\" or \"rect\", \"title\", \"message\", \"direction\"})")
            return nil
        }
        guard let items = o.array("steps") else { return nil }
        if items.isEmpty {
            issues.add(path.key("steps"), "expected at least one step")
            return nil
        }
        var ok = true
        for (i, item) in items.enumerated() {
            let p = path.key("steps").index(i)
            guard let so = ObjectReader(item, at: p, issues: issues) else {
                ok = false
                continue
            }
            so.rejectUnknownKeys(allowed: stepKeys, context: "a tutorial step")
            var target: OverlayTarget?
            switch (so["target"], so["rect"]) {
            case (.some, .some):
                issues.add(p, "give either \"target\" (a view id) or \"rect\" ([x, y, width, height]), not both")
            case (.some(let v), nil):
                target = catalog.viewID(v, at: p.key("target")).map(OverlayTarget.view)
            case (nil, .some(let v)):
                target = parser.rect(v, at: p.key("rect"), nonNegative: true).map(OverlayTarget.rect)
            case (nil, nil):
                issues.add(p, "missing \"target\" (a view id) or \"rect\" ([x, y, width, height] in window points)")
            }
            let title = so.string("title") ?? ""
            let message = so.string("message")
            if message == nil && !so.has("message") { issues.add(p, "missing \"message\" (what the step says)") }
            var direction = PopoverArrowDirection.any
            if let v = so["direction"] {
                if v == .string("any") {
                    direction = .any
                } else if case .string(let s) = v, let d = directionNames.first(where: { $0.0 == s })?.1 {
                    direction = d
                } else {
                    let names = directionNames.map(\.0) + ["any"]
                    var message = "expected one of \(names.joined(separator: ", ")), got \(JSONWriter.compact(v))"
                    if case .string(let s) = v, let guess = suggestion(for: s, among: names) { message += "; did you mean '\(guess)'?" }
                    issues.add(p.key("direction"), message)
                }
            }
            guard let target, let message else {
                ok = false
                continue
            }
            spec.steps.append(TutorialSpec.Step(target: target, title: title, message: message, direction: direction))
        }
        return ok ? spec : nil
    }

    /// `"any"` or a non-empty list of distinct direction names.
    static func decodeDirections(_ v: JSONValue, at path: JSONPath, issues: IssueCollector) -> [PopoverArrowDirection]? {
        let names = directionNames.map(\.0)
        if v == .string("any") { return PopoverArrowDirection.allDirections }
        guard case .array(let items) = v else {
            issues.add(path, "expected \"any\" or an array of directions (\(names.joined(separator: ", "))), got \(v.typeName)")
            return nil
        }
        if items.isEmpty {
            issues.add(path, "expected at least one direction (or \"any\")")
            return nil
        }
        var out: [PopoverArrowDirection] = []
        var ok = true
        for (i, item) in items.enumerated() {
            let p = path.index(i)
            guard case .string(let s) = item else {
                issues.add(p, "expected a direction name, got \(item.typeName)")
                ok = false
                continue
            }
            guard let d = directionNames.first(where: { $0.0 == s })?.1 else {
                var message = "unknown direction '\(s)' (expected one of \(names.joined(separator: ", ")))"
                if let guess = suggestion(for: s, among: names) { message += "; did you mean '\(guess)'?" }
                issues.add(p, message)
                ok = false
                continue
            }
            if out.contains(d) {
                issues.add(p, "duplicate direction '\(s)'")
                ok = false
                continue
            }
            out.append(d)
        }
        return ok ? out : nil
    }
}
