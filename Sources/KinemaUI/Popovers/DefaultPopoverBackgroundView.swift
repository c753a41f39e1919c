import KinemaGeometry
import KinemaLayers

/// The bubble Kinema draws behind a popover when
/// ``PopoverPresentationController/popoverBackgroundViewClass`` is `nil`: a rounded body and its
/// arrow as **one** closed path (``bubblePath``) on a `ShapeLayer` (the view's layer), filled
/// with ``fillColor``, stroked with ``strokeColor`` and shadowed. Subclass it to keep this look
/// with other metrics. (UIKit's default chrome is private; Kinema addition.)
///
/// There is no seam between arrow and body and nothing shows through, whatever the arrow
/// offset. The arrow is exactly ``PopoverBackgroundView/arrowBase()`` wide and
/// ``PopoverBackgroundView/arrowHeight()`` high, the sizes the placement engine lays out with
/// (what is laid out is what is drawn), and its base lies on a straight part of the outline: where
/// the arrow sits near a corner (a narrow source against a screen edge), that corner's radius
/// shrinks, to zero if need be, exactly as ``PopoverPlacement/cornerRadii`` reports.
open class DefaultPopoverBackgroundView: PopoverBackgroundView {
    open override class var layerClass: Layer.Type { ShapeLayer.self }

    public required init(frame: Rect) {
        super.init(frame: frame)
        applyStyle()
    }

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

    /// The outline this background fills and strokes: body and arrow as one closed path, in
    /// the view's coordinates.
    public var bubblePath: Path {
        Self.bubblePath(
            in: bounds, arrowDirection: arrowDirection, arrowOffset: arrowOffset, arrowBase: Self.arrowBase(),
            arrowHeight: Self.arrowHeight(), cornerRadius: Self.cornerRadius(), arrowPadding: Self.arrowPadding())
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

    /// Body and arrow as one closed path, clockwise on screen from the top-left corner. The
    /// arrow's tip is `arrowOffset` from the center of `bounds` along the arrow's edge, clamped
    /// to the body's edge; its base is `arrowBase` long (at most the edge), centred on the tip or
    /// flush with the edge's end; the corner at that end shrinks (to zero if need be) so the base
    /// keeps `arrowPadding` from the corner's arc; the other corners have `cornerRadius` (at most
    /// half the body's width and height). Non-finite or negative metrics count as zero; an empty
    /// rectangle gives an empty path.
    public static func bubblePath(
        in bounds: Rect, arrowDirection: PopoverArrowDirection, arrowOffset: Double, arrowBase: Double,
        arrowHeight: Double, cornerRadius: Double, arrowPadding: Double = 4
    ) -> Path {
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0 else { return Path() }
        let hasArrow = PopoverArrowDirection.allDirections.contains(arrowDirection)
        let h = hasArrow && arrowHeight.isFinite ? max(0, arrowHeight) : 0
        let direction = hasArrow && h > 0 ? arrowDirection : .unknown
        let body = bodyFrame(in: bounds, arrowDirection: direction, arrowHeight: h)
        guard body.width > 0, body.height > 0 else { return Path() }
        let g = arrowGeometry(
            in: bounds, arrowDirection: direction, arrowOffset: arrowOffset, arrowBase: arrowBase, arrowHeight: h,
            cornerRadius: cornerRadius, arrowPadding: arrowPadding)
        return PopoverLayout.outline(body: body, direction: direction, tip: g.tip, base: g.base, radii: g.radii)
    }
}
