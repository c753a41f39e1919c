import CCairo
import KinemaGeometry

extension GraphicsContext {
    /// How later painting combines with the bitmap's pixels. Default ``BlendMode/normal``.
    /// Part of the saved state. Mirrors `CGContext.setBlendMode(_:)`.
    ///
    /// Each mode is cairo's operator of the same formula (``BlendMode/copy`` is
    /// `CAIRO_OPERATOR_SOURCE`, ``BlendMode/sourceIn`` `CAIRO_OPERATOR_IN`,
    /// ``BlendMode/multiply`` `CAIRO_OPERATOR_MULTIPLY`, …). Fills and strokes act only where
    /// their shape covers, as in Core Graphics, also for the four operators cairo applies to the
    /// whole clip (`IN`, `OUT`, `DEST_IN`, `DEST_ATOP`); images act inside their rectangle and
    /// gradients in the whole clip, as in Core Graphics. Text drawn under one of those four
    /// modes acts on the whole clip (cairo's rule), a difference from Core Graphics.
    public func setBlendMode(_ mode: BlendMode) {
        state.blendMode = mode
        cairo_set_operator(cr, mode.cairoValue)
    }

    /// The current blend mode (set by ``setBlendMode(_:)``).
    public var blendMode: BlendMode { state.blendMode }

    /// Paints a shape so that the current blend mode acts only where the shape covers.
    ///
    /// - Parameters:
    ///   - shape: appends the shape's path to cairo and sets what `paint` needs (fill rule,
    ///     line style); must not set the source.
    ///   - source: sets cairo's source.
    ///   - paint: `cairo_fill` or `cairo_stroke`.
    ///
    /// For bounded operators this is `shape(); source(); paint(cr)`; ``BlendMode/clear`` uses
    /// `DEST_OUT` with an opaque source instead of cairo's `CLEAR`. For the unbounded ones,
    /// Core Graphics' rule `R = M·op(S, D) + (1 − M)·D` (with `M` the shape's coverage) is built
    /// from three cairo steps: the destination is copied into a group and the operator is
    /// painted over the whole group (`op(S, D)` everywhere in the clip); the shape's coverage is
    /// drawn into an alpha-only group; the first group is then drawn with `SOURCE` through the
    /// second as a mask, which cairo defines as that interpolation.
    func paintBounded(shape: () -> Void, source: () -> Void, paint: (OpaquePointer) -> Void) {
        cairo_new_path(cr)
        if state.blendMode == .clear {
            // `DEST_OUT` with an opaque source: `R = D·(1 − coverage)`, cairo's own definition
            // of `CLEAR`, which its stroker does not keep (a stroke under `CLEAR` paints the
            // source colour over the cleared pixels).
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
            shape()
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            paint(cr)
            cairo_restore(cr)
            return
        }
        guard state.blendMode.isUnboundedInCairo else {
            shape()
            source()
            paint(cr)
            return
        }
        // op(S, D) over the clip.
        cairo_push_group(cr)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        source()
        cairo_paint(cr)
        let blended = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(blended) }
        // The shape's coverage.
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_new_path(cr)
        shape()
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        paint(cr)
        let coverage = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(coverage) }
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(cr, blended)
        cairo_mask(cr, coverage)
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    /// Runs `body` drawing into a transparent layer of its own, then composites the layer onto
    /// the bitmap with ``BlendMode/normal`` (`CGContext.beginTransparencyLayer` and
    /// `endTransparencyLayer`). Blend modes used in `body` act on the layer's pixels only. State
    /// that `body` saves and leaves unrestored is restored when it returns.
    package func withTransparencyLayer(_ body: () -> Void) {
        saveGState()
        let depth = savedStateCount
        cairo_push_group(cr)
        body()
        while savedStateCount > depth { restoreGState() }
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint(cr)
        restoreGState()
    }
}

extension BlendMode {
    /// The cairo operator with this mode's formula.
    var cairoValue: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    /// Whether cairo applies the operator outside the shape too (where the source is
    /// transparent), which Core Graphics does not.
    var isUnboundedInCairo: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }
}
