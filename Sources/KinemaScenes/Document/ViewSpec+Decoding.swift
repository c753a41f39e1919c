import KinemaGeometry
import KinemaUI

extension ViewSpec {
    static let structuralKeys = ["id", "type", "subviews", "gestures", "buttonType", "onTap"]

    /// Decodes a view object and its subviews; registers their ids in `ids` (shared with
    /// layers). Returns `nil` when the object is unusable.
    static func decode(_ json: JSONValue, at path: JSONPath, ids: inout [String: SceneLayerType], catalog: ViewCatalog) -> ViewSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let type = o.has("type") ? o.enumeration("type", SceneViewType.self) : .view
        guard let type else { return nil }
        var id = ""
        if let given = o.string("id") {
            if given.isEmpty {
                issues.add(path.key("id"), "expected a non-empty id")
            } else if ids[given] != nil {
                issues.add(path.key("id"), "duplicate id '\(given)'\(given == "root" ? " (the root layer is called root)" : "")")
            } else {
                ids[given] = .layer
            }
            id = given
        } else if !o.has("id") {
            issues.add(path, "missing \"id\" (every view needs a unique id)")
        }
        for key in ["buttonType", "onTap"] where o.has(key) && type != .button {
            issues.add(path.key(key), "'\(key)' is a property of buttons, not of \(type.phrase)")
        }
        let buttonType = type == .button ? o.enumeration("buttonType", Button.ButtonType.self) ?? .system : .system
        let settings = ViewSetting.parseMembers(
            o, structural: structuralKeys, type: type, context: type.phrase, issues: issues, directory: catalog.directory)
        var onTap: [ViewAnimationSpec] = []
        if type == .button, let v = o["onTap"] {
            onTap = ViewAnimationSpec.decodeList(v, at: path.key("onTap"), catalog: catalog)
        }
        var gestures: [GestureSpec] = []
        if let items = o.array("gestures") {
            gestures = items.enumerated().compactMap { GestureSpec.decode($1, at: path.key("gestures").index($0), catalog: catalog) }
        }
        var subviews: [ViewSpec] = []
        if let items = o.array("subviews") {
            subviews = items.enumerated().compactMap { decode($1, at: path.key("subviews").index($0), ids: &ids, catalog: catalog) }
        }
        let sizesToFit = type != .view && !o.has("frame") && !o.has("bounds")
        return ViewSpec(
            id: id, type: type, buttonType: buttonType, settings: settings, sizesToFit: sizesToFit, onTap: onTap, gestures: gestures,
            subviews: subviews)
    }
}

extension GestureSpec {
    static let commonKeys = ["type", "id", "enabled", "cancelsTouchesInView", "onRecognized"]

    /// The keys each kind accepts besides ``commonKeys``.
    static func keys(for kind: Kind) -> [String] {
        switch kind {
        case .tap: ["taps", "touches"]
        case .doubleTap: ["touches"]
        case .longPress: ["minimumPressDuration", "allowableMovement", "touches", "onEnded"]
        case .pan: ["minimumTouches", "maximumTouches", "drags", "onEnded"]
        case .swipe: ["direction", "touches"]
        }
    }

    static func decode(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog) -> GestureSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        guard o.has("type") else {
            issues.add(path, "missing \"type\" (one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard let kind = o.enumeration("type", Kind.self) else { return nil }
        let allowed = commonKeys + keys(for: kind)
        for (key, _) in o.members where !allowed.contains(key) {
            let owners = Kind.allCases.filter { keys(for: $0).contains(key) }.map(\.rawValue)
            if !owners.isEmpty {
                issues.add(path.key(key), "'\(key)' is a parameter of \(owners.joined(separator: " and ")) gestures, not of a \(kind.rawValue) gesture")
            } else {
                var message = "unknown key '\(key)' in a \(kind.rawValue) gesture"
                if let s = suggestion(for: key, among: allowed) { message += " (did you mean '\(s)'?)" }
                issues.add(path.key(key), message)
            }
        }
        var id = ""
        if let given = o.string("id") {
            if given.isEmpty {
                issues.add(path.key("id"), "expected a non-empty id")
            } else if catalog.gestureIDs.contains(given) {
                issues.add(path.key("id"), "duplicate gesture id '\(given)'")
            } else {
                catalog.gestureIDs.insert(given)
            }
            id = given
        } else if !o.has("id") {
            issues.add(path, "missing \"id\" (every gesture needs a unique id, for kinema inspect)")
        }
        func count(_ key: String, default value: Int) -> Int {
            o[key].flatMap { ViewSetting.wholeNumber($0, at: path.key(key), in: 1...10, issues: issues) } ?? value
        }
        var spec = GestureSpec(
            id: id, kind: kind, taps: kind == .tap ? count("taps", default: 1) : kind == .doubleTap ? 2 : 1,
            touches: count(kind == .pan ? "minimumTouches" : "touches", default: 1),
            maximumTouches: o["maximumTouches"].flatMap { ViewSetting.wholeNumber($0, at: path.key("maximumTouches"), in: 1...10, issues: issues) },
            minimumPressDuration: o.number("minimumPressDuration", min: 0),
            allowableMovement: o.number("allowableMovement", min: 0),
            directions: [.right], cancelsTouchesInView: o.bool("cancelsTouchesInView") ?? true, isEnabled: o.bool("enabled") ?? true,
            drags: o.bool("drags") ?? false, onRecognized: [], onEnded: [])
        if let maximum = spec.maximumTouches, maximum < spec.touches {
            issues.add(path.key("maximumTouches"), "expected maximumTouches ≥ minimumTouches (\(spec.touches)), got \(maximum)")
        }
        if let d = o["direction"] {
            spec.directions = decodeDirections(d, at: path.key("direction"), issues: issues)
        }
        if let v = o["onRecognized"] { spec.onRecognized = ViewAnimationSpec.decodeList(v, at: path.key("onRecognized"), catalog: catalog) }
        if let v = o["onEnded"] { spec.onEnded = ViewAnimationSpec.decodeList(v, at: path.key("onEnded"), catalog: catalog) }
        return spec
    }

    /// `"left"` or `["left", "right"]`.
    static func decodeDirections(_ v: JSONValue, at path: JSONPath, issues: IssueCollector) -> [SwipeDirection] {
        let items: [(JSONValue, JSONPath)]
        if case .array(let list) = v {
            if list.isEmpty { issues.add(path, "expected at least one direction (right, left, up, down)") }
            items = list.enumerated().map { ($1, path.index($0)) }
        } else {
            items = [(v, path)]
        }
        var directions: [SwipeDirection] = []
        for (item, p) in items {
            if let d = SingleValue(value: item, path: p, issues: issues).enumeration(SwipeDirection.self), !directions.contains(d) {
                directions.append(d)
            }
        }
        return directions
    }
}
