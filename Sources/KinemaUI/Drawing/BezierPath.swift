import KinemaGeometry

/// A path with its own line style that draws itself into the current context. Mirrors
/// `UIBezierPath`.
///
/// Build the outline with ``move(to:)``, ``addLine(to:)``, ``addCurve(to:controlPoint1:controlPoint2:)``,
/// ``addArc(withCenter:radius:startAngle:endAngle:clockwise:)`` and ``close()``, or start from a
/// shape (``init(rect:)``, ``init(roundedRect:cornerRadius:)``, ``init(ovalIn:)``). Then
/// ``fill()`` or ``stroke()`` it inside a view's `draw(_:)`: the colours are the current
/// context's (set with `Color.setFill()` and `Color.setStroke()`); the line width, caps, joins,
/// dashes and fill rule are the path's own.
///
/// ```swift
/// override func draw(_ rect: Rect) {
///     let ring = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 80, height: 80))
///     ring.append(BezierPath(ovalIn: Rect(x: 20, y: 20, width: 40, height: 40)))
///     ring.usesEvenOddFillRule = true       // the inner oval is a hole
///     Color.orange.setFill()
///     ring.fill()
///     Color.black.setStroke()
///     ring.lineWidth = 2
///     ring.stroke()
/// }
/// ```
///
/// Coordinates are points in the current context's user space (a view's bounds coordinates
/// inside `draw(_:)`), y down. Non-finite input is ignored, as ``Path`` ignores it.
///
/// With no current context (outside a drawing call), ``fill()``, ``stroke()`` and
/// ``addClip()`` do nothing: UIKit logs an "invalid context" warning and draws nothing; Kinema
/// draws nothing silently.
open class BezierPath {
    /// The outline. Mirrors `UIBezierPath.cgPath` (with the prefix dropped, as `CAShapeLayer.path`
    /// takes it: `shapeLayer.path = bezierPath.path`).
    public var path: Path

    /// The width of stroked lines, in points. Default 1. Negative and non-finite values are
    /// ignored. Mirrors `UIBezierPath.lineWidth`.
    public var lineWidth: Double = 1 {
        didSet { if !(lineWidth.isFinite && lineWidth >= 0) { lineWidth = oldValue } }
    }
    /// The shape of open ends of stroked lines. Default butt. Mirrors `UIBezierPath.lineCapStyle`.
    public var lineCapStyle: LineCap = .butt
    /// The shape of corners of stroked lines. Default miter. Mirrors `UIBezierPath.lineJoinStyle`.
    public var lineJoinStyle: LineJoin = .miter
    /// The limit on miter length, as a multiple of the line width, beyond which a miter join
    /// becomes bevelled. Default 10. Mirrors `UIBezierPath.miterLimit`.
    public var miterLimit: Double = 10 {
        didSet { if !(miterLimit.isFinite && miterLimit > 0) { miterLimit = oldValue } }
    }
    /// Whether ``fill()``, ``addClip()`` and ``contains(_:)`` use the even-odd rule (an area
    /// inside an even number of subpaths is outside) instead of the non-zero winding rule.
    /// Default `false`. Mirrors `UIBezierPath.usesEvenOddFillRule`.
    public var usesEvenOddFillRule = false

    private var dash: [Double] = []
    private var dashPhase = 0.0

    /// An empty path. Mirrors `UIBezierPath()`.
    public init() {
        path = Path()
    }

    /// A path with the outline `path`. Mirrors `UIBezierPath(cgPath:)`.
    public init(path: Path) {
        self.path = path
    }

    /// A closed rectangle, starting at its minimum corner and running clockwise on screen.
    /// Mirrors `UIBezierPath(rect:)`.
    public convenience init(rect: Rect) {
        self.init(path: Path(rect: rect))
    }

    /// A rectangle with circular corners of `cornerRadius` points, limited to half the shorter
    /// side (a larger radius makes a capsule, as in UIKit). Mirrors
    /// `UIBezierPath(roundedRect:cornerRadius:)`; UIKit's corners are slightly "continuous"
    /// (smoothed into the sides), ours are exact quarter circles.
    public convenience init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        let radius = cornerRadius.isFinite ? min(max(cornerRadius, 0), limit) : 0
        self.init(path: Path(rect: rect, cornerRadius: radius))
    }

    /// The closed ellipse inscribed in `rect` (a circle when it is square). Mirrors
    /// `UIBezierPath(ovalIn:)`.
    public convenience init(ovalIn rect: Rect) {
        self.init(path: Path(ellipseIn: rect))
    }

    /// An open circular arc. Mirrors `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`;
    /// see ``addArc(withCenter:radius:startAngle:endAngle:clockwise:)``.
    public convenience init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: Building

    /// Starts a new subpath at `point`. Mirrors `UIBezierPath.move(to:)`.
    public func move(to point: Point) { path.move(to: point) }

    /// Adds a straight line from the current point to `point`. Mirrors `UIBezierPath.addLine(to:)`.
    public func addLine(to point: Point) { path.addLine(to: point) }

    /// Adds a cubic Bézier curve from the current point to `endPoint`. Mirrors
    /// `UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)`.
    public func addCurve(to endPoint: Point, controlPoint1: Point, controlPoint2: Point) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve from the current point to `endPoint`. Mirrors
    /// `UIBezierPath.addQuadCurve(to:controlPoint:)`.
    public func addQuadCurve(to endPoint: Point, controlPoint: Point) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds a circular arc around `center` with `radius` points, from `startAngle` to `endAngle`
    /// (radians from the +x axis; positive angles turn towards +y, clockwise on screen). With a
    /// current point, a straight line first joins it to the arc's start. Mirrors
    /// `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// `clockwise` is UIKit's: `true` sweeps clockwise *on screen* (towards increasing angles),
    /// the opposite of `Path.addArc(center:radius:startAngle:endAngle:clockwise:)`, which keeps
    /// Core Graphics' y-up meaning. So `clockwise: true` from 0 to π/2 is a quarter circle
    /// through the bottom right.
    public func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a straight line to its start. Mirrors `UIBezierPath.close()`.
    public func close() { path.closeSubpath() }

    /// Removes every point. Mirrors `UIBezierPath.removeAllPoints()`.
    public func removeAllPoints() { path = Path() }

    /// Appends `other`'s outline (not its line style). Mirrors `UIBezierPath.append(_:)`.
    public func append(_ other: BezierPath) { path.addPath(other.path) }

    /// Transforms every point of the outline. Mirrors `UIBezierPath.apply(_:)`.
    public func apply(_ transform: AffineTransform) { path = path.applying(transform) }

    /// Sets the dash pattern of stroked lines: dash and gap lengths in points (an empty list
    /// draws solid lines, the default) and how far into the pattern the line starts. Mirrors
    /// `UIBezierPath.setLineDash(_:count:phase:)`.
    public func setLineDash(_ pattern: [Double], phase: Double) {
        guard phase.isFinite, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        dash = pattern
        dashPhase = phase
    }

    // MARK: Reading

    /// Whether the path has no points. Mirrors `UIBezierPath.isEmpty`.
    public var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included; `.zero`
    /// for an empty path (UIKit answers `CGRect.null`). Mirrors `UIBezierPath.bounds`.
    public var bounds: Rect { path.boundingBox ?? .zero }

    /// Where the next segment starts; `.zero` for an empty path. Mirrors
    /// `UIBezierPath.currentPoint`.
    public var currentPoint: Point { path.currentPoint ?? .zero }

    /// Whether `point` is inside the filled area, under the path's fill rule. Mirrors
    /// `UIBezierPath.contains(_:)`.
    public func contains(_ point: Point) -> Bool { path.contains(point, fillRule: fillRule) }

    /// The stroke style ``stroke()`` uses: the path's line width, caps, joins, miter limit and
    /// dashes.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(
            lineWidth: lineWidth, lineCap: lineCapStyle, lineJoin: lineJoinStyle, miterLimit: miterLimit, dash: dash,
            dashPhase: dashPhase)
    }

    private var fillRule: FillRule { usesEvenOddFillRule ? .evenOdd : .nonZero }

    // MARK: Drawing

    /// Fills the inside of the path (open subpaths count as closed) with the current context's
    /// fill colour, alpha and blend mode, under the path's fill rule. The context's path and
    /// state are left as they were. Does nothing without a current context. Mirrors
    /// `UIBezierPath.fill()`.
    public func fill() {
        DrawingContext.current?.fill(path, rule: fillRule)
    }

    /// Strokes the path with the current context's stroke colour, alpha and blend mode, and the
    /// path's line width, caps, joins and dashes (not the context's). Does nothing without a
    /// current context. Mirrors `UIBezierPath.stroke()`.
    public func stroke() {
        DrawingContext.current?.stroke(path, style: strokeStyle)
    }

    /// Fills the path with `blendMode` and `alpha` (in `[0, 1]`, replacing the context's alpha)
    /// for this fill only. Mirrors `UIBezierPath.fill(with:alpha:)`.
    public func fill(with blendMode: BlendMode, alpha: Double) {
        drawAlone(blendMode: blendMode, alpha: alpha) { $0.fill(path, rule: fillRule) }
    }

    /// Strokes the path with `blendMode` and `alpha` (in `[0, 1]`, replacing the context's
    /// alpha) for this stroke only. Mirrors `UIBezierPath.stroke(with:alpha:)`.
    public func stroke(with blendMode: BlendMode, alpha: Double) {
        drawAlone(blendMode: blendMode, alpha: alpha) { $0.stroke(path, style: strokeStyle) }
    }

    /// Runs `draw` on the current context with `blendMode` and `alpha` set for it alone.
    private func drawAlone(blendMode: BlendMode, alpha: Double, _ draw: (DrawingContext) -> Void) {
        guard let ctx = DrawingContext.current else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        draw(ctx)
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the inside of the path (under its fill rule):
    /// later drawing shows only inside it, until the state saved before is restored. Does
    /// nothing without a current context. Mirrors `UIBezierPath.addClip()`.
    public func addClip() {
        DrawingContext.current?.clip(to: path, rule: fillRule)
    }
}
