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

    // Over 60 lines: one flat case per CSS transform function, after the argument readers they share.
    /// The transform one CSS function (`name(args)`) gives; throws on a wrong argument count or
    /// unit, or an unknown name.
    static func cssFunction(_ name: String, _ args: [CSSArgument]) throws -> Transform3D {
        func count(_ allowed: ClosedRange<Int>) throws {
            guard allowed.contains(args.count) else {
                let expected: String
                if allowed.lowerBound == allowed.upperBound {
                    expected = "\(allowed.lowerBound) \(allowed.lowerBound == 1 ? "number" : "numbers")"
                } else if allowed.upperBound == allowed.lowerBound + 1 {
                    expected = "\(allowed.lowerBound) or \(allowed.upperBound) numbers"
                } else {
                    expected = "\(allowed.lowerBound) to \(allowed.upperBound) numbers"
                }
                throw GeometryParseError("\(name) expects \(expected), got \(args.count)")
            }
        }
        func length(_ i: Int) throws -> Double {
            let a = args[i]
            guard a.unit.isEmpty || a.unit == "px" else {
                throw GeometryParseError("\(name) expects a length (a bare number or px), got '\(a.text)'")
            }
            return a.value
        }
        func number(_ i: Int) throws -> Double {
            let a = args[i]
            guard a.unit.isEmpty else {
                throw GeometryParseError("\(name) expects a plain number, got '\(a.text)'")
            }
            return a.value
        }
        func angle(_ i: Int) throws -> Double {
            let a = args[i]
            switch a.unit {
            case "", "rad": return a.value
            case "deg": return a.value * .pi / 180
            case "grad": return a.value * .pi / 200
            case "turn": return a.value * 2 * .pi
            default:
                throw GeometryParseError(
                    "\(name) expects an angle (deg, rad, turn, grad or a bare number in radians), got '\(a.text)'")
            }
        }
        func affine(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1) -> Transform3D {
            Transform3D(affine: AffineTransform(a: a, b: b, c: c, d: d, tx: 0, ty: 0))
        }

        switch name {
        case "translate":
            try count(1...2)
            return makeTranslation(try length(0), args.count > 1 ? try length(1) : 0, 0)
        case "translateX":
            try count(1...1)
            return makeTranslation(try length(0), 0, 0)
        case "translateY":
            try count(1...1)
            return makeTranslation(0, try length(0), 0)
        case "translateZ":
            try count(1...1)
            return makeTranslation(0, 0, try length(0))
        case "translate3d":
            try count(3...3)
            return makeTranslation(try length(0), try length(1), try length(2))
        case "scale":
            try count(1...2)
            let sx = try number(0)
            return makeScale(sx, args.count > 1 ? try number(1) : sx, 1)
        case "scaleX":
            try count(1...1)
            return makeScale(try number(0), 1, 1)
        case "scaleY":
            try count(1...1)
            return makeScale(1, try number(0), 1)
        case "scaleZ":
            try count(1...1)
            return makeScale(1, 1, try number(0))
        case "scale3d":
            try count(3...3)
            return makeScale(try number(0), try number(1), try number(2))
        case "rotate", "rotateZ":
            try count(1...1)
            return makeRotation(try angle(0), 0, 0, 1)
        case "rotateX":
            try count(1...1)
            return makeRotation(try angle(0), 1, 0, 0)
        case "rotateY":
            try count(1...1)
            return makeRotation(try angle(0), 0, 1, 0)
        case "rotate3d":
            try count(4...4)
            return makeRotation(try angle(3), try number(0), try number(1), try number(2))
        case "skew":
            try count(1...2)
            return affine(b: args.count > 1 ? tan(try angle(1)) : 0, c: tan(try angle(0)))
        case "skewX":
            try count(1...1)
            return affine(c: tan(try angle(0)))
        case "skewY":
            try count(1...1)
            return affine(b: tan(try angle(0)))
        case "perspective":
            try count(1...1)
            let d = try length(0)
            guard d > 0 else {
                throw GeometryParseError("perspective expects a positive length, got '\(args[0].text)'")
            }
            return makePerspective(distance: d)
        case "matrix":
            try count(6...6)
            let v = try (0..<6).map { try number($0) }
            return Transform3D(affine: AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
        case "matrix3d":
            try count(16...16)
            let v = try (0..<16).map { try number($0) }
            return Transform3D(
                m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                m41: v[12], m42: v[13], m43: v[14], m44: v[15])
        default:
            throw GeometryParseError(
                "unknown transform function '\(name)' (expected one of \(cssFunctionNames.joined(separator: ", ")))")
        }
    }
}
