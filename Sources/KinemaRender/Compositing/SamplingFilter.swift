/// How the compositor reads a source between its pixel centres.
///
/// Mirrors `CALayerContentsFilter` (`nearest`, `linear`); Core Animation's `trilinear` is what
/// ``bilinear`` does under strong minification, where the compositor samples a box-downscaled
/// copy of the content.
public enum SamplingFilter: Hashable, Sendable {
    /// The nearest source pixel (hard, blocky edges).
    case nearest
    /// Linear interpolation of the four nearest source pixels (the default).
    case bilinear
}
