import KinemaGeometry
import KinemaUI

/// Where a ``Tooltip`` is in its life: shown once, from ``presenting`` to ``dismissed``.
public enum TooltipState: String, Hashable, Sendable, CaseIterable {
    /// Made, not shown yet, or its entrance is running.
    case presenting
    /// The entrance has ended; the auto-dismiss timer (if any) is running.
    case presented
    /// The exit is running.
    case dismissing
    /// Removed from its container; the dismiss handler has run.
    case dismissed
}

/// What a ``Tooltip`` shows at one time, in window coordinates, from presentation values (what
/// is on screen, animations included): the record `kinema inspect` prints.
public struct TooltipInspection: Hashable, Sendable {
    /// The tooltip's state.
    public var state: TooltipState
    /// Where the arrow points (one direction), ``PopoverArrowDirection/unknown`` for no arrow or
    /// when not shown.
    public var arrowDirection: PopoverArrowDirection
    /// The arrow's tip, window points.
    public var arrowTip: Point
    /// The two ends of the arrow's base, window points; empty without an arrow.
    public var arrowBase: [Point]
    /// The smallest rectangle holding the shown body (the rounded rectangle), window points.
    public var bubbleFrame: Rect

    public init(state: TooltipState, arrowDirection: PopoverArrowDirection, arrowTip: Point, arrowBase: [Point], bubbleFrame: Rect) {
        self.state = state
        self.arrowDirection = arrowDirection
        self.arrowTip = arrowTip
        self.arrowBase = arrowBase
        self.bubbleFrame = bubbleFrame
    }
}
