import Foundation
import KinemaGeometry
import KinemaUI

/// Two scripted fingers, 1 and 2, placed symmetrically about a centre: finger 1 at
/// `center − offset`, finger 2 at `center + offset`, where `offset` is half of `distance` along
/// `angle` (radians, window coordinates, y down). The line from finger 1 to finger 2 then points
/// along `angle`, `distance` points long.
struct FingerPair {
    var center: Point
    var distance: Double
    var angle = 0.0

    var first: Point { center + Vector(dx: -cos(angle) * distance / 2, dy: -sin(angle) * distance / 2) }
    var second: Point { center + Vector(dx: cos(angle) * distance / 2, dy: sin(angle) * distance / 2) }

    func inputs(_ phase: Touch.Phase, at time: Double) -> [TouchInput] {
        [
            TouchInput(identifier: 1, phase: phase, location: first, timestamp: time),
            TouchInput(identifier: 2, phase: phase, location: second, timestamp: time),
        ]
    }
}

extension Window {
    /// Fingers 1 and 2 come down (or move, or lift) together, in one event.
    func pair(_ phase: Touch.Phase, _ pair: FingerPair, at time: Double) {
        send(pair.inputs(phase, at: time))
    }

    /// Moves fingers 1 and 2 from `a` to `b` in `steps` events at 120 Hz, starting one step after
    /// `start`: centre, distance and angle change linearly. Returns the time of the last event.
    @discardableResult
    func movePair(from a: FingerPair, to b: FingerPair, steps: Int, start: Double) -> Double {
        var time = start
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            time = start + Double(i) / 120
            let p = FingerPair(
                center: Point(x: a.center.x + (b.center.x - a.center.x) * f, y: a.center.y + (b.center.y - a.center.y) * f),
                distance: a.distance + (b.distance - a.distance) * f, angle: a.angle + (b.angle - a.angle) * f)
            self.pair(.moved, p, at: time)
        }
        return time
    }
}

/// Answers `shouldReceive` and `shouldRecognizeSimultaneouslyWith` as set per test.
final class MultiTouchDelegate: GestureRecognizerDelegate {
    var simultaneous = false
    /// Identifiers of the touches the recognizer must not receive.
    var refused: Set<Int> = []

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        !refused.contains(touch.identifier)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        simultaneous
    }
}
