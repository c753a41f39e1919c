import KinemaTiming
import TestSupport
import Testing

/// What a basic animation from 0 to 100 shows: a value, or "M" (the model value: no contribution).
enum Shown: Equatable, CustomStringConvertible, Sendable {
    case value(Double)
    case model

    var description: String {
        switch self {
        case .value(let v): "\(v)"
        case .model: "M"
        }
    }

    /// Whether this matches `expected`, values within `tolerance`.
    func matches(_ expected: Shown, _ tolerance: Double) -> Bool {
        switch (self, expected) {
        case (.model, .model): true
        case let (.value(a), .value(b)): isClose(a, b, tolerance)
        default: false
        }
    }
}

/// The pure timing of a basic animation: `fromValue 0`, `toValue 100`, optionally eased.
struct BasicTiming: Sendable {
    var timing = MediaTimingParameters()
    var timingFunction: TimingFunction?
    var isRemovedOnCompletion = true

    /// The value shown at parent time `tp` (phase, active time, fill, basic time, value).
    func shown(at tp: Double) -> Shown {
        let resolution = timing.resolve(parentTime: tp)
        guard timing.contributes(in: resolution.phase, isRemovedOnCompletion: isRemovedOnCompletion) else {
            return .model
        }
        let f = resolution.fraction(duration: timing.duration)
        return .value(lerp(0, 100, timingFunction?.evaluate(f) ?? f))
    }
}

/// One row of the timing table (T01–T41, docs/animation-notes.md): timing inputs, a parent time and
/// the expected value.
struct TimingRow: CustomTestStringConvertible, Sendable {
    let id: String
    let animation: BasicTiming
    let tp: Double
    let expected: Shown
    var testDescription: String { id }

    /// The table's defaults: beginTime 10, duration 2, linear, fill removed, removed on completion;
    /// `change` applies the row's extra inputs. Rows with fill forwards or both keep the animation
    /// attached (`isRemovedOnCompletion = false`), as the table says.
    init(_ id: String, _ tp: Double, _ expected: Shown, _ change: (inout BasicTiming) -> Void = { _ in }) {
        var animation = BasicTiming()
        animation.timing.beginTime = 10
        animation.timing.duration = 2
        change(&animation)
        if animation.timing.fillMode.fillsForwards { animation.isRemovedOnCompletion = false }
        self.id = id
        self.animation = animation
        self.tp = tp
        self.expected = expected
    }

    static let all: [TimingRow] = [
        TimingRow("T01", 11, .value(50)),
        TimingRow("T02", 9, .model) { $0.timing.fillMode = .removed },
        TimingRow("T03", 9, .value(0)) { $0.timing.fillMode = .backwards },
        TimingRow("T04", 12.5, .value(100)) { $0.timing.fillMode = .forwards },
        TimingRow("T05", 12.5, .model) { $0.timing.fillMode = .removed },
        TimingRow("T06", 12.5, .value(25)) { $0.timing.repeatCount = 1.5 },
        TimingRow("T07", 13.5, .value(50)) {
            $0.timing.repeatCount = 1.5
            $0.timing.fillMode = .forwards
        },
        TimingRow("T08", 12, .value(0)) { $0.timing.repeatCount = 2 },
        TimingRow("T09", 14, .value(100)) {
            $0.timing.repeatCount = 2
            $0.timing.fillMode = .forwards
        },
        TimingRow("T10", 12.5, .value(75)) { $0.timing.autoreverses = true },
        TimingRow("T11", 13, .value(50)) { $0.timing.autoreverses = true },
        TimingRow("T12", 14.5, .value(0)) {
            $0.timing.autoreverses = true
            $0.timing.fillMode = .forwards
        },
        TimingRow("T13", 15, .value(50)) {
            $0.timing.autoreverses = true
            $0.timing.repeatCount = 1.5
        },
        TimingRow("T14", 17, .value(100)) {
            $0.timing.autoreverses = true
            $0.timing.repeatCount = 1.5
            $0.timing.fillMode = .forwards
        },
        TimingRow("T15", 12.5, .value(25)) { $0.timing.repeatDuration = 3 },
        TimingRow("T16", 13.5, .value(50)) {
            $0.timing.repeatDuration = 3
            $0.timing.fillMode = .forwards
        },
        TimingRow("T17", 12.5, .value(75)) {
            $0.timing.repeatDuration = 3
            $0.timing.autoreverses = true
        },
        TimingRow("T18", 10.5, .value(50)) { $0.timing.speed = 2 },
        TimingRow("T19", 11.2, .value(100)) {
            $0.timing.speed = 2
            $0.timing.fillMode = .forwards
        },
        TimingRow("T20", 10, .value(25)) { $0.timing.timeOffset = 0.5 },
        TimingRow("T21", 11.6, .value(5)) { $0.timing.timeOffset = 0.5 },
        TimingRow("T22", 12.5, .value(25)) {
            $0.timing.timeOffset = 0.5
            $0.timing.fillMode = .forwards
        },
        TimingRow("T23", 9, .value(25)) {
            $0.timing.timeOffset = 0.5
            $0.timing.fillMode = .backwards
        },
        TimingRow("T24", 1000, .value(25)) {
            $0.timing.speed = 0
            $0.timing.timeOffset = 0.5
        },
        TimingRow("T25", 111, .value(50)) { $0.timing.repeatCount = .infinity },
        TimingRow("T26", 10.5, .value(75)) {
            $0.timing.speed = -1
            $0.timing.timeOffset = 2
        },
        TimingRow("T27", 10.5, .value(75)) {
            $0.timing.speed = -1
            $0.timing.timeOffset = 0
        },
        TimingRow("T28", 12.5, .value(0)) {
            $0.timing.speed = -1
            $0.timing.timeOffset = 2
            $0.timing.fillMode = .forwards
        },
        TimingRow("T29", 13, .value(75)) { $0.timing.speed = 0.5 },
    ]
}

/// One row of T36–T40: a group and one child, composed by hand. The group's eased basic
/// time (`f' · d_group`) is the child's parent time, and outside the group's active window the
/// child shows nothing unless the group fills.
struct GroupRow: CustomTestStringConvertible, Sendable {
    let id: String
    let group: MediaTimingParameters
    let groupCurve: TimingFunction?
    let child: MediaTimingParameters
    let groupTime: Double
    let expected: Shown
    var testDescription: String { id }

    func shown() -> Shown {
        let g = group.resolve(parentTime: groupTime)
        guard group.contributes(in: g.phase, isRemovedOnCompletion: true) else { return .model }
        let gf = g.fraction(duration: group.duration)
        let childTime = (groupCurve?.evaluate(gf) ?? gf) * group.duration
        let c = child.resolve(parentTime: childTime)
        // Children's isRemovedOnCompletion is ignored inside a group.
        guard child.contributes(in: c.phase, isRemovedOnCompletion: false) else { return .model }
        return .value(lerp(0, 100, c.fraction(duration: child.duration)))
    }

    static func timing(
        begin: Double = 0, duration: Double, fill: FillMode = .removed
    ) -> MediaTimingParameters {
        var t = MediaTimingParameters()
        t.beginTime = begin
        t.duration = duration
        t.fillMode = fill
        return t
    }

    static let all: [GroupRow] = [
        GroupRow(
            id: "T36", group: timing(duration: 1), groupCurve: nil, child: timing(duration: 2),
            groupTime: 0.5, expected: .value(25)),
        GroupRow(
            id: "T37", group: timing(duration: 1), groupCurve: nil, child: timing(duration: 2),
            groupTime: 1.2, expected: .model),
        GroupRow(
            id: "T38 @0.25", group: timing(duration: 2), groupCurve: nil, child: timing(begin: 0.5, duration: 1),
            groupTime: 0.25, expected: .model),
        GroupRow(
            id: "T38 @1.0", group: timing(duration: 2), groupCurve: nil, child: timing(begin: 0.5, duration: 1),
            groupTime: 1.0, expected: .value(50)),
        GroupRow(
            id: "T38 @1.75", group: timing(duration: 2), groupCurve: nil, child: timing(begin: 0.5, duration: 1),
            groupTime: 1.75, expected: .model),
        GroupRow(
            id: "T39", group: timing(duration: 2), groupCurve: nil,
            child: timing(begin: 0.5, duration: 1, fill: .backwards), groupTime: 0.25, expected: .value(0)),
        GroupRow(
            id: "T40", group: timing(duration: 2), groupCurve: .easeIn, child: timing(duration: 2),
            groupTime: 1, expected: .value(31.5357)),
    ]
}

@Suite("MediaTiming")
struct MediaTimingTests {
    @Test("timing reference rows", arguments: TimingRow.all)
    func referenceRow(row: TimingRow) {
        let shown = row.animation.shown(at: row.tp)
        #expect(shown.matches(row.expected, 100 * Tolerance.timing), "shown \(shown), expected \(row.expected)")
    }

    @Test("T32: easeInEaseOut, d 1, b 0, at 0.25 shows 12.9162")
    func t32() {
        var animation = BasicTiming()
        animation.timing.duration = 1
        animation.timingFunction = .easeInEaseOut
        #expect(animation.shown(at: 0.25).matches(.value(12.9162), 100 * Tolerance.curve))
    }

    @Test("timing group rows, composed by hand", arguments: GroupRow.all)
    func groupRow(row: GroupRow) {
        let shown = row.shown()
        // T40 goes through easeIn (the curve tolerance); the others are pure timing.
        let tolerance = row.groupCurve == nil ? 100 * Tolerance.timing : 100 * Tolerance.curve
        #expect(shown.matches(row.expected, tolerance), "shown \(shown), expected \(row.expected)")
    }

    @Test("T05: the end of the active duration is observed (phase after, removed)")
    func t05Phase() {
        let row = TimingRow.all.first { $0.id == "T05" }!
        #expect(row.animation.timing.resolve(parentTime: row.tp).phase == .after)
        #expect(!row.animation.timing.contributes(in: .after, isRemovedOnCompletion: true))
        // Fill forwards does not help an animation that was removed on completion.
        var forwards = row.animation.timing
        forwards.fillMode = .forwards
        #expect(!forwards.contributes(in: .after, isRemovedOnCompletion: true))
        #expect(forwards.contributes(in: .after, isRemovedOnCompletion: false))
    }

    @Test("T24: speed 0 freezes the animation, active forever, and it never ends")
    func speedZero() {
        var timing = MediaTimingParameters()
        timing.beginTime = 10
        timing.duration = 2
        timing.speed = 0
        timing.timeOffset = 0.5
        #expect(timing.endTime == .infinity)
        for tp in [-1e9, 0, 9.999, 10, 12, 1000, 1e12, .infinity] {
            let r = timing.resolve(parentTime: tp)
            #expect(r.phase == .active, "tp = \(tp)")
            #expect(r.activeTime == 0.5, "tp = \(tp)")
            #expect(r.basicTime == 0.5, "tp = \(tp)")
        }
    }

    // MARK: Phases and windows

    struct Boundary: CustomTestStringConvertible, Sendable {
        let id: String
        let timing: MediaTimingParameters
        let begin: Double
        let end: Double
        var testDescription: String { id }
    }

    static func params(
        speed: Double = 1, repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false
    ) -> MediaTimingParameters {
        var t = MediaTimingParameters()
        t.beginTime = 10
        t.duration = 2
        t.speed = speed
        t.repeatCount = repeatCount
        t.repeatDuration = repeatDuration
        t.autoreverses = autoreverses
        return t
    }

    @Test(
        "Exactly at b is active; exactly at b + AD/|s| is after",
        arguments: [
            Boundary(id: "plain", timing: params(), begin: 10, end: 12),
            Boundary(id: "rc 2", timing: params(repeatCount: 2), begin: 10, end: 14),
            Boundary(id: "ar rc 1.5", timing: params(repeatCount: 1.5, autoreverses: true), begin: 10, end: 16),
            Boundary(id: "s 2", timing: params(speed: 2), begin: 10, end: 11),
            Boundary(id: "s 0.5", timing: params(speed: 0.5), begin: 10, end: 14),
            Boundary(id: "s −1", timing: params(speed: -1), begin: 10, end: 12),
            Boundary(id: "s −2, rd 3", timing: params(speed: -2, repeatDuration: 3), begin: 10, end: 11.5),
        ])
    func boundaries(b: Boundary) {
        #expect(b.timing.endTime == b.end)
        #expect(b.timing.resolve(parentTime: b.begin.nextDown).phase == .before)
        #expect(b.timing.resolve(parentTime: b.begin).phase == .active)
        #expect(b.timing.resolve(parentTime: b.end.nextDown).phase == .active)
        #expect(b.timing.resolve(parentTime: b.end).phase == .after)
        #expect(b.timing.resolve(parentTime: b.end + 100).phase == .after)
    }

    @Test("Negative speed plays the same window with local time running backwards from o")
    func negativeSpeed() {
        var timing = Self.params(speed: -1)
        timing.timeOffset = 2
        // T = o − (tp − b): 2 at the start, 1 in the middle, 0 at the end.
        #expect(timing.resolve(parentTime: 10).activeTime == 2)
        #expect(timing.resolve(parentTime: 10).basicTime == 2)
        #expect(timing.resolve(parentTime: 11).basicTime == 1)
        #expect(timing.resolve(parentTime: 11.5).basicTime == 0.5)
        #expect(timing.resolve(parentTime: 12).basicTime == 0)
        #expect(timing.resolve(parentTime: 12).phase == .after)
        #expect(timing.resolve(parentTime: 9).activeTime == 2)
    }

    @Test(
        "activeDuration: repeatDuration wins over repeatCount; cycles double with autoreverses",
        arguments: [
            (params(), 2.0),
            (params(autoreverses: true), 4.0),
            (params(repeatCount: 1.5), 3.0),
            (params(repeatCount: 1.5, autoreverses: true), 6.0),
            (params(repeatDuration: 3), 3.0),
            (params(repeatCount: 5, repeatDuration: 3), 3.0),
            (params(repeatCount: 0.25, repeatDuration: 7), 7.0),
            (params(repeatCount: .infinity), .infinity),
        ])
    func activeDuration(timing: MediaTimingParameters, expected: Double) {
        #expect(timing.activeDuration == expected)
    }

    @Test("Cycle index: rc 2 starts the second cycle at b + d, and the end shows the last cycle's end")
    func cycleIndex() {
        let timing = Self.params(repeatCount: 2)
        let start = timing.resolve(parentTime: 12)
        #expect(start.cycle == 1 && start.basicTime == 0)
        let end = timing.resolve(parentTime: 14)
        #expect(end.phase == .after && end.cycle == 1 && end.basicTime == 2)
        let first = timing.resolve(parentTime: 11)
        #expect(first.cycle == 0 && first.basicTime == 1)
    }

    // MARK: cumulative (the timing half)

    struct CumulativeRow: CustomTestStringConvertible, Sendable {
        let id: String
        let from: Double
        let to: Double
        let repeatCount: Double
        let cumulative: Bool
        let t: Double
        let cycle: Double
        let fraction: Double
        let expected: Double
        var testDescription: String { id }
    }

    @Test(
        "cumulative: cycle index and value k·V(1) + V(f)",
        arguments: [
            CumulativeRow(
                id: "C01", from: 0, to: .pi, repeatCount: 3, cumulative: true, t: 2.5, cycle: 2, fraction: 0.5,
                expected: 7.853982),
            CumulativeRow(
                id: "C02", from: 10, to: 20, repeatCount: 2, cumulative: true, t: 1.0, cycle: 1, fraction: 0,
                expected: 30),
            CumulativeRow(
                id: "C03", from: 10, to: 20, repeatCount: 2, cumulative: false, t: 1.5, cycle: 1, fraction: 0.5,
                expected: 15),
        ])
    func cumulative(row: CumulativeRow) {
        var timing = MediaTimingParameters()
        timing.duration = 1
        timing.repeatCount = row.repeatCount
        let r = timing.resolve(parentTime: row.t)
        #expect(r.phase == .active)
        #expect(r.cycle == row.cycle)
        let f = r.fraction(duration: timing.duration)
        #expect(isClose(f, row.fraction, Tolerance.timing))
        let value = (row.cumulative ? r.cycle * row.to : 0) + lerp(row.from, row.to, f)
        #expect(isClose(value, row.expected, 1e-6))
    }

    // MARK: Small API

    @Test(
        "Fill modes: which sides they fill",
        arguments: [
            (FillMode.removed, false, false), (.forwards, false, true), (.backwards, true, false), (.both, true, true),
        ])
    func fillModes(mode: FillMode, backwards: Bool, forwards: Bool) {
        #expect(mode.fillsBackwards == backwards)
        #expect(mode.fillsForwards == forwards)
    }

    @Test("Copying the timing of any MediaTiming keeps every field")
    func copy() {
        var timing = Self.params(speed: -2, repeatCount: 1.5, repeatDuration: 3, autoreverses: true)
        timing.timeOffset = 0.25
        timing.fillMode = .both
        #expect(MediaTimingParameters(timing) == timing)
    }

    @Test("lerp: ends exact, extrapolates, points per axis")
    func lerpHelper() {
        #expect(lerp(3, 7, 0) == 3)
        #expect(lerp(0.1, 0.7, 1) == 0.7)
        #expect(lerp(0, 200, 0.25) == 50)
        #expect(lerp(10, 20, 1.5) == 25)
        #expect(lerp(10, 20, -0.5) == 5)
    }
}
