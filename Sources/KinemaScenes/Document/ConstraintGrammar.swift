import KinemaUI

/// Reads a constraint string of a scene file:
///
/// ```
/// constraint := item "." attribute relation [ number "*" ] item "." attribute [ ("+" | "-") number ] [ "@" priority ]
///             | item "." attribute relation number [ "@" priority ]
/// relation   := "==" | "<=" | ">="
/// ```
///
/// Whitespace between tokens is optional. An item is a word of letters, digits, `_` and `-`
/// that starts with a letter or `_`; an attribute is a word of letters and digits; a number is
/// digits with an optional fraction (`0.8`, `.5`, `20`). The reader checks the form only: which
/// items and attributes the words name is for ``ConstraintSpec`` decoding to check. A string off
/// the grammar gives a ``SyntaxError`` saying what was expected after the text read so far.
struct ConstraintGrammar {
    /// `item.attribute`, as written.
    struct Operand: Hashable {
        var item: String
        var attribute: String
    }

    /// A string that follows the grammar, as written.
    struct Parsed: Hashable {
        var first: Operand
        var relation: LayoutConstraint.Relation
        /// The number before `*`, or `nil` when none was written.
        var multiplier: Double?
        /// The second operand, or `nil` in the `item.attribute relation number` form.
        var second: Operand?
        /// The constant with its sign (the number alone in the second form), 0 when none.
        var constant: Double
        /// The number after `@`, or `nil` when none was written.
        var priority: Double?
    }

    /// Where a string leaves the grammar: what was expected, after which text, and what was
    /// found instead.
    struct SyntaxError: Error, Hashable {
        var message: String
    }

    private let text: [Character]
    private var position = 0

    private init(_ text: String) {
        self.text = Array(text)
    }

    /// The string read by the grammar, or where it leaves it.
    static func parse(_ text: String) -> Result<Parsed, SyntaxError> {
        var reader = ConstraintGrammar(text)
        do { return .success(try reader.constraint()) } catch { return .failure(error) }
    }

    // MARK: The rules

    private static let anItem = "an item (a view id, \"superview\", \"safeArea\" or \"margins\")"

    private mutating func constraint() throws(SyntaxError) -> Parsed {
        skipSpaces()
        if position == text.count {
            throw SyntaxError(message: "expected a constraint such as \"card.top == superview.top + 20\", got an empty string")
        }
        let first = try operand(expected: Self.anItem)
        let relation = try relationToken()
        skipSpaces()
        var parsed = Parsed(first: first, relation: relation, multiplier: nil, second: nil, constant: 0, priority: nil)
        if let number = try number() {
            skipSpaces()
            if take("*") {
                parsed.multiplier = number
                parsed.second = try operand(expected: Self.anItem)
                try constant(into: &parsed)
            } else {
                parsed.constant = number
                if !atPriorityOrEnd() { throw expected("\"*\" and an item, \"@\" and a priority, or the end") }
            }
        } else if startsItem {
            parsed.second = try operand(expected: Self.anItem)
            try constant(into: &parsed)
        } else {
            throw expected("a number or \(Self.anItem)")
        }
        if take("@") {
            skipSpaces()
            guard let priority = try number() else { throw expected("a priority (a number from 1 to 1000)") }
            parsed.priority = priority
        }
        skipSpaces()
        if position < text.count { throw expected("the end") }
        return parsed
    }

    /// `item "." attribute`.
    private mutating func operand(expected what: String) throws(SyntaxError) -> Operand {
        skipSpaces()
        guard startsItem else { throw position == 0 ? expected(what, at: "at the start") : expected(what) }
        let item = word { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        guard take(".") else { throw expected("\".\" and an attribute") }
        skipSpaces()
        let attribute = word { $0.isLetter || $0.isNumber }
        guard !attribute.isEmpty else { throw expected("an attribute") }
        return Operand(item: item, attribute: attribute)
    }

    private mutating func relationToken() throws(SyntaxError) -> LayoutConstraint.Relation {
        skipSpaces()
        for (token, relation) in [("==", LayoutConstraint.Relation.equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)] {
            if text[position...].starts(with: token) {
                position += 2
                return relation
            }
        }
        throw expected("a relation \"==\", \"<=\" or \">=\"")
    }

    /// `[ ("+" | "-") number ]` after the second operand; then only a priority or the end may follow.
    private mutating func constant(into parsed: inout Parsed) throws(SyntaxError) {
        skipSpaces()
        if position < text.count, text[position] == "+" || text[position] == "-" {
            let sign: Double = text[position] == "-" ? -1 : 1
            position += 1
            skipSpaces()
            guard let number = try number() else { throw expected("a number") }
            parsed.constant = sign * number
            skipSpaces()
            if !atPriorityOrEnd() { throw expected("\"@\" and a priority, or the end") }
        } else if !atPriorityOrEnd() {
            throw expected("\"+\" or \"-\" and a constant, \"@\" and a priority, or the end")
        }
    }

    /// Digits with an optional fraction, or `nil` (nothing read) when none starts here.
    private mutating func number() throws(SyntaxError) -> Double? {
        let start = position
        var digits = word { $0.isASCII && $0.isNumber }
        if position + 1 < text.count, text[position] == ".", text[position + 1].isASCII, text[position + 1].isNumber {
            position += 1
            digits += "." + word { $0.isASCII && $0.isNumber }
        }
        guard !digits.isEmpty else { return nil }
        guard let value = Double(digits), value.isFinite else {
            position = start
            throw expected("a finite number")
        }
        return value
    }

    // MARK: Scanning

    private var startsItem: Bool {
        position < text.count && (text[position].isLetter || text[position] == "_")
    }

    private mutating func atPriorityOrEnd() -> Bool {
        skipSpaces()
        return position == text.count || text[position] == "@"
    }

    private mutating func skipSpaces() {
        while position < text.count, text[position].isWhitespace { position += 1 }
    }

    private mutating func take(_ c: Character) -> Bool {
        skipSpaces()
        guard position < text.count, text[position] == c else { return false }
        position += 1
        return true
    }

    private mutating func word(_ allowed: (Character) -> Bool) -> String {
        let start = position
        while position < text.count, allowed(text[position]) { position += 1 }
        return String(text[start..<position])
    }

    /// `expected WHAT after "TEXT READ", got "WHAT FOLLOWS"` (or `at the start`, and `but the
    /// string ends there` when nothing follows).
    private func expected(_ what: String, at place: String? = nil) -> SyntaxError {
        let read = String(text[..<position]).trimmingWhitespace
        var rest = String(text[position...]).trimmingWhitespace
        if rest.count > 24 { rest = String(rest.prefix(24)) + "…" }
        let found = rest.isEmpty ? "but the string ends there" : "got \"\(rest)\""
        return SyntaxError(message: "expected \(what) \(place ?? "after \"\(read)\""), \(found)")
    }
}

extension String {
    /// The string without whitespace at either end.
    fileprivate var trimmingWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
