import KinemaGeometry
import KinemaUI

// Shared by the test targets of KinemaUI and KinemaComponents (and any suite that drives a
// `Window` with fingers), as `TestSupport` is by every suite.

/// Scripted fingers, in window points and seconds.
extension Window {
    public func down(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        send(TouchInput(identifier: id, phase: .began, location: Point(x: x, y: y), timestamp: time))
    }

    public func move(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        send(TouchInput(identifier: id, phase: .moved, location: Point(x: x, y: y), timestamp: time))
    }

    public func up(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        send(TouchInput(identifier: id, phase: .ended, location: Point(x: x, y: y), timestamp: time))
    }

    /// A tap of finger `id` at (x, y): down at `time`, up 0.05 s later at the same place.
    public func tap(_ id: Int = 1, _ x: Double, _ y: Double, at time: Double) {
        down(id, x, y, at: time)
        up(id, x, y, at: time + 0.05)
    }

    /// Moves finger `id` in a straight line from its current place to (x, y) at `rate` events per
    /// second over `duration` seconds, starting one step after `start`; returns the end time.
    @discardableResult
    public func drag(
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
