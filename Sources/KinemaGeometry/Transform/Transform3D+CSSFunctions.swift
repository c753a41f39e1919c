import Foundation

/// The CSS transform functions ``Transform3D/init(css:)`` reads, one small function per family
/// (translations, scales, rotations, skews, matrices), over readers for their arguments.
extension Transform3D {
    /// The arguments of one CSS function, read by kind (length, plain number, angle); each
    /// reader throws a ``GeometryParseError`` naming the function and quoting the argument.
    struct CSSFunctionArguments {
        var name: String
        var args: [CSSArgument]

        var count: Int { args.count }

        /// Throws unless there are `allowed` arguments.
        func expect(_ allowed: ClosedRange<Int>) throws {
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

        /// Argument `i` as a length, points: a bare number or `px`.
        func length(_ i: Int) throws -> Double {
            let a = args[i]
            guard a.unit.isEmpty || a.unit == "px" else {
                throw GeometryParseError("\(name) expects a length (a bare number or px), got '\(a.text)'")
            }
            return a.value
        }

        /// Argument `i` as a number without a unit.
        func number(_ i: Int) throws -> Double {
            let a = args[i]
            guard a.unit.isEmpty else {
                throw GeometryParseError("\(name) expects a plain number, got '\(a.text)'")
            }
            return a.value
        }

        /// Argument `i` as an angle, radians: `deg`, `rad`, `grad`, `turn` or a bare number in radians.
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
    }

    /// The transform one CSS function (`name(args)`) gives; throws on a wrong argument count or
    /// unit, or an unknown name.
    static func cssFunction(_ name: String, _ args: [CSSArgument]) throws -> Transform3D {
        let arguments = CSSFunctionArguments(name: name, args: args)
        switch name {
        case "translate", "translateX", "translateY", "translateZ", "translate3d":
            return try cssTranslation(arguments)
        case "scale", "scaleX", "scaleY", "scaleZ", "scale3d":
            return try cssScale(arguments)
        case "rotate", "rotateZ", "rotateX", "rotateY", "rotate3d":
            return try cssRotation(arguments)
        case "skew", "skewX", "skewY":
            return try cssSkew(arguments)
        case "perspective", "matrix", "matrix3d":
            return try cssMatrix(arguments)
        default:
            throw unknownCSSFunction(name)
        }
    }

    private static func unknownCSSFunction(_ name: String) -> GeometryParseError {
        GeometryParseError(
            "unknown transform function '\(name)' (expected one of \(cssFunctionNames.joined(separator: ", ")))")
    }

    /// `translate`, `translateX/Y/Z` and `translate3d`.
    private static func cssTranslation(_ a: CSSFunctionArguments) throws -> Transform3D {
        switch a.name {
        case "translate":
            try a.expect(1...2)
            return makeTranslation(try a.length(0), a.count > 1 ? try a.length(1) : 0, 0)
        case "translateX":
            try a.expect(1...1)
            return makeTranslation(try a.length(0), 0, 0)
        case "translateY":
            try a.expect(1...1)
            return makeTranslation(0, try a.length(0), 0)
        case "translateZ":
            try a.expect(1...1)
            return makeTranslation(0, 0, try a.length(0))
        case "translate3d":
            try a.expect(3...3)
            return makeTranslation(try a.length(0), try a.length(1), try a.length(2))
        default:
            throw unknownCSSFunction(a.name)
        }
    }

    /// `scale`, `scaleX/Y/Z` and `scale3d`.
    private static func cssScale(_ a: CSSFunctionArguments) throws -> Transform3D {
        switch a.name {
        case "scale":
            try a.expect(1...2)
            let sx = try a.number(0)
            return makeScale(sx, a.count > 1 ? try a.number(1) : sx, 1)
        case "scaleX":
            try a.expect(1...1)
            return makeScale(try a.number(0), 1, 1)
        case "scaleY":
            try a.expect(1...1)
            return makeScale(1, try a.number(0), 1)
        case "scaleZ":
            try a.expect(1...1)
            return makeScale(1, 1, try a.number(0))
        case "scale3d":
            try a.expect(3...3)
            return makeScale(try a.number(0), try a.number(1), try a.number(2))
        default:
            throw unknownCSSFunction(a.name)
        }
    }

    /// `rotate` (about z), `rotateX/Y/Z` and `rotate3d(x, y, z, angle)`.
    private static func cssRotation(_ a: CSSFunctionArguments) throws -> Transform3D {
        switch a.name {
        case "rotate", "rotateZ":
            try a.expect(1...1)
            return makeRotation(try a.angle(0), 0, 0, 1)
        case "rotateX":
            try a.expect(1...1)
            return makeRotation(try a.angle(0), 1, 0, 0)
        case "rotateY":
            try a.expect(1...1)
            return makeRotation(try a.angle(0), 0, 1, 0)
        case "rotate3d":
            try a.expect(4...4)
            return makeRotation(try a.angle(3), try a.number(0), try a.number(1), try a.number(2))
        default:
            throw unknownCSSFunction(a.name)
        }
    }

    /// `skew(ax[, ay])`, `skewX` and `skewY`: affine shears by the tangents of the angles.
    private static func cssSkew(_ a: CSSFunctionArguments) throws -> Transform3D {
        func affine(b: Double = 0, c: Double = 0) -> Transform3D {
            Transform3D(affine: AffineTransform(a: 1, b: b, c: c, d: 1, tx: 0, ty: 0))
        }
        switch a.name {
        case "skew":
            try a.expect(1...2)
            return affine(b: a.count > 1 ? tan(try a.angle(1)) : 0, c: tan(try a.angle(0)))
        case "skewX":
            try a.expect(1...1)
            return affine(c: tan(try a.angle(0)))
        case "skewY":
            try a.expect(1...1)
            return affine(b: tan(try a.angle(0)))
        default:
            throw unknownCSSFunction(a.name)
        }
    }

    /// `perspective(d)` (`d > 0`), `matrix(a, b, c, d, e, f)` and `matrix3d` (`m11 … m44`).
    private static func cssMatrix(_ a: CSSFunctionArguments) throws -> Transform3D {
        switch a.name {
        case "perspective":
            try a.expect(1...1)
            let d = try a.length(0)
            guard d > 0 else {
                throw GeometryParseError("perspective expects a positive length, got '\(a.args[0].text)'")
            }
            return makePerspective(distance: d)
        case "matrix":
            try a.expect(6...6)
            let v = try (0..<6).map { try a.number($0) }
            return Transform3D(affine: AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
        case "matrix3d":
            try a.expect(16...16)
            let v = try (0..<16).map { try a.number($0) }
            return Transform3D(
                m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                m41: v[12], m42: v[13], m43: v[14], m44: v[15])
        default:
            throw unknownCSSFunction(a.name)
        }
    }
}
