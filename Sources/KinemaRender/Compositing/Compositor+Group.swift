import CPixman
import KinemaGraphics

extension Compositor {
    /// Composites a destination-aligned bitmap (an offscreen group) over `destination`, with an
    /// opacity and an optional mask.
    ///
    /// Used for group opacity, `masksToBounds` clips and mask layers.
    ///
    /// - Parameters:
    ///   - source: the group's pixels, on the destination's pixel grid.
    ///   - origin: the destination pixel where `source`'s pixel (0, 0) lands.
    ///   - opacity: multiplies the source, 0…1 (clamped; NaN draws nothing), at 8 bits.
    ///   - mask: only its alpha is used; it has the same size and origin as `source`. Pixels of
    ///     `source` outside the mask (if it is smaller) are masked out. `nil`: no mask.
    ///   - destination: the bitmap drawn into.
    ///   - clip: the only destination pixels that may change. Default: all of them.
    ///
    /// Mirrors what Core Animation does for `allowsGroupOpacity`, `masksToBounds` and `mask`.
    public static func compositeGroup(
        _ source: Bitmap, at origin: (x: Int, y: Int), opacity: Double, mask: Bitmap?, into destination: Bitmap,
        clip: PixelRect? = nil
    ) {
        let alpha = alpha8(opacity)
        let placed = PixelRect(x: origin.x, y: origin.y, width: source.width, height: source.height)
        var area = placed.intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        if let clip { area = area.intersection(clip) }
        guard alpha > 0, !area.isEmpty, let src = PixmanImage(bitmap: source), let dst = PixmanImage(bitmap: destination) else { return }
        let from = (x: area.x - origin.x, y: area.y - origin.y)
        guard let mask else {
            let solid = alpha < 255 ? PixmanImage(solidAlpha: alpha) : nil
            pixmanComposite(PIXMAN_OP_OVER, source: src, mask: solid, destination: dst, sourceOrigin: from, rect: area)
            return
        }
        guard let maskImage = PixmanImage(bitmap: mask) else { return }
        if alpha == 255 {
            pixmanComposite(
                PIXMAN_OP_OVER, source: src, mask: maskImage, destination: dst, sourceOrigin: from, maskOrigin: from, rect: area)
            return
        }
        // The mask's alpha times the opacity, in an A8 scratch the size of the area.
        guard let solid = PixmanImage(solidAlpha: alpha), let scratch = PixmanImage(alphaWidth: area.width, height: area.height)
        else { return }
        let local = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        pixmanComposite(PIXMAN_OP_SRC, source: maskImage, mask: solid, destination: scratch, sourceOrigin: from, rect: local)
        pixmanComposite(PIXMAN_OP_OVER, source: src, mask: scratch, destination: dst, sourceOrigin: from, rect: area)
    }
}
