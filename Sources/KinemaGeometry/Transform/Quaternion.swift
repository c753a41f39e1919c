import Foundation

/// A rotation in three dimensions stored as a unit quaternion `(x, y, z, w)`.
///
/// A rotation by `θ` radians about the unit axis `(ux, uy, uz)` is
/// `(ux·sin(θ/2), uy·sin(θ/2), uz·sin(θ/2), cos(θ/2))`, with the same handedness as
/// ``Transform3D/makeRotation(_:_:_:_:)``: about z, a positive angle turns the x axis towards +y.
/// `q` and `−q` are the same rotation.
public struct Quaternion: Hashable, Sendable, Codable {
    /// The x component of the vector part.
    public var x: Double
    /// The y component of the vector part.
    public var y: Double
    /// The z component of the vector part.
    public var z: Double
    /// The scalar part.
    public var w: Double

    /// Creates a quaternion from its four components (not normalized).
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The rotation by `angle` radians about the axis `(x, y, z)` (any non-zero length).
    /// A zero or non-finite axis gives ``identity``.
    public init(angle: Double, axisX x: Double, y: Double, z: Double) {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite, angle.isFinite else {
            self = .identity
            return
        }
        let s = sin(angle / 2) / len
        self.init(x: x * s, y: y * s, z: z * s, w: cos(angle / 2))
    }

    /// No rotation, `(0, 0, 0, 1)`.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The four-dimensional dot product.
    public func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }

    /// The quaternion scaled to length 1, or ``identity`` when the length is zero or not finite.
    public var normalized: Quaternion {
        let len = dot(self).squareRoot()
        guard len > 0, len.isFinite else { return .identity }
        return Quaternion(x: x / len, y: y / len, z: z / len, w: w / len)
    }

    /// The rotation angle in radians, in `0…π` for the shorter of the two equivalent rotations.
    public var angle: Double {
        let q = normalized
        let v = (q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        return 2 * atan2(v, abs(q.w))
    }

    /// Spherical linear interpolation along the shorter arc.
    ///
    /// `fraction` 0 gives `from`, 1 gives `to` (or `−to`, the same rotation); values outside
    /// `0…1` extrapolate the angle (1.5 turns 50 % further than `to`). A non-finite fraction
    /// gives `from`.
    public static func slerp(from: Quaternion, to: Quaternion, fraction t: Double) -> Quaternion {
        let a = from.normalized
        var b = to.normalized
        guard t.isFinite else { return a }
        var d = a.dot(b)
        if d < 0 {
            b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
            d = -d
        }
        let omega = acos(min(d, 1))
        let sinOmega = sin(omega)
        let wa: Double
        let wb: Double
        if sinOmega < 1e-12 {
            wa = 1 - t
            wb = t
        } else {
            wa = sin((1 - t) * omega) / sinOmega
            wb = sin(t * omega) / sinOmega
        }
        return Quaternion(
            x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y,
            z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w
        ).normalized
    }
}

extension Quaternion: CustomStringConvertible {
    public var description: String { "(\(x), \(y), \(z), \(w))" }
}
