import KinemaUI

/// Why a tip, step or tutorial will not be shown again. Mirrors TipKit's
/// `Tips.InvalidationReason`.
///
/// The raw values are what the store file holds.
public enum TutorialInvalidationReason: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The person did what the item taught, or completed the tutorial. Mirrors
    /// `Tips.InvalidationReason.actionPerformed`.
    case actionPerformed
    /// The person closed the item or skipped the tutorial. Mirrors `.tipClosed`.
    case closed
    /// The item was shown its ``TutorialItem/maxDisplayCount`` times. Mirrors
    /// `.displayCountExceeded`.
    case maxDisplayCountReached
    /// The item was on screen for its ``TutorialItem/maxDisplayDuration`` in total. Mirrors
    /// `.displayDurationExceeded`.
    case maxDisplayDurationExceeded

    public var description: String { rawValue }
}
