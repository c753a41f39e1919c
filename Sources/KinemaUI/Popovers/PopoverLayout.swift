import KinemaGeometry

/// Everything the placement of a popover bubble depends on, in the container's coordinates
/// (points). The input of ``PopoverLayout/place(_:)``, a pure function.
public struct PopoverLayoutInput: Hashable, Sendable {
    /// What the bubble holds: a fixed content size, or text measured with Pango and wrapped at
    /// most `maxWidth` wide (the measured box and the drawn box are the same).
    public enum Content: Hashable, Sendable {
        /// Content of this size (points), such as a view controller's `preferredContentSize`.
        case size(Size)
        /// Text in `style`, wrapped at `maxWidth` points at most (rounded down to whole points;
        /// not positive or not finite: U's width). The text always wraps (as in a label with
        /// `numberOfLines = 0`), whatever `style.isWrapped` says.
        case text(String, style: TextStyle, maxWidth: Double)
    }

    /// The text direction, for leading/trailing rules (mirroring). Mirrors
    /// `UIUserInterfaceLayoutDirection`.
    public enum LayoutDirection: String, Hashable, Sendable, CaseIterable { case leftToRight, rightToLeft }

    /// The container's bounds.
    public var containerBounds: Rect
    /// The container's safe-area insets. Default zero.
    public var safeAreaInsets: EdgeInsets = .zero
    /// The margins kept free at the container's edges (inside the safe area). Default 10 on every
    /// side, UIKit's documented `popoverLayoutMargins`.
    public var layoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    /// The rectangle the arrow points at.
    public var sourceRect: Rect
    /// The bubble's content.
    public var content: Content
    /// Space between the content and the body's edges. Default zero (`contentViewInsets()`).
    public var contentInsets: EdgeInsets = .zero
    /// The permitted arrow directions in order of preference. Default up, down, left, right.
    /// Sets (such as `.any`) expand in that bit order, repeats and `.unknown` are ignored, and
    /// an empty list means `.any`. In right-to-left layouts `.left` and `.right` mean "toward
    /// the leading side" and "toward the trailing side" (see ``PopoverLayout/place(_:)``).
    public var permittedDirections: [PopoverArrowDirection] = PopoverArrowDirection.allDirections
    /// The arrow's base width, points. Default 20.
    public var arrowBase = 20.0
    /// The arrow's height from base to tip, points. Default 10.
    public var arrowHeight = 10.0
    /// The body's corner radius, points. Default 10. The corner next to an arrow that sits near
    /// the body's end shrinks (see ``PopoverPlacement/cornerRadii``).
    public var cornerRadius = 10.0
    /// Straight edge kept between a corner's arc and the arrow's base, points (a corner shrinks
    /// rather than come closer). Default 4.
    public var arrowPadding = 4.0
    /// Space between the source and the arrow's tip, points. Default 0.
    public var gap = 0.0
    /// Whether the bubble may cover the source when nothing else fits. Default `false`. Mirrors
    /// `canOverlapSourceViewRect`.
    public var canOverlapSourceRect = false
    /// The text direction. Default left to right.
    public var layoutDirection = LayoutDirection.leftToRight

    public init(containerBounds: Rect, sourceRect: Rect, content: Content) {
        self.containerBounds = containerBounds
        self.sourceRect = sourceRect
        self.content = content
    }
}

/// Where a popover bubble goes: the output of ``PopoverLayout/place(_:)``, in the container's
/// coordinates (points).
public struct PopoverPlacement: Hashable, Sendable {
    /// Where the arrow points (a single direction), or ``PopoverArrowDirection/unknown`` when the
    /// bubble has no arrow (it covers the source, the source is not a number, or the usable
    /// area is too small for an arrow). Without an arrow, ``arrowTip`` is the body's centre.
    public var arrowDirection: PopoverArrowDirection
    /// The popover view's frame: the body plus the arrow's height on the arrow side.
    public var frame: Rect
    /// The body: the rounded rectangle.
    public var bubbleFrame: Rect
    /// The content's frame: the content's size (for text, the measured box rounded up to whole
    /// points) centred in the body inset by the content insets, and cut to that area when the
    /// body had to shrink. A label of this frame draws exactly the measured lines.
    public var contentFrame: Rect
    /// The arrow's tip.
    public var arrowTip: Point
    /// The two ends of the arrow's base, on the body's edge (in increasing x or y), `arrowBase`
    /// apart: centred on the tip, or flush with the edge's end where the tip is closer to it
    /// than half the base (the arrow leans). Always on a straight part of the outline (see
    /// ``cornerRadii``). Empty when there is no arrow.
    public var arrowBase: [Point]
    /// The distance from the center of ``frame`` to the arrow's center line along its edge,
    /// negative toward the left (up/down arrows) or the top (left/right arrows): what UIKit sets
    /// as `UIPopoverBackgroundView.arrowOffset`.
    public var arrowOffset: Double
    /// Whether the tip still lies on the source's extent along the arrow's edge (false when the
    /// body could not move far enough: the caller may hide the arrow).
    public var arrowReachesSource: Bool
    /// The width, in whole points, the text is laid out at: a label this wide draws the
    /// measured lines (`nil` for sized content). Equal to the content frame's width unless
    /// the body had to shrink.
    public var textWidth: Double?
    /// The body's corner radii, points: the input's corner radius (at most half the body's width
    /// and height) except at the end of the arrow's edge where the arrow sits near a corner, which
    /// shrinks (to zero if need be) so that the base stays on a straight part of the outline.
    /// ``bubblePath(relativeTo:)`` and the default popover background draw with these radii.
    public var cornerRadii: PopoverCornerRadii

    public init(
        arrowDirection: PopoverArrowDirection, frame: Rect, bubbleFrame: Rect, contentFrame: Rect, arrowTip: Point,
        arrowBase: [Point], arrowOffset: Double, arrowReachesSource: Bool, textWidth: Double?, cornerRadii: PopoverCornerRadii
    ) {
        self.cornerRadii = cornerRadii
        self.arrowDirection = arrowDirection
        self.frame = frame
        self.bubbleFrame = bubbleFrame
        self.contentFrame = contentFrame
        self.arrowTip = arrowTip
        self.arrowBase = arrowBase
        self.arrowOffset = arrowOffset
        self.arrowReachesSource = arrowReachesSource
        self.textWidth = textWidth
    }

    /// The arrow tip in the popover view's own coordinates, as a unit point of ``frame``: the
    /// anchor point that keeps the tip still while the view scales.
    public var tipAnchorPoint: Point {
        guard frame.width > 0, frame.height > 0 else { return Point(x: 0.5, y: 0.5) }
        return Point(x: (arrowTip.x - frame.minX) / frame.width, y: (arrowTip.y - frame.minY) / frame.height)
    }
}

/// The popover placement engine (the invariants it keeps and the libraries it was compared with
/// are in docs/popover-notes.md): ``place(_:)`` turns a
/// ``PopoverLayoutInput`` into a ``PopoverPlacement``; its documentation describes the algorithm.
public enum PopoverLayout {}
