/// What view decoding needs to know about the whole file: every view id with its type (found
/// before any view is decoded, so a button's `onTap` can animate a view declared after it), the
/// layer ids (to tell "that is a layer" from a typo), the gesture and constraint ids, and where
/// the scene's files are.
final class ViewCatalog {
    let issues: IssueCollector
    let directory: String?
    /// Every view the file declares, by id (the first declaration of an id wins).
    private(set) var types: [String: SceneViewType] = [:]
    /// Layer ids that are not views.
    var layerIDs: Set<String> = []
    /// Every gesture id the file declares (found by ``scan(_:)``).
    private(set) var gestureIDs: Set<String> = []
    /// Gesture ids decoded so far (to report duplicates).
    var declaredGestureIDs: Set<String> = []
    /// Every constraint id the file declares (found by ``scan(_:)``), for script changes.
    private(set) var constraintIDs: Set<String> = []
    /// Constraint ids decoded so far (to report duplicates).
    var declaredConstraintIDs: Set<String> = []
    /// The dynamics behaviours declared so far and the view tree they check items against.
    /// Weak: that catalog refers to this one, and the decoder holds both while it decodes.
    weak var dynamics: DynamicsCatalog?

    init(issues: IssueCollector, directory: String?) {
        self.issues = issues
        self.directory = directory
    }

    /// Records the id and type of every view in `views` (the top-level `"views"` value) and
    /// their subviews, without reporting anything: decoding reports the problems.
    func scan(_ views: JSONValue?) {
        guard case .array(let items)? = views else { return }
        for item in items {
            guard case .string(let id)? = item["id"], !id.isEmpty else { continue }
            var type = SceneViewType.view
            if case .string(let t)? = item["type"], let known = SceneViewType(rawValue: t) { type = known }
            if types[id] == nil { types[id] = type }
            if case .array(let gestures)? = item["gestures"] {
                for case .string(let g)? in gestures.map({ $0["id"] }) where !g.isEmpty { gestureIDs.insert(g) }
            }
            if case .array(let constraints)? = item["constraints"] {
                for case .object(let members) in constraints {
                    if case .string(let c)? = members.first(where: { $0.key == "id" })?.value, !c.isEmpty { constraintIDs.insert(c) }
                }
            }
            scan(item["subviews"])
            scan(item["arrangedSubviews"])
        }
    }

    /// The id of a view named at `path`, or `nil` with an issue: not a string, a layer's id, or
    /// unknown (with a suggestion).
    func viewID(_ v: JSONValue, at path: JSONPath) -> String? {
        guard case .string(let id) = v else {
            issues.add(path, "expected a view id, got \(v.typeName)")
            return nil
        }
        if types[id] != nil { return id }
        if layerIDs.contains(id) {
            issues.add(path, "'\(id)' is a layer, not a view (views are declared in \"views\"; change a layer with a \"set\" step)")
            return nil
        }
        var message = "unknown view id '\(id)'"
        if let s = suggestion(for: id, among: types.keys.sorted()) { message += " (did you mean '\(s)'?)" }
        issues.add(path, message)
        return nil
    }

    func type(of id: String) -> SceneViewType { types[id] ?? .view }

    /// Whether the file declares a view `id`.
    func isView(_ id: String) -> Bool { types[id] != nil }

    /// Every view id, sorted (for suggestions).
    var viewIDs: [String] { types.keys.sorted() }

    /// The id of a constraint named at `path` (a script change), or `nil` with an issue: not a
    /// string, or unknown (with a suggestion).
    func constraintID(_ v: JSONValue, at path: JSONPath) -> String? {
        guard case .string(let id) = v else {
            issues.add(path, "expected a constraint id, got \(v.typeName)")
            return nil
        }
        if constraintIDs.contains(id) { return id }
        var message = "unknown constraint id '\(id)'"
        if let s = suggestion(for: id, among: constraintIDs.sorted()) {
            message += " (did you mean '\(s)'?)"
        } else if constraintIDs.isEmpty {
            message += " (a constraint gets an id in its view's \"constraints\": {\"id\": …, \"constraint\": …})"
        }
        issues.add(path, message)
        return nil
    }

    /// The id of another gesture named at `path`, or `nil` with an issue.
    func gestureID(_ v: JSONValue, at path: JSONPath, besides own: String) -> String? {
        guard case .string(let id) = v else {
            issues.add(path, "expected a gesture id, got \(v.typeName)")
            return nil
        }
        if id == own {
            issues.add(path, "a gesture cannot wait for itself to fail")
            return nil
        }
        if gestureIDs.contains(id) { return id }
        var message = "unknown gesture id '\(id)'"
        if let s = suggestion(for: id, among: gestureIDs.sorted()) { message += " (did you mean '\(s)'?)" }
        issues.add(path, message)
        return nil
    }
}
