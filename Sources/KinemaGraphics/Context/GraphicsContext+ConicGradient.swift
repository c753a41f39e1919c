import CCairo
import KinemaGeometry

#if canImport(Glibc)
    import Glibc
#endif

extension GraphicsContext {
    /// Fills the clip with a conic (angular) gradient around `center`: the colour depends only on
    /// the angle of a point around the centre. Mirrors `CAGradientLayer` with type `.conic`,
    /// whose `startPoint` is the centre and whose `endPoint` gives the start angle.
    ///
    /// The angle is measured in user space from `startAngle` (radians; 0 points along +x),
    /// clockwise on the y-down bitmap (from +x towards +y), and one full turn covers the
    /// gradient's stops from location 0 to 1. The last colour meets the first along the ray at
    /// `startAngle`, with a hard edge there.
    ///
    /// cairo has no conic gradient, so each pixel of the clip's bounding box is computed exactly:
    /// its centre is mapped back to user space, its angle taken with `atan2`, and its colour
    /// interpolated between the stops on straight (not premultiplied) components, as cairo does
    /// for ``fillLinearGradient(_:start:end:)``. The result is then painted through the clip with
    /// the context's alpha. It costs one `atan2` per pixel of the clip's bounding box.
    public func fillConicGradient(_ gradient: Gradient, center: Point, startAngle: Double) {
        guard isDrawable, center.isFinite, startAngle.isFinite else { return }
        let stops = gradient.stops.map { (location: $0.location, color: $0.color.sanitized) }
        guard !stops.isEmpty, let area = deviceClipBounds() else { return }
        guard let image = try? Bitmap(width: area.width, height: area.height) else { return }
        let toUser = state.ctm.inverted()
        let turn = 2 * Double.pi
        for j in 0..<area.height {
            let row = image.row(j)
            for i in 0..<area.width {
                let device = Point(x: Double(area.x + i) + 0.5, y: Double(area.y + j) + 0.5)
                let user = device.applying(toUser)
                var t = (atan2(user.y - center.y, user.x - center.x) - startAngle) / turn
                t -= t.rounded(.down)
                row[i] = Bitmap.premultipliedPixel(GraphicsContext.color(at: t, stops: stops))
            }
        }
        let source = ImageSurface(image)
        defer { withExtendedLifetime(source) {} }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, source.surface, Double(area.x), Double(area.y))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint_with_alpha(cr, state.alpha)
        cairo_restore(cr)
    }

    /// The colour at `t` in `0…1` along sorted stops: padded before the first and after the
    /// last, linear on straight components in between; where two stops share a location the
    /// later one wins above it.
    static func color(at t: Double, stops: [(location: Double, color: Color)]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        var upper = 1
        while upper < stops.count - 1, stops[upper].location <= t { upper += 1 }
        let a = stops[upper - 1]
        let b = stops[upper]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(
            red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green), blue: mix(a.color.blue, b.color.blue),
            alpha: mix(a.color.alpha, b.color.alpha))
    }

    /// The clip's bounding box in whole pixels, intersected with the bitmap, or `nil` when empty.
    func deviceClipBounds() -> (x: Int, y: Int, width: Int, height: Int)? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return nil }
        let left = max(Int(max(x1, -1).rounded(.down)), 0)
        let top = max(Int(max(y1, -1).rounded(.down)), 0)
        let right = min(Int(min(x2, Double(bitmap.width) + 1).rounded(.up)), bitmap.width)
        let bottom = min(Int(min(y2, Double(bitmap.height) + 1).rounded(.up)), bitmap.height)
        guard right > left, bottom > top else { return nil }
        return (left, top, right - left, bottom - top)
    }
}
