import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// A transparent bitmap the size of `r`.
    static func bitmap(_ r: PixelRect) throws(RenderError) -> Bitmap {
        do { return try Bitmap(width: r.width, height: r.height) } catch { throw .graphics(error) }
    }

    /// Fills `path` (bounds coordinates) mapped by `h` with opaque white: a coverage mask. Under a
    /// projective map the path is flattened and each polygon clipped against the viewer's plane.
    func fillShape(_ path: Path, transform h: Homography, into mask: Bitmap) {
        let ctx = GraphicsContext(bitmap: mask)
        if h.isAffine {
            ctx.concatenate(FrameComposer.affine(h))
            ctx.fill(path, color: .white)
        } else {
            var projected = Path()
            for polygon in path.flattened(tolerance: 0.1) {
                let pts = FrameComposer.project(polygon, h)
                guard let first = pts.first else { continue }
                projected.move(to: first)
                for p in pts.dropFirst() { projected.addLine(to: p) }
                projected.closeSubpath()
            }
            ctx.fill(projected, color: .white)
        }
        ctx.flush()
    }

    /// A polygon mapped by `h`, clipped in homogeneous space to the part in front of the viewer
    /// (w ≥ 1e-6), so nothing behind the eye is drawn inverted.
    static func project(_ polygon: [Point], _ h: Homography) -> [Point] {
        Polygon.clip(polygon.map { h.applyHomogeneous($0) }, wAtLeast: 1e-6).map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    }

    /// Fills the pixels of `bitmap` in `area` with `color` (premultiplied, rounded to 8 bits, as
    /// ``Bitmap/fill(_:)`` does).
    static func fill(_ bitmap: Bitmap, with color: Color, in area: PixelRect) {
        let r = area.intersection(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        guard !r.isEmpty else { return }
        let value = Bitmap.premultipliedPixel(color)
        for y in r.y..<r.maxY { (bitmap.row(y) + r.x).update(repeating: value, count: r.width) }
    }

    /// Multiplies `mask`'s alpha by `other`'s (same size); only alpha is kept.
    static func multiplyAlpha(_ mask: Bitmap, by other: Bitmap) {
        for y in 0..<mask.height {
            let a = mask.row(y), b = other.row(y)
            for x in 0..<mask.width {
                let m = (a[x] >> 24) * (b[x] >> 24) + 127
                a[x] = ((m + (m >> 8)) >> 8) << 24
            }
        }
    }

    /// Turns a drawn mask into the alpha its mode lets through, in `area`: the alpha inverted,
    /// or the luminance of the premultiplied colour (Rec. 601 weights, so the colour's alpha
    /// counts), plain or inverted. Only the alpha of the result is kept, as masks use no more.
    static func convertMask(_ mask: Bitmap, to mode: MaskMode, within area: PixelRect) {
        let all = PixelRect(x: 0, y: 0, width: mask.width, height: mask.height)
        let r = all.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let row = mask.row(y)
            for x in r.x..<r.maxX {
                let p = row[x]
                var v: UInt32
                switch mode {
                case .alpha, .alphaInverted:
                    v = p >> 24
                case .luminance, .luminanceInverted:
                    // 0.299, 0.587, 0.114 in 1/1024ths.
                    let l = ((p >> 16) & 0xff) * 306 + ((p >> 8) & 0xff) * 601 + (p & 0xff) * 117 + 512
                    v = min(l >> 10, 255)
                }
                if mode == .alphaInverted || mode == .luminanceInverted { v = 255 - v }
                row[x] = v << 24
            }
        }
    }

    /// `target = old × (1 − q) + target × q`, per premultiplied channel: a cross-dissolve, of
    /// the pixels in `clip` (default all).
    static func crossDissolve(from old: Bitmap, into target: Bitmap, progress q: Double, in clip: PixelRect? = nil) {
        let k = UInt32((min(max(q, 0), 1) * 255).rounded())
        let all = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let area = clip.map { all.intersection($0) } ?? all
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            let o = old.row(y), n = target.row(y)
            for x in area.x..<area.maxX where o[x] != n[x] {
                var out: UInt32 = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let v = ((o[x] >> UInt32(shift)) & 0xff) * (255 - k) + ((n[x] >> UInt32(shift)) & 0xff) * k + 127
                    out |= ((v + (v >> 8)) >> 8) << UInt32(shift)
                }
                n[x] = out
            }
        }
    }
}
