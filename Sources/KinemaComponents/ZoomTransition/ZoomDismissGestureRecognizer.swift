import KinemaGeometry
import KinemaTiming
import KinemaUI

/// The one recognizer of a zoom's interactions, on the zoomed view: a drag that dismisses, and a
/// touch-down that catches the content in flight.
///
/// - Presented: it waits until the finger has moved ``ViewController/Transition/ZoomOptions/hysteresis``
///   points, then begins only if the drag's direction fits the options (mostly downwards for
///   `.down`) and ``ViewController/Transition/ZoomOptions/interactiveDismissShouldBegin`` agrees;
///   otherwise it fails and other recognizers (a pager, a zoomed-in scroll view) have the touch.
///   It begins where the slop ended, so the content does not jump by the slop.
/// - In flight (presenting, dismissing, cancelling): a touch on the flying content begins at
///   once, with no slop (an "instant" recognizer, as Apple's PhotoTransitioning sample uses a long
///   press of zero duration): the flight stops where it is shown and the finger holds it.
///
/// It follows one finger, the first; others are ignored, so a second finger never makes two
/// handlers move the content. Its velocity is the least-squares estimate of `VelocityTracker`
/// (KinemaTiming) over the last 0.1 s of that finger, asked at the event's time, so a finger that
/// pauses before it lifts releases with no stale velocity.
final class ZoomDismissGestureRecognizer: GestureRecognizer {
    weak var driver: ZoomTransitionDriver?
    /// The followed finger.
    private weak var finger: Touch?
    private var startLocation = Point.zero
    private var tracker = VelocityTracker<Point>()
    /// Whether this gesture caught a flight (began on touch-down).
    private(set) var isCatch = false
    /// Where the followed finger is, window coordinates.
    private(set) var fingerLocation = Point.zero
    /// The time of the last event the finger was in, seconds.
    private(set) var lastTimestamp = 0.0

    required init() {
        super.init()
        name = "zoom dismissal"
    }

    /// The finger's velocity now, window points per second (zero once it has been still for the
    /// tracker's stop gap).
    var fingerVelocity: Vector {
        let v = tracker.velocity(at: lastTimestamp)
        return v.isFinite ? Vector(dx: v.x, dy: v.y) : .zero
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.inCreationOrder {
            guard finger == nil else {
                ignore(touch, for: event)
                continue
            }
            finger = touch
            startLocation = touch.windowLocation
            record(touch, event)
            guard let driver else {
                state = .failed
                return
            }
            if driver.canCatch(atWindowPoint: touch.windowLocation) {
                isCatch = true
                state = .began
            } else if !driver.canStartDrag {
                state = .failed
            }
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let finger, touches.contains(where: { $0 === finger }) else { return }
        record(finger, event)
        switch state {
        case .possible:
            decideAfterSlop()
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let finger, touches.contains(where: { $0 === finger }) else { return }
        record(finger, event)
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    override func reset() {
        super.reset()
        finger = nil
        tracker.reset()
        isCatch = false
    }

    /// Once the finger has left the slop: begin, or fail.
    private func decideAfterSlop() {
        guard let driver else {
            state = .failed
            return
        }
        let delta = fingerLocation - startLocation
        guard delta.x * delta.x + delta.y * delta.y >= driver.hysteresis * driver.hysteresis else { return }
        if driver.shouldBeginDrag(translation: delta, windowLocation: fingerLocation, velocity: fingerVelocity) {
            state = .began
        } else {
            state = .failed
        }
    }

    private func record(_ touch: Touch, _ event: Event) {
        fingerLocation = touch.windowLocation
        lastTimestamp = event.timestamp
        tracker.addSample(touch.windowLocation, at: event.timestamp)
    }
}
