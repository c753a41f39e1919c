import KinemaUI

/// Where a ``TutorialFlow`` is. States read as phrases: `.showing(step: 2)`.
public enum TutorialState: Hashable, Sendable, CustomStringConvertible {
    /// Not started.
    case idle
    /// Step `step` (0-based) is on screen.
    case showing(step: Int)
    /// Step `step` was asked to leave and the flow waits for the view layer's
    /// ``TutorialFlow/stepDidLeave(_:)``; nothing else is shown meanwhile.
    case leaving(step: Int)
    /// Paused at `step`: nothing on screen; ``TutorialFlow/resume()`` shows `step` again.
    case paused(step: Int)
    /// Over: every step was seen (`skipped == false`) or the person skipped (`true`).
    case finished(skipped: Bool)

    public var description: String {
        switch self {
        case .idle: return "idle"
        case .showing(let step): return "showing(step: \(step))"
        case .leaving(let step): return "leaving(step: \(step))"
        case .paused(let step): return "paused(step: \(step))"
        case .finished(let skipped): return "finished(skipped: \(skipped))"
        }
    }
}
