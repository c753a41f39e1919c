import KinemaGeometry

/// One scripted finger change, given to `Window.send(_:)`: what a touch screen
/// reports. Kinema has no hardware; tests, scene files and demos describe touches with these.
///
/// ```swift
/// window.send(TouchInput(identifier: 1, phase: .began, location: Point(x: 40, y: 90), timestamp: 0.10))
/// window.send(TouchInput(identifier: 1, phase: .moved, location: Point(x: 52, y: 97), timestamp: 0.11))
/// window.send(TouchInput(identifier: 1, phase: .ended, location: Point(x: 52, y: 97), timestamp: 0.12))
/// ```
public struct TouchInput: Hashable, Sendable {
    /// Which finger: the same number from `.began` to `.ended`. A number may be reused once the
    /// finger lifted.
    public var identifier: Int
    /// What the finger did: `.began`, `.moved`, `.stationary`, `.ended` or `.cancelled`.
    public var phase: Touch.Phase
    /// Where the finger is, in window coordinates, points.
    public var location: Point
    /// When, seconds of media time. A time before the window's current time (or not finite)
    /// means "now".
    public var timestamp: Double

    /// An input for finger `identifier` in `phase` at `location` (window points) at `timestamp`
    /// (seconds).
    public init(identifier: Int = 0, phase: Touch.Phase, location: Point, timestamp: Double) {
        self.identifier = identifier
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}
