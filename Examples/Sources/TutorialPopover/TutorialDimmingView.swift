import Foundation
import Kinema

/// Dims the screen behind the tutorial except for a rounded hole around the view it explains:
/// a translucent black fill, then the hole cleared with the `.clear` blend mode, as a UIKit
/// coach-mark overlay draws in `draw(_:)`.
public final class TutorialDimmingView: View {
    /// The hole, in this view's coordinates (points).
    public var highlightedRect: Rect = .zero {
        didSet { setNeedsDisplay() }
    }

    /// How dark the dimmed part is: the black's alpha, 0 to 1. Default 0.5.
    public var dimming = 0.5

    public override func draw(_ rect: Rect) {
        let context = GraphicsGetCurrentContext()
        Color(white: 0, alpha: dimming).setFill()
        BezierPath(rect: bounds).fill()
        context?.setBlendMode(.clear)
        BezierPath(roundedRect: highlightedRect.insetBy(dx: -6, dy: -6), cornerRadius: 10).fill()
        context?.setBlendMode(.normal)
    }
}
