extension Color {
    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either case; surrounding
    /// whitespace is ignored). A single digit `X` means `XX`, so `#F80` is `#FF8800`. Alpha
    /// defaults to `FF` (opaque).
    ///
    /// - Throws: ``GeometryParseError`` naming the expected forms and quoting the text, for a
    ///   missing `#`, a wrong number of digits or a character that is not a hex digit.
    public init(hex text: String) throws {
        let forms = "#RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        let trimmed = Array(text.utf8).drop(while: TextScanner.isWhitespace)
        let bytes = Array(trimmed.reversed().drop(while: TextScanner.isWhitespace).reversed())
        guard bytes.first == UInt8(ascii: "#") else {
            throw GeometryParseError("expected a hex colour (\(forms)) starting with '#', got '\(text)'")
        }
        var digits: [Double] = []
        for (i, c) in bytes.dropFirst().enumerated() {
            guard let v = Self.hexValue(c) else {
                let bad = String(decoding: bytes[(i + 1)...].prefix(1), as: UTF8.self)
                throw GeometryParseError(
                    "invalid hex digit '\(bad)' in '\(text)' (expected 0-9, a-f or A-F)", offset: i + 1)
            }
            digits.append(Double(v))
        }
        let channels: [Double]
        switch digits.count {
        case 3, 4:
            channels = digits.map { (d: Double) -> Double in d * 17 / 255 }
        case 6, 8:
            var pairs: [Double] = []
            for i in stride(from: 0, to: digits.count, by: 2) {
                let high: Double = digits[i] * 16
                pairs.append((high + digits[i + 1]) / 255)
            }
            channels = pairs
        default:
            throw GeometryParseError(
                "expected 3, 4, 6 or 8 hex digits after '#' (\(forms)), got \(digits.count) in '\(text)'")
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count > 3 ? channels[3] : 1)
    }

    /// The colour as `#RRGGBBAA` with upper-case digits, each component rounded to the nearest
    /// of 256 steps. Parsing it with ``init(hex:)`` gives the colour back exactly when every
    /// component is a multiple of 1/255.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for c in [red, green, blue, alpha] {
            let v = c.isNaN ? 0 : Int((clamp(c, 0, 1) * 255).rounded())
            s.append(digits[v / 16])
            s.append(digits[v % 16])
        }
        return s
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
