import KinemaGeometry

/// Recognizes taps: a number of fingers touching down and lifting together, a number of times in
/// quick succession, without moving far. Discrete: `possible` → `ended` (recognized) when the
/// last required tap lifts, or `failed`. Mirrors `UITapGestureRecognizer`.
///
/// One tap: ``numberOfTouchesRequired`` fingers are down at once (never more), then all lift;
/// none may move more than ``allowableMovement`` from where it came down. Between taps, the next
/// tap must come down within ``maximumIntervalBetweenSuccessiveTaps`` of the last lift (checked
/// by a timer at exactly that time, so the failure comes on time even when the window is
/// advanced in big steps) and within ``allowableMovement`` of the first tap.
///
/// ```swift
/// let doubleTap = TapGestureRecognizer { tap in print("double tap at", tap.location(in: nil)) }
/// doubleTap.numberOfTapsRequired = 2
/// let singleTap = TapGestureRecognizer { _ in print("single tap") }
/// singleTap.require(toFail: doubleTap)      // a single tap waits until the double tap fails
/// ```
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture, at least 1. Default 1. Mirrors
    /// `UITapGestureRecognizer.numberOfTapsRequired`.
    public var numberOfTapsRequired = 1 {
        didSet { numberOfTapsRequired = max(1, numberOfTapsRequired) }
    }

    /// How many fingers each tap needs, at least 1. Default 1. Mirrors
    /// `UITapGestureRecognizer.numberOfTouchesRequired`.
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
    }

    /// How far a finger may move from where it came down, and how far a later tap may come down
    /// from the first, points. Default 45. Kinema addition: UIKit keeps this number private.
    public var allowableMovement = 45.0 {
        didSet { if !(allowableMovement.isFinite && allowableMovement >= 0) { allowableMovement = oldValue } }
    }

    /// The longest time from a tap's lift to the next tap's touch-down in a multi-tap, seconds.
    /// Default 0.35. Kinema addition: UIKit keeps this number private.
    public var maximumIntervalBetweenSuccessiveTaps = 0.35 {
        didSet {
            if !(maximumIntervalBetweenSuccessiveTaps.isFinite && maximumIntervalBetweenSuccessiveTaps >= 0) {
                maximumIntervalBetweenSuccessiveTaps = oldValue
            }
        }
    }

    private var tapsCompleted = 0
    private var mostFingersInTap = 0
    private var firstTapLocation: Point?

    public required init() {
        super.init()
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        cancelTimers()
        let down = self.touches.count
        if down > numberOfTouchesRequired {
            state = .failed
            return
        }
        if down == touches.count, let first = firstTapLocation,
            centroid(of: touches.inCreationOrder).distance(to: first) > allowableMovement
        {
            state = .failed
            return
        }
        mostFingersInTap = max(mostFingersInTap, down)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if hasMovedTooFar(touches) { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if hasMovedTooFar(touches) {
            state = .failed
            return
        }
        guard self.touches.allSatisfy({ touches.contains($0) }) else { return }  // fingers still down
        guard mostFingersInTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        mostFingersInTap = 0
        if firstTapLocation == nil { firstTapLocation = centroid(of: self.touches) }
        if tapsCompleted >= numberOfTapsRequired {
            state = .ended
        } else {
            schedule(at: event.timestamp + maximumIntervalBetweenSuccessiveTaps) { [weak self] in
                if let self, self.state == .possible { self.state = .failed }
            }
        }
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        mostFingersInTap = 0
        firstTapLocation = nil
    }

    private func hasMovedTooFar(_ touches: Set<Touch>) -> Bool {
        touches.contains { $0.windowLocation.distance(to: $0.startWindowLocation) > allowableMovement }
    }
}
