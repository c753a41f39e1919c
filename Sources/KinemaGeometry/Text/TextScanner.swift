/// A cursor over ASCII-oriented text, shared by the CSS and SVG parsers.
struct TextScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The text between two offsets, with invalid UTF-8 repaired.
    func text(_ start: Int, _ end: Int) -> String {
        let lo = max(0, min(start, bytes.count))
        let hi = max(lo, min(end, bytes.count))
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// A short quote of the input at the cursor, for error messages.
    func quoteHere(maxLength: Int = 12) -> String {
        if isAtEnd { return "end of input" }
        let end = min(bytes.count, index + maxLength)
        return "'" + text(index, end) + (end < bytes.count ? "…" : "") + "'"
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }

    /// Skips whitespace; returns whether any was skipped.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while let c = peek, Self.isWhitespace(c) { index += 1 }
        return index > start
    }

    /// Skips whitespace, at most one comma, and whitespace; returns whether anything was skipped.
    @discardableResult
    mutating func skipSeparator() -> Bool {
        let start = index
        skipWhitespace()
        if peek == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
        return index > start
    }

    /// Consumes `c` if it is next.
    mutating func consume(_ c: UInt8) -> Bool {
        guard peek == c else { return false }
        index += 1
        return true
    }

    /// The result of scanning a number.
    enum NumberResult {
        /// No number starts at the cursor (the cursor did not move).
        case none
        /// A finite number and its text.
        case number(Double, text: String)
        /// Syntactically a number but not representable as a finite `Double`.
        case notFinite(text: String)
    }

    /// Scans `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`, the number syntax
    /// shared by CSS and SVG. An `e` not followed by digits is left for the caller (a CSS unit
    /// such as `em`). `nan` and `inf` are not numbers.
    mutating func scanNumber() -> NumberResult {
        let start = index
        var i = index
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            var j = i + 1
            var fraction = 0
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1; fraction += 1 }
            if fraction > 0 || digits > 0 {
                i = j
                digits += fraction
            }
        }
        guard digits > 0 else { return .none }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            var exponent = 0
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1; exponent += 1 }
            if exponent > 0 { i = j }
        }
        index = i
        let text = text(start, i)
        guard let value = Double(text), value.isFinite else { return .notFinite(text: text) }
        return .number(value, text: text)
    }

    /// Scans an identifier: a letter followed by letters, digits or hyphens.
    mutating func scanIdentifier() -> String? {
        guard let c = peek, Self.isLetter(c) else { return nil }
        let start = index
        while let c = peek, Self.isLetter(c) || Self.isDigit(c) || c == UInt8(ascii: "-") { index += 1 }
        return text(start, index)
    }
}
