/// A layer that keeps its sublayers in 3D instead of flattening them. Mirrors `CATransformLayer`.
///
/// Only its sublayers are drawn: its own background, contents, border, mask, `masksToBounds`
/// and shadow are ignored, and opacity applies to each sublayer separately. Hit testing passes
/// through it to its sublayers.
open class TransformLayer: Layer {
    open override class var kind: LayerKind { .transform }
}
