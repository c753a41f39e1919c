import CCairo
import KinemaGeometry

extension GraphicsContext {
    /// Draws `image` scaled to fill `rect` (in user space): its top-left pixel at `rect.origin`,
    /// upright on the y-down bitmap. Mirrors `CGContext.draw(_:in:)` for a context whose origin
    /// is at the top left (as `UIGraphicsImageRenderer`'s is).
    ///
    /// Inside `rect` the image is sampled with `filter`, its edge pixels repeated so that the
    /// border is not faded; the edges of `rect` are antialiased. A negative width or height
    /// mirrors the image along that axis; an empty or non-finite rectangle draws nothing. The
    /// context's alpha multiplies the image.
    ///
    /// - Parameters:
    ///   - image: the pixels to draw; may be the context's own bitmap (a copy is drawn).
    ///   - rect: where to draw it, in user space.
    ///   - filter: how to sample scaled pixels. Default bilinear.
    public func draw(_ image: Bitmap, in rect: Rect, filter: ImageFilter = .bilinear) {
        guard isDrawable, rect.isFinite, rect.width != 0, rect.height != 0 else { return }
        let sx = Double(image.width) / rect.width
        let sy = Double(image.height) / rect.height
        guard sx.isFinite, sy.isFinite else { return }
        let source = ImageSurface(image === bitmap ? image.copy() : image)
        defer { withExtendedLifetime(source) {} }
        let pattern = cairo_pattern_create_for_surface(source.surface)
        defer { cairo_pattern_destroy(pattern) }
        // The pattern matrix maps user space to image pixels.
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, sx, 0, 0, sy, -rect.origin.x * sx, -rect.origin.y * sy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, filter == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_new_path(cr)
        appendToCairo(Path(rect: rect))
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, state.alpha)
        cairo_restore(cr)
    }
}
