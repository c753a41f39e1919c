import Foundation

/// How a timed object behaves outside its active duration. Mirrors `CAMediaTimingFillMode`.
public enum FillMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// The object contributes nothing outside its active duration (the default).
    case removed
    /// After the active duration, the object keeps showing its final state.
    case forwards
    /// Before the active duration begins, the object shows its initial state.
    case backwards
    /// Both `forwards` and `backwards`.
    case both

    /// Whether the object contributes before its active duration.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the object contributes after its active duration.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Where a parent time falls relative to a timed object's active duration.
public enum TimingPhase: String, Sendable, Hashable, CaseIterable, Codable {
    /// Before `beginTime`.
    case before
    /// Inside `[beginTime, beginTime + activeDuration / |speed|)`.
    case active
    /// At or after the end of the active duration (end-exclusive).
    case after
}

/// The timing properties shared by layers and animations. Mirrors `CAMediaTiming`.
///
/// Each timed object maps its parent's time to its own local time:
/// `t = (tp − beginTime) · speed + timeOffset`. See ``MediaTimingParameters/resolve(parentTime:)``
/// for the whole algorithm, and the `TimingModel` article for timelines.
public protocol MediaTiming {
    /// When the object begins, in its parent's time, seconds. Default 0.
    var beginTime: TimeInterval { get set }
    /// The basic duration, seconds. Default 0 (an animation added with 0 gets the transaction's duration).
    var duration: TimeInterval { get set }
    /// How fast local time runs relative to parent time. Default 1; 0 freezes; negative plays backwards.
    var speed: Double { get set }
    /// An offset in active local time, seconds. Default 0. Wraps around the cycle.
    var timeOffset: TimeInterval { get set }
    /// How many times the basic duration repeats; may be fractional or `.infinity`. Default 0 (once).
    var repeatCount: Double { get set }
    /// How long the object repeats, seconds. Default 0 (ignored). Wins over `repeatCount` when both are set.
    var repeatDuration: TimeInterval { get set }
    /// Whether each cycle plays forwards, then backwards. Default `false`.
    var autoreverses: Bool { get set }
    /// What shows outside the active duration. Default ``FillMode/removed``.
    var fillMode: FillMode { get set }
}

/// The timing properties of one object as a value, with the evaluation algorithm.
public struct MediaTimingParameters: MediaTiming, Hashable, Sendable {
    public var beginTime: TimeInterval = 0
    public var duration: TimeInterval = 0
    public var speed: Double = 1
    public var timeOffset: TimeInterval = 0
    public var repeatCount: Double = 0
    public var repeatDuration: TimeInterval = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    /// Creates timing with Core Animation's defaults.
    public init() {}

    /// Copies the timing properties of any timed object.
    public init(_ timing: some MediaTiming) {
        beginTime = timing.beginTime
        duration = timing.duration
        speed = timing.speed
        timeOffset = timing.timeOffset
        repeatCount = timing.repeatCount
        repeatDuration = timing.repeatDuration
        autoreverses = timing.autoreverses
        fillMode = timing.fillMode
    }

    /// One cycle, seconds: `2 · duration` when autoreversing, else `duration`.
    public var cycleDuration: TimeInterval { autoreverses ? 2 * duration : duration }

    /// The active duration, seconds: `repeatDuration` if set, else `repeatCount` cycles, else one cycle.
    /// May be `.infinity`.
    public var activeDuration: TimeInterval {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// The end of the active window in parent time, seconds (`.infinity` when it never ends,
    /// including `speed == 0`).
    public var endTime: TimeInterval {
        speed == 0 ? .infinity : beginTime + activeDuration / abs(speed)
    }

    /// Resolves a parent time into phase, active time, cycle and basic time.
    ///
    /// Core Animation's timing model (`CAMediaTiming.h`: `t = (tp − begin)·speed + offset`, then
    /// repeats, autoreverse and fill; the *The timing model* article walks through it):
    /// ```
    /// el = (tp − b)·|s|
    /// before: el < 0    → T = o
    /// after:  el ≥ AD   → T = o + sign(s)·AD
    /// active: otherwise → T = o + sign(s)·el
    /// ```
    /// then `T` wraps into one cycle (a `timeOffset` past the end continues at the start), the
    /// second half of an autoreversing cycle runs back, and at the end of the active duration the
    /// cycle's end (not the next cycle's start) shows.
    public func resolve(parentTime tp: TimeInterval) -> TimingResolution {
        let AD = activeDuration
        // With speed 0 the elapsed time is 0 by definition (not (tp − b)·0, which is NaN for an
        // infinite tp): the object is frozen at T = timeOffset and active forever.
        let el = speed == 0 ? 0 : (tp - beginTime) * abs(speed)
        let sign: Double = speed < 0 ? -1 : 1
        let phase: TimingPhase
        let T: Double
        if el < 0 {
            phase = .before
            T = timeOffset
        } else if el >= AD {
            phase = .after
            T = timeOffset + sign * AD
        } else {
            phase = .active
            T = timeOffset + sign * el
        }
        let c = cycleDuration
        var u: Double
        var cycle: Double
        if !(c > 0) || !c.isFinite {
            u = c.isFinite ? 0 : T
            cycle = 0
        } else if speed >= 0 {
            cycle = (T / c).rounded(.down)
            u = T - c * cycle
            if phase == .after && u == 0 && T != 0 {
                u = c
                cycle -= 1
            }
        } else {
            let q = ((-T) / c).rounded(.down)
            let v = (-T) - c * q
            u = c - v
            cycle = -q - 1
            if phase == .after && v == 0 {
                u = 0
                cycle = -q
            }
        }
        let basic = (autoreverses && u > duration) ? (c - u) : u
        return TimingResolution(phase: phase, activeTime: T, cycle: cycle, basicTime: basic)
    }

    /// Whether the object contributes at `phase` given its fill mode (and, after the end, whether
    /// it is still attached: `isRemovedOnCompletion == false`).
    public func contributes(in phase: TimingPhase, isRemovedOnCompletion: Bool) -> Bool {
        switch phase {
        case .before: fillMode.fillsBackwards
        case .active: true
        case .after: fillMode.fillsForwards && !isRemovedOnCompletion
        }
    }
}

/// Where a parent time lands in a timed object's timeline.
public struct TimingResolution: Hashable, Sendable {
    /// Before, inside, or after the active duration.
    public var phase: TimingPhase
    /// The active local time `T`, seconds (before wrapping into a cycle).
    public var activeTime: TimeInterval
    /// The zero-based index of the current cycle (used by `cumulative`).
    public var cycle: Double
    /// The basic local time inside one duration, seconds, in `[0, duration]`.
    public var basicTime: TimeInterval

    public init(phase: TimingPhase, activeTime: TimeInterval, cycle: Double, basicTime: TimeInterval) {
        self.phase = phase
        self.activeTime = activeTime
        self.cycle = cycle
        self.basicTime = basicTime
    }

    /// `basicTime / duration`, the un-eased progress in `[0, 1]` (0 for a zero duration).
    public func fraction(duration: TimeInterval) -> Double {
        duration > 0 && duration.isFinite ? basicTime / duration : 0
    }
}
