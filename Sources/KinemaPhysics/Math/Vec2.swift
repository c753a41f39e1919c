import Foundation

/// The solver's 2-D vector, in points (or points per second). Internal: the public API speaks
/// `Point` and `Vector`; the solver (and UIKit Dynamics over it, by `package` access) uses this
/// plain value for speed.
package struct Vec2: Hashable, Sendable {
    package var x: Double
    package var y: Double

    @inline(__always) package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    package static let zero = Vec2(0, 0)

    @inline(__always) package static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inline(__always) package static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inline(__always) package static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inline(__always) package static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inline(__always) package static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inline(__always) package static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inline(__always) package static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    /// Dot product.
    @inline(__always) package func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    /// 2-D cross product (the z of the 3-D cross product).
    @inline(__always) package func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
    /// `self × s` for a scalar s (out of the plane): (s·y, −s·x).
    @inline(__always) package func cross(_ s: Double) -> Vec2 { Vec2(s * y, -s * x) }
    /// The left perpendicular (−y, x): a quarter turn towards +y in a y-down space
    /// (counter-clockwise in maths, clockwise on screen).
    @inline(__always) package var leftPerp: Vec2 { Vec2(-y, x) }
    /// The right perpendicular (y, −x).
    @inline(__always) package var rightPerp: Vec2 { Vec2(y, -x) }
    @inline(__always) package var lengthSquared: Double { x * x + y * y }
    package var length: Double { (x * x + y * y).squareRoot() }
    package var isFinite: Bool { x.isFinite && y.isFinite }

    /// The unit vector, or zero for a (near) zero vector.
    package var normalized: Vec2 {
        let l = length
        guard l > 1e-12 else { return .zero }
        return Vec2(x / l, y / l)
    }

    /// `s × v` for a scalar s (out of the plane): (−s·y, s·x).
    @inline(__always) package static func cross(_ s: Double, _ v: Vec2) -> Vec2 { Vec2(-s * v.y, s * v.x) }
    @inline(__always) package static func min(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
    @inline(__always) package static func max(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }
    /// `a + s·b` (no fused multiply-add: Swift never contracts, so results are reproducible).
    @inline(__always) package static func mulAdd(_ a: Vec2, _ s: Double, _ b: Vec2) -> Vec2 { Vec2(a.x + s * b.x, a.y + s * b.y) }
    @inline(__always) package static func mulSub(_ a: Vec2, _ s: Double, _ b: Vec2) -> Vec2 { Vec2(a.x - s * b.x, a.y - s * b.y) }
}

/// A rotation as cosine and sine. Positive angles turn +x towards +y (clockwise on a y-down
/// screen), as `AffineTransform(rotationAngle:)` does.
package struct Rot: Hashable, Sendable {
    package var c: Double
    package var s: Double

    @inline(__always) package init(c: Double, s: Double) {
        self.c = c
        self.s = s
    }

    package init(angle: Double) {
        c = cos(angle)
        s = sin(angle)
    }

    package static let identity = Rot(c: 1, s: 0)

    package var angle: Double { atan2(s, c) }

    /// Rotates `v`.
    @inline(__always) package func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates `v` by the inverse.
    @inline(__always) package func invRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// `self` then `q` … i.e. the rotation q·self.
    @inline(__always) package func mul(_ q: Rot) -> Rot { Rot(c: c * q.c - s * q.s, s: s * q.c + c * q.s) }
    /// The inverse of `self` applied to q: self⁻¹·q.
    @inline(__always) package func invMul(_ q: Rot) -> Rot { Rot(c: c * q.c + s * q.s, s: c * q.s - s * q.c) }

    /// Integrates an angular displacement `deltaAngle` (radians) and renormalises, as Box2D v3's
    /// `b2IntegrateRotation` does (small-angle update, no trigonometry).
    @inline(__always) package func integrated(_ deltaAngle: Double) -> Rot {
        let q2c = c - deltaAngle * s
        let q2s = s + deltaAngle * c
        let mag = (q2c * q2c + q2s * q2s).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rot(c: q2c * inv, s: q2s * inv)
    }

    /// The relative angle of `b` with respect to `a`, in (−π, π].
    package static func relativeAngle(_ b: Rot, _ a: Rot) -> Double {
        let s = b.s * a.c - b.c * a.s
        let c = b.c * a.c + b.s * a.s
        return atan2(s, c)
    }
}

/// A rigid transform: rotation then translation.
package struct Transform2: Hashable, Sendable {
    package var p: Vec2
    package var q: Rot

    package static let identity = Transform2(p: .zero, q: .identity)

    @inline(__always) package func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    @inline(__always) package func invApply(_ v: Vec2) -> Vec2 { q.invRotate(v - p) }
    /// A⁻¹·B: B expressed in A's frame.
    package func invMul(_ b: Transform2) -> Transform2 {
        Transform2(p: q.invRotate(b.p - p), q: q.invMul(b.q))
    }
}
