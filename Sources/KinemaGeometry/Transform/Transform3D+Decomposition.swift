import Foundation

extension Transform3D {
    /// A transform split into the parts that interpolate well: the CSS Transforms Level 2
    /// "unmatrix" decomposition, written for Core Animation's row-vector layout.
    ///
    /// The parts recompose, in row-vector order (leftmost applies first), as
    ///
    ///     M = Scale · Skew · Rotation · Translation · Perspective
    ///
    /// where `Skew` has rows `(1 0 0)`, `(xy 1 0)`, `(xz yz 1)`. ``Transform3D/init(_:)-(Transform3D.Decomposition)``
    /// rebuilds the matrix. A matrix whose `m44` is not 1 comes back divided by `m44` (the same
    /// projective transform).
    public struct Decomposition: Hashable, Sendable, Codable {
        /// Translation `(x, y, z)` in points. Default `(0, 0, 0)`.
        public var translation: SIMD3<Double>
        /// Scale factors `(x, y, z)`; a mirrored matrix has all three negated. Default `(1, 1, 1)`.
        public var scale: SIMD3<Double>
        /// Shear factors `(xy, xz, yz)`, each the tangent of a shear angle. Default `(0, 0, 0)`.
        public var skew: SIMD3<Double>
        /// The perspective column `(m14, m24, m34, m44)` of the pure perspective part.
        /// Default `(0, 0, 0, 1)`; `m34 = −1/d` for an eye at `d` points.
        public var perspective: SIMD4<Double>
        /// The rotation. Default ``Quaternion/identity``.
        public var rotation: Quaternion

        /// Creates a decomposition; every part defaults to "none".
        public init(
            translation: SIMD3<Double> = SIMD3(0, 0, 0),
            scale: SIMD3<Double> = SIMD3(1, 1, 1),
            skew: SIMD3<Double> = SIMD3(0, 0, 0),
            perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1),
            rotation: Quaternion = .identity
        ) {
            self.translation = translation
            self.scale = scale
            self.skew = skew
            self.perspective = perspective
            self.rotation = rotation
        }

        /// The decomposition of the identity transform.
        public static let identity = Decomposition()
    }

    /// The decomposition of this matrix, or `nil` when it cannot be decomposed: `m44 = 0`, a
    /// singular upper 3×3 (for example a zero scale), or a non-finite entry.
    ///
    /// Follows CSS Transforms Module Level 2, "Decomposing a 3D matrix": normalize by `m44`,
    /// solve for perspective, read translation from `m41…m43`, then Gram–Schmidt the rows of the
    /// upper 3×3 into scale, skew and an orthonormal rotation (negating everything when the
    /// determinant is negative), and convert the rotation to a quaternion.
    public func decomposed() -> Decomposition? {
        guard isFinite, m44 != 0 else { return nil }
        let k = 1 / m44
        let a0 = SIMD3(m11, m12, m13) * k
        let a1 = SIMD3(m21, m22, m23) * k
        let a2 = SIMD3(m31, m32, m33) * k
        let t = SIMD3(m41, m42, m43) * k
        let q = SIMD3(m14, m24, m34) * k

        let c12 = vcross(a1, a2)
        let det = vdot(a0, c12)
        guard det != 0, det.isFinite else { return nil }

        // Perspective: M = N · P, with N = [[A, 0], [t, 1]] and P the identity whose last column
        // is p. Then A·p_xyz = q and t·p_xyz + p_w = 1.
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if q != SIMD3(0, 0, 0) {
            let p = (c12 * q.x + vcross(a2, a0) * q.y + vcross(a0, a1) * q.z) / det
            perspective = SIMD4(p.x, p.y, p.z, 1 - vdot(t, p))
        }

        // Scale and skew by Gram–Schmidt on the rows.
        var scale = SIMD3<Double>(0, 0, 0)
        var skew = SIMD3<Double>(0, 0, 0)
        scale.x = vlength(a0)
        var r0 = a0 / scale.x
        skew.x = vdot(r0, a1)
        var r1 = a1 - r0 * skew.x
        scale.y = vlength(r1)
        r1 /= scale.y
        skew.x /= scale.y
        skew.y = vdot(r0, a2)
        var r2 = a2 - r0 * skew.y
        skew.z = vdot(r1, r2)
        r2 -= r1 * skew.z
        scale.z = vlength(r2)
        r2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        if vdot(r0, vcross(r1, r2)) < 0 {
            scale = -scale
            r0 = -r0
            r1 = -r1
            r2 = -r2
        }

        let rotation = Self.quaternion(rows: r0, r1, r2)
        let result = Decomposition(
            translation: t, scale: scale, skew: skew, perspective: perspective, rotation: rotation)
        guard result.isFinite else { return nil }
        return result
    }

    /// Recomposes a decomposition: `Scale · Skew · Rotation · Translation · Perspective`.
    public init(_ d: Decomposition) {
        let q = d.rotation.normalized
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        // Rotation rows in row-vector form (the transpose of the column-vector matrix).
        let r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let r1 = SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let r2 = SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        let a0 = r0 * d.scale.x
        let a1 = (r1 + r0 * d.skew.x) * d.scale.y
        let a2 = (r2 + r0 * d.skew.y + r1 * d.skew.z) * d.scale.z
        let t = d.translation
        let p = SIMD3(d.perspective.x, d.perspective.y, d.perspective.z)
        self.init(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: vdot(a0, p),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: vdot(a1, p),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: vdot(a2, p),
            m41: t.x, m42: t.y, m43: t.z, m44: vdot(t, p) + d.perspective.w)
    }

    /// The translation part in points: the decomposed translation, or `(m41, m42, m43)` when
    /// the matrix cannot be decomposed. For a matrix without perspective and with `m44 = 1` this
    /// is exactly `(m41, m42, m43)`.
    public var translation: (x: Double, y: Double, z: Double) {
        if let t = decomposed()?.translation { return (t.x, t.y, t.z) }
        return (m41, m42, m43)
    }

    // MARK: - Helpers

    /// The unit quaternion of an orthonormal, right-handed row-vector rotation matrix
    /// (Shepperd's method: divide by the largest of the four candidates).
    static func quaternion(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) -> Quaternion {
        let trace = r0.x + r1.y + r2.z
        let q: Quaternion
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = Quaternion(x: (r1.z - r2.y) / s, y: (r2.x - r0.z) / s, z: (r0.y - r1.x) / s, w: s / 4)
        } else if r0.x >= r1.y && r0.x >= r2.z {
            let s = max(0, 1 + r0.x - r1.y - r2.z).squareRoot() * 2
            q = Quaternion(x: s / 4, y: (r1.x + r0.y) / s, z: (r2.x + r0.z) / s, w: (r1.z - r2.y) / s)
        } else if r1.y >= r2.z {
            let s = max(0, 1 + r1.y - r0.x - r2.z).squareRoot() * 2
            q = Quaternion(x: (r1.x + r0.y) / s, y: s / 4, z: (r2.y + r1.z) / s, w: (r2.x - r0.z) / s)
        } else {
            let s = max(0, 1 + r2.z - r0.x - r1.y).squareRoot() * 2
            q = Quaternion(x: (r2.x + r0.z) / s, y: (r2.y + r1.z) / s, z: s / 4, w: (r0.y - r1.x) / s)
        }
        return q.normalized
    }

}

extension Transform3D.Decomposition {
    /// Whether every part is finite.
    public var isFinite: Bool {
        let all = [
            translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
            skew.x, skew.y, skew.z, perspective.x, perspective.y, perspective.z, perspective.w,
            rotation.x, rotation.y, rotation.z, rotation.w,
        ]
        return all.allSatisfy(\.isFinite)
    }
}

@inline(__always)
private func vdot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

@inline(__always)
private func vcross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inline(__always)
private func vlength(_ a: SIMD3<Double>) -> Double { vdot(a, a).squareRoot() }
