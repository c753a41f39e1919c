/// A set of touches delivered together at one time. Mirrors `UIEvent` (touch events).
public final class Event {
    /// When the event happened, seconds of media time. Mirrors `UIEvent.timestamp`.
    public let timestamp: Double
    /// Every touch that is down (or just lifted) in the event. Mirrors `UIEvent.allTouches`.
    public let allTouches: Set<Touch>

    init(timestamp: Double, allTouches: Set<Touch>) {
        self.timestamp = timestamp
        self.allTouches = allTouches
    }

    /// The touches that belong to `view` (touches that began in it). Mirrors
    /// `UIEvent.touches(for:)`.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches of the event that `gestureRecognizer` is receiving. Mirrors
    /// `UIEvent.touches(for:)` for gesture recognizers.
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { touch in gestureRecognizer.touches.contains { $0 === touch } }
    }
}
