/// A 3×3 projective map of the plane, for points as row vectors `(x, y, 1)` (the
/// `CATransform3D` convention): what a layer's 4×4 matrix does to its z = 0 plane once
/// flattened into its superlayer. `m` is row-major: `(m11, m12, m13, m21, …, m33)`, and a point
/// maps to `((x·m11 + y·m21 + m31) / w, (x·m12 + y·m22 + m32) / w)` with
/// `w = x·m13 + y·m23 + m33`.
public struct Homography: Hashable, Sendable {
    /// The nine entries, row-major.
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// The identity map.
    public static let identity = Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// The flattening of a 4×4: rows 1, 2, 4 and columns 1, 2, 4.
    public init(flattening t: Transform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    /// A map with the given row-major entries.
    public init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) {
        self.m = m
    }

    /// Maps a point; `nil` when it lands at or behind the eye (w ≤ 0).
    public func apply(_ p: Point) -> Point? {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w > 1e-12 else { return nil }
        return Point(x: x / w, y: y / w)
    }

    /// `self` then `o`.
    public func concatenating(_ o: Homography) -> Homography {
        let a = m, b = o.m
        return Homography(
            m: (
                a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8
            ))
    }

    /// The inverse, or `nil` when singular, or so nearly singular that the inverse has entries
    /// beyond the largest `Double`.
    public func inverted() -> Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        guard k.isFinite else { return nil }
        let inverse = Homography(
            m: (
                A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
                B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
                C * k, -(a * h - b * g) * k, (a * e - b * d) * k
            ))
        return inverse.isFinite ? inverse : nil
    }
}

extension Homography {
    public static func == (a: Homography, b: Homography) -> Bool { a.entries == b.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    /// The nine entries as an array, row-major.
    public var entries: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

    /// Maps a point to homogeneous coordinates `(x, y, w)` without dividing.
    public func applyHomogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m.0 + p.y * m.3 + m.6, p.x * m.1 + p.y * m.4 + m.7, p.x * m.2 + p.y * m.5 + m.8)
    }

    /// A translation by (tx, ty).
    public init(translationX tx: Double, y ty: Double) { self.init(m: (1, 0, 0, 0, 1, 0, tx, ty, 1)) }
    /// A scale by (sx, sy).
    public init(scaleX sx: Double, y sy: Double) { self.init(m: (sx, 0, 0, 0, sy, 0, 0, 0, 1)) }
    /// The same map as an affine transform.
    public init(_ t: AffineTransform) { self.init(m: (t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1)) }

    /// Whether the map is affine (third column `(0, 0, c)` with `c ≠ 0`).
    public var isAffine: Bool { m.2 == 0 && m.5 == 0 && m.8 != 0 }

    /// Whether every entry is finite.
    public var isFinite: Bool { entries.allSatisfy(\.isFinite) }
}
