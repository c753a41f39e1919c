import CCairo
import KinemaGeometry

extension GraphicsContext {
    /// Fills the clip with an axial gradient: colour `gradient`'s first stop at `start`, its last
    /// at `end`, constant along lines perpendicular to `start → end`, and extended past both ends
    /// with the end colours. Mirrors `CGContext.drawLinearGradient(_:start:end:options:)` with
    /// `.drawsBeforeStartLocation` and `.drawsAfterEndLocation`.
    ///
    /// Colours between stops are interpolated by cairo (pixman) on straight, not premultiplied,
    /// sRGB components, then premultiplied: a stop of transparent black next to opaque white
    /// gives a grey midpoint (`0x80404040`), as Core Graphics does, not a half-transparent white.
    ///
    /// A gradient with no colours draws nothing; with one colour it fills the clip with it. When
    /// `start == end` there is no direction, and cairo fills the clip with the average of the
    /// stops' colours. The context's alpha multiplies the result.
    public func fillLinearGradient(_ gradient: Gradient, start: Point, end: Point) {
        guard isDrawable, start.isFinite, end.isFinite else { return }
        paintGradient(gradient, pattern: cairo_pattern_create_linear(start.x, start.y, end.x, end.y))
    }

    /// Fills the clip with a radial gradient between two circles: the first stop's colour on the
    /// circle around `startCenter` with `startRadius`, the last stop's on the circle around
    /// `endCenter` with `endRadius`, extended past both circles. Mirrors
    /// `CGContext.drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)` with
    /// `.drawsBeforeStartLocation` and `.drawsAfterEndLocation`.
    ///
    /// Radii are in user-space units; a negative or non-finite radius draws nothing, and so do two
    /// circles of radius 0 at the same centre. Colours are interpolated as in
    /// ``fillLinearGradient(_:start:end:)``.
    public func fillRadialGradient(_ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double) {
        guard isDrawable, startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
            startRadius >= 0, endRadius >= 0
        else { return }
        paintGradient(
            gradient, pattern: cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius))
    }

    /// Adds `gradient`'s stops to `pattern`, pads it and paints the clip with it.
    private func paintGradient(_ gradient: Gradient, pattern: OpaquePointer) {
        defer { cairo_pattern_destroy(pattern) }
        let stops = gradient.stops
        guard !stops.isEmpty else { return }
        for stop in stops {
            let c = stop.color.sanitized
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, state.alpha)
        cairo_restore(cr)
    }
}
