import KinemaGeometry
import KinemaUI

/// The kinds of overlay a scene can declare in `"overlays"`.
public enum SceneOverlayType: String, Sendable, CaseIterable {
    /// A ``Tooltip`` (a speech bubble pointing at a view or a rectangle).
    case tooltip
    /// A coach-mark tutorial: declared by the format, not supported yet (the `Tutorial` view has
    /// not landed); decoding reports it.
    case tutorial
}

/// One overlay of a scene: something shown above the views for part of the scene.
public struct OverlaySpec: Sendable {
    /// The unique id (shares the namespace of layer and view ids; the tooltip's layer is named
    /// after it).
    public var id: String
    /// What the overlay is.
    public var content: Content

    /// What an overlay shows.
    public enum Content: Sendable {
        case tooltip(TooltipSpec)
    }

    /// The overlay's type.
    public var type: SceneOverlayType {
        switch content {
        case .tooltip: .tooltip
        }
    }
}

/// A tooltip overlay: what ``Tooltip/show(text:from:in:directions:maxWidth:)`` gets, its style,
/// and when it is shown and dismissed.
public struct TooltipSpec: Sendable {
    /// What the arrow points at.
    public enum Source: Sendable, Equatable {
        /// A view, by id: its bounds in window coordinates (model values) at ``TooltipSpec/showAt``.
        case view(String)
        /// A rectangle in window coordinates, points.
        case rect(Rect)
    }

    public var source: Source
    /// The text, wrapped at most ``maxWidth`` points wide.
    public var text: String
    /// Points. Default 200 (the tooltip's default).
    public var maxWidth: Double = 200
    /// Arrow directions (UIKit's sense: `up` puts the bubble below the source) in order of
    /// preference. Default all four in UIKit's order.
    public var directions: [PopoverArrowDirection] = PopoverArrowDirection.allDirections
    /// Scene seconds. Default 0.
    public var showAt: Double = 0
    /// Scene seconds, after ``showAt``; `nil` for never (taps and ``duration`` still dismiss).
    public var dismissAt: Double?
    public var bubbleColor: Color?
    public var textColor: Color?
    /// Points.
    public var fontSize: Double?
    /// A font family or face name.
    public var font: String?
    /// Points.
    public var cornerRadius: Double?
    /// Width (the base) and height, points.
    public var arrowSize: Size?
    /// Points kept free at the container's edges.
    public var edgeMargin: Double?
    /// Seconds on screen after the entrance before the tooltip dismisses itself.
    public var duration: Double?
}
