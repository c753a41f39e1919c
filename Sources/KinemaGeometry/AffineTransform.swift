import Foundation

/// A 2D affine transform, mirroring `CGAffineTransform`.
///
/// Points are row vectors: `[x' y' 1] = [x y 1] · [[a b 0] [c d 0] [tx ty 1]]`, so
/// `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`. `concatenating(t2)` applies `self` first.
///
/// Foundation on Linux has a type of the same name; a file that imports both Foundation and
/// Kinema writes `KinemaGeometry.AffineTransform`.
public struct AffineTransform: Hashable, Sendable, Codable {
    /// The x scale (and rotation) coefficient: `x' = a·x + c·y + tx`. Identity 1.
    public var a: Double
    /// The y shear (and rotation) coefficient: `y' = b·x + d·y + ty`. Identity 0.
    public var b: Double
    /// The x shear (and rotation) coefficient. Identity 0.
    public var c: Double
    /// The y scale (and rotation) coefficient. Identity 1.
    public var d: Double
    /// Translation along x, in points.
    public var tx: Double
    /// Translation along y, in points.
    public var ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// A translation by `(tx, ty)` points.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` and `sy`.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive turns the x axis towards +y (clockwise on screen).
    public init(rotationAngle angle: Double) {
        let c = cos(angle)
        let s = sin(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before `self`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before `self`.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant of the linear part.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or `self` unchanged when the transform is singular (as `CGAffineTransformInvert`).
    public func inverted() -> AffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det)
    }
}
