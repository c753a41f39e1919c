import Foundation
import KinemaTiming

/// One axis of a scroll view's motion once the finger lifts (or of an animated scroll), as a
/// function of absolute media time: a chain of pieces worked out when the motion starts, each in
/// closed form. A frame at time `t` reads ``value(at:)``; nothing is integrated from frame to frame,
/// so every frame rate sees the same offsets at the same times.
///
/// - A deceleration follows `x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d)` (velocity `v0·d^(1000t)`,
///   `d` the rate per millisecond) towards its resting value `x0 − v0/(1000·ln d)`, and stops on it
///   once less than ``ScrollView/restingDistance`` remains.
/// - A deceleration that would carry the offset past an edge stops there, either for good (no
///   bounce) or handing its velocity at the crossing to a spring back to the edge.
/// - A spring (``ScrollSpring``) settles on an edge or a page.
/// - A curve eases from one value to another over a fixed duration.
struct ScrollAxisMotion {
    enum Shape {
        case still(Double)
        case decay(x0: Double, v0: Double, rate: Double)
        case spring(ScrollSpring)
        case curve(from: Double, to: Double, duration: Double, timing: TimingFunction)
    }

    /// A piece of the motion: `shape` from `start` (absolute time, seconds) until `end`, where
    /// the value becomes `final` exactly.
    struct Piece {
        var start: Double
        var end: Double
        var shape: Shape
        var final: Double
    }

    private(set) var pieces: [Piece]

    /// A motion that keeps `value`.
    init(still value: Double, at time: Double) {
        pieces = [Piece(start: time, end: time, shape: .still(value), final: value)]
    }

    private init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// When the motion is over, seconds of media time.
    var endTime: Double { pieces.last?.end ?? 0 }
    /// Where the motion ends, points.
    var finalValue: Double { pieces.last?.final ?? 0 }
    /// Whether the value never changes.
    var isStill: Bool { pieces.count == 1 && pieces[0].end <= pieces[0].start }

    /// The value at media time `time`, points: the start value before the motion starts, the final
    /// value once it is over.
    func value(at time: Double) -> Double {
        guard let piece = pieces.last(where: { $0.start <= time }) ?? pieces.first else { return 0 }
        if time >= piece.end { return piece.final }
        let τ = max(0, time - piece.start)
        let v: Double
        switch piece.shape {
        case .still(let x):
            v = x
        case .decay(let x0, let v0, let d):
            v = x0 + v0 * (pow(d, 1000 * τ) - 1) / (1000 * log(d))
        case .spring(let spring):
            v = spring.value(at: τ)
        case .curve(let from, let to, let duration, let timing):
            let p = duration > 0 ? timing.solve(min(1, τ / duration)) : 1
            v = from + (to - from) * p
        }
        return v.isFinite ? v : piece.final
    }

    // MARK: Making motions

    /// The free deceleration of an offset `x0` thrown at `velocity` (points per second) with rate
    /// `rate` (per millisecond), inside `range`, starting at `time`. Past an edge it springs back
    /// when `bounces`, and stops on the edge otherwise. Also returns where it comes to rest
    /// before any bounce (the projection, clamped to the range).
    static func deceleration(
        from x0: Double, velocity: Double, rate: DecelerationRate, range: ClosedRange<Double>, bounces: Bool,
        at time: Double
    ) -> ScrollAxisMotion {
        let d = factor(of: rate)
        let distance = rate.continuousProjectedDistance(initialVelocity: velocity)
        guard abs(distance) >= ScrollView.restingDistance, d > 0 else { return ScrollAxisMotion(still: x0, at: time) }
        let rest = x0 + distance
        let edge = min(max(rest, range.lowerBound), range.upperBound)
        if edge == rest {
            return ScrollAxisMotion(pieces: [decayPiece(x0: x0, v0: velocity, rate: d, start: time, target: rest)])
        }
        // It would rest past the edge: d^(1000t) = 1 − (edge − x0)/distance at the crossing.
        let fraction = 1 - (edge - x0) / distance
        let crossing = fraction > 0 ? time + log(fraction) / (1000 * log(d)) : time
        let decay = Piece(start: time, end: crossing, shape: .decay(x0: x0, v0: velocity, rate: d), final: edge)
        guard bounces else { return ScrollAxisMotion(pieces: [decay]) }
        let spring = springPiece(from: edge, velocity: velocity * max(0, fraction), to: edge, start: crossing)
        return ScrollAxisMotion(pieces: [decay, spring])
    }

    /// A deceleration with rate `rate` from `x0` that comes to rest exactly on `target`: the
    /// release velocity is replaced by the one whose projection is `target − x0` (what a delegate's
    /// new target offset needs).
    static func deceleration(from x0: Double, to target: Double, rate: DecelerationRate, at time: Double) -> ScrollAxisMotion {
        let d = factor(of: rate)
        guard abs(target - x0) >= ScrollView.restingDistance, d > 0 else {
            return ScrollAxisMotion(pieces: [Piece(start: time, end: time, shape: .still(target), final: target)])
        }
        let velocity = -(target - x0) * 1000 * log(d)
        return ScrollAxisMotion(pieces: [decayPiece(x0: x0, v0: velocity, rate: d, start: time, target: target)])
    }

    /// A critically damped spring from `x0` moving at `velocity` to `target`.
    static func spring(from x0: Double, velocity: Double, to target: Double, at time: Double) -> ScrollAxisMotion {
        ScrollAxisMotion(pieces: [springPiece(from: x0, velocity: velocity, to: target, start: time)])
    }

    /// An eased curve from `from` to `to` over `duration` seconds.
    static func curve(
        from: Double, to: Double, duration: Double, timing: TimingFunction = .easeInEaseOut, at time: Double
    ) -> ScrollAxisMotion {
        guard from != to, duration > 0 else {
            return ScrollAxisMotion(pieces: [Piece(start: time, end: time, shape: .still(to), final: to)])
        }
        let shape = Shape.curve(from: from, to: to, duration: duration, timing: timing)
        return ScrollAxisMotion(pieces: [Piece(start: time, end: time + duration, shape: shape, final: to)])
    }

    /// The rate's factor per millisecond as the formulas use it: clamped into `[0, 0.999999]`, NaN
    /// read as `.normal` (as `DecelerationRate`'s projections do).
    static func factor(of rate: DecelerationRate) -> Double {
        rate.rawValue.isNaN ? DecelerationRate.normal.rawValue : min(max(rate.rawValue, 0), 0.999_999)
    }

    /// A decay towards `target` (its resting value) that ends when less than
    /// ``ScrollView/restingDistance`` remains: `|D|·d^(1000t) = r` gives `t = ln(r/|D|)/(1000·ln d)`.
    private static func decayPiece(x0: Double, v0: Double, rate d: Double, start: Double, target: Double) -> Piece {
        let remaining = abs(target - x0)
        let duration = remaining > ScrollView.restingDistance ? log(ScrollView.restingDistance / remaining) / (1000 * log(d)) : 0
        return Piece(start: start, end: start + max(0, duration), shape: .decay(x0: x0, v0: v0, rate: d), final: target)
    }

    private static func springPiece(from x0: Double, velocity: Double, to target: Double, start: Double) -> Piece {
        let spring = ScrollSpring(from: x0, velocity: velocity, to: target, response: ScrollView.springResponse)
        let duration = spring.settlingTime(distance: ScrollView.restingDistance, speed: ScrollView.restingSpeed)
        return Piece(start: start, end: start + duration, shape: .spring(spring), final: target)
    }
}
