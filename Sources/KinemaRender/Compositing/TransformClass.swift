import KinemaGeometry

/// The cheapest exact way to composite with a homography, from its structure.
///
/// A homography is scale-invariant, so an affine one (third column `(0, 0, c)`, c > 0) is
/// classified after dividing by `c`. Entries within 1e-9 of an integer (or of zero) count as
/// exactly that integer. A homography with c ≤ 0 puts every point at or behind the eye, and one
/// with a non-finite entry is meaningless: both are ``projective`` (and draw nothing).
public enum TransformClass: Hashable, Sendable {
    /// A translation by whole pixels: the source is copied (blended) pixel for pixel.
    case integerTranslation(dx: Int, dy: Int)
    /// Scales along the axes (possibly by 1, or negative) and any translation.
    case scaleTranslation
    /// Any other affine map (rotation, skew).
    case affine
    /// A map with perspective.
    case projective

    /// Entries this close to an integer count as that integer.
    public static let tolerance = 1e-9

    /// Classifies `h`.
    public init(_ h: Homography) {
        guard let a = AffineParts(h) else {
            self = .projective
            return
        }
        let t = TransformClass.tolerance
        guard abs(a.b) <= t, abs(a.c) <= t else {
            self = .affine
            return
        }
        let dx = a.tx.rounded(), dy = a.ty.rounded()
        if abs(a.a - 1) <= t, abs(a.d - 1) <= t, abs(a.tx - dx) <= t, abs(a.ty - dy) <= t, abs(dx) < 1e9, abs(dy) < 1e9 {
            self = .integerTranslation(dx: Int(dx), dy: Int(dy))
        } else {
            self = .scaleTranslation
        }
    }
}

/// The six coefficients of an affine homography, normalised so that its corner entry is 1
/// (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`).
struct AffineParts {
    var a, b, c, d, tx, ty: Double

    /// The parts of `h`, or `nil` when `h` has perspective (|m13| or |m23| above the tolerance),
    /// m33 ≤ 0 (everything at or behind the eye) or a non-finite entry.
    init?(_ h: Homography) {
        let m = h.m
        guard h.isFinite, abs(m.2) <= TransformClass.tolerance, abs(m.5) <= TransformClass.tolerance, m.8 > 0 else { return nil }
        let k = 1 / m.8
        a = m.0 * k
        b = m.1 * k
        c = m.3 * k
        d = m.4 * k
        tx = m.6 * k
        ty = m.7 * k
        guard a.isFinite, b.isFinite, c.isFinite, d.isFinite, tx.isFinite, ty.isFinite else { return nil }
    }

    /// The same map as a homography with third column exactly (0, 0, 1).
    var homography: Homography { Homography(m: (a, b, 0, c, d, 0, tx, ty, 1)) }
}
