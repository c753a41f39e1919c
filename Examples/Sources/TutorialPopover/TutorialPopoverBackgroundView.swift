import Foundation
import Kinema

/// The speech bubble behind the tutorial's text: an orange rounded rectangle with a triangular
/// arrow, drawn in `draw(_:)` with `BezierPath`, the way a `UIPopoverBackgroundView` subclass
/// draws on iOS. The popover asks the class for the arrow's size and the content insets, and
/// sets `arrowDirection` and `arrowOffset` (the arrow's centre, from the middle of the edge it
/// stands on, in points) before it lays the popover out.
public final class TutorialPopoverBackgroundView: PopoverBackgroundView {
    /// The bubble's colour.
    public static let bubbleColor = Color(red: 1, green: 0.58, blue: 0)

    private var offset: Double = 0
    private var direction: PopoverArrowDirection = .up

    public override var arrowOffset: Double {
        get { offset }
        set {
            offset = newValue
            setNeedsDisplay()
        }
    }

    public override var arrowDirection: PopoverArrowDirection {
        get { direction }
        set {
            direction = newValue
            setNeedsDisplay()
        }
    }

    public override class func arrowBase() -> Double { 20 }
    public override class func arrowHeight() -> Double { 12 }
    public override class func contentViewInsets() -> EdgeInsets { EdgeInsets(top: 4, left: 4, bottom: 4, right: 4) }
    public override class var wantsDefaultContentAppearance: Bool { false }

    /// The corner radius of the bubble, points.
    public static let cornerRadius = 12.0

    public override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsDisplay()  // the bubble follows the size (UIKit: `contentMode = .redraw`)
    }

    public override func draw(_ rect: Rect) {
        Self.bubbleColor.setFill()
        Self.bubble(in: bounds, direction: arrowDirection, offset: arrowOffset).fill()
    }

    /// The bubble's outline in `bounds`: the body inset by the arrow's height on the arrow's
    /// side, and the arrow centred `offset` points from the middle of that side. A corner the
    /// arrow's base would reach gets a smaller radius, so the arrow always stands on a straight
    /// edge and its tip on the source.
    public static func bubble(in bounds: Rect, direction: PopoverArrowDirection, offset: Double) -> BezierPath {
        let h = arrowHeight(), half = arrowBase() / 2
        var body = bounds
        switch direction {
        case .up: body = Rect(x: bounds.minX, y: bounds.minY + h, width: bounds.width, height: bounds.height - h)
        case .down: body = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height - h)
        case .left: body = Rect(x: bounds.minX + h, y: bounds.minY, width: bounds.width - h, height: bounds.height)
        case .right: body = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width - h, height: bounds.height)
        default: break
        }
        let horizontal = direction == .up || direction == .down
        let centre = horizontal ? bounds.midX + offset : bounds.midY + offset
        let (low, high) = horizontal ? (body.minX, body.maxX) : (body.minY, body.maxY)
        // The radius that keeps the arrow's base off the corner's arc.
        let room = max(0, min(centre - half - low, high - centre - half))
        let radius = direction == .unknown ? cornerRadius : min(cornerRadius, room)
        let path = BezierPath(roundedRect: body, cornerRadius: radius)
        let arrow = BezierPath()
        switch direction {
        case .up:
            arrow.move(to: Point(x: centre - half, y: body.minY + 0.5))
            arrow.addLine(to: Point(x: centre, y: bounds.minY))
            arrow.addLine(to: Point(x: centre + half, y: body.minY + 0.5))
        case .down:
            arrow.move(to: Point(x: centre - half, y: body.maxY - 0.5))
            arrow.addLine(to: Point(x: centre, y: bounds.maxY))
            arrow.addLine(to: Point(x: centre + half, y: body.maxY - 0.5))
        case .left:
            arrow.move(to: Point(x: body.minX + 0.5, y: centre - half))
            arrow.addLine(to: Point(x: bounds.minX, y: centre))
            arrow.addLine(to: Point(x: body.minX + 0.5, y: centre + half))
        case .right:
            arrow.move(to: Point(x: body.maxX - 0.5, y: centre - half))
            arrow.addLine(to: Point(x: bounds.maxX, y: centre))
            arrow.addLine(to: Point(x: body.maxX - 0.5, y: centre + half))
        default:
            return path
        }
        arrow.close()
        path.append(arrow)
        return path
    }
}
