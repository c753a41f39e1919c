/// Reads the members of one JSON object, reporting wrong types and, when asked, unknown keys
/// with a "did you mean" suggestion.
///
/// Decoders add typed reads (numbers in a range, enumerations, …) in extensions constrained to
/// their own `Reporter`.
package struct JSONObjectReader<Reporter: JSONProblemReporting> {
    /// The object's members, in document order.
    package let members: [(key: String, value: JSONValue)]
    /// Where the object is.
    package let path: JSONPath
    /// Where problems go.
    package let reporter: Reporter

    /// Reads `json` as an object; reports `expected an object, got …` at `path` and returns
    /// `nil` when it is not one.
    package init?(_ json: JSONValue, at path: JSONPath, reporter: Reporter) {
        guard case .object(let members) = json else {
            reporter.add(path, "expected an object, got \(json.typeName)")
            return nil
        }
        self.members = members
        self.path = path
        self.reporter = reporter
    }

    /// The value of the first member named `key`, or `nil`.
    package subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// Whether the object has a member named `key`.
    package func has(_ key: String) -> Bool { self[key] != nil }

    /// Reports every member whose key is not in `allowed`: `unknown key 'KEY' in CONTEXT`, with
    /// ` (did you mean 'KNOWN'?)` when a known key is a likely typo of it.
    package func rejectUnknownKeys(allowed: [String], context: String) {
        for (key, _) in members where !allowed.contains(key) {
            var message = "unknown key '\(key)' in \(context)"
            if let known = suggestion(for: key, among: allowed) { message += " (did you mean '\(known)'?)" }
            reporter.add(path.key(key), message)
        }
    }

    /// The member `key` as an array; `nil` when it is missing, and with a problem reported when
    /// it is not an array.
    package func array(_ key: String) -> [JSONValue]? {
        guard let value = self[key] else { return nil }
        guard case .array(let items) = value else {
            reporter.add(path.key(key), "expected an array, got \(value.typeName)")
            return nil
        }
        return items
    }
}
