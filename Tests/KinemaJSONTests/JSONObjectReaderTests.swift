import KinemaJSON
import Testing

/// An object's keys, the keys allowed, and the problems `rejectUnknownKeys` must report.
struct UnknownKeyCase: CustomTestStringConvertible, Sendable {
    let name: String
    let keys: [String]
    let allowed: [String]
    let expected: [JSONProblem]
    var testDescription: String { name }

    static let at = JSONPath.root.key("layers").index(0)

    static let all: [UnknownKeyCase] = [
        UnknownKeyCase(name: "only known keys", keys: ["id", "opacity"], allowed: ["id", "opacity", "position"], expected: []),
        UnknownKeyCase(
            name: "a typo with a suggestion", keys: ["id", "opacty"], allowed: ["id", "opacity"],
            expected: [JSONProblem(path: "layers[0].opacty", message: "unknown key 'opacty' in a layer (did you mean 'opacity'?)")]),
        UnknownKeyCase(
            name: "an unknown key with no close one", keys: ["zzzzzzzz"], allowed: ["id", "opacity"],
            expected: [JSONProblem(path: "layers[0].zzzzzzzz", message: "unknown key 'zzzzzzzz' in a layer")]),
        UnknownKeyCase(
            name: "a key that needs quotes", keys: ["op acity"], allowed: ["opacity"],
            expected: [
                JSONProblem(path: #"layers[0]["op acity"]"#, message: "unknown key 'op acity' in a layer (did you mean 'opacity'?)")
            ]),
        UnknownKeyCase(
            name: "every unknown key, in document order", keys: ["b", "id", "a"], allowed: ["id"],
            expected: [
                JSONProblem(path: "layers[0].b", message: "unknown key 'b' in a layer (did you mean 'id'?)"),
                JSONProblem(path: "layers[0].a", message: "unknown key 'a' in a layer (did you mean 'id'?)"),
            ]),
    ]
}

@Suite("JSONObjectReader")
struct JSONObjectReaderTests {
    @Test("reports unknown keys at their paths, with a suggestion when one is close", arguments: UnknownKeyCase.all)
    func unknownKeys(_ c: UnknownKeyCase) throws {
        let collector = JSONProblemCollector()
        let json = JSONValue.object(c.keys.map { ($0, .number(1)) })
        let reader = try #require(JSONObjectReader(json, at: UnknownKeyCase.at, reporter: collector))
        reader.rejectUnknownKeys(allowed: c.allowed, context: "a layer")
        #expect(collector.problems == c.expected)
    }

    @Test(
        "reports a value that is not an object, and reads nothing",
        arguments: [
            (JSONValue.array([]), "an array"), (.string("box"), "a string"), (.number(2), "a number"), (.bool(true), "a Boolean"),
            (.null, "null"),
        ])
    func notAnObject(_ json: JSONValue, typeName: String) {
        let collector = JSONProblemCollector()
        #expect(JSONObjectReader(json, at: .root.key("views").index(3), reporter: collector) == nil)
        #expect(collector.problems == [JSONProblem(path: "views[3]", message: "expected an object, got \(typeName)")])
    }

    @Test("reads members by key: the first of a repeated key; arrays, or a problem when the member is not one")
    func members() throws {
        let collector = JSONProblemCollector()
        let json = JSONValue.object([
            ("id", .string("box")), ("id", .string("second")), ("sublayers", .array([.number(1)])), ("animations", .string("none")),
        ])
        let reader = try #require(JSONObjectReader(json, at: .root, reporter: collector))
        #expect(reader["id"] == .string("box"))
        #expect(reader.has("sublayers"))
        #expect(!reader.has("opacity"))
        #expect(reader["opacity"] == nil)
        #expect(reader.array("sublayers") == [.number(1)])
        #expect(reader.array("missing") == nil)
        #expect(collector.problems.isEmpty)
        #expect(reader.array("animations") == nil)
        #expect(collector.problems == [JSONProblem(path: "animations", message: "expected an array, got a string")])
    }
}
