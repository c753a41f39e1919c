import Foundation
import KinemaGeometry

/// Reads and replaces the `transform.rotation`, `transform.scale` and `transform.translation`
/// sub-fields of a matrix.
///
/// A matrix is read as `M = S · R · T` (row vectors: scale first, then rotation, then translation),
/// with `R = Rx · Ry · Rz` (about x first). Translation is the last row, scale the length of each
/// of the first three rows. Replacing a field rebuilds the matrix from its fields, so a
/// `transform.rotation.z` animation from 0 to 2π on an identity transform turns exactly once.
/// Skew and perspective are not kept when a rotation or scale field is replaced (a documented
/// difference from Apple, whose behaviour there is unspecified).
///
/// Reading is finite for every finite matrix: a row whose squared length overflows (entries above
/// about 1e154) is measured in units of its largest entry instead, and a length beyond the largest
/// finite `Double` (entries near 1.8e308) is clamped to `Double.greatestFiniteMagnitude`.
enum TransformComponents {
    struct Fields {
        var scale: (x: Double, y: Double, z: Double)
        var rotation: (x: Double, y: Double, z: Double)
        var translation: (x: Double, y: Double, z: Double)
    }

    static func fields(of t: Transform3D) -> Fields {
        // The usual model: no rotation or scale (an identity, or a translation). What the general
        // reading below gives there, written out: unit scales, and each angle the ±0 its atan2
        // of a zero over 1 gives.
        if t.m11 == 1, t.m22 == 1, t.m33 == 1, t.m12 == 0, t.m13 == 0, t.m21 == 0, t.m23 == 0, t.m31 == 0, t.m32 == 0 {
            return Fields(scale: (1, 1, 1), rotation: (t.m23, -t.m13, t.m12), translation: (t.m41, t.m42, t.m43))
        }
        return generalFields(of: t)
    }

    /// ``fields(of:)`` for any matrix.
    static func generalFields(of t: Transform3D) -> Fields {
        let sx = length(t.m11, t.m12, t.m13)
        let sy = length(t.m21, t.m22, t.m23)
        var sz = length(t.m31, t.m32, t.m33)
        // A mirrored matrix keeps its handedness in the z scale.
        var det3 =
            t.m11 * (t.m22 * t.m33 - t.m23 * t.m32) - t.m12 * (t.m21 * t.m33 - t.m23 * t.m31)
            + t.m13 * (t.m21 * t.m32 - t.m22 * t.m31)
        if !det3.isFinite, sx > 0, sy > 0, sz > 0 {
            // Overflowed: the determinant of the unit rows has the same sign.
            let (a, b, c) = (t.m11 / sx, t.m12 / sx, t.m13 / sx)
            let (d, e, f) = (t.m21 / sy, t.m22 / sy, t.m23 / sy)
            let (g, h, i) = (t.m31 / sz, t.m32 / sz, t.m33 / sz)
            det3 = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        }
        if det3 < 0 { sz = -sz }
        func n(_ v: Double, _ s: Double) -> Double { s == 0 ? 0 : v / s }
        let r11 = n(t.m11, sx), r12 = n(t.m12, sx), r13 = n(t.m13, sx)
        let r22 = n(t.m22, sy), r23 = n(t.m23, sy)
        let r32 = n(t.m32, sz), r33 = n(t.m33, sz)
        let cy = (r11 * r11 + r12 * r12).squareRoot()
        var rx: Double, ry: Double, rz: Double
        ry = atan2(-r13, cy)
        if cy > 1e-12 {
            rz = atan2(r12, r11)
            rx = atan2(r23, r33)
        } else {
            rz = 0
            rx = atan2(-r32, r22)
        }
        // Euler angles are not unique: (x + π, π − y, z + π) gives the same rotation. Prefer the
        // solution that turns least about x and z, so a half turn about y reads back as y = π.
        // The other one turns 2π − (|x| + |z|) about them, so it wins only when |x| + |z| > π;
        // the angles are in (−π, π], so one subtraction wraps them.
        if abs(rx) + abs(rz) > .pi + 1e-12 {
            func wrap(_ a: Double) -> Double { a > .pi ? a - 2 * .pi : a }
            (rx, ry, rz) = (wrap(rx + .pi), wrap(.pi - ry), wrap(rz + .pi))
        }
        return Fields(scale: (sx, sy, sz), rotation: (rx, ry, rz), translation: (t.m41, t.m42, t.m43))
    }

    /// The length of the row `(a, b, c)`: `sqrt(a² + b² + c²)`, or, when the sum of squares
    /// overflows, `m·sqrt((a/m)² + (b/m)² + (c/m)²)` with `m` the largest magnitude, clamped to
    /// `Double.greatestFiniteMagnitude`.
    private static func length(_ a: Double, _ b: Double, _ c: Double) -> Double {
        let sum = a * a + b * b + c * c
        guard sum == .infinity else { return sum.squareRoot() }
        let m = max(abs(a), abs(b), abs(c))
        guard m.isFinite else { return sum.squareRoot() }
        let (x, y, z) = (a / m, b / m, c / m)
        return min(m * (x * x + y * y + z * z).squareRoot(), .greatestFiniteMagnitude)
    }

    /// The mean of the three scales. When their sum overflows each is divided by 3 first, and the
    /// mean is clamped to `±Double.greatestFiniteMagnitude`.
    private static func meanScale(_ f: Fields) -> Double {
        let sum = f.scale.x + f.scale.y + f.scale.z
        if sum.isFinite { return sum / 3 }
        let mean = f.scale.x / 3 + f.scale.y / 3 + f.scale.z / 3
        return min(max(mean, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// `S · Rx · Ry · Rz · T`, written out: the rows of `Rx · Ry · Rz` scaled by `S`, then the translation.
    static func matrix(from f: Fields) -> Transform3D {
        let (sx, cx) = f.rotation.x == 0 ? (0.0, 1.0) : (sin(f.rotation.x), cos(f.rotation.x))
        let (sy, cy) = f.rotation.y == 0 ? (0.0, 1.0) : (sin(f.rotation.y), cos(f.rotation.y))
        let (sz, cz) = (sin(f.rotation.z), cos(f.rotation.z))
        let (kx, ky, kz) = f.scale
        return Transform3D(
            m11: kx * cy * cz, m12: kx * cy * sz, m13: kx * -sy, m14: 0,
            m21: ky * (sx * sy * cz - cx * sz), m22: ky * (sx * sy * sz + cx * cz), m23: ky * sx * cy, m24: 0,
            m31: kz * (cx * sy * cz + sx * sz), m32: kz * (cx * sy * sz - sx * cz), m33: kz * cx * cy, m34: 0,
            m41: f.translation.x, m42: f.translation.y, m43: f.translation.z, m44: 1)
    }

    static func value(of component: LayerKeyPath.Component, in t: Transform3D) -> AnimatableValue? {
        switch component {
        case .translationX: return .number(t.m41)
        case .translationY: return .number(t.m42)
        case .translationZ: return .number(t.m43)
        case .translation: return .size(Size(width: t.m41, height: t.m42))
        default: break
        }
        let f = fields(of: t)
        switch component {
        case .rotation, .rotationZ: return .number(f.rotation.z)
        case .rotationX: return .number(f.rotation.x)
        case .rotationY: return .number(f.rotation.y)
        case .scaleX: return .number(f.scale.x)
        case .scaleY: return .number(f.scale.y)
        case .scaleZ: return .number(f.scale.z)
        case .scale: return .number(meanScale(f))
        default: return nil
        }
    }

    static func setting(_ component: LayerKeyPath.Component, of t: Transform3D, to value: AnimatableValue) -> Transform3D? {
        switch (component, value) {
        case (.translationX, .number(let v)): var m = t; m.m41 = v; return m
        case (.translationY, .number(let v)): var m = t; m.m42 = v; return m
        case (.translationZ, .number(let v)): var m = t; m.m43 = v; return m
        case (.translation, .size(let s)): var m = t; m.m41 = s.width; m.m42 = s.height; return m
        default: break
        }
        var f = fields(of: t)
        switch (component, value) {
        case (.rotation, .number(let v)), (.rotationZ, .number(let v)): f.rotation.z = v
        case (.rotationX, .number(let v)): f.rotation.x = v
        case (.rotationY, .number(let v)): f.rotation.y = v
        case (.scaleX, .number(let v)): f.scale.x = v
        case (.scaleY, .number(let v)): f.scale.y = v
        case (.scaleZ, .number(let v)): f.scale.z = v
        case (.scale, .number(let v)): f.scale = (v, v, v)
        default: return nil
        }
        return matrix(from: f)
    }
}
