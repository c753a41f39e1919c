import KinemaGeometry
import KinemaUI

/// One step of a tutorial: what it points at and what it says. Mirrors a coach mark in
/// Instructions (`CoachMark`) and the content of a TipKit tip (title and message).
public struct TutorialStep {
    /// What a step points at.
    public enum Target {
        /// A view; its frame is read when the step is shown, so the step follows layout.
        case view(View)
        /// A rectangle in window coordinates, points.
        case rect(Rect)
    }

    /// What the step points at.
    public var target: Target
    /// The title, shown in bold above the message. May be empty.
    public var title: String
    /// The message.
    public var message: String
    /// Where the arrow should point if it fits (the placement engine decides). Default
    /// ``PopoverArrowDirection/any``.
    public var preferredArrowDirection: PopoverArrowDirection
    /// What an assistive technology announces when the step appears; `nil` for the default,
    /// the title and the message joined (see ``TutorialFlow/announcement(forStep:)``).
    public var accessibilityAnnouncement: String?

    /// A step pointing at `target`.
    public init(
        target: Target, title: String = "", message: String, preferredArrowDirection: PopoverArrowDirection = .any,
        accessibilityAnnouncement: String? = nil
    ) {
        self.target = target
        self.title = title
        self.message = message
        self.preferredArrowDirection = preferredArrowDirection
        self.accessibilityAnnouncement = accessibilityAnnouncement
    }

    /// The target's rectangle in window coordinates, points: the rect itself, or the view's
    /// bounds converted to its window (its superview chain when it is not in a window).
    public var targetRect: Rect {
        switch target {
        case .rect(let rect): return rect
        case .view(let view): return view.convert(view.bounds, to: nil)
        }
    }
}
