/// How drawn pixels combine with the pixels already there. Mirrors `CGBlendMode`, with its case
/// names and formulas.
///
/// In the formulas, `S` is the source (what is drawn) and `D` the destination, both
/// premultiplied colours with alphas `Sa` and `Da`; `R` is the result. The Porter–Duff modes
/// (``clear`` to ``plusLighter``) are exact as written. The separable modes (``multiply`` to
/// ``exclusion``) blend the unpremultiplied colours with a function `B` and composite the result
/// as the W3C's *Compositing and Blending* specifies:
/// `R = (1 − Da)·S + (1 − Sa)·D + Sa·Da·B(S/Sa, D/Da)`, `Ra = Sa + Da − Sa·Da`.
/// ``hue``, ``saturation``, ``color`` and ``luminosity`` are the non-separable modes of the same
/// specification (and of PDF).
///
/// As in Core Graphics, a mode acts only where the shape being drawn covers: outside a filled
/// path or a stroke the destination is kept, even for the modes whose formula would change it
/// there (``sourceIn``, ``sourceOut``, ``destinationIn``, ``destinationAtop``). Gradients cover
/// the whole clip. `CGBlendMode.plusDarker` has no counterpart here.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    /// `R = S + D·(1 − Sa)`: source over destination. The default.
    case normal
    /// `B = S·D`: darkens; white leaves the destination unchanged.
    case multiply
    /// `B = S + D − S·D`: lightens; black leaves the destination unchanged.
    case screen
    /// Multiply or screen, depending on the destination: `B = hardLight(D, S)`.
    case overlay
    /// `B = min(S, D)`.
    case darken
    /// `B = max(S, D)`.
    case lighten
    /// Brightens the destination to reflect the source: `B = min(1, D / (1 − S))`.
    case colorDodge
    /// Darkens the destination to reflect the source: `B = 1 − min(1, (1 − D) / S)`.
    case colorBurn
    /// Darkens or lightens, depending on the source, gently.
    case softLight
    /// Multiply or screen, depending on the source: `B = S ≤ ½ ? 2·S·D : screen(2·S − 1, D)`.
    case hardLight
    /// `B = |S − D|`.
    case difference
    /// `B = S + D − 2·S·D`.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// `R = 0`: erases what the shape covers.
    case clear
    /// `R = S`: replaces what the shape covers.
    case copy
    /// `R = S·Da`: the source where the destination is opaque.
    case sourceIn
    /// `R = S·(1 − Da)`: the source where the destination is transparent.
    case sourceOut
    /// `R = S·Da + D·(1 − Sa)`: the source over the destination, only where the destination is.
    case sourceAtop
    /// `R = S·(1 − Da) + D`: the destination over the source.
    case destinationOver
    /// `R = D·Sa`: keeps the destination where the source is opaque.
    case destinationIn
    /// `R = D·(1 − Sa)`: erases the destination where the source is opaque.
    case destinationOut
    /// `R = S·(1 − Da) + D·Sa`: the destination over the source, only where the source is.
    case destinationAtop
    /// `R = S·(1 − Da) + D·(1 − Sa)`: each where the other is not.
    case xor
    /// `R = min(1, S + D)`: adds the two.
    case plusLighter
}
