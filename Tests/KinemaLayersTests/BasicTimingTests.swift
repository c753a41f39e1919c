import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// Rows T01–T41 (Core Animation's timing model worked by hand; sources in docs/animation-notes.md)
/// and the rules for when `animationDidStart` and `animationDidStop` fire, driven through real
/// layers: a root layer on a `LayerContext`, the reference animation on `position.x` (0 → 100,
/// linear, d = 2, b = 10 in layer time), the model `position.x` = 777 ("M").
@Suite struct BasicTimingTests {

    /// One row of the table with the reference animation's timing changed as the row says.
    struct Row: CustomTestStringConvertible, Sendable {
        var id: String
        var repeatCount = 0.0
        var repeatDuration = 0.0
        var autoreverses = false
        var speed = 1.0
        var timeOffset = 0.0
        var fillMode: FillMode = .removed
        /// Layer time (= media time for this root layer), seconds.
        var time: Double
        var expected: Double
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(id: "T01", time: 11, expected: 50),
        Row(id: "T02", fillMode: .removed, time: 9, expected: modelX),
        Row(id: "T03", fillMode: .backwards, time: 9, expected: 0),
        Row(id: "T04", fillMode: .forwards, time: 12.5, expected: 100),
        Row(id: "T05", fillMode: .removed, time: 12.5, expected: modelX),
        Row(id: "T06", repeatCount: 1.5, time: 12.5, expected: 25),
        Row(id: "T07", repeatCount: 1.5, fillMode: .forwards, time: 13.5, expected: 50),
        Row(id: "T08", repeatCount: 2, time: 12, expected: 0),
        Row(id: "T09", repeatCount: 2, fillMode: .forwards, time: 14, expected: 100),
        Row(id: "T10", autoreverses: true, time: 12.5, expected: 75),
        Row(id: "T11", autoreverses: true, time: 13, expected: 50),
        Row(id: "T12", autoreverses: true, fillMode: .forwards, time: 14.5, expected: 0),
        Row(id: "T13", repeatCount: 1.5, autoreverses: true, time: 15, expected: 50),
        Row(id: "T14", repeatCount: 1.5, autoreverses: true, fillMode: .forwards, time: 17, expected: 100),
        Row(id: "T15", repeatDuration: 3, time: 12.5, expected: 25),
        Row(id: "T16", repeatDuration: 3, fillMode: .forwards, time: 13.5, expected: 50),
        Row(id: "T17", repeatDuration: 3, autoreverses: true, time: 12.5, expected: 75),
        Row(id: "T18", speed: 2, time: 10.5, expected: 50),
        Row(id: "T19", speed: 2, fillMode: .forwards, time: 11.2, expected: 100),
        Row(id: "T20", timeOffset: 0.5, time: 10, expected: 25),
        Row(id: "T21", timeOffset: 0.5, time: 11.6, expected: 5),
        Row(id: "T22", timeOffset: 0.5, fillMode: .forwards, time: 12.5, expected: 25),
        Row(id: "T23", timeOffset: 0.5, fillMode: .backwards, time: 9, expected: 25),
        Row(id: "T24", speed: 0, timeOffset: 0.5, time: 1000, expected: 25),
        Row(id: "T25", repeatCount: .infinity, time: 111, expected: 50),
        Row(id: "T26", speed: -1, timeOffset: 2, time: 10.5, expected: 75),
        Row(id: "T27", speed: -1, timeOffset: 0, time: 10.5, expected: 75),
        Row(id: "T28", speed: -1, timeOffset: 2, fillMode: .forwards, time: 12.5, expected: 0),
        Row(id: "T29", speed: 0.5, time: 13, expected: 75),
        // fillMode both behaves as backwards before and forwards after.
        Row(id: "T03 (both)", fillMode: .both, time: 9, expected: 0),
        Row(id: "T04 (both)", fillMode: .both, time: 12.5, expected: 100),
    ]

    @Test(arguments: rows)
    func referenceAnimationTiming(_ row: Row) {
        let fixture = makeRoot()
        let layer = fixture.layer
        var a = referenceAnimation()
        a.repeatCount = row.repeatCount
        a.repeatDuration = row.repeatDuration
        a.autoreverses = row.autoreverses
        a.speed = row.speed
        a.timeOffset = row.timeOffset
        a.fillMode = row.fillMode
        // The rows with forwards/both fill assume removedOnCompletion = false.
        a.isRemovedOnCompletion = !row.fillMode.fillsForwards
        layer.add(a, forKey: "move")
        let x = layer.presentation(at: row.time).position.x
        #expect(isClose(x, row.expected, Tolerance.timing), "\(row.id): position.x = \(x), expected \(row.expected)")
        #expect(layer.presentation(at: row.time).position.y == modelY)
    }

    @Test("T05: after the end the animation is removed and didStop(finished: true) fires")
    func t05RemovedWithFinishedTrue() {
        let (context, layer) = makeRoot()
        let log = EventLog()
        var a = referenceAnimation()
        a.delegate = log
        layer.add(a, forKey: "move")
        context.advance(to: 12.5)
        #expect(log.events == ["start", "stop(true)"])
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.presentation(at: 12.5).position.x == modelX)
    }

    @Test("T30: duration 0 becomes 0.25 s when added outside a transaction")
    func t30DefaultDuration() {
        let fixture = makeRoot()
        let layer = fixture.layer
        layer.add(referenceAnimation(duration: 0), forKey: "move")
        #expect(layer.animation(forKey: "move")?.timing.duration == 0.25)
        let x = layer.presentation(at: 10.125).position.x
        #expect(isClose(x, 50, Tolerance.timing), "position.x = \(x)")
    }

    @Test("T31: duration 0 becomes the transaction's animationDuration")
    func t31TransactionDuration() {
        let (context, layer) = makeRoot()
        context.transaction.begin()
        context.transaction.animationDuration = 1
        layer.add(referenceAnimation(duration: 0), forKey: "move")
        context.transaction.commit()
        let x = layer.presentation(at: 10.5).position.x
        #expect(isClose(x, 50, Tolerance.timing), "position.x = \(x)")
    }

    @Test("T32: easeInEaseOut, d = 1, b = 0 → 12.9162 at 0.25")
    func t32EaseInEaseOut() {
        let fixture = makeRoot()
        let layer = fixture.layer
        var a = referenceAnimation(duration: 1, beginTime: 0)
        a.timingFunction = .easeInEaseOut
        layer.add(a, forKey: "move")
        let x = layer.presentation(at: 0.25).position.x
        // Curve tolerance 1e-5 on a 0…100 range.
        #expect(isClose(x, 12.9162, 100 * Tolerance.curve), "position.x = \(x)")
    }

    @Test("T33: implicit action, default curve, 0.25 s → 80.2403 at 0.125")
    func t33ImplicitAction() {
        let (context, layer) = makeRoot(x: 0)
        layer.position = Point(x: 100, y: modelY)
        context.advance(to: 0.125)
        let x = layer.presentation().position.x
        #expect(isClose(x, 80.2403, 100 * Tolerance.curve), "position.x = \(x)")
        #expect(layer.position.x == 100)
    }

    @Test("T34/T35: layer speed 2, added at media time 100 with b = 0 → b := 200")
    func t34t35LayerSpeed() {
        let fixture = makeRoot(time: 100, speed: 2)
        let layer = fixture.layer
        layer.add(referenceAnimation(beginTime: 0), forKey: "move")
        #expect(layer.animation(forKey: "move")?.timing.beginTime == 200)
        let t34 = layer.presentation(at: 100.5).position.x
        #expect(isClose(t34, 50, Tolerance.timing), "T34: position.x = \(t34)")
        let t35 = layer.presentation(at: 101).position.x
        #expect(t35 == modelX, "T35: position.x = \(t35)")
    }

    // MARK: Groups (T36–T41)

    struct GroupRow: CustomTestStringConvertible, Sendable {
        struct Sample: Sendable {
            var groupTime: Double
            var expected: Double
        }

        var id: String
        var groupDuration: Double
        var groupFill: FillMode = .removed
        var groupCurve: TimingFunction? = nil
        var groupRemovedOnCompletion = true
        var childBegin = 0.0
        var childDuration: Double
        var childFill: FillMode = .removed
        var childRemovedOnCompletion = true
        var samples: [Sample]
        var tolerance = Tolerance.timing
        var testDescription: String { id }
    }

    static let groupRows: [GroupRow] = [
        GroupRow(id: "T36", groupDuration: 1, childDuration: 2, samples: [.init(groupTime: 0.5, expected: 25)]),
        GroupRow(
            id: "T37", groupDuration: 1, groupFill: .removed, childDuration: 2,
            samples: [.init(groupTime: 1.2, expected: modelX)]),
        GroupRow(
            id: "T38", groupDuration: 2, childBegin: 0.5, childDuration: 1, childFill: .removed,
            samples: [
                .init(groupTime: 0.25, expected: modelX), .init(groupTime: 1.0, expected: 50),
                .init(groupTime: 1.75, expected: modelX),
            ]),
        GroupRow(
            id: "T39", groupDuration: 2, childBegin: 0.5, childDuration: 1, childFill: .backwards,
            samples: [.init(groupTime: 0.25, expected: 0)]),
        GroupRow(
            id: "T40", groupDuration: 2, groupCurve: .easeIn, childDuration: 2,
            samples: [.init(groupTime: 1, expected: 31.5357)], tolerance: 100 * Tolerance.curve),
        GroupRow(
            id: "T41", groupDuration: 2, groupFill: .forwards, groupRemovedOnCompletion: false,
            childDuration: 2, childFill: .forwards, childRemovedOnCompletion: true,
            samples: [.init(groupTime: 3, expected: 100)]),
    ]

    @Test(arguments: groupRows)
    func groupTiming(_ row: GroupRow) {
        let fixture = makeRoot()
        let layer = fixture.layer
        var child = referenceAnimation(duration: row.childDuration, beginTime: row.childBegin)
        child.fillMode = row.childFill
        child.isRemovedOnCompletion = row.childRemovedOnCompletion
        var group = AnimationGroup([child])
        group.beginTime = 10
        group.duration = row.groupDuration
        group.fillMode = row.groupFill
        group.timingFunction = row.groupCurve
        group.isRemovedOnCompletion = row.groupRemovedOnCompletion
        layer.add(group, forKey: "group")
        for sample in row.samples {
            let x = layer.presentation(at: 10 + sample.groupTime).position.x
            #expect(
                isClose(x, sample.expected, row.tolerance),
                "\(row.id) at group time \(sample.groupTime): position.x = \(x), expected \(sample.expected)")
        }
    }

    @Test("A group child with duration 0 takes the group's duration")
    func groupChildZeroDuration() {
        let fixture = makeRoot()
        var group = AnimationGroup([referenceAnimation(duration: 0, beginTime: 0)])
        group.beginTime = 10
        group.duration = 4
        fixture.layer.add(group, forKey: "group")
        #expect(isClose(fixture.layer.presentation(at: 11).position.x, 25, Tolerance.timing))
    }

    @Test("The delegates of a group's children are ignored; the group's own delegate hears the events")
    func groupChildDelegatesIgnored() {
        let fixture = makeRoot()
        let childLog = EventLog()
        let groupLog = EventLog()
        var child = referenceAnimation(beginTime: 0)
        child.delegate = childLog
        var group = AnimationGroup([child])
        group.beginTime = 10
        group.duration = 2
        group.delegate = groupLog
        fixture.layer.add(group, forKey: "group")
        fixture.context.advance(to: 11)
        fixture.context.advance(to: 12)
        #expect(childLog.events.isEmpty)
        #expect(groupLog.events == ["start", "stop(true)"])
        #expect(fixture.layer.animationKeys().isEmpty)
    }

    @Test("A transaction's animationTimingFunction replaces an explicitly set curve")
    func transactionCurveOverrides() {
        let fixture = makeRoot()
        var a = referenceAnimation()
        a.timingFunction = .easeIn
        fixture.context.transaction.begin()
        fixture.context.transaction.animationTimingFunction = .linear
        fixture.layer.add(a, forKey: "move")
        fixture.context.transaction.commit()
        #expect(fixture.layer.animation(forKey: "move")?.timingFunction == .linear)
        #expect(isClose(fixture.layer.presentation(at: 10.5).position.x, 25, Tolerance.timing))
    }

    @Test("QA1673: animations freeze while the layer is paused and continue after resume")
    func pauseFreezesAnimations() {
        let fixture = makeRoot()
        fixture.layer.add(referenceAnimation(duration: 20, beginTime: 0), forKey: "move")
        fixture.context.advance(to: 10)
        fixture.layer.pauseAnimations()
        for t in [10.0, 11, 12.9] {
            #expect(isClose(fixture.layer.presentation(at: t).position.x, 50, Tolerance.timing), "paused at \(t)")
        }
        fixture.context.advance(to: 13)
        fixture.layer.resumeAnimations()
        #expect(isClose(fixture.layer.presentation(at: 13).position.x, 50, Tolerance.timing))
        #expect(isClose(fixture.layer.presentation(at: 14).position.x, 55, Tolerance.timing))
    }

    // MARK: Events

    @Test("didStart fires when the (delayed) active window begins, didStop(true) at its end")
    func startAndStopEvents() {
        let (context, layer) = makeRoot()
        let log = EventLog()
        var a = referenceAnimation()
        a.delegate = log
        layer.add(a, forKey: "move")
        context.advance(to: 5)
        #expect(log.events.isEmpty)
        context.advance(to: 10)
        #expect(log.events == ["start"])
        context.advance(to: 11.9)
        #expect(log.events == ["start"])
        #expect(layer.animationKeys() == ["move"])
        context.advance(to: 12)
        #expect(log.events == ["start", "stop(true)"])
        #expect(layer.animationKeys().isEmpty)
        context.advance(to: 20)
        #expect(log.events == ["start", "stop(true)"])
    }

    @Test("removeAnimation(forKey:) stops early with finished: false")
    func removeAnimationStopsUnfinished() {
        let (context, layer) = makeRoot()
        let log = EventLog()
        var a = referenceAnimation()
        a.delegate = log
        layer.add(a, forKey: "move")
        context.advance(to: 11)
        layer.removeAnimation(forKey: "move")
        context.advance(to: 11.5)
        #expect(log.events == ["start", "stop(false)"])
        #expect(layer.presentation(at: 11.5).position.x == modelX)
    }

    @Test("Replacing an animation by the same key stops the old one with finished: false")
    func replacementStopsUnfinished() {
        let (context, layer) = makeRoot()
        let oldLog = EventLog()
        let newLog = EventLog()
        var a = referenceAnimation()
        a.delegate = oldLog
        layer.add(a, forKey: "move")
        context.advance(to: 11)
        var b = referenceAnimation(to: 300)
        b.delegate = newLog
        layer.add(b, forKey: "move")
        context.advance(to: 11.5)
        #expect(oldLog.events == ["start", "stop(false)"])
        #expect(newLog.events == ["start"])
        #expect(layer.animationKeys() == ["move"])
        // The replacement is the one that shows: 0 → 300 at f = 0.75.
        #expect(isClose(layer.presentation(at: 11.5).position.x, 225, Tolerance.timing))
    }

    @Test("removeFromSuperlayer stops the layer's animations with finished: false")
    func removeFromSuperlayerStopsUnfinished() throws {
        let (context, root) = makeRoot()
        let child = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), Point(x: 5, y: 5))
        try root.addSublayer(child)
        let log = EventLog()
        var a = referenceAnimation()
        a.delegate = log
        child.add(a, forKey: "move")
        context.advance(to: 11)
        child.removeFromSuperlayer()
        context.advance(to: 11.5)
        #expect(log.events == ["start", "stop(false)"])
        #expect(child.animationKeys().isEmpty)
    }

    @Test("speed 0 and infinite repeat never finish")
    func neverFinishing() {
        let (context, layer) = makeRoot()
        let frozenLog = EventLog()
        var frozen = referenceAnimation()
        frozen.speed = 0
        frozen.delegate = frozenLog
        layer.add(frozen, forKey: "frozen")
        let foreverLog = EventLog()
        var forever = referenceAnimation("position.y", from: 0, to: 100)
        forever.repeatCount = .infinity
        forever.delegate = foreverLog
        layer.add(forever, forKey: "forever")
        for t in [10.0, 12, 100, 10_000] { context.advance(to: t) }
        #expect(!frozenLog.events.contains { $0.hasPrefix("stop") })
        #expect(!foreverLog.events.contains { $0.hasPrefix("stop") })
        #expect(foreverLog.events == ["start"])
        #expect(layer.animationKeys() == ["frozen", "forever"])
    }

    @Test("isRemovedOnCompletion = false keeps the finished animation listed")
    func keptWhenNotRemovedOnCompletion() {
        let (context, layer) = makeRoot()
        let log = EventLog()
        var a = referenceAnimation()
        a.isRemovedOnCompletion = false
        a.fillMode = .forwards
        a.delegate = log
        layer.add(a, forKey: "move")
        context.advance(to: 13)
        #expect(log.events == ["start", "stop(true)"])
        #expect(layer.animationKeys() == ["move"])
        #expect(layer.presentation(at: 13).position.x == 100)
    }

    @Test("add copies the animation: later changes to the struct have no effect")
    func addCopies() {
        let fixture = makeRoot()
        let layer = fixture.layer
        var a = referenceAnimation()
        layer.add(a, forKey: "move")
        a.toValue = 500
        a.duration = 10
        #expect(isClose(layer.presentation(at: 11).position.x, 50, Tolerance.timing))
        #expect(layer.animation(forKey: "move")?.timing.duration == 2)
    }

    @Test("Adding under an existing key moves the animation to the end of animationKeys()")
    func replacementMovesToEnd() {
        let fixture = makeRoot()
        let layer = fixture.layer
        layer.add(referenceAnimation(), forKey: "a")
        layer.add(referenceAnimation("position.y"), forKey: "b")
        layer.add(referenceAnimation("opacity", from: 0, to: 1), forKey: "c")
        #expect(layer.animationKeys() == ["a", "b", "c"])
        layer.add(referenceAnimation(), forKey: "a")
        #expect(layer.animationKeys() == ["b", "c", "a"])
    }
}
