/// A recorded sequence of drawing operations: what a layer's `draw(in:)` produced. A value, so
/// that it can be compared, hashed (the renderer caches the rasterised result by it) and sent
/// to another thread. The graphics module plays it back onto a real surface.
///
/// Coordinates are in the drawing's own space (a layer's bounds, in points); the player applies
/// the layer-to-pixel scale.
public struct Drawing: Hashable, Sendable {
    /// The size of the area the drawing was made for, in points (a layer's bounds size when it
    /// was displayed). A renderer that shows the drawing in a different size scales it as the
    /// layer's `contentsGravity` says, as Core Animation stretches a backing store.
    public var size: Size
    /// The operations, in order.
    public var commands: [DrawingCommand]

    /// A drawing made for an area of `size` points, with `commands` in order (default none).
    public init(size: Size, commands: [DrawingCommand] = []) {
        self.size = size
        self.commands = commands
    }

    /// Whether nothing is drawn.
    public var isEmpty: Bool { commands.isEmpty }

    /// Whether any command sets a blend mode other than ``BlendMode/normal``. Such a drawing has
    /// to be played back into a transparent layer of its own (as a view's backing store is)
    /// before it is composited, or its modes would act on what lies below it.
    public var usesBlendModes: Bool {
        commands.contains { if case .setBlendMode(let mode) = $0 { mode != .normal } else { false } }
    }
}

/// One drawing operation, with every value it needs resolved (colours, styles, paths).
public enum DrawingCommand: Hashable, Sendable {
    /// Saves the transform, clip and alpha; mirrors `CGContext.saveGState()`.
    case save
    /// Restores the state saved by the matching `save`.
    case restore
    /// Concatenates a transform to the current transform (applied before it, as
    /// `CGContext.concatenate(_:)`).
    case concatenate(AffineTransform)
    /// Multiplies later drawing by an alpha in `[0, 1]` (replaces the current alpha).
    case setAlpha(Double)
    /// Sets how later drawing combines with what is already drawn (replaces the current mode;
    /// part of the saved state). Mirrors `CGContext.setBlendMode(_:)`.
    case setBlendMode(BlendMode)
    /// Intersects the clip with a path's interior.
    case clip(Path, FillRule)
    /// Fills a path with a colour.
    case fill(Path, Color, FillRule)
    /// Strokes a path with a colour and style.
    case stroke(Path, Color, StrokeStyle)
    /// Fills the clip with an axial gradient from `start` to `end`, extended past both ends.
    case linearGradient(Gradient, start: Point, end: Point)
    /// Fills the clip with a radial gradient between two circles, extended past both.
    case radialGradient(Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double)
    /// Draws the image file at `source` (PNG; a path, absolute or relative to the scene)
    /// scaled into `rect`.
    case image(source: String, in: Rect)
    /// Lays out and draws text inside `rect` (wrapped to its width, clipped to nothing).
    case text(String, TextStyle, in: Rect)
}
