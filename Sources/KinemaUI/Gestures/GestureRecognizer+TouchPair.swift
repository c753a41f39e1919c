import KinemaGeometry

/// What the two-finger recognizers (``PinchGestureRecognizer``, ``RotationGestureRecognizer``)
/// share: they follow the first two fingers that come down and ignore any others, as Apple's
/// "Handling Pinch Gestures" article describes for the pinch.
extension GestureRecognizer {
    /// Fingers closer than this, points, give no distance ratio and no direction: a pinch or a
    /// rotation takes its reference only once its two fingers are at least this far apart, so
    /// coincident fingers never divide by zero.
    static let minimumTouchPairSeparation = 1.0

    /// Ignores the newly arrived touches beyond the first two the recognizer is receiving (in
    /// the order they came down), so the view still gets them.
    func keepFirstTwoTouches(of newTouches: Set<Touch>, with event: Event) {
        for touch in touches.dropFirst(2) where newTouches.contains(touch) {
            ignore(touch, for: event)
        }
    }

    /// The vector from the first to the second of the recognizer's touches, window coordinates,
    /// points; `nil` unless it has two. Touches lifting in the current event still count, at the
    /// place they lifted.
    var touchPairVector: Vector? {
        guard touches.count >= 2 else { return nil }
        return Vector(from: touches[0].windowLocation, to: touches[1].windowLocation)
    }
}
