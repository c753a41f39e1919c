import KinemaGeometry
import KinemaUI

extension LivePlayer {
    /// Points the content moves per notch of the mouse wheel. 40, about three lines of 17-point
    /// text; a touchpad's two-finger scroll sends fractions of a notch.
    public static let pointsPerWheelLine = 40.0

    /// Scrolls the innermost scroll view under `point` (window points) that can move along the
    /// wheel's axis by `lines` notches (right and away from the user are positive, as SDL reports
    /// them): away from the user shows what is above, as a desktop wheel does. The offset stays
    /// between the content's edges (a wheel does not rubber-band) and the indicators flash. A
    /// wheel over no scroll view does nothing.
    func scrollWheel(at point: Point, lines: Vector) {
        guard lines.dx.isFinite, lines.dy.isFinite, lines.dx != 0 || lines.dy != 0 else { return }
        let delta = Vector(dx: lines.dx * Self.pointsPerWheelLine, dy: -lines.dy * Self.pointsPerWheelLine)
        var node = content.window.hitTest(point, with: nil)
        while let view = node {
            if let scrollView = view as? ScrollView, scrollView.isScrollEnabled, let offset = Self.scrolled(scrollView, by: delta) {
                scrollView.setContentOffset(offset, animated: false)
                scrollView.flashScrollIndicators()
                return
            }
            node = view.superview
        }
    }

    /// The offset `scrollView` takes when its content moves by `delta` points, kept between the
    /// edges; `nil` when that does not move it (it cannot scroll that way, or it is at the edge).
    static func scrolled(_ scrollView: ScrollView, by delta: Vector) -> Point? {
        let inset = scrollView.adjustedContentInset, size = scrollView.contentSize, bounds = scrollView.bounds
        func clamp(_ value: Double, lower: Double, upper: Double) -> Double { min(max(value, lower), max(lower, upper)) }
        let old = scrollView.contentOffset
        let new = Point(
            x: clamp(old.x + delta.dx, lower: -inset.left, upper: size.width + inset.right - bounds.width),
            y: clamp(old.y + delta.dy, lower: -inset.top, upper: size.height + inset.bottom - bounds.height))
        return new == old ? nil : new
    }
}
