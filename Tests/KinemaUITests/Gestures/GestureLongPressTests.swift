import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GestureLongPressTests {
    @Test func beginsAtExactlyHalfASecondWithACoarseAdvance() {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        let log = GestureLog(press, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.advance(to: 0.45)
        #expect(log.states.isEmpty)
        window.advance(to: 2)
        #expect(log.states == [.began])
        #expect(log.actionTimes == [0.1 + 0.5])
    }

    @Test func fullStateSequence() {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        let log = GestureLog(press, in: window)
        var locations: [Point] = []
        press.addTarget { press in locations.append(press.location(in: view)) }
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 104, 157, at: 0.8)  // began at 0.6 (timer), then changed
        window.move(1, 180, 250, at: 0.9)  // far moves are fine once it began
        window.up(1, 180, 250, at: 1.0)
        #expect(log.states == [.began, .changed, .changed, .ended, .possible])
        #expect(log.actionTimes == [0.6, 0.8, 0.9, 1.0])
        #expect(locations == [Point(x: 60, y: 90), Point(x: 64, y: 97), Point(x: 140, y: 190), Point(x: 140, y: 190)])
    }

    @Test func liftingEarlyFailsAndTheTimerDoesNotFire() {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        let log = GestureLog(press, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.up(1, 100, 150, at: 0.5)
        window.advance(to: 2)
        #expect(log.states == [.failed, .possible])
        #expect(log.actions.isEmpty)
        // A new press after the reset works again, on its own clock.
        window.down(1, 100, 150, at: 3)
        window.advance(to: 4)
        #expect(log.actionTimes == [3.5])
    }

    struct DriftCase: CustomTestStringConvertible, Sendable {
        let dx: Double
        let dy: Double
        let begins: Bool
        var testDescription: String { "drift (\(dx), \(dy))" }
    }

    // allowableMovement is 10 pt from where the finger came down.
    @Test(arguments: [
        DriftCase(dx: 6, dy: -8, begins: true),
        DriftCase(dx: 0, dy: 9.9, begins: true),
        DriftCase(dx: 8, dy: 7, begins: false),
        DriftCase(dx: -11, dy: 0, begins: false),
    ])
    func driftingBeforeItBeginsFails(_ c: DriftCase) {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        let log = GestureLog(press, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100 + c.dx, 150 + c.dy, at: 0.3)
        window.advance(to: 1)
        #expect(log.states == (c.begins ? [.began] : [.failed]))
    }

    @Test func durationAndFingersAreConfigurable() {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = 1.25
        press.numberOfTouchesRequired = 2
        view.addGestureRecognizer(press)
        let log = GestureLog(press, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.advance(to: 1.2)
        #expect(log.states.isEmpty)
        window.down(2, 130, 170, at: 1.2)  // the clock starts with the second finger
        window.advance(to: 5)
        #expect(log.actionTimes == [1.2 + 1.25])
        #expect(press.numberOfTouches == 2)
    }

    @Test func invalidSettingsAreIgnored() {
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = .nan
        press.allowableMovement = -1
        press.numberOfTouchesRequired = 0
        #expect(press.minimumPressDuration == 0.5)
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTouchesRequired == 1)
    }

    @Test func beatsATapOnTheSameView() {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        let pressLog = GestureLog(press, in: window)
        let tapLog = GestureLog(tap, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.up(1, 100, 150, at: 0.9)
        #expect(pressLog.states == [.began, .ended, .possible])
        #expect(tapLog.states == [.failed, .possible])
        #expect(tapLog.failureTime == 0.6)
        #expect(view.log == ["began 1", "cancelled 1"])
    }
}
