import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GestureTapTests {
    @Test func singleTapRecognizesOnLift() {
        let (window, view) = makeTouchStage()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        let log = GestureLog(tap, in: window)
        var location: Point?
        tap.addTarget { tap in location = tap.location(in: view) }
        window.down(1, 100, 150, at: 0.1)
        #expect(log.states.isEmpty)
        #expect(tap.state == .possible)
        window.up(1, 103, 154, at: 0.2)
        #expect(log.states == [.ended, .possible])
        #expect(log.actions == [.recognized])
        #expect(log.actionTimes == [0.2])
        #expect(location == Point(x: 63, y: 94))
        #expect(tap.state == .possible)
    }

    struct MoveCase: CustomTestStringConvertible, Sendable {
        let dx: Double
        let dy: Double
        let recognizes: Bool
        var testDescription: String { "moved (\(dx), \(dy))" }
    }

    // The allowable movement is 45 pt from where the finger came down.
    @Test(arguments: [
        MoveCase(dx: 30, dy: -33, recognizes: true),
        MoveCase(dx: 0, dy: 45, recognizes: true),
        MoveCase(dx: 36, dy: 28, recognizes: false),
        MoveCase(dx: -46, dy: 0, recognizes: false),
    ])
    func fingerThatMovesTooFarFails(_ c: MoveCase) {
        let (window, view) = makeTouchStage()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        let log = GestureLog(tap, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100 + c.dx, 150 + c.dy, at: 0.15)
        if !c.recognizes { #expect(tap.state == .failed) }  // while the finger is still down
        window.up(1, 100, 150, at: 0.2)
        #expect(log.states == (c.recognizes ? [.ended, .possible] : [.failed, .possible]))
    }

    @Test func twoFingerTapNeedsBothFingersDownTogether() {
        let (window, view) = makeTouchStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)
        let log = GestureLog(tap, in: window)
        window.down(1, 100, 150, at: 0.10)
        window.down(2, 130, 170, at: 0.12)
        window.up(1, 100, 150, at: 0.20)
        #expect(log.states.isEmpty)
        #expect(tap.numberOfTouches == 1)
        window.up(2, 130, 170, at: 0.22)
        #expect(log.states == [.ended, .possible])
        // One finger, lifted before the second comes down: not a two-finger tap.
        window.tap(1, 100, 150, at: 1.0)
        #expect(log.states == [.ended, .possible, .failed, .possible])
    }

    @Test func tooManyFingersFail() {
        let (window, view) = makeTouchStage()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        let log = GestureLog(tap, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.down(2, 130, 170, at: 0.12)
        #expect(log.states == [.failed])
        window.up(1, 100, 150, at: 0.2)
        #expect(log.states == [.failed])  // not reset while a finger is down
        window.up(2, 130, 170, at: 0.2)
        #expect(log.states == [.failed, .possible])
        #expect(log.actions.isEmpty)
    }

    @Test func doubleTapRecognizesOnTheSecondLift() {
        let (window, view) = makeTouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        let log = GestureLog(doubleTap, in: window)
        window.tap(1, 100, 150, at: 0.10)  // lifts at 0.15
        #expect(log.states.isEmpty)
        window.tap(1, 110, 158, at: 0.40)  // down 0.25 s later, 12.8 pt away
        #expect(log.states == [.ended, .possible])
        #expect(log.actionTimes == [0.45])
    }

    @Test func doubleTapFailsAtTheDeadlineEvenWithACoarseAdvance() {
        let (window, view) = makeTouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        let log = GestureLog(doubleTap, in: window)
        window.tap(1, 100, 150, at: 0.10)  // lifts at 0.15: the second tap must come by 0.50
        window.advance(to: 3)
        #expect(log.states == [.failed, .possible])
        #expect(log.failureTime == 0.15 + 0.35)
    }

    @Test func lateSecondTapIsANewSequence() {
        let (window, view) = makeTouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        let log = GestureLog(doubleTap, in: window)
        window.tap(1, 100, 150, at: 0.10)
        window.tap(1, 100, 150, at: 0.55)  // 0.40 s after the lift: the first sequence failed at 0.50
        #expect(log.states == [.failed, .possible])
        window.tap(1, 100, 150, at: 0.80)  // 0.20 s after: completes the second sequence
        #expect(log.states == [.failed, .possible, .ended, .possible])
    }

    @Test func secondTapFarFromTheFirstFails() {
        let (window, view) = makeTouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        let log = GestureLog(doubleTap, in: window)
        window.tap(1, 100, 150, at: 0.10)
        window.down(1, 140, 180, at: 0.30)  // 50 pt away
        #expect(log.states == [.failed])
    }

    @Test func tripleTapCountsThree() {
        let (window, view) = makeTouchStage()
        let tripleTap = TapGestureRecognizer()
        tripleTap.numberOfTapsRequired = 3
        view.addGestureRecognizer(tripleTap)
        let log = GestureLog(tripleTap, in: window)
        window.tap(1, 100, 150, at: 0.10)
        window.tap(1, 100, 150, at: 0.30)
        #expect(log.states.isEmpty)
        window.tap(1, 100, 150, at: 0.50)
        #expect(log.states == [.ended, .possible])
    }
}
