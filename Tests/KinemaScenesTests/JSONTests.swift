import KinemaScenes
import Testing

/// Text the reader must reject, and where (1-based line and column, counted in characters).
struct MalformedJSON: CustomTestStringConvertible, Sendable {
    let id: String
    let text: String
    let line: Int
    let column: Int
    var testDescription: String { id }

    static let all: [MalformedJSON] = [
        MalformedJSON(id: "empty input", text: "", line: 1, column: 1),
        MalformedJSON(id: "only whitespace", text: "  \n  ", line: 2, column: 3),
        MalformedJSON(id: "closing bracket as a value on line 3", text: "{\n  \"a\": 1,\n  \"b\": ]\n}", line: 3, column: 8),
        MalformedJSON(id: "trailing comma in an array", text: "[1, 2,]", line: 1, column: 7),
        MalformedJSON(id: "trailing comma in an object", text: "{\"a\": 1,}", line: 1, column: 9),
        MalformedJSON(id: "missing colon", text: "{\"a\" 1}", line: 1, column: 6),
        MalformedJSON(id: "unquoted key", text: "{a: 1}", line: 1, column: 2),
        MalformedJSON(id: "single quotes", text: "['a']", line: 1, column: 2),
        MalformedJSON(id: "text after the value", text: "{} x", line: 1, column: 4),
        MalformedJSON(id: "two values", text: "1 2", line: 1, column: 3),
        MalformedJSON(id: "columns count characters, not bytes", text: "[\"é\", x]", line: 1, column: 7),
        MalformedJSON(id: "NaN is not JSON", text: "[NaN]", line: 1, column: 2),
        MalformedJSON(id: "Infinity is not JSON", text: "[Infinity]", line: 1, column: 2),
        MalformedJSON(id: "bad literal", text: "[tru]", line: 1, column: 2),
        MalformedJSON(id: "leading plus", text: "[+1]", line: 1, column: 2),
    ]
}

/// Text the reader must reject; only the fact matters (positions differ by design).
struct RejectedJSON: CustomTestStringConvertible, Sendable {
    let id: String
    let text: String
    var testDescription: String { id }

    static let all: [RejectedJSON] = [
        RejectedJSON(id: "unterminated string", text: "[\"abc"),
        RejectedJSON(id: "unterminated array", text: "[1, 2"),
        RejectedJSON(id: "unterminated object", text: "{\"a\": 1"),
        RejectedJSON(id: "raw tab in a string", text: "[\"a\tb\"]"),
        RejectedJSON(id: "raw newline in a string", text: "[\"a\nb\"]"),
        RejectedJSON(id: "unknown escape", text: #"["\x41"]"#),
        RejectedJSON(id: "short \\u escape", text: #"["\u00"]"#),
        RejectedJSON(id: "non-hex \\u escape", text: #"["\u00G1"]"#),
        RejectedJSON(id: "number with a trailing dot", text: "[1.]"),
        RejectedJSON(id: "number without exponent digits", text: "[1e]"),
        RejectedJSON(id: "bare minus", text: "[-]"),
        RejectedJSON(id: "hex number", text: "[0x10]"),
        RejectedJSON(id: "comment", text: "[1 // one\n]"),
        RejectedJSON(id: "duplicate key", text: #"{"a": 1, "a": 2}"#),
    ]
}

/// A JSON string literal and the text it stands for.
struct EscapeCase: CustomTestStringConvertible, Sendable {
    let id: String
    let literal: String
    let expected: String
    var testDescription: String { id }

    static let all: [EscapeCase] = [
        EscapeCase(id: "quote and backslash", literal: #""a\"b\\c""#, expected: "a\"b\\c"),
        EscapeCase(id: "solidus", literal: #""a\/b""#, expected: "a/b"),
        EscapeCase(id: "control escapes", literal: #""\b\f\n\r\t""#, expected: "\u{8}\u{C}\n\r\t"),
        EscapeCase(id: "\\u ASCII", literal: #""\u0041\u0062""#, expected: "Ab"),
        EscapeCase(id: "\\u lower-case hex", literal: #""\u00e9""#, expected: "é"),
        EscapeCase(id: "\\u upper-case hex", literal: #""\u00E9""#, expected: "é"),
        EscapeCase(id: "surrogate pair (U+1F600)", literal: #""\uD83D\uDE00""#, expected: "😀"),
        EscapeCase(id: "surrogate pair (U+10000, lowest)", literal: #""\uD800\uDC00""#, expected: "\u{10000}"),
        EscapeCase(id: "surrogate pair (U+10FFFF, highest)", literal: #""\uDBFF\uDFFF""#, expected: "\u{10FFFF}"),
        EscapeCase(id: "raw UTF-8 kept", literal: "\"Grüße 😀\"", expected: "Grüße 😀"),
        EscapeCase(id: "escaped NUL", literal: #""a\u0000b""#, expected: "a\u{0}b"),
        // A lone surrogate is no character: it becomes U+FFFD, and the escape after it survives.
        EscapeCase(id: "lone high surrogate then an ordinary escape", literal: #""\uD800\u0041""#, expected: "\u{FFFD}A"),
        EscapeCase(id: "lone high surrogate at the end", literal: #""x\uD800""#, expected: "x\u{FFFD}"),
        EscapeCase(id: "lone low surrogate", literal: #""\uDC00y""#, expected: "\u{FFFD}y"),
    ]
}

/// A number and the text the writer gives for it.
struct NumberText: CustomTestStringConvertible, Sendable {
    let value: Double
    let text: String
    var testDescription: String { text }

    static let all: [NumberText] = [
        NumberText(value: 0, text: "0.0"),
        NumberText(value: 1, text: "1.0"),
        NumberText(value: -2, text: "-2.0"),
        NumberText(value: 50, text: "50.0"),
        NumberText(value: 0.5, text: "0.5"),
        NumberText(value: 0.1, text: "0.1"),
        NumberText(value: -0.25, text: "-0.25"),
        NumberText(value: 1.0 / 3.0, text: "0.3333333333333333"),
        NumberText(value: 123_456_789, text: "123456789.0"),
        NumberText(value: .infinity, text: "null"),
        NumberText(value: -.infinity, text: "null"),
        NumberText(value: .nan, text: "null"),
    ]
}

@Suite("JSON reader and writer")
struct JSONTests {
    @Test("syntax errors carry the line and column", arguments: MalformedJSON.all)
    func syntaxErrorPosition(row: MalformedJSON) {
        do {
            let value = try JSONReader.parse(row.text)
            Issue.record("parsed as \(JSONWriter.compact(value))")
        } catch {
            #expect(error.line == row.line, "\(error)")
            #expect(error.column == row.column, "\(error)")
            #expect(!error.message.isEmpty)
            #expect(error.description.contains("line \(row.line)"))
        }
    }

    @Test("invalid JSON is rejected", arguments: RejectedJSON.all)
    func rejected(row: RejectedJSON) {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(row.text) }
    }

    @Test("string escapes decode", arguments: EscapeCase.all)
    func escapes(row: EscapeCase) throws {
        let value = try JSONReader.parse("[\(row.literal)]")
        #expect(value == .array([.string(row.expected)]))
        #expect(value.asArray?.first?.asString?.unicodeScalars.map(\.value) == row.expected.unicodeScalars.map(\.value))
    }

    @Test("deep nesting is an error, not a crash", arguments: [10_000, 100_000])
    func deepNesting(depth: Int) {
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(arrays) }
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(objects) }
        let unclosed = String(repeating: "[", count: depth)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(unclosed) }
    }

    @Test("moderate nesting parses")
    func moderateNesting() throws {
        let depth = 100
        var value = try JSONReader.parse(String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth))
        for _ in 0..<depth {
            guard let items = value.asArray, items.count == 1 else {
                Issue.record("expected a one-element array")
                return
            }
            value = items[0]
        }
        #expect(value == .number(7))
    }

    @Test("values of every kind parse")
    func everyKind() throws {
        let value = try JSONReader.parse(
            #" {"n": null, "t": true, "f": false, "i": -12, "d": 2.5e-3, "E": 1E2, "s": "x", "a": [], "o": {}} "#)
        #expect(value["n"] == .null)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["i"] == .number(-12))
        #expect(value["d"] == .number(0.0025))
        #expect(value["E"] == .number(100))
        #expect(value["s"] == .string("x"))
        #expect(value["a"] == .array([]))
        #expect(value["o"] == .object([]))
        #expect(value["missing"] == nil)
    }

    @Test("numbers beyond Double become infinities (for validation to report), tiny ones zero")
    func overflowingNumbers() throws {
        let value = try JSONReader.parse("[1e999, -1e999, 1e-999]")
        #expect(value.asNumbers == [.infinity, -.infinity, 0])
    }

    @Test("object keys keep document order, through the compact writer too")
    func keyOrder() throws {
        let text = #"{"zeta":1,"alpha":{"y":true,"b":null,"m":[]},"mid":"s"}"#
        let value = try JSONReader.parse(text)
        #expect(value.objectKeys == ["zeta", "alpha", "mid"])
        #expect(value["alpha"]?.objectKeys == ["y", "b", "m"])
        #expect(JSONWriter.compact(value) == #"{"zeta":1.0,"alpha":{"y":true,"b":null,"m":[]},"mid":"s"}"#)
    }

    @Test("objects with the same members in another order differ")
    func orderMatters() throws {
        #expect(try JSONReader.parse(#"{"a":1,"b":2}"#) != JSONReader.parse(#"{"b":2,"a":1}"#))
    }

    @Test("number formatting", arguments: NumberText.all)
    func numberFormatting(row: NumberText) {
        #expect(JSONWriter.number(row.value) == row.text)
        #expect(JSONWriter.compact(.number(row.value)) == row.text)
    }

    @Test(
        "numbers round-trip exactly",
        arguments: [
            0.1, 1.0 / 3.0, 1e-7, Double.leastNonzeroMagnitude, 1e20, -1e15, 123_456_789.125, 1.7976931348623157e308, 2.5e-300, 0.802403,
        ])
    func numberRoundTrip(value: Double) throws {
        let text = JSONWriter.number(value)
        #expect(try JSONReader.parse(text) == .number(value), "\(text)")
    }

    @Test("strings are escaped so they read back the same")
    func stringRoundTrip() throws {
        let original = "quote \" backslash \\ newline \n tab \t return \r bell \u{7} nul \u{0} unit \u{1F} é 😀 /"
        let text = JSONWriter.compact(.string(original))
        #expect(!text.contains("\n") && !text.contains("\t") && !text.contains("\u{7}") && !text.contains("\u{0}"))
        #expect(text.contains(#"\""#) && text.contains(#"\\"#) && text.contains(#"\n"#))
        #expect(try JSONReader.parse(text) == .string(original))
    }

    @Test("compact output is one line; pretty output indents and reads back the same")
    func compactAndPretty() throws {
        let value = try JSONReader.parse(#"{"a":[1,[2,3],{"b":"c"}],"d":{"e":{}},"f":[]}"#)
        let compact = JSONWriter.compact(value)
        #expect(!compact.contains("\n") && !compact.contains(" "))
        let pretty = JSONWriter.pretty(value)
        #expect(pretty.contains("\n  \"a\""))
        #expect(try JSONReader.parse(pretty) == value)
        #expect(try JSONReader.parse(compact) == value)
    }

    @Test("non-finite numbers are written as null")
    func nonFiniteAsNull() {
        #expect(JSONWriter.compact(.array([.number(.nan), .number(.infinity), .number(1)])) == "[null,null,1.0]")
    }
}
