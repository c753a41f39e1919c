import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Where a layer's `contents` image goes: `contentsGravity`, `contentsRect`, `contentsScale` and
/// `contentsCenter`, as Core Animation lays them out.
enum ContentsLayout {
    /// The rectangle, in bounds coordinates, that content of natural size `size` (points) fills
    /// under `gravity`. Gravity names follow Core Animation's own y-up wording: "top" is the
    /// maximum-y edge, which on a y-down screen is the bottom (as on iOS).
    static func rect(for size: Size, in b: Rect, gravity: ContentsGravity) -> Rect {
        let w = size.width, h = size.height
        switch gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let k = gravity == .resizeAspect ? min(b.width / w, b.height / h) : max(b.width / w, b.height / h)
            return Rect(x: b.midX - w * k / 2, y: b.midY - h * k / 2, width: w * k, height: h * k)
        default: break
        }
        let x: Double
        switch gravity {
        case .left, .topLeft, .bottomLeft: x = b.minX
        case .right, .topRight, .bottomRight: x = b.maxX - w
        default: x = b.midX - w / 2
        }
        let y: Double
        switch gravity {
        case .bottom, .bottomLeft, .bottomRight: y = b.minY
        case .top, .topLeft, .topRight: y = b.maxY - h
        default: y = b.midY - h / 2
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The rectangle the shown part of an image of `imagePixels` fills.
    static func imageRect(state s: LayerState, imagePixels: Size) -> Rect {
        let scale = s.contentsScale > 0 ? s.contentsScale : 1
        let cr = s.contentsRect
        let natural = Size(width: imagePixels.width * abs(cr.width) / scale, height: imagePixels.height * abs(cr.height) / scale)
        return rect(for: natural, in: s.bounds.standardized, gravity: s.contentsGravity)
    }

    /// Draws `image` as the layer's contents.
    static func draw(_ image: Bitmap, state s: LayerState, into ctx: GraphicsContext) {
        let W = Double(image.width), H = Double(image.height)
        let dest = imageRect(state: s, imagePixels: Size(width: W, height: H))
        let cr = s.contentsRect
        guard dest.width > 0, dest.height > 0, cr.width != 0, cr.height != 0 else { return }
        // Source pixels shown: contentsRect in unit coordinates of the image.
        let src = Rect(x: cr.minX * W, y: cr.minY * H, width: abs(cr.width) * W, height: abs(cr.height) * H)
        let cc = s.contentsCenter
        let stretchable =
            cc != Rect(x: 0, y: 0, width: 1, height: 1) && [.resize, .resizeAspect, .resizeAspectFill].contains(s.contentsGravity)
        guard stretchable else {
            drawPiece(image, source: src, dest: dest, into: ctx)
            return
        }
        // Nine-part stretching: the edges outside contentsCenter keep their size (in points,
        // after contentsScale), shrunk together when the destination is too small.
        let scale = s.contentsScale > 0 ? s.contentsScale : 1
        let sx = [src.minX, src.minX + cc.minX * src.width, src.minX + cc.maxX * src.width, src.maxX]
        let sy = [src.minY, src.minY + cc.minY * src.height, src.minY + cc.maxY * src.height, src.maxY]
        func edges(_ s: [Double], _ lo: Double, _ len: Double) -> [Double] {
            var a = (s[1] - s[0]) / scale, b = (s[3] - s[2]) / scale
            if a + b > len, a + b > 0 {
                let k = len / (a + b)
                a *= k
                b *= k
            }
            return [lo, lo + a, lo + len - b, lo + len]
        }
        let dx = edges(sx, dest.minX, dest.width), dy = edges(sy, dest.minY, dest.height)
        for j in 0..<3 {
            for i in 0..<3 {
                let s = Rect(x: sx[i], y: sy[j], width: sx[i + 1] - sx[i], height: sy[j + 1] - sy[j])
                let d = Rect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
                drawPiece(image, source: s, dest: d, into: ctx)
            }
        }
    }

    /// Draws the `source` pixels of `image` stretched onto `dest`.
    ///
    /// Only the pixels of `source` (rounded out to whole pixels) are sampled, their edge pixels
    /// repeated: stretching a piece never blends in its neighbours (a nine-part edge does not
    /// fade into the centre colour, and a `contentsRect` cell of a sprite sheet does not show
    /// the next cell). A source of zero width or height stretches the one pixel row or column
    /// it lies on, as a `contentsCenter` of zero size does.
    private static func drawPiece(_ image: Bitmap, source s: Rect, dest d: Rect, into ctx: GraphicsContext) {
        guard d.width > 0, d.height > 0, s.width >= 0, s.height >= 0 else { return }
        let W = image.width, H = image.height
        func span(_ lo: Double, _ len: Double, _ n: Int) -> (Int, Int) {
            let a = min(max(Int(lo.rounded(.down)), 0), n - 1)
            return (a, max(min(Int((lo + len).rounded(.up)), n), a + 1))
        }
        let (x0, x1) = span(s.minX, s.width, W), (y0, y1) = span(s.minY, s.height, H)
        let piece: Bitmap
        if x0 == 0, y0 == 0, x1 == W, y1 == H {
            piece = image
        } else {
            guard let cropped = try? Bitmap(width: x1 - x0, height: y1 - y0) else { return }
            for j in 0..<cropped.height {
                cropped.row(j).update(from: image.row(y0 + j) + x0, count: cropped.width)
            }
            piece = cropped
        }
        // Where the whole (cropped) piece lands so that `s` maps onto `d`.
        func place(_ lo: Double, _ len: Double, _ p0: Int, _ p1: Int, _ dLo: Double, _ dLen: Double) -> (Double, Double) {
            guard len > 0 else { return (dLo, dLen) }
            let k = dLen / len
            return (dLo - (lo - Double(p0)) * k, Double(p1 - p0) * k)
        }
        let (wx, ww) = place(s.minX, s.width, x0, x1, d.minX, d.width)
        let (wy, wh) = place(s.minY, s.height, y0, y1, d.minY, d.height)
        ctx.saveGState()
        ctx.clip(to: d)
        ctx.draw(piece, in: Rect(x: wx, y: wy, width: ww, height: wh))
        ctx.restoreGState()
    }
}
