import Foundation

/// A 4×4 homogeneous transform with Core Animation's layout, mirroring `CATransform3D`.
///
/// Points are **row vectors**: `p' = p · M`, translation lives in `m41 m42 m43`, and
/// `a.concatenating(b)` is `a · b`, "apply `a`, then `b`" (as `CATransform3DConcat(a, b)`).
/// Perspective is `m34 = −1/d` for an eye at distance `d` points.
public struct Transform3D: Hashable, Sendable, Codable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Creates a transform from sixteen numbers in `m11, m12, …, m44` order.
    /// Returns `nil` unless there are exactly sixteen.
    public init?(_ values: [Double]) {
        guard values.count == 16 else { return nil }
        self.init(
            m11: values[0], m12: values[1], m13: values[2], m14: values[3],
            m21: values[4], m22: values[5], m23: values[6], m24: values[7],
            m31: values[8], m32: values[9], m33: values[10], m34: values[11],
            m41: values[12], m42: values[13], m43: values[14], m44: values[15])
    }

    /// The sixteen entries in `m11, m12, …, m44` order.
    public var values: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The identity transform, `CATransform3DIdentity`.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is exactly the identity (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// A translation by `(tx, ty, tz)` points (`CATransform3DMakeTranslation`).
    public static func makeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    /// A scale by `(sx, sy, sz)` (`CATransform3DMakeScale`).
    public static func makeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (`CATransform3DMakeRotation`).
    ///
    /// About z, a positive angle turns the x axis towards +y (clockwise on an iOS screen):
    /// `m11 = cos θ, m12 = sin θ, m21 = −sin θ, m22 = cos θ`. A zero axis gives the identity.
    public static func makeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle)
        let s = sin(angle)
        let t = 1 - c
        var r = identity
        r.m11 = t * ux * ux + c
        r.m12 = t * ux * uy + s * uz
        r.m13 = t * ux * uz - s * uy
        r.m21 = t * ux * uy - s * uz
        r.m22 = t * uy * uy + c
        r.m23 = t * uy * uz + s * ux
        r.m31 = t * ux * uz + s * uy
        r.m32 = t * uy * uz - s * ux
        r.m33 = t * uz * uz + c
        return r
    }

    /// A perspective projection for an eye `distance` points away: `m34 = −1/distance`.
    public static func makePerspective(distance: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / distance
        return t
    }

    /// `self · other`: apply `self`, then `other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        Transform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    /// A translation applied before `self` (`CATransform3DTranslate(self, tx, ty, tz)`).
    public func translatedBy(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.makeTranslation(tx, ty, tz).concatenating(self)
    }

    /// A scale applied before `self` (`CATransform3DScale`).
    public func scaledBy(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.makeScale(sx, sy, sz).concatenating(self)
    }

    /// A rotation applied before `self` (`CATransform3DRotate`).
    public func rotatedBy(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.makeRotation(angle, x, y, z).concatenating(self)
    }

    /// Whether the transform is affine in 2D (`CATransform3DIsAffine`): no z terms and no perspective.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The 2D affine part (`CATransform3DGetAffineTransform`): `(m11, m12, m21, m22, m41, m42)`.
    public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// The transform equal to an affine one (`CATransform3DMakeAffineTransform`).
    public init(affine t: AffineTransform) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    /// The 2×2 minors of the top two rows (`s`) and bottom two rows (`c`) that both the
    /// determinant and the inverse are built from (Laplace expansion).
    private var minors: (s: (Double, Double, Double, Double, Double, Double), c: (Double, Double, Double, Double, Double, Double)) {
        (
            (
                m11 * m22 - m21 * m12, m11 * m23 - m21 * m13, m11 * m24 - m21 * m14,
                m12 * m23 - m22 * m13, m12 * m24 - m22 * m14, m13 * m24 - m23 * m14
            ),
            (
                m31 * m42 - m41 * m32, m31 * m43 - m41 * m33, m31 * m44 - m41 * m34,
                m32 * m43 - m42 * m33, m32 * m44 - m42 * m34, m33 * m44 - m43 * m34
            )
        )
    }

    /// The determinant of the 4×4 matrix.
    public var determinant: Double {
        let (s, c) = minors
        return s.0 * c.5 - s.1 * c.4 + s.2 * c.3 + s.3 * c.2 - s.4 * c.1 + s.5 * c.0
    }

    /// The inverse (`CATransform3DInvert`), or `nil` when the matrix is singular, or so nearly
    /// singular that its inverse has entries beyond the largest `Double` (a scale of 1e-314).
    public func inverted() -> Transform3D? {
        let (s, c) = minors
        let (s0, s1, s2, s3, s4, s5) = s
        let (c0, c1, c2, c3, c4, c5) = c
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        guard k.isFinite else { return nil }
        let inverse = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
        return inverse.isFinite ? inverse : nil
    }

    /// Maps the homogeneous row vector `(x, y, z, w)`.
    public func apply(x: Double, y: Double, z: Double, w: Double = 1) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m11 + y * m21 + z * m31 + w * m41,
            x * m12 + y * m22 + z * m32 + w * m42,
            x * m13 + y * m23 + z * m33 + w * m43,
            x * m14 + y * m24 + z * m34 + w * m44
        )
    }
}
