import KinemaUI

extension ConstraintSpec {
    /// An example of the grammar, for messages.
    static let example = "\"card.top == superview.top + 20\""

    /// Decodes one element of a view's `"constraints"`: a constraint string, or
    /// `{"id": …, "constraint": …}`. Reports a string off the grammar with what was expected
    /// where, an unknown view id or attribute, attributes that cannot be related, a priority
    /// outside 1…1000, and a duplicate id; returns `nil` after any of them.
    static func decode(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog) -> ConstraintSpec? {
        let issues = catalog.issues
        switch json {
        case .string(let text):
            return decode(text, id: nil, at: path, catalog: catalog)
        case .object:
            guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
            o.rejectUnknownKeys(allowed: ["id", "constraint"], context: "a constraint")
            let id = declareID(o, catalog: catalog)
            guard o.has("constraint") else {
                issues.add(path, "missing \"constraint\" (a string such as \(example))")
                return nil
            }
            guard let text = o.string("constraint") else { return nil }
            return decode(text, id: id, at: path.key("constraint"), catalog: catalog)
        default:
            issues.add(path, "expected a constraint string such as \(example) or {\"id\": …, \"constraint\": …}, got \(json.typeName)")
            return nil
        }
    }

    /// The constraint `text` reads, reporting its problems at `path`.
    private static func decode(_ text: String, id: String?, at path: JSONPath, catalog: ViewCatalog) -> ConstraintSpec? {
        let issues = catalog.issues
        let parsed: ConstraintGrammar.Parsed
        switch ConstraintGrammar.parse(text) {
        case .success(let p): parsed = p
        case .failure(let error):
            issues.add(path, error.message)
            return nil
        }
        let before = issues.issues.count
        let firstItem = item(parsed.first.item, at: path, catalog: catalog)
        let firstAttribute = attribute(parsed.first.attribute, at: path, issues: issues)
        let secondItem = parsed.second.flatMap { item($0.item, at: path, catalog: catalog) }
        let secondAttribute = parsed.second.flatMap { attribute($0.attribute, at: path, issues: issues) }
        let multiplier = parsed.multiplier ?? 1
        for (item, attribute) in [(firstItem, firstAttribute), (secondItem, secondAttribute)] {
            guard let item, let attribute, item == .safeArea || item == .margins,
                attribute == .firstBaseline || attribute == .lastBaseline
            else { continue }
            issues.add(
                path, "'\(item == .safeArea ? "safeArea" : "margins")' is a layout guide and has no \(attribute.rawValue); use its edges")
        }
        if let firstAttribute, parsed.second == nil || secondAttribute != nil,
            let problem = LayoutConstraint.problem(firstAttribute, secondAttribute, multiplier: multiplier, constant: parsed.constant)
        {
            issues.add(path, problem)
        }
        if let p = parsed.priority, !(1...1000).contains(p) {
            issues.add(path, "expected a priority from 1 to 1000, got \(format(p))")
        }
        guard issues.issues.count == before, let firstItem, let firstAttribute else { return nil }
        return ConstraintSpec(
            id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: parsed.relation, secondItem: secondItem,
            secondAttribute: secondAttribute ?? .notAnAttribute, multiplier: multiplier, constant: parsed.constant,
            priority: LayoutPriority(Float(parsed.priority ?? 1000)))
    }

    /// The item `name` names: a keyword, or a view of the scene; `nil` with an issue otherwise.
    private static func item(_ name: String, at path: JSONPath, catalog: ViewCatalog) -> Item? {
        switch name {
        case "superview": return .superview
        case "safeArea": return .safeArea
        case "margins": return .margins
        default: break
        }
        if catalog.isView(name) { return .view(name) }
        if catalog.layerIDs.contains(name) {
            catalog.issues.add(path, "'\(name)' is a layer, not a view (constraints relate views, and the superview's guides)")
            return nil
        }
        var message = "unknown view id '\(name)'"
        if let s = suggestion(for: name, among: itemKeywords + catalog.viewIDs) { message += " (did you mean '\(s)'?)" }
        catalog.issues.add(path, message)
        return nil
    }

    /// The attribute `name` names, among ``attributes``; `nil` with an issue otherwise.
    private static func attribute(_ name: String, at path: JSONPath, issues: IssueCollector) -> LayoutConstraint.Attribute? {
        if let a = attributes.first(where: { $0.rawValue == name }) { return a }
        if let plain = marginAttributes[name] {
            issues.add(path, "'\(name)' is not a scene attribute; for the superview's margins write margins.\(plain)")
            return nil
        }
        let names = attributes.map(\.rawValue)
        var message = "unknown attribute '\(name)' (expected one of \(names.joined(separator: ", ")))"
        if let s = suggestion(for: name, among: names) { message += "; did you mean '\(s)'?" }
        issues.add(path, message)
        return nil
    }

    /// UIKit's margin attributes, which a scene writes as the margins guide's.
    private static let marginAttributes = [
        "leftMargin": "left", "rightMargin": "right", "topMargin": "top", "bottomMargin": "bottom", "leadingMargin": "leading",
        "trailingMargin": "trailing", "centerXWithinMargins": "centerX", "centerYWithinMargins": "centerY",
    ]

    /// The constraint's `"id"`, recorded in the catalog; reports an empty or duplicate id.
    /// `nil` when missing or unusable.
    private static func declareID(_ o: ObjectReader, catalog: ViewCatalog) -> String? {
        guard o.has("id") else { return nil }
        guard let given = o.string("id") else { return nil }
        if given.isEmpty {
            o.issues.add(o.path.key("id"), "expected a non-empty id")
            return nil
        }
        if catalog.declaredConstraintIDs.contains(given) {
            o.issues.add(o.path.key("id"), "duplicate constraint id '\(given)'")
            return nil
        }
        catalog.declaredConstraintIDs.insert(given)
        return given
    }

    /// `750`, `0.5`: a number as the grammar writes it.
    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
