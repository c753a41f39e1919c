import KinemaGeometry

/// A destination-to-source transform in pixman's 16.16 fixed point, in pixman's layout
/// (column vectors: row 0 gives the source x, row 2 the homogeneous w).
///
/// Built by these rules (measured in docs/rendering-notes.md):
/// - an affine map keeps its last row exactly (0, 0, 1), so pixman stays on its affine paths;
/// - a projective map is multiplied by `s = 30000 / max(|X|, |Y|, |W|)` over the corners of the
///   region it is used on, with the sign that makes W positive inside the layer. pixman
///   evaluates X, Y and W in 16.16 and skips scanlines where one leaves ±32768, and divides
///   them as unsigned numbers; the rescaling keeps 7 more significant bits than normalising W to 1.
struct FixedTransform {
    /// The nine entries, row-major, in 16.16.
    var entries: [Int32]

    /// A transform with the given 16.16 entries, row-major.
    init(entries: [Int32]) { self.entries = entries }

    /// The transform of an affine destination-to-source map (`x' = a·x + c·y + tx`,
    /// `y' = b·x + d·y + ty`); `nil` if an entry does not fit 16.16.
    init?(affine p: AffineParts) {
        guard let a = fixed(p.a), let b = fixed(p.b), let c = fixed(p.c), let d = fixed(p.d), let tx = fixed(p.tx),
            let ty = fixed(p.ty)
        else { return nil }
        entries = [a, c, tx, b, d, ty, 0, 0, 1 << 16]
    }

    /// The transform of a projective destination-to-source map `h` (row-vector convention, as
    /// ``Homography``), rescaled for a region of `width × height` destination pixels starting
    /// at (0, 0). `inside` is a destination point inside the layer, where W must be positive.
    /// `nil` when the map is degenerate there.
    init?(projective h: Homography, width: Int, height: Int, inside: Point) {
        let m = h.m
        let rows = [(m.0, m.3, m.6), (m.1, m.4, m.7), (m.2, m.5, m.8)]
        let w = Double(width + 1), hh = Double(height + 1)
        var largest = 0.0
        for (x, y) in [(0.0, 0.0), (w, 0), (0, hh), (w, hh)] {
            for r in rows { largest = max(largest, abs(r.0 * x + r.1 * y + r.2)) }
        }
        for r in rows { largest = max(largest, abs(r.0), abs(r.1), abs(r.2)) }
        let wInside = rows[2].0 * inside.x + rows[2].1 * inside.y + rows[2].2
        guard largest > 0, largest.isFinite, wInside != 0, wInside.isFinite else { return nil }
        let s = (wInside > 0 ? 30000 : -30000) / largest
        var e: [Int32] = []
        e.reserveCapacity(9)
        for r in rows {
            for v in [r.0, r.1, r.2] {
                guard let f = fixed(v * s) else { return nil }
                e.append(f)
            }
        }
        entries = e
    }
}

/// `v` in 16.16 fixed point, rounded to nearest; `nil` if it does not fit 32 bits.
func fixed(_ v: Double) -> Int32? {
    let f = (v * 65536).rounded()
    guard f.isFinite, abs(f) <= Double(Int32.max - 1) else { return nil }
    return Int32(f)
}
