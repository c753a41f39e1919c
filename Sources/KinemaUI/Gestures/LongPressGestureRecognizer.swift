import KinemaGeometry

/// Recognizes a press: fingers held still for a minimum time. Continuous: `began` once the
/// fingers have been down for ``minimumPressDuration``, `changed` as they move, `ended` when one
/// lifts; `failed` if they lift or stray more than ``allowableMovement`` before that. Mirrors
/// `UILongPressGestureRecognizer`.
///
/// The press begins on a timer at exactly touch-down + ``minimumPressDuration`` (the time the
/// last required finger came down), so it begins on time even when the window is advanced in
/// big steps:
///
/// ```swift
/// let press = LongPressGestureRecognizer { press in if press.state == .began { print("menu") } }
/// view.addGestureRecognizer(press)
/// window.send(TouchInput(identifier: 1, phase: .began, location: Point(x: 100, y: 150), timestamp: 0.1))
/// window.advance(to: 2)        // the handler ran at media time 0.6
/// ```
///
/// UIKit's `numberOfTapsRequired` (taps before the press) is not implemented.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must stay down, seconds, at least 0. Default 0.5. Mirrors
    /// `UILongPressGestureRecognizer.minimumPressDuration`.
    public var minimumPressDuration = 0.5 {
        didSet { if !(minimumPressDuration.isFinite && minimumPressDuration >= 0) { minimumPressDuration = oldValue } }
    }

    /// How many fingers must be down, at least 1. Default 1. Mirrors
    /// `UILongPressGestureRecognizer.numberOfTouchesRequired`.
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
    }

    /// How far a finger may move from where it came down before the press begins, points.
    /// Default 10. Mirrors `UILongPressGestureRecognizer.allowableMovement`.
    public var allowableMovement = 10.0 {
        didSet { if !(allowableMovement.isFinite && allowableMovement >= 0) { allowableMovement = oldValue } }
    }

    private var isTiming = false

    public required init() {
        super.init()
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            if self.touches.count > numberOfTouchesRequired {
                state = .failed
            } else if self.touches.count == numberOfTouchesRequired && !isTiming {
                isTiming = true
                if minimumPressDuration == 0 {
                    state = .began
                } else {
                    schedule(at: event.timestamp + minimumPressDuration) { [weak self] in
                        if let self, self.state == .possible { self.state = .began }
                    }
                }
            }
        case .began, .changed:
            // Extra fingers after the press began are not part of it.
            for touch in touches.inCreationOrder { ignore(touch, for: event) }
        default:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        moveContinuously {
            if touches.contains(where: { $0.windowLocation.distance(to: $0.startWindowLocation) > allowableMovement }) {
                state = .failed
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func reset() {
        super.reset()
        isTiming = false
    }
}
