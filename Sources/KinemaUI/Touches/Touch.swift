import KinemaGeometry

/// One finger on the screen, followed from touch-down to lift-off. The same object is passed for
/// every phase, so it can be used as a key. Mirrors `UITouch`.
///
/// Touches are made by `Window.send(_:)` from scripted ``TouchInput`` values; code never creates
/// them.
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
    /// How many times the finger tapped in quick succession at this spot, counting this touch:
    /// 1 for a first tap. Mirrors `UITouch.tapCount`.
    ///
    /// A touch continues the count of the previous touch when it comes down at most
    /// ``multipleTapInterval`` (0.35 s) after that touch lifted, at most ``multipleTapDistance``
    /// (45 pt) from where it lifted, and that touch was a tap (it never strayed more than 45 pt from
    /// where it came down and was not cancelled). Otherwise the count starts again at 1. UIKit does
    /// not document its numbers.
    public internal(set) var tapCount: Int
    /// The view the touch began in (the hit-test result), or `nil` when nothing was hit.
    public internal(set) weak var view: View?
    /// The window the touch is in.
    public internal(set) weak var window: Window?
    /// The gesture recognizers that receive the touch: the enabled recognizers of ``view`` and of
    /// its ancestors that accepted it, the hit view's first. Mirrors `UITouch.gestureRecognizers`.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The longest gap between a tap's lift and the next touch-down that continues ``tapCount``,
    /// seconds (0.35).
    public static let multipleTapInterval = 0.35
    /// The farthest a touch may come down from the previous tap's lift and still continue
    /// ``tapCount``, points (45). A touch that strays farther than this from where it came down is
    /// not a tap.
    public static let multipleTapDistance = 45.0

    /// The location in window coordinates, points.
    package var windowLocation: Point
    /// The location before the last move, in window coordinates, points.
    var previousWindowLocation: Point
    /// Where the touch came down, in window coordinates, points.
    let startWindowLocation: Point
    /// The farthest the touch has been from ``startWindowLocation``, points.
    var maximumTravel = 0.0
    /// Order of creation in the window: sorting by it makes every computation over several
    /// touches independent of `Set` order (and so deterministic).
    let serial: Int
    /// What the touch's view has been told so far.
    var viewDelivery = ViewDelivery.none

    /// What a touch's view has received. Gesture recognizers see touches first; the view gets
    /// the phases that are left for it.
    enum ViewDelivery {
        /// Nothing yet.
        case none
        /// `touchesBegan` waits until the recognizers that delay it decide; the view has heard
        /// nothing yet.
        case beganHeld
        /// `touchesBegan` was delivered; more phases will follow.
        case delivering
        /// The touch lifted, but `touchesEnded` waits until the recognizers that delay it decide.
        case endHeld
        /// `touchesEnded` or `touchesCancelled` was delivered, or the view will never hear of the touch.
        case done
    }

    init(identifier: Int, location: Point, timestamp: Double, window: Window?, serial: Int) {
        self.identifier = identifier
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = 1
        self.window = window
        self.windowLocation = location
        self.previousWindowLocation = location
        self.startWindowLocation = location
        self.serial = serial
    }

    /// The location in `view`'s coordinates (the window's when `nil`), points. A location that
    /// can't be converted (the view is scaled to zero) gives (0, 0). Mirrors
    /// `UITouch.location(in:)`.
    public func location(in view: View?) -> Point {
        convert(windowLocation, to: view)
    }

    /// The location before the last move, in `view`'s coordinates (the window's when `nil`),
    /// points. Mirrors `UITouch.previousLocation(in:)`.
    public func previousLocation(in view: View?) -> Point {
        convert(previousWindowLocation, to: view)
    }

    private func convert(_ point: Point, to view: View?) -> Point {
        guard let view, let window else { return point }
        let converted = view.convert(point, from: window)
        return converted.isFinite ? converted : .zero
    }

    /// Moves the touch to `location` (window coordinates) in `phase` at `time`.
    func update(phase: Phase, location: Point?, time: Double) {
        self.phase = phase
        timestamp = time
        if let location {
            previousWindowLocation = windowLocation
            windowLocation = location
            maximumTravel = max(maximumTravel, startWindowLocation.distance(to: location))
        }
    }

    /// Whether the touch, once lifted, counts as a tap for ``tapCount``.
    var isTap: Bool { phase == .ended && maximumTravel <= Touch.multipleTapDistance }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Sequence where Element == Touch {
    /// The touches in the order they were created (deterministic, unlike a `Set`'s order).
    package var inCreationOrder: [Touch] { sorted { $0.serial < $1.serial } }
}
