/// How an image's pixels are sampled when it is drawn scaled or transformed. Mirrors
/// `CGInterpolationQuality` and `CALayerContentsFilter` (`.nearest`, `.linear`).
public enum ImageFilter: String, Hashable, Sendable, CaseIterable {
    /// The nearest pixel: hard, blocky edges when enlarged (`kCAFilterNearest`).
    case nearest
    /// Bilinear interpolation between the four nearest pixels (`kCAFilterLinear`). Reductions
    /// below half size alias, as bilinear sampling does; draw from a smaller copy for those.
    case bilinear
}
