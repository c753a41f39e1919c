/// A context that records drawing, with `CGContext`'s names: set colours and line styles, build
/// a path, fill or stroke it, clip, transform, draw gradients, images and text. A layer's
/// `draw(in:)` (or its delegate's `draw(_:in:)`) receives one; the result is a ``Drawing``.
///
/// Non-finite numbers are ignored (the call does nothing), so a drawing never holds NaN.
public final class DrawingContext {
    private struct GState {
        var fillColor: Color = .black
        var strokeColor: Color = .black
        var stroke = StrokeStyle()
        var alpha: Double = 1
        var blendMode = BlendMode.normal
    }

    /// What has been recorded so far.
    public private(set) var drawing: Drawing
    /// The size of the area being drawn (the layer's bounds), in points.
    public var size: Size { drawing.size }
    private var state = GState()
    private var stack: [GState] = []
    private var path = Path()

    /// Creates a context for an area of `size` points.
    public init(size: Size) {
        drawing = Drawing(size: size)
    }

    private func record(_ command: DrawingCommand) { drawing.commands.append(command) }

    // MARK: State

    /// Saves the graphics state (colours, line style, alpha, blend mode, transform, clip).
    public func saveGState() {
        stack.append(state)
        record(.save)
    }

    /// Restores the state saved by the matching ``saveGState()``; unmatched calls do nothing.
    public func restoreGState() {
        guard let saved = stack.popLast() else { return }
        state = saved
        record(.restore)
    }

    /// Sets the fill colour. Default opaque black.
    public func setFillColor(_ color: Color) { state.fillColor = color }
    /// Sets the stroke colour. Default opaque black.
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }
    /// Sets the line width, in points (negative values are ignored). Default 1.
    public func setLineWidth(_ width: Double) { if width.isFinite, width >= 0 { state.stroke.lineWidth = width } }
    /// Sets the line cap. Default butt.
    public func setLineCap(_ cap: LineCap) { state.stroke.lineCap = cap }
    /// Sets the line join. Default miter.
    public func setLineJoin(_ join: LineJoin) { state.stroke.lineJoin = join }
    /// Sets the miter limit. Default 10.
    public func setMiterLimit(_ limit: Double) { if limit.isFinite, limit > 0 { state.stroke.miterLimit = limit } }
    /// Sets the dash pattern (lengths in points) and phase; an empty list draws solid lines.
    public func setLineDash(phase: Double, lengths: [Double]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        state.stroke.dashPhase = phase
        state.stroke.dash = lengths
    }
    /// Sets the alpha that multiplies everything drawn after it, in `[0, 1]`. Default 1.
    public func setAlpha(_ alpha: Double) {
        guard alpha.isFinite else { return }
        state.alpha = min(max(alpha, 0), 1)
        record(.setAlpha(state.alpha))
    }
    /// Sets how later drawing combines with what is already drawn. Default
    /// ``BlendMode/normal``. Part of the saved state. Mirrors `CGContext.setBlendMode(_:)`.
    ///
    /// The mode acts inside the drawing: a layer's drawing is played back into a transparent
    /// backing store of its own, so ``BlendMode/clear`` erases earlier drawing, never the
    /// layer's background colour or the layers below.
    public func setBlendMode(_ mode: BlendMode) {
        state.blendMode = mode
        record(.setBlendMode(mode))
    }

    /// The current fill colour (set by ``setFillColor(_:)``).
    public var fillColor: Color { state.fillColor }
    /// The current stroke colour (set by ``setStrokeColor(_:)``).
    public var strokeColor: Color { state.strokeColor }
    /// The current alpha (set by ``setAlpha(_:)``).
    public var alpha: Double { state.alpha }
    /// The current blend mode (set by ``setBlendMode(_:)``).
    public var blendMode: BlendMode { state.blendMode }

    // MARK: Transform

    /// Concatenates `transform` to the current transform.
    public func concatenate(_ transform: AffineTransform) {
        guard [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            return
        }
        record(.concatenate(transform))
    }
    /// Moves the origin by (x, y) points.
    public func translateBy(x: Double, y: Double) { concatenate(AffineTransform(translationX: x, y: y)) }
    /// Scales the coordinate system.
    public func scaleBy(x: Double, y: Double) { concatenate(AffineTransform(scaleX: x, y: y)) }
    /// Rotates the coordinate system by `angle` radians (positive turns +x towards +y).
    public func rotate(by angle: Double) { concatenate(AffineTransform(rotationAngle: angle)) }

    // MARK: Path

    /// Starts a new subpath at `point`.
    public func move(to point: Point) { if point.isFinite { path.move(to: point) } }
    /// Adds a line to `point`.
    public func addLine(to point: Point) { if point.isFinite { path.addLine(to: point) } }
    /// Adds a cubic Bézier curve.
    public func addCurve(to end: Point, control1: Point, control2: Point) {
        if end.isFinite, control1.isFinite, control2.isFinite { path.addCurve(to: end, control1: control1, control2: control2) }
    }
    /// Closes the current subpath.
    public func closePath() { path.closeSubpath() }
    /// Adds a rectangle.
    public func addRect(_ rect: Rect) { if rect.isFinite { path.addPath(Path(rect: rect)) } }
    /// Adds an ellipse inscribed in `rect`.
    public func addEllipse(in rect: Rect) { if rect.isFinite { path.addPath(Path(ellipseIn: rect)) } }
    /// Adds a path.
    public func addPath(_ other: Path) { path.addPath(other) }

    // MARK: Painting

    /// Fills the current path with the fill colour and clears the path.
    public func fillPath(using rule: FillRule = .nonZero) {
        defer { path = Path() }
        guard !path.isEmpty else { return }
        record(.fill(path, state.fillColor, rule))
    }
    /// Strokes the current path with the stroke colour and line style and clears the path.
    public func strokePath() {
        defer { path = Path() }
        guard !path.isEmpty, state.stroke.lineWidth > 0 else { return }
        record(.stroke(path, state.strokeColor, state.stroke))
    }
    /// Fills `rect` with the fill colour.
    public func fill(_ rect: Rect) {
        guard rect.isFinite else { return }
        record(.fill(Path(rect: rect), state.fillColor, .nonZero))
    }
    /// Strokes `rect` with the stroke colour and line style.
    public func stroke(_ rect: Rect) {
        guard rect.isFinite, state.stroke.lineWidth > 0 else { return }
        record(.stroke(Path(rect: rect), state.strokeColor, state.stroke))
    }
    /// Fills `path` with the fill colour under `rule`, leaving the current path alone (what
    /// `UIBezierPath.fill()` does).
    package func fill(_ path: Path, rule: FillRule) {
        guard !path.isEmpty else { return }
        record(.fill(path, state.fillColor, rule))
    }
    /// Strokes `path` with the stroke colour and `style` (not the context's line style), leaving
    /// the current path alone (what `UIBezierPath.stroke()` does).
    package func stroke(_ path: Path, style: StrokeStyle) {
        guard !path.isEmpty, style.lineWidth.isFinite, style.lineWidth > 0 else { return }
        record(.stroke(path, state.strokeColor, style))
    }
    /// Intersects the clip with `path`'s interior under `rule`, leaving the current path alone
    /// (what `UIBezierPath.addClip()` does).
    package func clip(to path: Path, rule: FillRule) {
        record(.clip(path, rule))
    }
    /// Intersects the clip with the current path's interior and clears the path.
    public func clip(using rule: FillRule = .nonZero) {
        defer { path = Path() }
        record(.clip(path, rule))
    }
    /// Fills the clip with an axial gradient.
    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point) {
        guard start.isFinite, end.isFinite else { return }
        record(.linearGradient(gradient, start: start, end: end))
    }
    /// Fills the clip with a radial gradient between two circles.
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double
    ) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite, startRadius >= 0, endRadius >= 0
        else { return }
        record(.radialGradient(gradient, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius))
    }
    /// Draws the PNG image at `source` scaled into `rect`.
    public func drawImage(source: String, in rect: Rect) {
        guard rect.isFinite else { return }
        record(.image(source: source, in: rect))
    }
    /// Draws `text` laid out in `rect` with `style`.
    public func drawText(_ text: String, style: TextStyle, in rect: Rect) {
        guard rect.isFinite, style.fontSize.isFinite, style.fontSize > 0 else { return }
        record(.text(text, style, in: rect))
    }
}
