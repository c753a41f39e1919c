import CCairo
import KinemaGeometry

/// A drawing context on a ``Bitmap``: fills, strokes, gradients, images and text, drawn by cairo
/// straight into the bitmap's memory. Mirrors `CGContext` for a bitmap context.
///
/// Coordinates start in pixels with the origin at the bitmap's top-left corner and y pointing
/// down; ``concatenate(_:)``, ``translateBy(x:y:)``, ``scaleBy(x:y:)`` and ``rotate(by:)``
/// change them, as they change a `CGContext`'s current transform. The graphics state (transform,
/// clip and alpha) is saved and restored with ``saveGState()`` and ``restoreGState()``.
///
/// ```swift
/// let bitmap = try Bitmap(width: 200, height: 100)
/// let context = GraphicsContext(bitmap: bitmap)
/// context.scaleBy(x: 2, y: 2)      // draw in points at 2 pixels per point
/// context.fill(Path(rect: Rect(x: 10, y: 10, width: 80, height: 30), cornerRadius: 8), color: .blue)
/// context.flush()                  // before reading `bitmap`'s pixels
/// ```
///
/// Every call with a non-finite number (NaN or infinity) in its arguments does nothing, so NaN
/// never reaches the pixels. A transform that makes the current transform singular (a scale by
/// 0, say) is accepted, and nothing is painted until a ``restoreGState()`` brings back an
/// invertible one, as in Core Graphics.
///
/// A context is not thread-safe: use it on one thread at a time. Several contexts on different
/// bitmaps may draw on several threads at once. The cairo objects are released when the context
/// is deinitialised; call ``flush()`` before reading the bitmap's pixels while the context is
/// still alive.
public final class GraphicsContext {
    /// The bitmap this context draws into.
    public let bitmap: Bitmap
    /// The cairo image surface over `bitmap.data`.
    private let target: ImageSurface
    /// The `cairo_surface_t *` drawn into.
    var surface: OpaquePointer { target.surface }
    /// The cairo context (`cairo_t *`).
    let cr: OpaquePointer

    /// The part of the graphics state that cairo does not keep for us.
    struct State {
        /// The current transform, user space to pixels. cairo gets a copy whenever it is invertible.
        var ctm = AffineTransform.identity
        /// The alpha that multiplies everything painted.
        var alpha = 1.0
        /// How painting combines with the pixels (cairo's operator, which cairo saves itself).
        var blendMode = BlendMode.normal
    }
    var state = State()
    private var savedStates: [State] = []

    /// Creates a context that draws into `bitmap`, with the identity transform, no clip and
    /// alpha 1.
    ///
    /// The context keeps `bitmap` alive. Drawing changes the bitmap's pixels in place.
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        target = ImageSurface(bitmap)
        // cairo documents that this always returns a valid object (an error object on failure, on
        // which every drawing call does nothing).
        cr = cairo_create(target.surface)
    }

    deinit {
        cairo_surface_flush(target.surface)
        cairo_destroy(cr)
    }

    /// Completes any drawing cairo may have pending, so that the bitmap's memory is up to date.
    /// Call it before reading or copying the bitmap's pixels while this context is alive
    /// (`cairo_surface_flush`).
    public func flush() {
        cairo_surface_flush(surface)
    }

    /// Tells cairo that the bitmap's pixels were changed without it (by the compositor, or by
    /// ``Bitmap/fill(_:)``), before drawing with this context again (`cairo_surface_mark_dirty`).
    public func markDirty() {
        cairo_surface_mark_dirty(surface)
    }

    // MARK: Graphics state

    /// The current transform, from user space to pixels. Mirrors `CGContext.ctm`.
    public var ctm: AffineTransform { state.ctm }

    /// The alpha that multiplies everything painted, in `0…1`. Default 1. Mirrors the alpha set
    /// by `CGContext.setAlpha(_:)`.
    public var alpha: Double { state.alpha }

    /// Whether the current transform can be inverted, so that anything painted has an area.
    var isDrawable: Bool { state.ctm.isInvertibleForCairo }

    /// Pushes a copy of the graphics state (transform, clip, alpha, blend mode) onto a stack. Mirrors
    /// `CGContext.saveGState()`.
    public func saveGState() {
        cairo_save(cr)
        savedStates.append(state)
    }

    /// Restores the graphics state saved by the matching ``saveGState()``. A call without a
    /// matching save does nothing. Mirrors `CGContext.restoreGState()`.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        cairo_restore(cr)
        state = saved
    }

    /// The number of saved states, for balancing a playback.
    var savedStateCount: Int { savedStates.count }

    /// Sets the alpha that multiplies everything painted after it (fills, strokes, gradients,
    /// images and text), replacing the previous value. Values are clamped to `0…1`; NaN and
    /// infinities are ignored. Default 1. Part of the saved state. Mirrors `CGContext.setAlpha(_:)`.
    public func setAlpha(_ alpha: Double) {
        guard alpha.isFinite else { return }
        state.alpha = min(max(alpha, 0), 1)
    }

    // MARK: Transform

    /// Concatenates `transform` to the current transform: later drawing is transformed by
    /// `transform` first, then by the previous transform. Mirrors `CGContext.concatenate(_:)`.
    public func concatenate(_ transform: AffineTransform) {
        guard transform.isFinite else { return }
        let ctm = transform.concatenating(state.ctm)
        guard ctm.isFinite else { return }
        state.ctm = ctm
        if ctm.isInvertibleForCairo {
            var m = cairo_matrix_t()
            cairo_matrix_init(&m, ctm.a, ctm.b, ctm.c, ctm.d, ctm.tx, ctm.ty)
            cairo_set_matrix(cr, &m)
        }
    }

    /// Moves the origin by `x` and `y` user-space units. Mirrors `CGContext.translateBy(x:y:)`.
    public func translateBy(x: Double, y: Double) {
        concatenate(AffineTransform(translationX: x, y: y))
    }

    /// Scales user space by `x` horizontally and `y` vertically. Mirrors `CGContext.scaleBy(x:y:)`.
    public func scaleBy(x: Double, y: Double) {
        concatenate(AffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians; positive angles turn +x towards +y (clockwise on
    /// the y-down bitmap). Mirrors `CGContext.rotate(by:)`.
    public func rotate(by angle: Double) {
        guard angle.isFinite else { return }
        concatenate(AffineTransform(rotationAngle: angle))
    }

    // MARK: Clipping

    /// Intersects the clip with the interior of `path` under `rule`. An empty path clips
    /// everything away. Mirrors `CGContext.addPath(_:)` followed by `clip(using:)`.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        cairo_new_path(cr)
        // Under a singular transform every path has no area, so the clip becomes empty.
        if isDrawable { appendToCairo(path) }
        cairo_set_fill_rule(cr, rule.cairoValue)
        cairo_clip(cr)
    }

    /// Intersects the clip with `rect` (in user space). Mirrors `CGContext.clip(to:)`. A
    /// non-finite rectangle does nothing.
    public func clip(to rect: Rect) {
        guard rect.isFinite else { return }
        clip(to: Path(rect: rect), rule: .nonZero)
    }
}

extension AffineTransform {
    /// Whether all six coefficients are finite.
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// Whether cairo accepts this transform: finite, with a non-zero determinant and a finite
    /// inverse. cairo puts a context into an error state for good when given anything else.
    var isInvertibleForCairo: Bool {
        let det = determinant
        guard isFinite, det.isFinite, det != 0 else { return false }
        return inverted().isFinite
    }
}

extension FillRule {
    var cairoValue: cairo_fill_rule_t {
        switch self {
        case .nonZero: CAIRO_FILL_RULE_WINDING
        case .evenOdd: CAIRO_FILL_RULE_EVEN_ODD
        }
    }
}
