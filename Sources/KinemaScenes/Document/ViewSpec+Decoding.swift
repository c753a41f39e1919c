import KinemaGeometry
import KinemaUI

extension ViewSpec {
    static let structuralKeys = ["id", "type", "subviews", "gestures", "buttonType", "onTap", "constraints", "arrangedSubviews"]

    /// Decodes a view object and its subviews; registers their ids in `ids` (shared with
    /// layers). Returns `nil` when the object is unusable.
    static func decode(_ json: JSONValue, at path: JSONPath, ids: inout [String: SceneLayerType], catalog: ViewCatalog) -> ViewSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let type = o.has("type") ? o.enumeration("type", SceneViewType.self) : .view
        guard let type else { return nil }
        let id = SceneDocument.registerID(o, as: .layer, in: &ids, what: "view")
        for key in ["buttonType", "onTap"] where o.has(key) && type != .button {
            issues.add(path.key(key), "'\(key)' is a property of buttons, not of \(type.phrase)")
        }
        if o.has("arrangedSubviews"), type != .stackView {
            issues.add(path.key("arrangedSubviews"), "'arrangedSubviews' is a property of stack views, not of \(type.phrase)")
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
        var constraints: [ConstraintSpec] = []
        if let items = o.array("constraints") {
            constraints = items.enumerated().compactMap {
                ConstraintSpec.decode($1, at: path.key("constraints").index($0), catalog: catalog)
            }
        }
        var subviews: [ViewSpec] = []
        if let items = o.array("subviews") {
            subviews = items.enumerated().compactMap { decode($1, at: path.key("subviews").index($0), ids: &ids, catalog: catalog) }
        }
        var arranged: [ViewSpec] = []
        if type == .stackView, let items = o.array("arrangedSubviews") {
            arranged = items.enumerated().compactMap {
                decode($1, at: path.key("arrangedSubviews").index($0), ids: &ids, catalog: catalog)
            }
        }
        // A constrained view takes its size from layout (its intrinsic size when nothing else
        // fixes it), not from sizeToFit.
        let sizesToFit = type != .view && !o.has("frame") && !o.has("bounds") && constraints.isEmpty
        var spec = ViewSpec(
            id: id, type: type, buttonType: buttonType, settings: settings, sizesToFit: sizesToFit, constraints: constraints,
            onTap: onTap, gestures: gestures, subviews: subviews)
        spec.arrangedSubviews = arranged
        return spec
    }
}

extension GestureSpec {
    static let commonKeys = ["type", "id", "enabled", "cancelsTouchesInView", "delaysTouchesEnded", "requireToFail", "onRecognized"]

    /// The keys each kind accepts besides ``commonKeys``: the recognizer's parameters, with
    /// UIKit's names.
    static func keys(for kind: Kind) -> [String] {
        switch kind {
        case .tap: ["numberOfTapsRequired", "numberOfTouchesRequired", "allowableMovement", "maximumIntervalBetweenSuccessiveTaps"]
        case .doubleTap: ["numberOfTouchesRequired", "allowableMovement", "maximumIntervalBetweenSuccessiveTaps"]
        case .longPress: ["minimumPressDuration", "numberOfTouchesRequired", "allowableMovement", "onEnded"]
        case .pan: ["minimumNumberOfTouches", "maximumNumberOfTouches", "hysteresis", "drags", "onEnded"]
        case .swipe: ["direction", "numberOfTouchesRequired", "minimumDistance", "minimumSpeed", "maximumAngle"]
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
        rejectUnknownKeys(o, kind: kind, allowed: allowed)
        let id = declareID(o, catalog: catalog)
        let has = Set(allowed)
        func count(_ key: String, default value: Int) -> Int {
            guard has.contains(key), let v = o[key] else { return value }
            return ViewSetting.wholeNumber(v, at: path.key(key), in: 1...10, issues: issues) ?? value
        }
        func number(_ key: String) -> Double? {
            has.contains(key) ? o.number(key, min: 0) : nil
        }
        var spec = GestureSpec(
            id: id, kind: kind,
            numberOfTapsRequired: kind == .doubleTap ? 2 : count("numberOfTapsRequired", default: 1),
            numberOfTouchesRequired: count("numberOfTouchesRequired", default: 1),
            minimumNumberOfTouches: count("minimumNumberOfTouches", default: 1),
            maximumNumberOfTouches: o["maximumNumberOfTouches"].flatMap {
                has.contains("maximumNumberOfTouches")
                    ? ViewSetting.wholeNumber($0, at: path.key("maximumNumberOfTouches"), in: 1...10, issues: issues) : nil
            },
            allowableMovement: number("allowableMovement"),
            maximumIntervalBetweenSuccessiveTaps: number("maximumIntervalBetweenSuccessiveTaps"),
            minimumPressDuration: number("minimumPressDuration"), hysteresis: number("hysteresis"), directions: [.right],
            minimumDistance: number("minimumDistance"), minimumSpeed: number("minimumSpeed"),
            maximumAngle: has.contains("maximumAngle") ? o.number("maximumAngle", min: 0, max: .pi) : nil,
            cancelsTouchesInView: o.bool("cancelsTouchesInView") ?? true, delaysTouchesEnded: o.bool("delaysTouchesEnded") ?? true,
            isEnabled: o.bool("enabled") ?? true, requireToFail: nil, drags: has.contains("drags") ? o.bool("drags") ?? false : false,
            onRecognized: [], onEnded: [])
        if let maximum = spec.maximumNumberOfTouches, maximum < spec.minimumNumberOfTouches {
            issues.add(
                path.key("maximumNumberOfTouches"),
                "expected maximumNumberOfTouches ≥ minimumNumberOfTouches (\(spec.minimumNumberOfTouches)), got \(maximum)")
        }
        if has.contains("direction"), let d = o["direction"] {
            spec.directions = decodeDirections(d, at: path.key("direction"), issues: issues)
        }
        if let v = o["requireToFail"] {
            spec.requireToFail = catalog.gestureID(v, at: path.key("requireToFail"), besides: id)
        }
        if let v = o["onRecognized"] { spec.onRecognized = ViewAnimationSpec.decodeList(v, at: path.key("onRecognized"), catalog: catalog) }
        if has.contains("onEnded"), let v = o["onEnded"] {
            spec.onEnded = ViewAnimationSpec.decodeList(v, at: path.key("onEnded"), catalog: catalog)
        }
        return spec
    }

    /// Reports each member of `o` that a `kind` gesture does not accept: as another kind's
    /// parameter, or as unknown with a suggestion among `allowed`.
    private static func rejectUnknownKeys(_ o: ObjectReader, kind: Kind, allowed: [String]) {
        for (key, _) in o.members where !allowed.contains(key) {
            let owners = Kind.allCases.filter { keys(for: $0).contains(key) }.map(\.rawValue)
            if let last = owners.last {
                let list = owners.count == 1 ? last : owners.dropLast().joined(separator: ", ") + " and " + last
                o.issues.add(o.path.key(key), "'\(key)' is a parameter of \(list) gestures, not of a \(kind.rawValue) gesture")
            } else {
                var message = "unknown key '\(key)' in a \(kind.rawValue) gesture"
                if let s = suggestion(for: key, among: allowed) { message += " (did you mean '\(s)'?)" }
                o.issues.add(o.path.key(key), message)
            }
        }
    }

    /// The gesture's `"id"`, recorded in the catalog; reports an empty, duplicate or missing id.
    /// Empty when missing.
    private static func declareID(_ o: ObjectReader, catalog: ViewCatalog) -> String {
        guard let given = o.string("id") else {
            if !o.has("id") { o.issues.add(o.path, "missing \"id\" (every gesture needs a unique id, for kinema inspect)") }
            return ""
        }
        if given.isEmpty {
            o.issues.add(o.path.key("id"), "expected a non-empty id")
        } else if catalog.declaredGestureIDs.contains(given) {
            o.issues.add(o.path.key("id"), "duplicate gesture id '\(given)'")
        } else {
            catalog.declaredGestureIDs.insert(given)
        }
        return given
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
