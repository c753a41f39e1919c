import KinemaGeometry
import KinemaJSON

/// Reads the members of one object of a scene file (`JSONObjectReader`, reporting to the scene's
/// `IssueCollector`), with the scene format's typed reads.
typealias ObjectReader = JSONObjectReader<IssueCollector>

extension JSONObjectReader where Reporter == IssueCollector {
    /// Reads `json` as an object; reports and returns `nil` when it is not one.
    init?(_ json: JSONValue, at path: JSONPath, issues: IssueCollector) {
        self.init(json, at: path, reporter: issues)
    }

    /// Where problems go.
    var issues: IssueCollector { reporter }

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
}
