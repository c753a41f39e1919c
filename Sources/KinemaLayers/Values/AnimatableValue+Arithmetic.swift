import KinemaGeometry

extension AnimatableValue {
    /// Interpolates from `a` to `b` by `f` (which may leave `[0, 1]` for overshooting curves).
    ///
    /// Numbers, points, sizes and rects interpolate componentwise; colours in premultiplied sRGB;
    /// transforms by decomposition (`Transform3D.interpolate`); Booleans switch at `f = 0.5`;
    /// paths blend point by point when they have the same structure (otherwise switch at 0.5);
    /// arrays elementwise when their counts match (otherwise switch at 0.5).
    /// Values of different kinds switch at 0.5.
    public static func interpolate(from a: AnimatableValue, to b: AnimatableValue, fraction f: Double) -> AnimatableValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(x + (y - x) * f)
        case (.point(let p), .point(let q)):
            return .point(Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f))
        case (.size(let p), .size(let q)):
            return .size(Size(width: p.width + (q.width - p.width) * f, height: p.height + (q.height - p.height) * f))
        case (.rect(let p), .rect(let q)):
            return .rect(
                Rect(
                    x: p.origin.x + (q.origin.x - p.origin.x) * f,
                    y: p.origin.y + (q.origin.y - p.origin.y) * f,
                    width: p.width + (q.width - p.width) * f,
                    height: p.height + (q.height - p.height) * f))
        case (.color(let p), .color(let q)):
            if p == nil && q == nil { return .color(nil) }
            return .color(Color.interpolate(from: p ?? .clear, to: q ?? .clear, fraction: f))
        case (.transform(let p), .transform(let q)):
            return .transform(Transform3D.interpolate(from: p, to: q, fraction: f))
        case (.path(let p?), .path(let q?)):
            if let blended = Path.interpolate(from: p, to: q, fraction: f) { return .path(blended) }
            return f < 0.5 ? a : b
        case (.numbers(let p), .numbers(let q)) where p.count == q.count:
            return .numbers(zip(p, q).map { $0 + ($1 - $0) * f })
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return .colors(zip(p, q).map { Color.interpolate(from: $0, to: $1, fraction: f) })
        default:
            return f < 0.5 ? a : b
        }
    }

    /// The type's addition (`additive` and `byValue`): componentwise for numbers, points, sizes,
    /// rects, colours and arrays; concatenation for transforms (`b` applied first, then `a`:
    /// `CATransform3DConcat(b, a)`); for other kinds, `b`.
    public static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): .number(x + y)
        case (.point(let p), .point(let q)): .point(p + q)
        case (.size(let p), .size(let q)): .size(Size(width: p.width + q.width, height: p.height + q.height))
        case (.rect(let p), .rect(let q)):
            .rect(
                Rect(
                    x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                    width: p.width + q.width, height: p.height + q.height))
        case (.color(let p), .color(let q)):
            .color(Color.add(p ?? .clear, q ?? .clear))
        case (.transform(let p), .transform(let q)): .transform(q.concatenating(p))
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: .numbers(zip(p, q).map(+))
        default: b
        }
    }

    /// The type's subtraction `a − b` (used for `toValue − byValue`): the inverse of ``add(_:_:)``.
    public static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): .number(x - y)
        case (.point(let p), .point(let q)): .point(p - q)
        case (.size(let p), .size(let q)): .size(Size(width: p.width - q.width, height: p.height - q.height))
        case (.rect(let p), .rect(let q)):
            .rect(
                Rect(
                    x: p.origin.x - q.origin.x, y: p.origin.y - q.origin.y,
                    width: p.width - q.width, height: p.height - q.height))
        case (.color(let p), .color(let q)):
            .color(Color.add(p ?? .clear, Color.scale(q ?? .clear, by: -1)))
        case (.transform(let p), .transform(let q)): .transform((q.inverted() ?? .identity).concatenating(p))
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: .numbers(zip(p, q).map(-))
        default: a
        }
    }

    /// `value` added to itself `k` times (`k · V` for `cumulative`); transforms are raised to the power `k`.
    public static func scale(_ value: AnimatableValue, by k: Double) -> AnimatableValue {
        switch value {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(p * k)
        case .size(let s): return .size(Size(width: s.width * k, height: s.height * k))
        case .rect(let r): return .rect(Rect(x: r.origin.x * k, y: r.origin.y * k, width: r.width * k, height: r.height * k))
        case .color(let c): return .color(c.map { Color.scale($0, by: k) })
        case .numbers(let ns): return .numbers(ns.map { $0 * k })
        case .transform(let t):
            // t^n by repeated squaring (t commutes with itself, so the order does not matter).
            guard k >= 1, k < 9e18 else { return .transform(.identity) }
            var n = UInt64(k.rounded(.down))
            var result = Transform3D.identity
            var base = t
            while n > 0 {
                if n & 1 == 1 { result = result.concatenating(base) }
                base = base.concatenating(base)
                n >>= 1
            }
            return .transform(result)
        default: return value
        }
    }

    /// The distance between two values of the same kind, for paced keyframes: `|Δ|` for numbers,
    /// Euclidean for points, sizes, rects (four components) and colours (RGBA), the translation
    /// distance for transforms; 0 for other kinds.
    public static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        func hyp(_ xs: [Double]) -> Double { xs.reduce(0) { $0 + $1 * $1 }.squareRoot() }
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.point(let p), .point(let q)): return p.distance(to: q)
        case (.size(let p), .size(let q)): return hyp([q.width - p.width, q.height - p.height])
        case (.rect(let p), .rect(let q)):
            return hyp([q.origin.x - p.origin.x, q.origin.y - p.origin.y, q.width - p.width, q.height - p.height])
        case (.color(let p), .color(let q)):
            let p = p ?? .clear, q = q ?? .clear
            return hyp([q.red - p.red, q.green - p.green, q.blue - p.blue, q.alpha - p.alpha])
        case (.transform(let p), .transform(let q)):
            return hyp([q.m41 - p.m41, q.m42 - p.m42, q.m43 - p.m43])
        case (.numbers(let p), .numbers(let q)) where p.count == q.count:
            return hyp(zip(p, q).map { $1 - $0 })
        default: return 0
        }
    }
}

extension Color {
    /// Componentwise sum, used by additive colour animations (not clamped).
    static func add(_ a: Color, _ b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }

    /// Componentwise product with a scalar.
    static func scale(_ a: Color, by k: Double) -> Color {
        Color(red: a.red * k, green: a.green * k, blue: a.blue * k, alpha: a.alpha * k)
    }
}
