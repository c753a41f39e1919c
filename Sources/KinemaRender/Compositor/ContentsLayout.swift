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
    private static func drawPiece(_ image: Bitmap, source s: Rect, dest d: Rect, into ctx: GraphicsContext) {
        guard s.width > 0, s.height > 0, d.width > 0, d.height > 0 else { return }
        let kx = d.width / s.width, ky = d.height / s.height
        let whole = Rect(
            x: d.minX - s.minX * kx, y: d.minY - s.minY * ky, width: Double(image.width) * kx, height: Double(image.height) * ky)
        ctx.saveGState()
        ctx.clip(to: d)
        ctx.draw(image, in: whole)
        ctx.restoreGState()
    }
}
