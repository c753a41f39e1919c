import KinemaGeometry

extension TransitionSpec {
    static let keys = ["type", "id", "source", "presentOnTap", "presentAt", "options"]
    static let optionKeys = ["dismissDirections", "scaling", "threshold", "scaleFloor", "background", "maximumZoomScale"]

    /// Decodes one entry of `"transitions"`; its id joins `ids`.
    static func decode(_ json: JSONValue, at path: JSONPath, ids: inout [String: SceneLayerType], catalog: ViewCatalog) -> TransitionSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        o.rejectUnknownKeys(allowed: keys, context: "a transition")
        guard o.has("type") else {
            issues.add(path, "missing \"type\" (one of \(SceneTransitionType.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        let type = o.enumeration("type", SceneTransitionType.self)
        let id = decodeID(o, at: path, ids: &ids, issues: issues)
        var source: String?
        if let v = o["source"] {
            source = catalog.viewID(v, at: path.key("source"))
            if let s = source, catalog.type(of: s) != .imageView {
                issues.add(path.key("source"), "expected an image view, got '\(s)', \(catalog.type(of: s).phrase)")
                source = nil
            }
        } else {
            issues.add(path, "missing \"source\" (the id of the image view the detail zooms out of)")
        }
        let presentAt = o.number("presentAt", min: 0)
        let presentOnTap = o.has("presentOnTap") ? o.bool("presentOnTap") : presentAt == nil
        if presentOnTap == false, presentAt == nil, !o.has("presentAt") {
            issues.add(path, "give \"presentOnTap\": true or a \"presentAt\" time, or the detail is never shown")
        }
        var options = ZoomSpecOptions()
        if let v = o["options"] { decodeOptions(v, at: path.key("options"), into: &options, issues: issues) }
        guard let type, let id, let source, let presentOnTap else { return nil }
        return TransitionSpec(id: id, type: type, source: source, presentOnTap: presentOnTap, presentAt: presentAt, options: options)
    }

    private static func decodeID(
        _ o: ObjectReader, at path: JSONPath, ids: inout [String: SceneLayerType], issues: IssueCollector
    ) -> String? {
        guard let given = o.string("id") else {
            if !o.has("id") { issues.add(path, "missing \"id\" (every transition needs a unique id)") }
            return nil
        }
        if given.isEmpty {
            issues.add(path.key("id"), "expected a non-empty id")
            return nil
        }
        if ids[given] != nil {
            issues.add(path.key("id"), "duplicate id '\(given)' (transitions share the id namespace of layers, views and overlays)")
            return nil
        }
        ids[given] = .layer
        return given
    }

    private static func decodeOptions(_ v: JSONValue, at path: JSONPath, into options: inout ZoomSpecOptions, issues: IssueCollector) {
        guard let o = ObjectReader(v, at: path, issues: issues) else { return }
        o.rejectUnknownKeys(allowed: optionKeys, context: "a zoom transition's options")
        if let d = o.string("dismissDirections") {
            if ["down", "any"].contains(d) {
                options.dismissDirections = d
            } else {
                issues.add(path.key("dismissDirections"), "unknown value '\(d)' (expected one of down, any)")
            }
        }
        if let s = o.string("scaling") {
            if ["touch", "center"].contains(s) {
                options.scaling = s
            } else {
                issues.add(path.key("scaling"), "unknown value '\(s)' (expected one of touch, center)")
            }
        }
        if let t = o.number("threshold", above: 0, max: 1) { options.threshold = t }
        if let f = o.number("scaleFloor", above: 0, max: 1) { options.scaleFloor = f }
        if let c = o["background"], let color = ValueParser(issues: issues).color(c, at: path.key("background")) {
            options.background = color
        }
        if let z = o.number("maximumZoomScale", min: 1, max: ScrollSetting.maximumScale) { options.maximumZoomScale = z }
    }
}
