import KinemaGeometry

/// What decoding the `"dynamics"` section and the script's `dynamics` steps needs to know: the
/// view tree (to check that items are inside the reference view), the reference view, and the
/// behaviour ids declared so far (script steps are decoded in time order, so ``live`` holds the
/// behaviours that exist at a step's time).
final class DynamicsCatalog {
    let views: ViewCatalog
    var issues: IssueCollector { views.issues }
    /// Each view's superview id (`nil` for a subview of the window).
    private(set) var superviews: [String: String?] = [:]
    /// The reference view's id, `nil` for the window.
    var referenceView: String?
    /// How messages name the reference view.
    var referenceName: String { referenceView.map { "the reference view '\($0)'" } ?? "the window" }
    /// Behaviours that exist at the time being decoded, by id.
    var live: [String: DynamicBehaviorType] = [:]
    /// Every behaviour id declared so far (ids are unique in the file).
    var declared: Set<String> = []

    init(views: ViewCatalog, specs: [ViewSpec]) {
        self.views = views
        func visit(_ spec: ViewSpec, superview: String?) {
            if superviews[spec.id] == nil { superviews[spec.id] = .some(superview) }
            for child in spec.children { visit(child.spec, superview: spec.id) }
        }
        for spec in specs { visit(spec, superview: nil) }
    }

    /// Whether `id` is `ancestor` or a view inside it (`nil`: the window, which holds every view).
    func isView(_ id: String, inside ancestor: String?) -> Bool {
        guard let ancestor else { return true }
        var node: String? = id
        var steps = 0
        while let n = node, steps < 10_000 {
            if n == ancestor { return true }
            node = superviews[n] ?? nil
            steps += 1
        }
        return false
    }
}

extension DynamicsSpec {
    static let sectionKeys = ["referenceView", "behaviors"]
    static let structuralKeys = ["type", "id", "items", "allSubviewsOf", "boundaries"]

    /// Decodes the top-level `"dynamics"` object at `path`.
    static func decode(_ json: JSONValue, at path: JSONPath, catalog: DynamicsCatalog) -> DynamicsSpec? {
        guard let o = ObjectReader(json, at: path, issues: catalog.issues) else { return nil }
        o.rejectUnknownKeys(allowed: sectionKeys, context: "the dynamics section")
        var spec = DynamicsSpec()
        if let v = o["referenceView"] {
            if v == .string("root") {
                spec.referenceView = nil
            } else if let id = catalog.views.viewID(v, at: path.key("referenceView")) {
                spec.referenceView = id
            }
        }
        catalog.referenceView = spec.referenceView
        if let items = o.array("behaviors") {
            for (i, item) in items.enumerated() {
                if let b = DynamicBehaviorSpec.decode(item, at: path.key("behaviors").index(i), catalog: catalog) {
                    spec.behaviors.append(b)
                }
            }
        }
        return spec
    }
}

extension DynamicsChange {
    static let keys = ["add", "remove", "set"]

    /// Decodes a script step's `"dynamics"` object: its changes in the order add, set, remove.
    static func decode(_ json: JSONValue, at path: JSONPath, catalog: DynamicsCatalog) -> [DynamicsChange] {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return [] }
        o.rejectUnknownKeys(allowed: keys, context: "a dynamics step")
        if !o.members.contains(where: { keys.contains($0.key) }) {
            issues.add(path, "expected \"add\" (a behavior), \"remove\" (a behavior id) or \"set\" ({\"id\": behavior id, …parameters})")
            return []
        }
        var changes: [DynamicsChange] = []
        if let v = o["add"], let spec = DynamicBehaviorSpec.decode(v, at: path.key("add"), catalog: catalog) {
            changes.append(.add(spec))
        }
        if let v = o["set"], let so = ObjectReader(v, at: path.key("set"), issues: issues) {
            if let idValue = so["id"] {
                if let (id, type) = liveBehavior(idValue, at: path.key("set").key("id"), catalog: catalog) {
                    let parameters = DynamicBehaviorSpec.decodeParameters(
                        so, at: path.key("set"), type: type, skipping: ["id"], settingOnly: true, issues: issues)
                    changes.append(.set(id: id, parameters: parameters))
                }
            } else {
                issues.add(path.key("set"), "missing \"id\" (the id of the behavior to change)")
            }
        }
        if let v = o["remove"], let (id, _) = liveBehavior(v, at: path.key("remove"), catalog: catalog) {
            catalog.live[id] = nil
            changes.append(.remove(id))
        }
        return changes
    }

    /// The id and type of the behaviour named at `path`, which must exist at the step's time.
    static func liveBehavior(_ v: JSONValue, at path: JSONPath, catalog: DynamicsCatalog) -> (String, DynamicBehaviorType)? {
        guard case .string(let id) = v else {
            catalog.issues.add(path, "expected a behavior id, got \(v.typeName)")
            return nil
        }
        if let type = catalog.live[id] { return (id, type) }
        var message = "unknown behavior id '\(id)'"
        if catalog.declared.contains(id) {
            message += " (it is not in the animator at this time)"
        } else if let s = suggestion(for: id, among: catalog.live.keys.sorted()) {
            message += " (did you mean '\(s)'?)"
        }
        catalog.issues.add(path, message)
        return nil
    }
}

extension DynamicBehaviorSpec {
    /// What a parameter's value must be.
    enum ValueRule {
        case number(min: Double?, above: Double?, max: Double?)
        case vector
        case nonZeroVector
        case bool
        case choice([String])
        case insets
        /// `[minimum, maximum]` containing 0.
        case rangeAroundZero
        case region
    }

    /// "gravity and push behaviors", for messages.
    static func phrase(_ types: [DynamicBehaviorType]) -> String {
        let names = types.map(\.rawValue)
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        return list + " behaviors"
    }

    /// Decodes one behaviour object at `path`; a new `id` joins the catalog's live behaviours.
    static func decode(_ json: JSONValue, at path: JSONPath, catalog: DynamicsCatalog) -> DynamicBehaviorSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let typeNames = DynamicBehaviorType.allCases.map(\.rawValue).joined(separator: ", ")
        guard o.has("type") else {
            issues.add(path, "missing \"type\" (one of \(typeNames))")
            return nil
        }
        guard let type = o.enumeration("type", DynamicBehaviorType.self) else { return nil }
        var ok = true
        var id: String?
        if let given = o.string("id") {
            if given.isEmpty {
                issues.add(path.key("id"), "expected a non-empty id")
                ok = false
            } else if catalog.declared.contains(given) {
                issues.add(path.key("id"), "duplicate behavior id '\(given)'")
                ok = false
            } else {
                id = given
            }
        } else if o.has("id") {
            ok = false
        }
        let items = decodeItems(o, at: path, type: type, catalog: catalog)
        let parameters = decodeParameters(
            o, at: path, type: type, skipping: DynamicsSpec.structuralKeys, settingOnly: false, issues: issues)
        var boundaries: [DynamicBoundarySpec] = []
        if let v = o["boundaries"] {
            if type == .collision {
                if let b = decodeBoundaries(v, at: path.key("boundaries"), issues: issues) { boundaries = b } else { ok = false }
            } else {
                issues.add(path.key("boundaries"), "'boundaries' is a parameter of collision behaviors, not of a \(type.rawValue) behavior")
                ok = false
            }
        }
        guard let items, ok else { return nil }
        let spec = DynamicBehaviorSpec(id: id, type: type, items: items, parameters: parameters, boundaries: boundaries)
        guard checkRequirements(spec, at: path, given: o.members.map(\.key), issues: issues) else { return nil }
        if let id {
            catalog.declared.insert(id)
            catalog.live[id] = type
        }
        return spec
    }

    /// `"items"` or `"allSubviewsOf"`, checked against the reference view and the behaviour's
    /// item count.
    static func decodeItems(
        _ o: ObjectReader, at path: JSONPath, type: DynamicBehaviorType, catalog: DynamicsCatalog
    )
        -> DynamicItemSelection?
    {
        let issues = catalog.issues
        switch (o["items"], o["allSubviewsOf"]) {
        case (.some, .some):
            issues.add(path, "give either \"items\" (view ids) or \"allSubviewsOf\" (a view id), not both")
            return nil
        case (nil, nil):
            issues.add(path, "missing \"items\" (an array of view ids) or \"allSubviewsOf\" (a view id)")
            return nil
        case (nil, .some(let v)):
            return decodeAllSubviewsOf(v, at: path.key("allSubviewsOf"), type: type, catalog: catalog)
        case (.some(let v), nil):
            return decodeItemList(v, at: path.key("items"), type: type, catalog: catalog)
        }
    }

    /// `"allSubviewsOf"`: a view inside the reference view, or `root` without one.
    private static func decodeAllSubviewsOf(
        _ v: JSONValue, at p: JSONPath, type: DynamicBehaviorType, catalog: DynamicsCatalog
    ) -> DynamicItemSelection? {
        let issues = catalog.issues, reference = catalog.referenceView, referenceName = catalog.referenceName
        if type == .snap || type == .attachment {
            issues.add(p, "a \(type.rawValue) behavior takes \"items\", not \"allSubviewsOf\"")
            return nil
        }
        if v == .string("root") {
            guard reference == nil else {
                issues.add(p, "'root' (the window) is outside \(referenceName)")
                return nil
            }
            return .allSubviews(of: "root")
        }
        guard let id = catalog.views.viewID(v, at: p) else { return nil }
        guard catalog.isView(id, inside: reference) else {
            issues.add(p, "'\(id)' is not inside \(referenceName)")
            return nil
        }
        return .allSubviews(of: id)
    }

    /// `"items"`: distinct views inside the reference view, as many as the behaviour takes.
    private static func decodeItemList(
        _ v: JSONValue, at p: JSONPath, type: DynamicBehaviorType, catalog: DynamicsCatalog
    ) -> DynamicItemSelection? {
        let issues = catalog.issues, reference = catalog.referenceView, referenceName = catalog.referenceName
        guard case .array(let list) = v else {
            issues.add(p, "expected an array of view ids, got \(v.typeName)")
            return nil
        }
        var ids: [String] = []
        var ok = true
        for (i, item) in list.enumerated() {
            guard let id = catalog.views.viewID(item, at: p.index(i)) else {
                ok = false
                continue
            }
            if id == reference {
                issues.add(p.index(i), "'\(id)' is the reference view; it cannot be an item")
                ok = false
            } else if !catalog.isView(id, inside: reference) {
                issues.add(p.index(i), "'\(id)' is not inside \(referenceName)")
                ok = false
            } else if ids.contains(id) {
                issues.add(p.index(i), "'\(id)' is listed twice")
                ok = false
            } else {
                ids.append(id)
            }
        }
        guard ok else { return nil }
        if type == .snap && ids.count != 1 {
            issues.add(p, "a snap behavior takes exactly 1 item, got \(ids.count)")
            return nil
        }
        if type == .attachment && !(1...2).contains(ids.count) {
            issues.add(p, "an attachment takes 1 or 2 items, got \(ids.count)")
            return nil
        }
        return .items(ids)
    }

    /// The members of `o` other than `skipping`, as parameters of a `type` behaviour. With
    /// `settingOnly`, parameters fixed at creation are errors.
    static func decodeParameters(
        _ o: ObjectReader, at path: JSONPath, type: DynamicBehaviorType, skipping: [String], settingOnly: Bool,
        issues: IssueCollector
    ) -> [DynamicParameter] {
        let allowed = DynamicParameterName.allCases.filter {
            let d = $0.declaration
            return d.use(by: type) != nil && (!settingOnly || d.settable)
        }.map(\.rawValue)
        var out: [DynamicParameter] = []
        for (key, value) in o.members where !skipping.contains(key) {
            let p = path.key(key)
            guard let name = DynamicParameterName(rawValue: key) else {
                var message = "unknown key '\(key)' in \(settingOnly ? "a dynamics set" : "a \(type.rawValue) behavior")"
                if let s = suggestion(for: key, among: allowed + (settingOnly ? ["id"] : skipping)) { message += " (did you mean '\(s)'?)" }
                issues.add(p, message)
                continue
            }
            let declaration = name.declaration
            guard let use = declaration.use(by: type) else {
                issues.add(p, "'\(key)' is a parameter of \(phrase(declaration.uses.map(\.type))), not of a \(type.rawValue) behavior")
                continue
            }
            if settingOnly && !declaration.settable {
                issues.add(p, "'\(key)' is fixed when the behavior is made (remove it and add a new one)")
                continue
            }
            if let v = parseValue(value, rule: use.rule, at: p, issues: issues) {
                out.append(DynamicParameter(name: name, value: v))
            }
        }
        return out
    }

    static func parseValue(_ v: JSONValue, rule: ValueRule, at path: JSONPath, issues: IssueCollector) -> DynamicValue? {
        let parser = ValueParser(issues: issues)
        switch rule {
        case .number(let lower, let above, let upper):
            return parser.number(v, at: path, min: lower, above: above, max: upper).map(DynamicValue.number)
        case .vector:
            return parser.point(v, at: path).map(DynamicValue.vector)
        case .nonZeroVector:
            guard let p = parser.point(v, at: path) else { return nil }
            if p.x == 0 && p.y == 0 {
                issues.add(path, "expected a non-zero vector")
                return nil
            }
            return .vector(p)
        case .bool:
            return SingleValue(value: v, path: path, issues: issues).bool().map(DynamicValue.bool)
        case .choice(let names):
            guard let s = SingleValue(value: v, path: path, issues: issues).string() else { return nil }
            if names.contains(s) { return .name(s) }
            var message = "unknown value '\(s)' (expected one of \(names.joined(separator: ", ")))"
            if let guess = suggestion(for: s, among: names) { message += "; did you mean '\(guess)'?" }
            issues.add(path, message)
            return nil
        case .insets:
            return parser.numbers(v, at: path, count: 4, what: "numbers [top, left, bottom, right]").map {
                .insets(EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]))
            }
        case .rangeAroundZero:
            guard let n = parser.numbers(v, at: path, count: 2, what: "numbers [minimum, maximum]") else { return nil }
            guard n[0] <= 0 && 0 <= n[1] else {
                issues.add(
                    path,
                    "expected a range [minimum, maximum] that contains 0, got [\(JSONWriter.number(n[0])), \(JSONWriter.number(n[1]))]")
                return nil
            }
            return .range(n[0], n[1])
        case .region:
            if v == .string("infinite") { return .region(.infinite) }
            guard case .object = v, let o = ObjectReader(v, at: path, issues: issues) else {
                issues.add(path, "expected \"infinite\", {\"radius\": r} or {\"size\": [width, height]}, got \(v.typeName)")
                return nil
            }
            o.rejectUnknownKeys(allowed: ["radius", "size"], context: "a region")
            switch (o["radius"], o["size"]) {
            case (.some, nil): return o.number("radius", min: 0).map { .region(.radius($0)) }
            case (nil, .some(let s)): return parser.size(s, at: path.key("size"), nonNegative: true).map { .region(.size($0)) }
            default:
                issues.add(path, "expected either \"radius\" or \"size\" in a region")
                return nil
            }
        }
    }

    static func decodeBoundaries(_ v: JSONValue, at path: JSONPath, issues: IssueCollector) -> [DynamicBoundarySpec]? {
        guard case .array(let list) = v else {
            issues.add(path, "expected an array of boundaries, got \(v.typeName)")
            return nil
        }
        let parser = ValueParser(issues: issues)
        var out: [DynamicBoundarySpec] = []
        var ok = true
        for (i, item) in list.enumerated() {
            let p = path.index(i)
            guard let o = ObjectReader(item, at: p, issues: issues) else {
                ok = false
                continue
            }
            o.rejectUnknownKeys(allowed: ["id", "from", "to", "path"], context: "a boundary")
            let id = o.string("id")
            if id == nil && !o.has("id") { issues.add(p, "missing \"id\" (the boundary's identifier)") }
            if let id, id.isEmpty { issues.add(p.key("id"), "expected a non-empty id") }
            if let id, out.contains(where: { $0.id == id }) { issues.add(p.key("id"), "duplicate boundary id '\(id)'") }
            var shape: DynamicBoundarySpec.Shape?
            switch (o["from"] ?? o["to"], o["path"]) {
            case (.some, .some):
                issues.add(p, "give either \"from\" and \"to\" (a segment) or \"path\", not both")
            case (nil, nil):
                issues.add(p, "missing \"from\" and \"to\" ([x, y] points of a segment) or \"path\" (SVG path data)")
            case (nil, .some(let pv)):
                shape = parser.path(pv, at: p.key("path")).map(DynamicBoundarySpec.Shape.path)
            case (.some, nil):
                let from = o["from"].flatMap { parser.point($0, at: p.key("from")) }
                let to = o["to"].flatMap { parser.point($0, at: p.key("to")) }
                if !o.has("from") { issues.add(p, "missing \"from\" (the segment's first point)") }
                if !o.has("to") { issues.add(p, "missing \"to\" (the segment's second point)") }
                if let from, let to {
                    if from == to {
                        issues.add(p.key("to"), "expected a point other than \"from\" (a segment needs a length)")
                    } else {
                        shape = .segment(from: from, to: to)
                    }
                }
            }
            guard let id, !id.isEmpty, let shape, !out.contains(where: { $0.id == id }) else {
                ok = false
                continue
            }
            out.append(DynamicBoundarySpec(id: id, shape: shape))
        }
        return ok ? out : nil
    }

    /// Whether `spec` has the parameter `name`; when it does not, reports it as missing (saying
    /// `what` it is) unless it was written and already reported as invalid.
    private static func has(
        _ name: DynamicParameterName, _ what: String, in spec: DynamicBehaviorSpec, at path: JSONPath, given: [String],
        issues: IssueCollector
    ) -> Bool {
        guard spec.value(of: name) == nil else { return true }
        if !given.contains(name.rawValue) { issues.add(path, "missing \"\(name.rawValue)\" (\(what))") }
        return false
    }

    /// What each behaviour needs: every parameter whose row says the behaviour requires it (a
    /// snap its point, an attachment its anchor and axis as its kind asks, a field its kind and a
    /// direction for linear gravity and velocity fields), and the items and anchor an
    /// attachment's kind allows. `given` holds the keys written (a parameter that is there but
    /// invalid is reported once).
    static func checkRequirements(_ spec: DynamicBehaviorSpec, at path: JSONPath, given: [String], issues: IssueCollector) -> Bool {
        var ok = spec.type != .attachment || checkAttachmentItems(spec, at: path, issues: issues)
        for name in DynamicParameterName.allCases {
            guard let what = name.declaration.requirement(spec) else { continue }
            if !has(name, what, in: spec, at: path, given: given, issues: issues) { ok = false }
        }
        if spec.type == .attachment && spec.attachmentKind != .sliding && spec.value(of: .axisOfTranslation) != nil {
            issues.add(path.key("axisOfTranslation"), "only a sliding attachment has an axis of translation")
            ok = false
        }
        return ok
    }

    /// The items and anchor an attachment's kind allows: two items for a pin, fixed or limit
    /// attachment, no anchor between two items of a default attachment or on a limit one.
    private static func checkAttachmentItems(_ spec: DynamicBehaviorSpec, at path: JSONPath, issues: IssueCollector) -> Bool {
        let kind = spec.attachmentKind, count = spec.itemCount
        let hasAnchor = spec.value(of: .anchor) != nil
        var ok = true
        switch kind {
        case .default:
            if count == 2 && hasAnchor {
                issues.add(
                    path.key("anchor"),
                    "an attachment between two items has no anchor (use offsetFromCenter and attachedOffsetFromCenter)")
                ok = false
            }
        case .pin, .fixed, .limit:
            if count != 2 {
                issues.add(path.key("items"), "a \(kind.rawValue) attachment takes 2 items, got \(count)")
                ok = false
            }
            if kind == .limit && hasAnchor {
                issues.add(path.key("anchor"), "a limit attachment joins two items and has no anchor")
                ok = false
            }
        case .sliding:
            break
        }
        return ok
    }
}
