import KinemaScenes
import Testing

/// Scene-file text built from parts, so each test spells out only what it is about.
///
/// The root is 200 × 100 points (width ≠ height, so swapped axes fail).
func sceneJSON(layers: String = "[]", script: String = "[]", extra: String = "") -> String {
    """
    {"kinema": 1, "size": [200, 100]\(extra.isEmpty ? "" : ", " + extra), "layers": \(layers), "script": \(script)}
    """
}

/// A scene with one plain layer `box` at position (7, 20), 40 × 30 points, carrying `animations`
/// (a JSON array) and any `more` layer members.
func boxScene(animations: String = "[]", more: String = "", script: String = "[]") -> String {
    sceneJSON(
        layers: """
            [{"id": "box", "position": [7, 20], "bounds": [0, 0, 40, 30]\(more.isEmpty ? "" : ", " + more), "animations": \(animations)}]
            """,
        script: script)
}

/// The issues `SceneDocument.decode` reports for `text`, or `nil` when it decodes.
func decodeIssues(_ text: String) -> [SceneIssue]? {
    do {
        _ = try SceneDocument.decode(text)
        return nil
    } catch {
        return error.issues
    }
}

/// The sampled values of `key` on layer `id` at `times`, through `SceneInspector.sample`.
func sampledValues(_ text: String, layer id: String, key: String, times: [Double]) throws -> [JSONValue] {
    let document = try SceneDocument.decode(text)
    let result = try SceneInspector(document: document).sample(layer: id, key: key, times: times)
    return result["samples"]?.asArray?.map { $0["value"] ?? .null } ?? []
}

/// Checks sampled numbers against expected ones within `tolerance`, naming the time on failure.
func expectSamples(
    _ values: [JSONValue], _ expected: [Double?], times: [Double], tolerance: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(values.count == expected.count, "sample count", sourceLocation: sourceLocation)
    for (i, (value, want)) in zip(values, expected).enumerated() {
        guard let want else {
            #expect(value == .null, "t = \(times[i]): expected null, got \(JSONWriter.compact(value))", sourceLocation: sourceLocation)
            continue
        }
        guard let got = value.asNumber else {
            Issue.record("t = \(times[i]): expected \(want), got \(JSONWriter.compact(value))", sourceLocation: sourceLocation)
            continue
        }
        #expect(abs(got - want) <= tolerance, "t = \(times[i]): expected \(want), got \(got)", sourceLocation: sourceLocation)
    }
}

/// Checks an array of numbers against expected ones within `tolerance`.
func expectNumbers(_ got: [Double]?, _ want: [Double], tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let got, got.count == want.count else {
        Issue.record("expected \(want), got \(got.map { "\($0)" } ?? "no numbers")", sourceLocation: sourceLocation)
        return
    }
    #expect(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "expected \(want), got \(got)", sourceLocation: sourceLocation)
}

extension JSONValue {
    var asNumber: Double? { if case .number(let n) = self { n } else { nil } }
    var asString: String? { if case .string(let s) = self { s } else { nil } }
    var asArray: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var objectKeys: [String]? { if case .object(let m) = self { m.map(\.key) } else { nil } }
    /// The numbers of an array of numbers.
    var asNumbers: [Double]? {
        guard let items = asArray else { return nil }
        let numbers = items.compactMap(\.asNumber)
        return numbers.count == items.count ? numbers : nil
    }
}

/// Equality where numbers compare by bit pattern (so NaN equals the same NaN and 0 ≠ −0).
func bitwiseEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x.bitPattern == y.bitPattern
    case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { bitwiseEqual($0, $1) }
    case (.object(let x), .object(let y)):
        x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && bitwiseEqual($0.value, $1.value) }
    default: a == b
    }
}

/// The timing-curve values used here (cubic Bézier at x = 0.25 and 0.5; how they were computed:
/// docs/animation-notes.md).
enum CurveValue {
    static let defaultAtQuarter = 0.408511
    static let defaultAtHalf = 0.802403
    static let easeInAtHalf = 0.315357
    static let easeInEaseOutAtQuarter = 0.129162
}
