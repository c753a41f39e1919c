import KinemaGeometry
import KinemaUI

/// Turns a mouse into fingers, as the iOS Simulator does: button 1 is finger 1; with Alt (the
/// Simulator's Option) a second finger mirrors the first about the window's centre, for pinches
/// and rotations; with Shift and Alt the two fingers move together.
///
/// Positions are in window points, times in scene seconds; the modifiers are read when the
/// button goes down and hold until it comes up. A drag keeps its fingers until the button is
/// released, wherever the mouse goes (the player captures the mouse).
///
/// ```swift
/// var mouse = MouseFingers(center: Point(x: 100, y: 200))
/// mouse.buttonDown(at: Point(x: 150, y: 200), time: 1, modifiers: .alt)
/// // finger 1 at (150, 200) and finger 2 at (50, 200), both .began
/// ```
public struct MouseFingers: Sendable {
    /// Keys held with the mouse button.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Alt (Option): a second finger mirrored about the centre.
        public static let alt = Modifiers(rawValue: 1 << 0)
        /// Shift: with Alt, the second finger moves with the first instead of mirroring.
        public static let shift = Modifiers(rawValue: 1 << 1)
    }

    /// The point the second finger mirrors about: the window's centre, in points.
    public var center: Point
    /// The finger identifiers the mouse uses: 1 and 2.
    public static let firstFinger = 1, secondFinger = 2

    private enum Drag: Sendable {
        case none
        case one
        case mirrored
        /// Two fingers, the second at the first plus a fixed offset.
        case parallel(offset: Point)
    }
    private var drag = Drag.none

    /// A mapper mirroring about `center` (window points).
    public init(center: Point) {
        self.center = center
    }

    /// Whether a drag is in progress (the button is down).
    public var isDragging: Bool {
        if case .none = drag { return false }
        return true
    }

    /// The button went down at `point`: one or two fingers begin. A button already down (a lost
    /// release) first ends its fingers.
    public mutating func buttonDown(at point: Point, time: Double, modifiers: Modifiers) -> [TouchInput] {
        var inputs = isDragging ? fingers(at: point, time: time, phase: .ended) : []
        if modifiers.contains(.alt) {
            drag = modifiers.contains(.shift) ? .parallel(offset: mirror(point) - point) : .mirrored
        } else {
            drag = .one
        }
        inputs += fingers(at: point, time: time, phase: .began)
        return inputs
    }

    /// The mouse moved to `point`: the fingers move, if the button is down.
    public mutating func motion(to point: Point, time: Double) -> [TouchInput] {
        fingers(at: point, time: time, phase: .moved)
    }

    /// The button came up at `point`: the fingers end.
    public mutating func buttonUp(at point: Point, time: Double) -> [TouchInput] {
        let inputs = fingers(at: point, time: time, phase: .ended)
        drag = .none
        return inputs
    }

    /// The drag was taken away (the window lost the mouse, the scene restarted): the fingers
    /// are cancelled.
    public mutating func cancel(time: Double) -> [TouchInput] {
        let inputs = fingers(at: lastPoint, time: time, phase: .cancelled)
        drag = .none
        return inputs
    }

    private var lastPoint = Point.zero

    private mutating func fingers(at point: Point, time: Double, phase: Touch.Phase) -> [TouchInput] {
        guard point.isFinite else { return [] }
        lastPoint = point
        let first = TouchInput(identifier: Self.firstFinger, phase: phase, location: point, timestamp: time)
        switch drag {
        case .none: return []
        case .one: return [first]
        case .mirrored:
            return [first, TouchInput(identifier: Self.secondFinger, phase: phase, location: mirror(point), timestamp: time)]
        case .parallel(let offset):
            return [first, TouchInput(identifier: Self.secondFinger, phase: phase, location: point + offset, timestamp: time)]
        }
    }

    private func mirror(_ p: Point) -> Point {
        Point(x: 2 * center.x - p.x, y: 2 * center.y - p.y)
    }
}
