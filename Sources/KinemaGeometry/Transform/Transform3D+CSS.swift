import Foundation

extension Transform3D {
    /// The transform functions ``init(css:)`` understands, in the order error messages list them.
    static let cssFunctionNames = [
        "translate", "translateX", "translateY", "translateZ", "translate3d",
        "scale", "scaleX", "scaleY", "scaleZ", "scale3d",
        "rotate", "rotateX", "rotateY", "rotateZ", "rotate3d",
        "skew", "skewX", "skewY", "perspective", "matrix", "matrix3d",
    ]

    /// Parses a CSS transform-function list such as `"translate(10px, 20px) rotate(90deg)"`.
    ///
    /// Supported functions: `translate(x[, y])`, `translateX/Y/Z`, `translate3d(x, y, z)`,
    /// `scale(s[, t])`, `scaleX/Y/Z`, `scale3d`, `rotate(a)` (about z), `rotateX/Y/Z`,
    /// `rotate3d(x, y, z, a)`, `skew(ax[, ay])`, `skewX`, `skewY`, `perspective(d)`
    /// (`m34 = −1/d`, `d > 0`), `matrix(a, b, c, d, e, f)` and `matrix3d` with sixteen numbers in
    /// `m11 … m44` order. The keyword `none` is the identity. Names and units are
    /// case-insensitive.
    ///
    /// - Angles: `deg`, `rad`, `turn`, `grad`, or a bare number in radians.
    /// - Lengths: a bare number or `px`, in points.
    /// - Arguments are separated by commas or whitespace.
    ///
    /// As in CSS, the rightmost function applies to a point first. With row vectors the result
    /// is `f_n · … · f_1`, so `"translate(10, 20) rotate(90deg)"` maps `(1, 0)` to `(10, 21)`.
    ///
    /// - Throws: ``GeometryParseError`` naming what was expected and quoting the offending text,
    ///   for example `scale expects 1 or 2 numbers, got 3`. NaN, infinities and numbers too large
    ///   to be finite are rejected, as is a list whose product is not finite.
    public init(css text: String) throws {
        var scanner = TextScanner(text)
        scanner.skipWhitespace()
        var result = Transform3D.identity
        var count = 0
        while !scanner.isAtEnd {
            let nameStart = scanner.index
            guard let name = scanner.scanIdentifier() else {
                throw GeometryParseError(
                    "expected a transform function at \(scanner.index), got \(scanner.quoteHere())",
                    offset: scanner.index)
            }
            if name.lowercased() == "none" && count == 0 {
                scanner.skipWhitespace()
                guard scanner.isAtEnd else {
                    throw GeometryParseError(
                        "'none' must be the whole transform list, got \(scanner.quoteHere()) after it",
                        offset: scanner.index)
                }
                self = .identity
                return
            }
            guard let canonical = Self.cssFunctionNames.first(where: { $0.lowercased() == name.lowercased() }) else {
                throw GeometryParseError(
                    "unknown transform function '\(name)' (expected one of \(Self.cssFunctionNames.joined(separator: ", ")))",
                    offset: nameStart)
            }
            let args = try Self.parseCSSArguments(&scanner, function: canonical)
            let f = try Self.cssFunction(canonical, args)
            result = f.concatenating(result)
            count += 1
            scanner.skipWhitespace()
        }
        guard count > 0 else {
            throw GeometryParseError("expected a transform function list or 'none', got an empty string", offset: 0)
        }
        guard result.isFinite else {
            throw GeometryParseError("the transform '\(text)' is not finite", offset: 0)
        }
        self = result
    }

    /// The transform as a CSS `matrix3d(…)` with the sixteen entries in `m11 … m44` order,
    /// written with the shortest text that parses back to the same numbers, so
    /// `try Transform3D(css: t.cssDescription) == t` for every finite `t`.
    public var cssDescription: String {
        "matrix3d(" + values.map(\.shortestText).joined(separator: ", ") + ")"
    }

    // MARK: - Parsing helpers

    struct CSSArgument {
        var value: Double
        var unit: String
        var text: String
    }

    static func parseCSSArguments(_ s: inout TextScanner, function: String) throws -> [CSSArgument] {
        s.skipWhitespace()
        guard s.consume(UInt8(ascii: "(")) else {
            throw GeometryParseError("expected '(' after '\(function)', got \(s.quoteHere())", offset: s.index)
        }
        var args: [CSSArgument] = []
        s.skipWhitespace()
        if s.consume(UInt8(ascii: ")")) { return args }
        while true {
            let start = s.index
            switch s.scanNumber() {
            case .none:
                throw GeometryParseError(
                    "\(function) expects a number at \(start), got \(s.quoteHere())", offset: start)
            case .notFinite(let text):
                throw GeometryParseError("\(function): the number '\(text)' is not finite", offset: start)
            case .number(let value, _):
                var unit = ""
                if s.consume(UInt8(ascii: "%")) {
                    unit = "%"
                } else if let ident = s.scanIdentifier() {
                    unit = ident.lowercased()
                }
                args.append(CSSArgument(value: value, unit: unit, text: s.text(start, s.index)))
            }
            let hadSpace = s.skipWhitespace()
            if s.consume(UInt8(ascii: ")")) { return args }
            if s.consume(UInt8(ascii: ",")) {
                s.skipWhitespace()
                continue
            }
            if hadSpace && !s.isAtEnd { continue }
            throw GeometryParseError(
                "expected ',' or ')' in \(function)(…) at \(s.index), got \(s.quoteHere())", offset: s.index)
        }
    }
}
