import Testing

@testable import KinemaScenes

/// Each behaviour parameter is one row (``DynamicParameterName/declaration``): the behaviour
/// types that accept it, the value each takes, whether a `set` may change it and how it is set.
/// Decoding reads the row alone.
@Suite("Dynamics parameter table")
struct DynamicParameterTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: DynamicParameterName
        let type: DynamicBehaviorType
        var testDescription: String { "\(name.rawValue) on \(type.rawValue)" }
    }

    static let cases = DynamicParameterName.allCases.flatMap { name in
        DynamicBehaviorType.allCases.map { Case(name: name, type: $0) }
    }

    /// A value the rule accepts.
    static func validValue(for rule: DynamicBehaviorSpec.ValueRule) -> JSONValue {
        switch rule {
        case .number(let lower, let above, let upper): .number(Swift.min(upper ?? 1, (lower ?? above.map { $0 + 1 } ?? 0) + 0.3))
        case .vector, .nonZeroVector: .array([.number(3), .number(4)])
        case .bool: .bool(false)
        case .choice(let names): .string(names[names.count - 1])
        case .insets: .array([1, 2, 3, 4].map(JSONValue.number))
        case .rangeAroundZero: .array([.number(-1), .number(2)])
        case .region: .object([("radius", .number(10))])
        }
    }

    /// The parameters and issues decoding `{name: value}` for a `type` behaviour gives.
    static func decode(
        _ name: DynamicParameterName, _ value: JSONValue, type: DynamicBehaviorType, settingOnly: Bool
    ) throws -> (parameters: [DynamicParameter], issues: [String]) {
        let issues = IssueCollector()
        let o = try #require(ObjectReader(.object([(name.rawValue, value)]), at: .root, issues: issues))
        let parameters = DynamicBehaviorSpec.decodeParameters(
            o, at: .root, type: type, skipping: [], settingOnly: settingOnly, issues: issues)
        return (parameters, issues.issues.map(\.description))
    }

    @Test("a parameter decodes for the types its row lists, and names them for any other", arguments: cases)
    func acceptedByItsTypes(c: Case) throws {
        let declaration = c.name.declaration
        let rule = declaration.uses.first?.rule ?? .bool
        let (parameters, issues) = try Self.decode(c.name, Self.validValue(for: rule), type: c.type, settingOnly: false)
        if let use = declaration.use(by: c.type) {
            let (ownParameters, ownIssues) = try Self.decode(c.name, Self.validValue(for: use.rule), type: c.type, settingOnly: false)
            #expect(ownIssues == [])
            #expect(ownParameters.map(\.name) == [c.name])
        } else {
            #expect(parameters.isEmpty)
            let owners = DynamicBehaviorSpec.phrase(declaration.uses.map(\.type))
            #expect(
                issues == ["\(c.name.rawValue): '\(c.name.rawValue)' is a parameter of \(owners), not of a \(c.type.rawValue) behavior"])
        }
    }

    @Test("a set changes what its row lets it change, and nothing fixed when the behavior is made", arguments: cases)
    func settable(c: Case) throws {
        let declaration = c.name.declaration
        guard let use = declaration.use(by: c.type) else { return }
        let (parameters, issues) = try Self.decode(c.name, Self.validValue(for: use.rule), type: c.type, settingOnly: true)
        if declaration.settable {
            #expect(issues == [] && parameters.count == 1)
            #expect(use.apply != nil, "a parameter a set may change needs a setter, or the set does nothing")
        } else {
            #expect(issues == ["\(c.name.rawValue): '\(c.name.rawValue)' is fixed when the behavior is made (remove it and add a new one)"])
            #expect(use.apply == nil, "a parameter fixed when the behavior is made is read by make(_:items:) only")
        }
    }

    @Test("every parameter belongs to a behavior type, each type once")
    func rowsAreWellFormed() {
        for name in DynamicParameterName.allCases {
            let types = name.declaration.uses.map(\.type)
            #expect(!types.isEmpty, "\(name.rawValue)")
            #expect(Set(types).count == types.count, "\(name.rawValue)")
        }
    }
}
