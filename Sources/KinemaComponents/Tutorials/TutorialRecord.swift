import KinemaUI

/// What a ``TutorialStore`` remembers about one tip, step or tutorial. Times are the caller's
/// seconds (see ``TutorialStore``), never read from a clock.
public struct TutorialRecord: Hashable, Sendable, Codable {
    /// How many times the item has been shown. Default 0.
    public var displayCount: Int
    /// Time on screen over all completed displays, seconds. Default 0.
    public var totalDisplayDuration: Double
    /// When the item was last shown (the caller's seconds), or `nil` if never.
    public var lastShownTime: Double?
    /// When the display in progress started, or `nil` when the item is not on screen.
    public var displayStartTime: Double?
    /// Why the item will not be shown again, or `nil` while it is still eligible.
    public var invalidation: TutorialInvalidationReason?

    /// A record of an item never shown.
    public init(
        displayCount: Int = 0, totalDisplayDuration: Double = 0, lastShownTime: Double? = nil, displayStartTime: Double? = nil,
        invalidation: TutorialInvalidationReason? = nil
    ) {
        self.displayCount = displayCount
        self.totalDisplayDuration = totalDisplayDuration
        self.lastShownTime = lastShownTime
        self.displayStartTime = displayStartTime
        self.invalidation = invalidation
    }

    /// Whether the item has been invalidated (for any reason).
    public var isInvalidated: Bool { invalidation != nil }

    /// A description of the first value that cannot be right (negative count, non-finite or
    /// negative time), or `nil`.
    var problem: String? {
        if displayCount < 0 { return "displayCount \(displayCount) is negative" }
        if !(totalDisplayDuration.isFinite && totalDisplayDuration >= 0) {
            return "totalDisplayDuration \(totalDisplayDuration) is not a finite number of seconds ≥ 0"
        }
        if let t = lastShownTime, !t.isFinite { return "lastShownTime \(t) is not finite" }
        if let t = displayStartTime, !t.isFinite { return "displayStartTime \(t) is not finite" }
        return nil
    }
}
