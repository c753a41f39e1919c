/// Reads one JSON value at a path, reporting a wrong type (or an unknown enum value, with a
/// suggestion) at that path.
struct SingleValue {
    let value: JSONValue
    let path: JSONPath
    let issues: IssueCollector

    func string() -> String? {
        guard case .string(let s) = value else {
            issues.add(path, "expected a string, got \(value.typeName)")
            return nil
        }
        return s
    }

    func bool() -> Bool? {
        guard case .bool(let b) = value else {
            issues.add(path, "expected true or false, got \(value.typeName)")
            return nil
        }
        return b
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> E? where E.RawValue == String {
        name(among: E.allCases.map(\.rawValue)).flatMap(E.init(rawValue:))
    }

    /// One of `names`, or `nil` with the problem reported (with a suggestion).
    func name(among names: [String]) -> String? {
        guard let s = string() else { return nil }
        if names.contains(s) { return s }
        var message = "unknown value '\(s)' (expected one of \(names.joined(separator: ", ")))"
        if let guess = suggestion(for: s, among: names) { message += "; did you mean '\(guess)'?" }
        issues.add(path, message)
        return nil
    }
}
