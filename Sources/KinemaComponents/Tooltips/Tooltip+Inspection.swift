import KinemaGeometry
import KinemaUI

extension Tooltip {
    /// The tooltip's state and geometry at media time `time` (default: the window's current
    /// time), in window coordinates, from the presentation values (scale, position, anchor point
    /// as shown, animations included). Before the show and after the dismissal the geometry is
    /// zero and the direction ``PopoverArrowDirection/unknown``.
    public func inspect(at time: Double? = nil) -> TooltipInspection {
        guard let placement, let container = containerView, state != .dismissed, superview === container,
            let window = container.window
        else {
            return TooltipInspection(state: state, arrowDirection: .unknown, arrowTip: .zero, arrowBase: [], bubbleFrame: .zero)
        }
        let t = time.map { $0.isFinite ? $0 : window.currentTime } ?? window.currentTime
        let origin = placement.frame.origin
        /// A point of the placement (container coordinates) as shown, in window coordinates.
        func shown(_ q: Point) -> Point {
            container.convert(shownPoint(Point(x: q.x - origin.x, y: q.y - origin.y), at: t), to: window)
        }
        let b = placement.bubbleFrame
        let corners = [
            Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY),
        ].map(shown)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let frame = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return TooltipInspection(
            state: state, arrowDirection: placement.arrowDirection, arrowTip: shown(placement.arrowTip),
            arrowBase: placement.arrowBase.map(shown), bubbleFrame: frame)
    }
}
