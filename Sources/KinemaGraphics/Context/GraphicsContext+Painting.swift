import CCairo
import KinemaGeometry

extension GraphicsContext {
    /// Fills the interior of `path` with `color`, antialiased. Mirrors `CGContext.fillPath(using:)`.
    ///
    /// - Parameters:
    ///   - path: the outline, in user space.
    ///   - color: the fill colour; the context's alpha multiplies its alpha.
    ///   - rule: which areas count as inside where the path overlaps itself. Default non-zero.
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
        guard isDrawable, !path.isEmpty else { return }
        paintBounded(
            shape: {
                appendToCairo(path)
                cairo_set_fill_rule(cr, rule.cairoValue)
            }, source: { setSource(color) }, paint: { cairo_fill($0) })
    }

    /// Fills `rect` (in user space) with `color`. Mirrors `CGContext.fill(_:)`.
    public func fill(_ rect: Rect, color: Color) {
        guard rect.isFinite else { return }
        fill(Path(rect: rect), color: color)
    }

    /// Sets every pixel inside the clip to transparent black, whatever the alpha.
    public func clear() {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Sets the pixels of `rect` (in user space, intersected with the clip) to transparent black,
    /// whatever the alpha. Mirrors `CGContext.clear(_:)`.
    public func clear(_ rect: Rect) {
        guard isDrawable, rect.isFinite else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        appendToCairo(Path(rect: rect))
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Strokes `path` with `color` and `style` (width, caps, joins, miter limit, dashes), in user
    /// space: a scaled context draws wider lines and longer dashes. Mirrors `CGContext.strokePath()`.
    ///
    /// - A line width that is zero, negative or not finite draws nothing (Core Animation's shape
    ///   layers draw no stroke for a zero width).
    /// - A miter limit below 1 counts as 1, a non-finite one as 10 (the default).
    /// - Dashes: an odd number of lengths repeats the list, as in Core Graphics; the phase may be
    ///   negative or larger than the pattern. A pattern that cannot be drawn (all lengths zero,
    ///   or a negative or non-finite length) draws a **solid** line, as SVG's `stroke-dasharray`
    ///   and the HTML canvas do (Core Graphics does not document the case, and cairo would stop
    ///   drawing altogether). So does a pattern so fine that the path would need more than
    ///   100 000 dashes, which would otherwise take cairo minutes.
    public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
        guard isDrawable, !path.isEmpty, style.lineWidth.isFinite, style.lineWidth > 0 else { return }
        let dash = style.cairoDash(pathLength: style.dash.isEmpty ? 0 : path.length)
        paintBounded(
            shape: {
                appendToCairo(path)
                cairo_set_line_width(cr, style.lineWidth)
                cairo_set_line_cap(cr, style.lineCap.cairoValue)
                cairo_set_line_join(cr, style.lineJoin.cairoValue)
                cairo_set_miter_limit(cr, style.miterLimit.isFinite ? max(style.miterLimit, 1) : 10)
                if let dash {
                    cairo_set_dash(cr, dash.lengths, Int32(dash.lengths.count), dash.phase)
                } else {
                    cairo_set_dash(cr, nil, 0, 0)
                }
            }, source: { setSource(color) }, paint: { cairo_stroke($0) })
    }
}

extension StrokeStyle {
    /// The most dashes one stroke may have. Beyond this the dashes are far finer than a pixel at
    /// any sensible scale, and cairo would take minutes to draw them; the line is drawn solid.
    static let maximumDashCount = 100_000.0

    /// The dash pattern handed to cairo, or `nil` for a solid line.
    ///
    /// - An empty pattern is solid.
    /// - A pattern with a negative or non-finite length, or whose lengths are all zero, is
    ///   solid. (cairo would put the context into an error state for these; Core Graphics does
    ///   not document them; SVG's `stroke-dasharray` and the HTML canvas treat them as solid.)
    /// - A pattern so fine that a path of `pathLength` would need more than
    ///   ``maximumDashCount`` dashes is solid.
    /// - An odd number of lengths repeats the list once, as Core Graphics and cairo do.
    /// - The phase is reduced to `0 ..< period`; a non-finite phase counts as 0.
    func cairoDash(pathLength: Double) -> (lengths: [Double], phase: Double)? {
        guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let period = dash.reduce(0, +) * (dash.count.isMultiple(of: 2) ? 1 : 2)
        guard period > 0, period.isFinite else { return nil }
        let dashes = pathLength / period * Double(dash.count)
        guard dashes.isFinite, dashes <= StrokeStyle.maximumDashCount else { return nil }
        var phase = dashPhase.isFinite ? dashPhase.truncatingRemainder(dividingBy: period) : 0
        if phase < 0 { phase += period }
        return (dash, phase)
    }
}

extension LineCap {
    var cairoValue: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension LineJoin {
    var cairoValue: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
