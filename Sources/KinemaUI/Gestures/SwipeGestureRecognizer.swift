import KinemaGeometry

/// Recognizes a swipe: fingers moving quickly in one direction. Discrete: `possible` → `ended`
/// (recognized) as soon as the swipe is fast and long enough, while the fingers are still down,
/// or `failed`. Mirrors `UISwipeGestureRecognizer`.
///
/// Measured on the centroid of ``numberOfTouchesRequired`` fingers, from where it was when the
/// last of them came down. The swipe is recognized at the first event where the centroid has
/// moved at least ``minimumDistance`` (50 pt), at an average speed since touch-down of at least
/// ``minimumSpeed`` (300 pt/s), within ``maximumAngle`` (30°) of one of the allowed
/// ``direction``s. It fails when the fingers lift first, when more fingers come down, when the
/// centroid has moved 10 pt in a direction more than ``maximumAngle`` away from every allowed
/// one, or ``maximumDuration`` (0.5 s) after touch-down (on a timer, at exactly that time, so a
/// recognizer that requires the swipe to fail is not held up longer). UIKit does not document
/// its thresholds; these are Kinema's.
///
/// ```swift
/// let swipe = SwipeGestureRecognizer { _ in print("next page") }
/// swipe.direction = .left
/// pager.addGestureRecognizer(swipe)
/// ```
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions a swipe may go. Mirrors `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y (up the screen).
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y (down the screen).
        public static let down = Direction(rawValue: 1 << 3)

        /// The unit vectors of the directions in the set (window coordinates, y down).
        var unitVectors: [Vector] {
            [
                (Direction.right, Vector(dx: 1, dy: 0)), (.left, Vector(dx: -1, dy: 0)), (.up, Vector(dx: 0, dy: -1)),
                (.down, Vector(dx: 0, dy: 1)),
            ]
            .filter { contains($0.0) }.map(\.1)
        }
    }

    /// The directions that count. Default ``Direction/right``. Mirrors
    /// `UISwipeGestureRecognizer.direction`.
    public var direction: Direction = .right

    /// How many fingers swipe, at least 1. Default 1. Mirrors
    /// `UISwipeGestureRecognizer.numberOfTouchesRequired`.
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
    }

    /// How far the centroid must move, points. Default 50. Kinema addition.
    public var minimumDistance = 50.0 {
        didSet { if !(minimumDistance.isFinite && minimumDistance >= 0) { minimumDistance = oldValue } }
    }

    /// The slowest average speed from touch-down that counts, points per second. Default 300.
    /// Kinema addition.
    public var minimumSpeed = 300.0 {
        didSet { if !(minimumSpeed.isFinite && minimumSpeed >= 0) { minimumSpeed = oldValue } }
    }

    /// How far the motion may turn from an allowed direction, radians. Default π/6 (30°).
    /// Kinema addition.
    public var maximumAngle = Double.pi / 6 {
        didSet { if !(maximumAngle.isFinite && maximumAngle >= 0) { maximumAngle = oldValue } }
    }

    /// How long after touch-down the swipe may still be recognized, seconds. Default 0.5.
    /// Kinema addition.
    public var maximumDuration = 0.5 {
        didSet { if !(maximumDuration.isFinite && maximumDuration >= 0) { maximumDuration = oldValue } }
    }

    /// How far the centroid must move before a wrong direction fails the swipe, points.
    static let directionSlop = 10.0

    private var start: (location: Point, time: Double)?

    public required init() {
        super.init()
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired {
            state = .failed
        } else if self.touches.count == numberOfTouchesRequired {
            start = (centroid(of: self.touches), event.timestamp)
            cancelTimers()
            schedule(at: event.timestamp + maximumDuration) { [weak self] in
                if let self, self.state == .possible { self.state = .failed }
            }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        evaluate(at: event.timestamp)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        evaluate(at: event.timestamp)
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }

    private func evaluate(at time: Double) {
        guard state == .possible, let start else { return }
        let motion = Vector(from: start.location, to: centroid(of: touches))
        let distance = motion.length
        guard distance >= Self.directionSlop else { return }
        let fits = direction.unitVectors.contains { axis in
            abs(Vector(dx: axis.dot(motion), dy: axis.cross(motion)).angle) <= maximumAngle
        }
        guard fits else {
            state = .failed
            return
        }
        let elapsed = time - start.time
        if distance >= minimumDistance && (elapsed <= 0 || distance / elapsed >= minimumSpeed) {
            state = .ended
        }
    }
}
