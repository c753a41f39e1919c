import CCairo
import KinemaGeometry

extension GraphicsContext {
    /// Appends `path` to cairo's current path, element by element. A quadratic curve becomes
    /// the cubic with the same shape (control points 2/3 of the way from each end to the
    /// quadratic control point). `Path` keeps every coordinate finite and starts every
    /// subpath with a move, so cairo always has a current point.
    func appendToCairo(_ path: Path) {
        var start = Point.zero
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                cairo_move_to(cr, p.x, p.y)
                start = p
                current = p
            case .lineTo(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quadCurveTo(let p, let c):
                let c1 = current + (c - current) * (2.0 / 3.0)
                let c2 = p + (c - p) * (2.0 / 3.0)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curveTo(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .closeSubpath:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// Sets cairo's source to `color` with the context's alpha folded in.
    func setSource(_ color: Color) {
        let c = color.sanitized
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * state.alpha)
    }
}

extension Color {
    /// The colour with every component in `0…1` and NaN replaced by 0. `Color`'s initialisers
    /// already do this, but its stored properties are public and can be set to anything.
    var sanitized: Color {
        func clean(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        var c = self
        c.red = clean(red)
        c.green = clean(green)
        c.blue = clean(blue)
        c.alpha = clean(alpha)
        return c
    }
}
