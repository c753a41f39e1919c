import KinemaGeometry

/// Reads the members of one JSON object, reporting wrong types and, at the end, unknown keys
/// with a "did you mean" suggestion.
struct ObjectReader {
    let members: [(key: String, value: JSONValue)]
    let path: JSONPath
    let issues: IssueCollector

    /// Reads `json` as an object; reports and returns `nil` when it is not one.
    init?(_ json: JSONValue, at path: JSONPath, issues: IssueCollector) {
        guard case .object(let members) = json else {
            issues.add(path, "expected an object, got \(json.typeName)")
            return nil
        }
        self.members = members
        self.path = path
        self.issues = issues
    }

    subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// Reports every member whose key is not in `allowed`.
    func rejectUnknownKeys(allowed: [String], context: String) {
        for (key, _) in members where !allowed.contains(key) {
            var message = "unknown key '\(key)' in \(context)"
            if let s = suggestion(for: key, among: allowed) { message += " (did you mean '\(s)'?)" }
            issues.add(path.key(key), message)
        }
    }

    func number(_ key: String, min lower: Double? = nil, above strictLower: Double? = nil, max upper: Double? = nil) -> Double? {
        guard let v = self[key] else { return nil }
        return ValueParser(issues: issues).number(v, at: path.key(key), min: lower, above: strictLower, max: upper)
    }

    func bool(_ key: String) -> Bool? {
        self[key].flatMap { SingleValue(value: $0, path: path.key(key), issues: issues).bool() }
    }

    func string(_ key: String) -> String? {
        self[key].flatMap { SingleValue(value: $0, path: path.key(key), issues: issues).string() }
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) -> E? where E.RawValue == String {
        self[key].flatMap { SingleValue(value: $0, path: path.key(key), issues: issues).enumeration(type) }
    }

    func array(_ key: String) -> [JSONValue]? {
        guard let v = self[key] else { return nil }
        guard case .array(let items) = v else {
            issues.add(path.key(key), "expected an array, got \(v.typeName)")
            return nil
        }
        return items
    }
}
