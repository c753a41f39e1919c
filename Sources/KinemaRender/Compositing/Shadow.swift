import CCairo
import KinemaGeometry
import KinemaGraphics

/// Shadow images: a layer's alpha (or its `shadowPath`) blurred and coloured, ready to composite
/// with the layer's transform.
///
/// The blur is a Gaussian of standard deviation `sigma`, in content pixels, approximated by a
/// transposed three-box blur of the alpha alone (see § 4 of the rendering spec); the content is
/// surrounded by transparency. The result's content is the source's content extended by
/// `padding = ceil(3σ)` pixels on every side: content pixel (i, j) of the source is content
/// pixel (padding + i, padding + j) of the result. Cache the result: it depends only on the
/// source's pixels (or path), sigma and colour.
///
/// How Core Animation's `shadowRadius` maps to sigma is a calibration choice left to the caller.
public enum Shadow {
    /// The largest sigma accepted, in pixels.
    public static let maximumSigma = 2048.0

    /// A shadow of `source`'s alpha.
    ///
    /// - Parameters:
    ///   - source: the layer's content; only its alpha is used.
    ///   - sigma: the blur's standard deviation in content pixels, 0…``maximumSigma``; 0 gives a
    ///     hard shadow (the alpha itself, with no padding).
    ///   - color: the shadow's colour; its alpha is `shadowColor.alpha × shadowOpacity`.
    /// - Returns: the coloured shadow (premultiplied, margin 2) and its padding.
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a sigma out of range,
    ///   ``RenderError/graphics(_:)`` when the padded size exceeds the bitmap limit.
    public static func make(
        from source: BackingStore, sigma: Double, color: Color
    ) throws(RenderError) -> (
        store: BackingStore, padding: Int
    ) {
        let padding = try Shadow.padding(sigma: sigma)
        let w = source.contentWidth, h = source.contentHeight
        var plane = try Shadow.plane(width: w + 2 * padding, height: h + 2 * padding)
        for j in 0..<h {
            let row = source.bitmap.row(source.margin + j) + source.margin
            let base = (padding + j) * plane.width + padding
            for i in 0..<w { plane.values[base + i] = Float(row[i] >> 24) }
        }
        return (try Shadow.colored(plane.blurred(sigma: sigma), color: color), padding)
    }

    /// A shadow of `path` filled with the non-zero rule (Core Animation's `shadowPath`).
    ///
    /// - Parameters:
    ///   - path: the outline, in content pixels.
    ///   - width: the content's width in pixels, at least 1.
    ///   - height: the content's height in pixels, at least 1.
    ///   - sigma: as in ``make(from:sigma:color:)``.
    ///   - color: as in ``make(from:sigma:color:)``.
    /// - Returns: the coloured shadow for a content area of `width × height` grown by the
    ///   padding on every side (parts of the path beyond that are cut off), and the padding.
    /// - Throws: as ``make(from:sigma:color:)``, and ``RenderError/graphics(_:)`` for a size
    ///   out of range.
    public static func make(
        path: Path, width: Int, height: Int, sigma: Double, color: Color
    ) throws(RenderError) -> (
        store: BackingStore, padding: Int
    ) {
        let padding = try Shadow.padding(sigma: sigma)
        guard width >= 1, height >= 1, width <= GraphicsError.maximumDimension, height <= GraphicsError.maximumDimension else {
            throw .graphics(.invalidSize(width: width, height: height))
        }
        var plane = try Shadow.plane(width: width + 2 * padding, height: height + 2 * padding)
        guard Shadow.fill(path, offset: Double(padding), into: &plane) else {
            throw .graphics(.invalidSize(width: plane.width, height: plane.height))
        }
        return (try Shadow.colored(plane.blurred(sigma: sigma), color: color), padding)
    }

    /// `ceil(3σ)`, after checking sigma.
    static func padding(sigma: Double) throws(RenderError) -> Int {
        guard sigma.isFinite, sigma >= 0, sigma <= maximumSigma else {
            throw .invalidArgument(name: "sigma", expected: "a finite blur radius from 0 to \(Int(maximumSigma)) pixels", got: "\(sigma)")
        }
        return Int((3 * sigma).rounded(.up))
    }

    /// A zero plane, if a bitmap of its size plus a 2-pixel margin is allowed.
    static func plane(width: Int, height: Int) throws(RenderError) -> AlphaPlane {
        let limit = GraphicsError.maximumDimension - 2 * MipLevels.margin
        guard width <= limit, height <= limit else { throw .graphics(.invalidSize(width: width, height: height)) }
        return AlphaPlane(width: width, height: height)
    }

    /// The plane as a premultiplied bitmap of `color` with a 2-pixel margin.
    static func colored(_ plane: AlphaPlane, color: Color) throws(RenderError) -> BackingStore {
        let store = try BackingStore(contentWidth: plane.width, contentHeight: plane.height, margin: MipLevels.margin)
        let a = Float(color.alpha)
        let r = a * Float(color.red), g = a * Float(color.green), b = a * Float(color.blue)
        func channel(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255).rounded()) }
        for j in 0..<plane.height {
            let row = store.bitmap.row(store.margin + j) + store.margin
            for i in 0..<plane.width {
                let v = plane.values[j * plane.width + i]
                row[i] = channel(v * a) << 24 | channel(v * r) << 16 | channel(v * g) << 8 | channel(v * b)
            }
        }
        return store
    }

    /// Fills `path`, moved by `offset` on both axes, into `plane` with cairo's antialiased
    /// non-zero fill; `false` if cairo could not make its surface.
    static func fill(_ path: Path, offset: Double, into plane: inout AlphaPlane) -> Bool {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(plane.width), Int32(plane.height))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return false }
        cairo_translate(cr, offset, offset)
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
            case .lineTo(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quadCurveTo(let p, let c):
                // The cubic with the same curve: controls two thirds of the way to the control point.
                let c1 = Point(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curveTo(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .closeSubpath:
                cairo_close_path(cr)
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                current = Point(x: x, y: y)
            }
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for j in 0..<plane.height {
            for i in 0..<plane.width { plane.values[j * plane.width + i] = Float(data[j * stride + i]) }
        }
        return true
    }
}
