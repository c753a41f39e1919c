import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// The largest distance from a whole pixel at which a clip's edge still counts as on it:
    /// 10⁻⁶ pixels. Cairo rounds coordinates to 1/256 of a pixel, so a mask filled along such
    /// an edge covers whole pixels exactly.
    static let scissorTolerance = 1e-6

    /// The whole pixels of the target that a layer's `masksToBounds` keeps, when that clip can
    /// be a rectangle of the composer's clip instead of an offscreen group: the layer clips
    /// with square corners, has no mask, transition, shadow or group opacity, and its bounds map
    /// onto the pixel grid (a translation and a scale, edges on whole pixels). `nil` otherwise.
    ///
    /// Core Animation clips such a layer the same way (a rectangular `masksToBounds` does not
    /// render offscreen). The pixels equal the group's, except where sublayers that are not
    /// opaque overlap one another: there the group blends them together first and then onto
    /// what is below, and each blend rounds to 8 bits, so the two orders can differ by a level.
    func scissor(_ node: RenderNode, transform h: Homography, opacity: Double, within size: (width: Int, height: Int)) -> PixelRect? {
        let s = node.state
        guard s.masksToBounds, s.cornerRadius <= 0, node.mask == nil, node.transition == nil, !FrameComposer.hasShadow(s),
            !FrameComposer.blends(node),
            opacity >= 1 || !FrameComposer.hasVisibleSublayers(node),
            h.m.1 == 0, h.m.2 == 0, h.m.3 == 0, h.m.5 == 0, h.m.8 == 1
        else { return nil }
        let b = s.bounds.standardized
        func pixel(_ v: Double) -> Int? {
            let r = v.rounded()
            guard abs(v - r) <= FrameComposer.scissorTolerance, abs(r) < Double(1 << 30) else { return nil }
            return Int(r)
        }
        guard let xa = pixel(b.minX * h.m.0 + h.m.6), let xb = pixel(b.maxX * h.m.0 + h.m.6),
            let ya = pixel(b.minY * h.m.4 + h.m.7), let yb = pixel(b.maxY * h.m.4 + h.m.7)
        else { return nil }
        let x0 = max(min(xa, xb), 0), x1 = min(max(xa, xb), size.width)
        let y0 = max(min(ya, yb), 0), y1 = min(max(ya, yb), size.height)
        return PixelRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    /// This composer with its clip narrowed to `r` (pixels of its target of `size`); `nil` when
    /// nothing is left.
    func composer(clippedTo r: PixelRect, within size: (width: Int, height: Int)) -> FrameComposer? {
        let c = (clip ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height)).intersection(r)
        guard !c.isEmpty else { return nil }
        var inner = self
        inner.clip = c
        return inner
    }
}
