import KinemaGeometry
import KinemaLayers

/// The chrome of a popover: the rounded body and the arrow, behind the presented content.
/// Mirrors `UIPopoverBackgroundView`.
///
/// The popover presentation controller makes one of these (of the class in
/// ``PopoverPresentationController/popoverBackgroundViewClass``) as large as the popover view
/// (the body plus the arrow's height on the arrow side), puts the content on top of it inset by
/// ``contentViewInsets()``, and sets ``arrowDirection`` and ``arrowOffset`` whenever the
/// placement changes. Subclass it to draw other chrome: override the class metrics and
/// ``layoutSubviews()``; the metrics must be constants, as in UIKit ("called once").
///
/// The default draws the body and the arrow as **one** closed path (``bubblePath``) on a
/// `ShapeLayer` (the view's layer), filled with ``fillColor``, stroked with ``strokeColor`` and
/// shadowed: there is no seam between arrow and body and nothing shows through, whatever the
/// arrow offset. The arrow it draws is exactly ``arrowBase()`` wide and ``arrowHeight()`` high,
/// the sizes the placement engine lays out with (`spec/popover.md` invariant 12), and its base is
/// kept on the straight part of the edge, out of the corners (the engine already keeps it there).
///
/// ```swift
/// final class SpeechBalloon: PopoverBackgroundView {
///     override class func arrowBase() -> Double { 20 }
///     override class func arrowHeight() -> Double { 12 }
///     override class func contentViewInsets() -> EdgeInsets { EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
/// }
/// popover.popoverBackgroundViewClass = SpeechBalloon.self
/// ```
open class PopoverBackgroundView: View {
    open override class var layerClass: Layer.Type { ShapeLayer.self }

    /// Makes a background view with the given frame. Subclasses that override it must call it:
    /// the controller makes backgrounds through this initializer.
    public required override init(frame: Rect) {
        super.init(frame: frame)
        applyStyle()
    }

    /// The distance, points, from the center of the view to the center line of the arrow along
    /// its edge: negative toward the left for up/down arrows, toward the top for left/right
    /// ones. Setting it calls ``View/setNeedsLayout()``. Default 0. Non-finite values are
    /// ignored. Mirrors `UIPopoverBackgroundView.arrowOffset`.
    open var arrowOffset: Double = 0 {
        didSet {
            if !arrowOffset.isFinite { arrowOffset = oldValue }
            setNeedsLayout()
        }
    }

    /// The direction the arrow points (one direction, or ``PopoverArrowDirection/unknown`` for no
    /// arrow). Setting it calls ``View/setNeedsLayout()``. Default `.up`. Mirrors
    /// `UIPopoverBackgroundView.arrowDirection`.
    open var arrowDirection: PopoverArrowDirection = .up {
        didSet { setNeedsLayout() }
    }

    /// The width of the arrow's base, points. The default is 20. Must not change. Mirrors
    /// `UIPopoverBackgroundViewMethods.arrowBase()`.
    open class func arrowBase() -> Double { 20 }

    /// The height of the arrow from its base to its tip, points. The default is 10. Must not
    /// change. Mirrors `UIPopoverBackgroundViewMethods.arrowHeight()`.
    open class func arrowHeight() -> Double { 10 }

    /// The space between the body's edges and the content, points. The default is zero. Must
    /// not change. Mirrors `UIPopoverBackgroundViewMethods.contentViewInsets()`.
    open class func contentViewInsets() -> EdgeInsets { .zero }

    /// The body's corner radius, points, used by the placement engine to keep the arrow out of
    /// the corners. The default is 10. Must not change. (Kinema addition: UIKit keeps its own
    /// value private.)
    open class func cornerRadius() -> Double { 10 }

    /// Whether the content gets the default popover appearance (its corners rounded to
    /// ``cornerRadius()``). Default `true`. Mirrors
    /// `UIPopoverBackgroundView.wantsDefaultContentAppearance`.
    open class var wantsDefaultContentAppearance: Bool { true }

    /// The body's fill colour. Default white. The presentation controller sets it from its
    /// `backgroundColor` when that is not `nil`.
    open var fillColor = Color(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { applyStyle() }
    }

    /// The colour of the one-point border drawn around body and arrow together, `nil` for none.
    /// Default a light grey.
    open var strokeColor: Color? = Color(red: 0.78, green: 0.78, blue: 0.8, alpha: 1) {
        didSet { applyStyle() }
    }

    /// The body as a rectangle in the view's coordinates: the bounds minus the arrow's height on
    /// the arrow side.
    public var bodyFrame: Rect {
        Self.bodyFrame(in: bounds, arrowDirection: arrowDirection, arrowHeight: Self.arrowHeight())
    }

    /// The outline the default background fills and strokes: body and arrow as one closed
    /// path, in the view's coordinates.
    public var bubblePath: Path {
        Self.bubblePath(
            in: bounds, arrowDirection: arrowDirection, arrowOffset: arrowOffset, arrowBase: Self.arrowBase(),
            arrowHeight: Self.arrowHeight(), cornerRadius: Self.cornerRadius())
    }

    /// The arrow's tip in the view's coordinates (the body's center when there is no arrow).
    public var arrowTip: Point {
        let body = bodyFrame
        let h = Self.arrowHeight()
        switch arrowDirection {
        case .up: return Point(x: bounds.midX + arrowOffset, y: body.minY - h)
        case .down: return Point(x: bounds.midX + arrowOffset, y: body.maxY + h)
        case .left: return Point(x: body.minX - h, y: bounds.midY + arrowOffset)
        case .right: return Point(x: body.maxX + h, y: bounds.midY + arrowOffset)
        default: return Point(x: body.midX, y: body.midY)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let shape = layer as? ShapeLayer else { return }
        shape.path = bubblePath
    }

    private func applyStyle() {
        guard let shape = layer as? ShapeLayer else { return }
        shape.fillColor = fillColor
        shape.strokeColor = strokeColor
        shape.lineWidth = strokeColor == nil ? 0 : 1
        shape.lineJoin = .round
        shape.shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        shape.shadowOpacity = 0.2
        shape.shadowRadius = 6
        shape.shadowOffset = Size(width: 0, height: 2)
    }

    // MARK: Geometry (pure)

    /// The body within `bounds` for an arrow pointing `arrowDirection` of height `arrowHeight`.
    public static func bodyFrame(in bounds: Rect, arrowDirection: PopoverArrowDirection, arrowHeight: Double) -> Rect {
        let h = max(0, min(arrowHeight, arrowDirection == .up || arrowDirection == .down ? bounds.height : bounds.width))
        switch arrowDirection {
        case .up: return Rect(x: bounds.minX, y: bounds.minY + h, width: bounds.width, height: bounds.height - h)
        case .down: return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height - h)
        case .left: return Rect(x: bounds.minX + h, y: bounds.minY, width: bounds.width - h, height: bounds.height)
        case .right: return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width - h, height: bounds.height)
        default: return bounds
        }
    }

    /// Body and arrow as one closed path, clockwise on screen from the top-left corner. The
    /// arrow's base is centred at `arrowOffset` from the center of `bounds` along the arrow's
    /// edge, clamped to the straight part of the edge (and narrowed if that part is shorter
    /// than `arrowBase`), so it never runs into a corner and never leaves the body. Non-finite
    /// or negative metrics count as zero; an empty rectangle gives an empty path.
    public static func bubblePath(
        in bounds: Rect, arrowDirection: PopoverArrowDirection, arrowOffset: Double, arrowBase: Double,
        arrowHeight: Double, cornerRadius: Double
    ) -> Path {
        func clean(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0 else { return Path() }
        let hasArrow = PopoverArrowDirection.allDirections.contains(arrowDirection)
        let h = hasArrow ? clean(arrowHeight) : 0
        let body = bodyFrame(in: bounds, arrowDirection: arrowDirection, arrowHeight: h)
        guard body.width > 0, body.height > 0 else { return Path() }
        let r = min(clean(cornerRadius), body.width / 2, body.height / 2)
        let offset = arrowOffset.isFinite ? arrowOffset : 0

        // The arrow's base on its edge as (start, end) along the edge's axis, and the tip.
        func arrowSpan(lo: Double, hi: Double, center: Double) -> (Double, Double, Double) {
            let straightLo = lo + r
            let straightHi = hi - r
            let half = min(clean(arrowBase) / 2, max(0, (straightHi - straightLo) / 2))
            let c = min(max(center, straightLo + half), straightHi - half)
            return (c - half, c + half, c)
        }

        var path = Path()
        let (minX, minY, maxX, maxY) = (body.minX, body.minY, body.maxX, body.maxY)
        path.move(to: Point(x: minX + r, y: minY))
        // Top edge, left to right.
        if arrowDirection == .up, h > 0 {
            let (a, b, c) = arrowSpan(lo: minX, hi: maxX, center: bounds.midX + offset)
            path.addLine(to: Point(x: a, y: minY))
            path.addLine(to: Point(x: c, y: minY - h))
            path.addLine(to: Point(x: b, y: minY))
        }
        path.addLine(to: Point(x: maxX - r, y: minY))
        if r > 0 { path.addArc(center: Point(x: maxX - r, y: minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: false) }
        // Right edge, top to bottom.
        if arrowDirection == .right, h > 0 {
            let (a, b, c) = arrowSpan(lo: minY, hi: maxY, center: bounds.midY + offset)
            path.addLine(to: Point(x: maxX, y: a))
            path.addLine(to: Point(x: maxX + h, y: c))
            path.addLine(to: Point(x: maxX, y: b))
        }
        path.addLine(to: Point(x: maxX, y: maxY - r))
        if r > 0 { path.addArc(center: Point(x: maxX - r, y: maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false) }
        // Bottom edge, right to left.
        if arrowDirection == .down, h > 0 {
            let (a, b, c) = arrowSpan(lo: minX, hi: maxX, center: bounds.midX + offset)
            path.addLine(to: Point(x: b, y: maxY))
            path.addLine(to: Point(x: c, y: maxY + h))
            path.addLine(to: Point(x: a, y: maxY))
        }
        path.addLine(to: Point(x: minX + r, y: maxY))
        if r > 0 { path.addArc(center: Point(x: minX + r, y: maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: false) }
        // Left edge, bottom to top.
        if arrowDirection == .left, h > 0 {
            let (a, b, c) = arrowSpan(lo: minY, hi: maxY, center: bounds.midY + offset)
            path.addLine(to: Point(x: minX, y: b))
            path.addLine(to: Point(x: minX - h, y: c))
            path.addLine(to: Point(x: minX, y: a))
        }
        path.addLine(to: Point(x: minX, y: minY + r))
        if r > 0 {
            path.addArc(center: Point(x: minX + r, y: minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false)
        }
        path.closeSubpath()
        return path
    }
}
