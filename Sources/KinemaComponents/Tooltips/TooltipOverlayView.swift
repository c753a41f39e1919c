import KinemaGeometry
import KinemaUI

/// The transparent view behind a shown tooltip, as large as its container: it takes the touches
/// that start outside the bubble (so they reach nothing else), except over the tooltip's
/// passthrough views, and tells the tooltip when the container changes size.
final class TooltipOverlayView: View {
    weak var tooltip: Tooltip?
    /// The size the tooltip was last laid out for.
    private var lastSize: Size

    override init(frame: Rect) {
        lastSize = frame.size
        super.init(frame: frame)
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard let tooltip, self.point(inside: point, with: event) else { return nil }
        return tooltip.isOnPassthroughView(point, in: self) ? nil : self
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        guard size != lastSize else { return }
        lastSize = size
        tooltip?.containerDidResize()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
}
