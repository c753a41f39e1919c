import KinemaGeometry

/// One finger on the screen, followed from touch-down to lift-off. The same object is passed for
/// every phase, so it can be used as a key. Mirrors `UITouch`.
public final class Touch: Hashable {
    /// Where a touch is in its life. Mirrors `UITouch.Phase`.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// The finger touched the screen.
        case began
        /// The finger moved.
        case moved
        /// The finger is down but did not move since the last event.
        case stationary
        /// The finger lifted.
        case ended
        /// The system cancelled the touch.
        case cancelled
    }

    /// The identifier the input gave the finger (scene files' `"id"`).
    public let identifier: Int
    /// The current phase.
    public internal(set) var phase: Phase
    /// When the touch last changed, seconds of media time.
    public internal(set) var timestamp: Double
    /// How many times the finger tapped in quick succession at this spot. Mirrors `tapCount`.
    public internal(set) var tapCount: Int
    /// The view the touch began in (the hit-test result), or `nil`.
    public internal(set) weak var view: View?
    /// The window the touch is in.
    public internal(set) weak var window: Window?
    /// The gesture recognizers that receive the touch. Mirrors `UITouch.gestureRecognizers`.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The location in window coordinates, points.
    var windowLocation: Point
    /// The location before the last move, in window coordinates, points.
    var previousWindowLocation: Point

    init(identifier: Int, phase: Phase, location: Point, timestamp: Double, window: Window?) {
        self.identifier = identifier
        self.phase = phase
        self.timestamp = timestamp
        self.tapCount = 1
        self.window = window
        self.windowLocation = location
        self.previousWindowLocation = location
    }

    /// The location in `view`'s coordinates (the window's when `nil`), points. Mirrors
    /// `UITouch.location(in:)`.
    public func location(in view: View?) -> Point {
        guard let view, let window else { return windowLocation }
        return view.convert(windowLocation, from: window)
    }

    /// The location before the last move, in `view`'s coordinates. Mirrors
    /// `UITouch.previousLocation(in:)`.
    public func previousLocation(in view: View?) -> Point {
        guard let view, let window else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: window)
    }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
