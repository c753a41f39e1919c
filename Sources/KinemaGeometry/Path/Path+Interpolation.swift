extension Path {
    /// The path a fraction of the way from `from` to `to`, or `nil` when their element
    /// structures differ.
    ///
    /// Both paths must have the same number of elements with the same kind at each position; then
    /// every point (end points and control points alike) is interpolated linearly (Apple documents
    /// path animations as a blend of the points and leaves paths of different structure undefined;
    /// blending control points linearly too is Kinema's choice). Fractions outside `0…1`
    /// extrapolate. A NaN fraction or `−∞` gives `from`, `+∞` gives `to`.
    public static func interpolate(from: Path, to: Path, fraction t: Double) -> Path? {
        guard from.elements.count == to.elements.count,
            zip(from.elements, to.elements).allSatisfy({ $0.hasSameKind(as: $1) })
        else { return nil }
        guard t.isFinite else { return t == .infinity ? to : from }
        if t == 0 { return from }
        if t == 1 { return to }
        let blended = zip(from.elements, to.elements).map { a, b -> PathElement in
            switch (a, b) {
            case (.moveTo(let p), .moveTo(let q)):
                return .moveTo(lerp(p, q, t))
            case (.lineTo(let p), .lineTo(let q)):
                return .lineTo(lerp(p, q, t))
            case (.quadCurveTo(let p, let c), .quadCurveTo(let q, let d)):
                return .quadCurveTo(lerp(p, q, t), control: lerp(c, d, t))
            case (.curveTo(let p, let c1, let c2), .curveTo(let q, let d1, let d2)):
                return .curveTo(lerp(p, q, t), control1: lerp(c1, d1, t), control2: lerp(c2, d2, t))
            default:
                return .closeSubpath
            }
        }
        return Path(elements: blended)
    }
}
