import KinemaGeometry
import KinemaUI

/// A view that logs what it receives: `"began 1"`, `"moved 1,2"`, `"ended 2"`, `"cancelled 1"`
/// (touch identifiers, sorted), with the media time when `times` is set.
final class RecordingView: View {
    var log: [String] = []
    /// The touches' locations in this view at each call, in identifier order.
    var locations: [Point] = []
    var logsTimes = false
    /// Called after logging `touchesBegan` (for re-entrancy tests).
    var onBegan: (() -> Void)?

    private func note(_ phase: String, _ touches: Set<Touch>) {
        let ids = touches.map(\.identifier).sorted().map(String.init).joined(separator: ",")
        let time = logsTimes ? " @\(window?.currentTime ?? -1)" : ""
        log.append("\(phase) \(ids)\(time)")
        locations += touches.sorted { $0.identifier < $1.identifier }.map { $0.location(in: self) }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        note("began", touches)
        onBegan?()
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
}

/// A window that logs the touches it receives itself, like ``RecordingView``.
final class RecordingWindow: Window {
    var log: [String] = []

    private func note(_ phase: String, _ touches: Set<Touch>) {
        log.append("\(phase) " + touches.map(\.identifier).sorted().map(String.init).joined(separator: ","))
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
}

/// Records a recognizer's states (every transition, through the test hook) and its actions
/// (state and media time of each target call).
final class GestureLog {
    var states: [GestureRecognizer.State] = []
    var actions: [GestureRecognizer.State] = []
    var actionTimes: [Double] = []
    /// Media time of the first transition to `.failed`.
    var failureTime: Double?

    init(_ recognizer: GestureRecognizer, in window: Window) {
        recognizer.stateObserver = { [unowned self, unowned window] state in
            self.states.append(state)
            if state == .failed && self.failureTime == nil { self.failureTime = window.currentTime }
        }
        recognizer.addTarget { [unowned self, unowned window] (recognizer: GestureRecognizer) in
            self.actions.append(recognizer.state)
            self.actionTimes.append(window.currentTime)
        }
    }
}

/// Scripted fingers, in window points and seconds.
extension Window {
    func down(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        send(TouchInput(identifier: id, phase: .began, location: Point(x: x, y: y), timestamp: time))
    }

    func move(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        send(TouchInput(identifier: id, phase: .moved, location: Point(x: x, y: y), timestamp: time))
    }

    func up(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        send(TouchInput(identifier: id, phase: .ended, location: Point(x: x, y: y), timestamp: time))
    }

    /// A tap of finger `id` at (x, y): down at `time`, up 0.05 s later at the same place.
    func tap(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        down(id, x, y, at: time)
        up(id, x, y, at: time + 0.05)
    }

    /// Moves finger `id` in a straight line from its current place to (x, y) at `rate` events per
    /// second over `duration` seconds, starting one step after `start`; returns the end time.
    @discardableResult
    func drag(
        _ id: Int = 1, from a: Point, to b: Point, start: Double, duration: Double, rate: Double = 120
    ) -> Double {
        let steps = max(1, Int((duration * rate).rounded()))
        var time = start
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            time = start + Double(i) / rate
            move(id, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: time)
        }
        return time
    }
}

/// A 375 × 667 window with a 200 × 300 recording view at (40, 60), advanced to time 0.
func makeTouchStage() -> (Window, RecordingView) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let view = RecordingView(frame: Rect(x: 40, y: 60, width: 200, height: 300))
    window.addSubview(view)
    window.advance(to: 0)
    return (window, view)
}
