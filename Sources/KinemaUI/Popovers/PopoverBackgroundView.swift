import KinemaGeometry
import KinemaLayers

/// The chrome of a popover behind the presented content: the class whose metrics the placement
/// engine lays out with and whose ``arrowDirection`` and ``arrowOffset`` the controller sets.
/// Mirrors `UIPopoverBackgroundView`.
///
/// As in UIKit, this base class **draws nothing**: subclass it and draw the body and the arrow
/// yourself (in ``View/layoutSubviews()``, from ``arrowDirection``, ``arrowOffset`` and the
/// geometry helpers ``bodyFrame``, ``arrowTip`` and ``cornerRadii``), or subclass
/// ``DefaultPopoverBackgroundView``, the bubble Kinema uses when
/// ``PopoverPresentationController/popoverBackgroundViewClass`` is `nil`, to keep its look.
///
/// The popover presentation controller makes one of these as large as the popover view (the
/// body plus the arrow's height on the arrow side), puts the content on top of it inset by
/// ``contentViewInsets()``, and sets ``arrowDirection`` and ``arrowOffset`` whenever the
/// placement changes. The class metrics must be constants, as in UIKit ("called once").
///
/// ```swift
/// final class SpeechBalloon: DefaultPopoverBackgroundView {
///     override class func arrowBase() -> Double { 20 }
///     override class func arrowHeight() -> Double { 12 }
///     override class func contentViewInsets() -> EdgeInsets { EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
/// }
/// popover.popoverBackgroundViewClass = SpeechBalloon.self
/// ```
open class PopoverBackgroundView: View {
    /// Makes a background view with the given frame. Subclasses that override it must call it:
    /// the controller makes backgrounds through this initializer.
    public required override init(frame: Rect) {
        super.init(frame: frame)
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

    /// The body's corner radius, points, used by the placement engine: the arrow's base keeps
    /// ``arrowPadding()`` clear of a corner of this radius, and a corner the arrow must come
    /// closer to (to reach a narrow source at a screen edge) shrinks instead. The default is 10.
    /// Must not change. (Kinema addition: UIKit keeps its own value private.)
    open class func cornerRadius() -> Double { 10 }

    /// The straight edge kept between a corner's arc and the arrow's base, points. The default
    /// is 4. Must not change. (Kinema addition, the engine's ``PopoverLayoutInput/arrowPadding``.)
    open class func arrowPadding() -> Double { 4 }

    /// Whether the content gets the default popover appearance (its corners rounded to
    /// ``cornerRadius()``). Default `true`. Mirrors
    /// `UIPopoverBackgroundView.wantsDefaultContentAppearance`.
    open class var wantsDefaultContentAppearance: Bool { true }

    // MARK: Geometry (Kinema additions, for subclasses that draw)

    /// The body as a rectangle in the view's coordinates: the bounds minus the arrow's height on
    /// the arrow side.
    public var bodyFrame: Rect {
        Self.bodyFrame(in: bounds, arrowDirection: arrowDirection, arrowHeight: Self.arrowHeight())
    }

    /// The arrow's tip in the view's coordinates: ``arrowOffset`` from the centre along the
    /// arrow's edge, clamped to the body's extent (the body's center when there is no arrow).
    public var arrowTip: Point { arrowGeometry.tip }

    /// The body's corner radii in the view's coordinates: ``cornerRadius()`` (at most half the
    /// body's width and height), with the corner next to the arrow shrunk where the arrow sits
    /// close to it, exactly as the placement engine reports them
    /// (``PopoverPlacement/cornerRadii``).
    public var cornerRadii: PopoverCornerRadii { arrowGeometry.radii }

    /// Tip, base (along the arrow's edge) and corner radii for the current state and metrics.
    var arrowGeometry: (tip: Point, base: PopoverLayout.Span, radii: PopoverCornerRadii) {
        Self.arrowGeometry(
            in: bounds, arrowDirection: arrowDirection, arrowOffset: arrowOffset, arrowBase: Self.arrowBase(),
            arrowHeight: Self.arrowHeight(), cornerRadius: Self.cornerRadius(), arrowPadding: Self.arrowPadding())
    }

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

    /// The arrow and corners the engine's rule gives in `bounds`: the tip `arrowOffset` from the
    /// centre along the arrow's edge, clamped to the body's edge; the base `arrowBase` long (at
    /// most the edge), centred on the tip or flush with the edge's end; the corner at that end
    /// shrunk so the base keeps `arrowPadding` from its arc. Non-finite or negative metrics count
    /// as zero.
    static func arrowGeometry(
        in bounds: Rect, arrowDirection: PopoverArrowDirection, arrowOffset: Double, arrowBase: Double, arrowHeight: Double,
        cornerRadius: Double, arrowPadding: Double
    ) -> (tip: Point, base: PopoverLayout.Span, radii: PopoverCornerRadii) {
        func clean(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }
        let hasArrow = PopoverArrowDirection.allDirections.contains(arrowDirection)
        let h = hasArrow ? clean(arrowHeight) : 0
        let body = bodyFrame(in: bounds, arrowDirection: hasArrow ? arrowDirection : .unknown, arrowHeight: h)
        let r = max(0, min(clean(cornerRadius), body.width / 2, body.height / 2))
        let center = Point(x: body.midX, y: body.midY)
        guard hasArrow, bounds.isFinite else { return (center, PopoverLayout.Span(lo: 0, hi: 0), PopoverCornerRadii(all: r)) }
        let vertical = arrowDirection == .up || arrowDirection == .down
        let offset = arrowOffset.isFinite ? arrowOffset : 0
        let arrow = PopoverLayout.edgeArrow(
            toward: (vertical ? bounds.midX : bounds.midY) + offset, along: body.span(vertical: !vertical), arrowBase: clean(arrowBase),
            cornerRadius: r, padding: clean(arrowPadding))
        let tip: Point
        switch arrowDirection {
        case .up: tip = Point(x: arrow.tip, y: body.minY - h)
        case .down: tip = Point(x: arrow.tip, y: body.maxY + h)
        case .left: tip = Point(x: body.minX - h, y: arrow.tip)
        default: tip = Point(x: body.maxX + h, y: arrow.tip)
        }
        return (tip, arrow.base, PopoverLayout.cornerRadii(arrow, direction: arrowDirection, cornerRadius: r))
    }
}
