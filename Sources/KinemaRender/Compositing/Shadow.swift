import KinemaGeometry
import KinemaGraphics

/// Shadow images: a layer's alpha (or its `shadowPath`) blurred and coloured, ready to composite
/// with the layer's transform.
///
/// The blur is a Gaussian of standard deviation `sigma`, in content pixels, approximated by a
/// transposed three-box blur of the alpha alone, with box sizes from the W3C Filter Effects rule
/// for `feGaussianBlur` (see docs/rendering-notes.md); the content is
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
        // No box to blur with (σ under about 0.8 pixels): the alpha itself, tinted.
        guard !AlphaPlane.boxes(sigma: sigma).isEmpty else { return (try Shadow.tinted(source, padding: padding, color: color), padding) }
        return (try Shadow.blurredAndColored(Shadow.alphaPlane(of: source, padding: padding), sigma: sigma, color: color), padding)
    }

    /// `source`'s alpha in a plane `padding` pixels larger on every side.
    static func alphaPlane(of source: BackingStore, padding: Int) throws(RenderError) -> AlphaPlane {
        let w = source.contentWidth, h = source.contentHeight
        var plane = try Shadow.plane(width: w + 2 * padding, height: h + 2 * padding)
        let stride = plane.width
        plane.values.withUnsafeMutableBufferPointer { values in
            for j in 0..<h {
                let row = source.bitmap.row(source.margin + j) + source.margin
                let out = values.baseAddress.map { $0 + (padding + j) * stride + padding }
                for i in 0..<w { out?[i] = Float(row[i] >> 24) }
            }
        }
        return plane
    }

    /// `source`'s alpha tinted with `color` in a store `padding` pixels larger on every side:
    /// exactly ``colored(_:color:)`` of the unblurred ``alphaPlane(of:padding:)`` (whose values
    /// are whole numbers), without the plane.
    static func tinted(_ source: BackingStore, padding: Int, color: Color) throws(RenderError) -> BackingStore {
        let w = source.contentWidth, h = source.contentHeight
        _ = try Shadow.checkedPlaneSize(width: w + 2 * padding, height: h + 2 * padding)
        let store = try BackingStore(contentWidth: w + 2 * padding, contentHeight: h + 2 * padding, margin: MipLevels.margin)
        let pixel = Bitmap.premultipliedPixel(color)
        for j in 0..<h {
            let row = source.bitmap.row(source.margin + j) + source.margin
            let out = store.bitmap.row(store.margin + padding + j) + store.margin + padding
            for i in 0..<w where row[i] >= 0x0100_0000 { out[i] = Shadow.tint(pixel, coverage: row[i] >> 24) }
        }
        return store
    }

    /// ``tint(_:coverage:)`` of four coverages at once.
    @inline(__always)
    static func tint(_ pixel: UInt32, coverages a: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let even = SIMD4(repeating: pixel & 0x00ff_00ff), odd = SIMD4(repeating: (pixel >> 8) & 0x00ff_00ff)
        let mask = SIMD4<UInt32>(repeating: 0x00ff_00ff), half = SIMD4<UInt32>(repeating: 0x0080_0080)
        var e = even &* a &+ half
        e = ((e &+ ((e &>> 8) & mask)) &>> 8) & mask
        var o = odd &* a &+ half
        o = (o &+ ((o &>> 8) & mask)) & SIMD4(repeating: 0xff00_ff00)
        return e | o
    }

    /// `pixel` (premultiplied) times an 8-bit `coverage`, each channel rounded as pixman does:
    /// `round(channel · coverage / 255)`, two channels at a time.
    @inline(__always)
    static func tint(_ pixel: UInt32, coverage a: UInt32) -> UInt32 {
        let even = pixel & 0x00ff_00ff, odd = (pixel >> 8) & 0x00ff_00ff
        var e = even &* a &+ 0x0080_0080
        e = ((e &+ ((e >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
        var o = odd &* a &+ 0x0080_0080
        o = (o &+ ((o >> 8) & 0x00ff_00ff)) & 0xff00_ff00
        return e | o
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
        return (try Shadow.blurredAndColored(plane, sigma: sigma, color: color), padding)
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
        let size = try checkedPlaneSize(width: width, height: height)
        return AlphaPlane(width: size.width, height: size.height)
    }

    /// The size, if a bitmap of it plus a 2-pixel margin is allowed.
    static func checkedPlaneSize(width: Int, height: Int) throws(RenderError) -> (width: Int, height: Int) {
        let limit = GraphicsError.maximumDimension - 2 * MipLevels.margin
        guard width <= limit, height <= limit else { throw .graphics(.invalidSize(width: width, height: height)) }
        return (width, height)
    }

    /// The plane blurred by `sigma` pixels, as a premultiplied bitmap of `color` with a 2-pixel
    /// margin: ``colored(_:color:)`` of the blurred plane, in bands (see
    /// ``AlphaPlane/blurredAndColored(sigma:color:into:)``).
    static func blurredAndColored(_ plane: AlphaPlane, sigma: Double, color: Color) throws(RenderError) -> BackingStore {
        guard !AlphaPlane.boxes(sigma: sigma).isEmpty else { return try colored(plane, color: color) }
        let store = try BackingStore(contentWidth: plane.width, contentHeight: plane.height, margin: MipLevels.margin)
        plane.blurredAndColored(sigma: sigma, color: color, into: store)
        return store
    }

    /// The plane as a premultiplied bitmap of `color` with a 2-pixel margin: each value rounded
    /// to an 8-bit coverage, times the premultiplied 8-bit colour with pixman's exact rounding.
    static func colored(_ plane: AlphaPlane, color: Color) throws(RenderError) -> BackingStore {
        let store = try BackingStore(contentWidth: plane.width, contentHeight: plane.height, margin: MipLevels.margin)
        let pixel = Bitmap.premultipliedPixel(color)
        plane.values.withUnsafeBufferPointer { buffer in
            guard let values = buffer.baseAddress else { return }
            AlphaPlane.inBands(of: plane.height, work: plane.values.count) { rows in
                for j in rows {
                    let row = store.bitmap.row(store.margin + j) + store.margin
                    let line = values + j * plane.width
                    for i in 0..<plane.width {
                        // Clamped to 0…255, so adding ½ and truncating rounds to nearest.
                        let a = UInt32(truncatingIfNeeded: Int32(min(max(line[i], 0), 255) + 0.5))
                        row[i] = Shadow.tint(pixel, coverage: a)
                    }
                }
            }
        }
        return store
    }

    /// Fills `path`, moved by `offset` on both axes, into `plane` with an antialiased non-zero
    /// fill (cairo, through `GraphicsContext`); `false` if the bitmap could not be made.
    static func fill(_ path: Path, offset: Double, into plane: inout AlphaPlane) -> Bool {
        guard let bitmap = try? Bitmap(width: plane.width, height: plane.height) else { return false }
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.translateBy(x: offset, y: offset)
        ctx.fill(path, color: .white, rule: .nonZero)
        ctx.flush()
        for j in 0..<plane.height {
            let row = bitmap.row(j)
            for i in 0..<plane.width { plane.values[j * plane.width + i] = Float(row[i] >> 24) }
        }
        return true
    }
}
