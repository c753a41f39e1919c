import KinemaGeometry
import KinemaUI

/// The kinds of overlay a scene can declare in `"overlays"`.
public enum SceneOverlayType: String, Sendable, CaseIterable {
    /// A ``Tooltip`` (a speech bubble pointing at a view or a rectangle).
    case tooltip
    /// A coach-mark ``Tutorial`` (a dimmed screen with a cutout and a bubble per step).
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
        case tutorial(TutorialSpec)
    }

    /// The overlay's type.
    public var type: SceneOverlayType {
        switch content {
        case .tooltip: .tooltip
        case .tutorial: .tutorial
        }
    }
}

/// A tooltip overlay: what ``Tooltip/show(text:from:in:directions:maxWidth:)`` gets, its style,
/// and when it is shown and dismissed.
public struct TooltipSpec: Sendable {
    public typealias Source = OverlayTarget

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

/// What a tooltip or a tutorial step points at.
public enum OverlayTarget: Sendable, Equatable {
    /// A view, by id: a tooltip reads its bounds in window coordinates (model values) once, at
    /// ``TooltipSpec/showAt``; a tutorial step follows it.
    case view(String)
    /// A rectangle in window coordinates, points.
    case rect(Rect)
}

/// A tutorial overlay: the steps of a ``Tutorial`` and when it starts. Taps (scripted) advance
/// it: a tap on the dimmed area or the bubble shows the next step; Next and Skip work too.
public struct TutorialSpec: Sendable {
    /// One step.
    public struct Step: Sendable {
        public var target: OverlayTarget
        public var title: String = ""
        public var message: String
        /// The preferred arrow direction (UIKit's sense), or all four (`"any"`, the default).
        public var direction: PopoverArrowDirection = .any
    }

    public var steps: [Step]
    /// Scene seconds. Default 0.
    public var startAt: Double = 0
}
