import CPixman
import KinemaGeometry
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
    ///   - blendMode: how the group combines with the destination: ``BlendMode/normal`` (over,
    ///     the default) or a separable or non-separable blend mode (a layer's
    ///     `compositingFilter`); other modes composite over.
    ///
    /// Mirrors what Core Animation does for `allowsGroupOpacity`, `masksToBounds`, `mask` and
    /// `compositingFilter`.
    public static func compositeGroup(
        _ source: Bitmap, at origin: (x: Int, y: Int), opacity: Double, mask: Bitmap?, into destination: Bitmap,
        clip: PixelRect? = nil, blendMode: BlendMode = .normal
    ) {
        let op = pixmanOperator(blendMode)
        let alpha = alpha8(opacity)
        let placed = PixelRect(x: origin.x, y: origin.y, width: source.width, height: source.height)
        var area = placed.intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        if let clip { area = area.intersection(clip) }
        guard alpha > 0, !area.isEmpty, let src = PixmanImage(bitmap: source), let dst = PixmanImage(bitmap: destination) else { return }
        let from = (x: area.x - origin.x, y: area.y - origin.y)
        guard let mask else {
            let solid = alpha < 255 ? PixmanImage(solidAlpha: alpha) : nil
            pixmanComposite(op, source: src, mask: solid, destination: dst, sourceOrigin: from, rect: area)
            return
        }
        guard let maskImage = PixmanImage(bitmap: mask) else { return }
        if alpha == 255 {
            pixmanComposite(
                op, source: src, mask: maskImage, destination: dst, sourceOrigin: from, maskOrigin: from, rect: area)
            return
        }
        // The mask's alpha times the opacity, in an A8 scratch the size of the area.
        guard let solid = PixmanImage(solidAlpha: alpha), let scratch = PixmanImage(alphaWidth: area.width, height: area.height)
        else { return }
        let local = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        pixmanComposite(PIXMAN_OP_SRC, source: maskImage, mask: solid, destination: scratch, sourceOrigin: from, rect: local)
        pixmanComposite(op, source: src, mask: scratch, destination: dst, sourceOrigin: from, rect: area)
    }

    /// pixman's operator for a blend mode: the W3C *Compositing and Blending* modes pixman
    /// implements (the same formulas ``BlendMode`` documents); source over for the others.
    static func pixmanOperator(_ mode: BlendMode) -> pixman_op_t {
        switch mode {
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .colorDodge: PIXMAN_OP_COLOR_DODGE
        case .colorBurn: PIXMAN_OP_COLOR_BURN
        case .softLight: PIXMAN_OP_SOFT_LIGHT
        case .hardLight: PIXMAN_OP_HARD_LIGHT
        case .difference: PIXMAN_OP_DIFFERENCE
        case .exclusion: PIXMAN_OP_EXCLUSION
        case .hue: PIXMAN_OP_HSL_HUE
        case .saturation: PIXMAN_OP_HSL_SATURATION
        case .color: PIXMAN_OP_HSL_COLOR
        case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
        default: PIXMAN_OP_OVER
        }
    }
}
