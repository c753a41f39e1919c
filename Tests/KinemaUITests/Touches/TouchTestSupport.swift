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

/// A 375 × 667 window with a 200 × 300 recording view at (40, 60), advanced to time 0.
func makeTouchStage() -> (Window, RecordingView) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let view = RecordingView(frame: Rect(x: 40, y: 60, width: 200, height: 300))
    window.addSubview(view)
    window.advance(to: 0)
    return (window, view)
}
