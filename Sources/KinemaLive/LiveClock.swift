/// Maps a monotonic wall clock to scene time: the one clock in Kinema that follows real time.
///
/// Each presented frame calls ``tick(wall:)`` with the wall time (seconds, from any monotonic
/// origin); scene time moves by the wall time elapsed since the last tick times ``rate``, so a
/// frame whose work ran late lands at the real time (frames are dropped, the animation never
/// slows down by accident). Paused, scene time stands still; ``step()`` moves it one frame.
///
/// ```swift
/// var clock = LiveClock()
/// clock.tick(wall: 100)          // 0: the first tick starts the clock
/// clock.tick(wall: 100.5)        // 0.5
/// clock.toggleSlowMotion()
/// clock.tick(wall: 101.5)        // 0.6: a second of wall time is 0.1 s of scene time
/// ```
public struct LiveClock: Sendable {
    /// Scene seconds per wall second, before slow motion. Default 1; values that are not finite
    /// and positive read as 1.
    public var speed: Double {
        didSet { if !(speed.isFinite && speed > 0) { speed = 1 } }
    }
    /// Whether scene time stands still. Default `false`.
    public private(set) var isPaused: Bool
    /// Whether time runs ``slowMotionFactor`` times slower (the iOS Simulator's "Slow
    /// Animations"). Default `false`.
    public private(set) var isSlowMotion = false
    /// The scene time at the last tick, seconds.
    public private(set) var sceneTime: Double = 0
    /// The wall time of the last tick, seconds; `nil` before the first.
    public private(set) var lastWall: Double?

    /// How much slower slow motion runs: 10.
    public static let slowMotionFactor = 10.0
    /// How far ``step()`` moves a paused clock: one 60 Hz frame, 1/60 s.
    public static let stepDuration = 1.0 / 60

    /// A clock at scene time 0, running at `speed` (default 1), paused if asked.
    public init(speed: Double = 1, paused: Bool = false) {
        self.speed = speed.isFinite && speed > 0 ? speed : 1
        self.isPaused = paused
    }

    /// Scene seconds per wall second now: 0 while paused, otherwise ``speed`` (divided by 10 in
    /// slow motion).
    public var rate: Double {
        isPaused ? 0 : speed / (isSlowMotion ? Self.slowMotionFactor : 1)
    }

    /// Moves to wall time `wall` and returns the scene time there. The first tick only starts
    /// the clock; a wall time that is not finite, or earlier than the last one, moves nothing.
    @discardableResult
    public mutating func tick(wall: Double) -> Double {
        guard wall.isFinite else { return sceneTime }
        guard let last = lastWall else {
            lastWall = wall
            return sceneTime
        }
        if wall > last {
            sceneTime += (wall - last) * rate
            lastWall = wall
        }
        return sceneTime
    }

    /// The scene time of an event that happened at wall time `wall` (an input event's own
    /// timestamp): the last tick's scene time plus the wall time since, at the current rate,
    /// never before the last tick. Before the first tick, the current scene time.
    public func sceneTime(atWall wall: Double) -> Double {
        guard let last = lastWall, wall.isFinite, wall > last else { return sceneTime }
        return sceneTime + (wall - last) * rate
    }

    /// Pauses a running clock, resumes a paused one.
    public mutating func togglePause() { isPaused.toggle() }

    /// Turns slow motion on or off.
    public mutating func toggleSlowMotion() { isSlowMotion.toggle() }

    /// Moves a paused clock one ``stepDuration`` on; does nothing while running.
    public mutating func step() {
        guard isPaused else { return }
        sceneTime += Self.stepDuration
    }

    /// Back to scene time 0 (pause and slow motion are kept); the next tick runs from there.
    public mutating func restart() {
        sceneTime = 0
    }
}
