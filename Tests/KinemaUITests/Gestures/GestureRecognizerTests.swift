import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A controller ported from UIKit: `#selector(handlePanGesture(_:))` became a method reference.
final class PanPortController {
    var log: [String] = []
    let imageView = View(frame: Rect(x: 20, y: 30, width: 120, height: 150))

    func viewDidLoad() {
        imageView.addGestureRecognizer(PanGestureRecognizer(target: self, action: PanPortController.handlePanGesture))
    }

    func handlePanGesture(_ pan: PanGestureRecognizer) {
        log.append("\(pan.state) \(pan.translation(in: imageView))")
    }

    func handleAny(_ recognizer: GestureRecognizer) {
        log.append("any \(recognizer.state)")
    }
}

@Suite struct GestureRecognizerTests {
    @Test func targetActionWithAMethodReference() {
        let (window, view) = makeTouchStage()
        let controller = PanPortController()
        controller.viewDidLoad()
        view.addSubview(controller.imageView)
        // A handler typed with the base class works too.
        controller.imageView.gestureRecognizers[0].addTarget(controller, action: PanPortController.handleAny)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 162, at: 0.11)
        window.move(1, 103, 166, at: 0.12)
        window.up(1, 103, 166, at: 0.13)
        #expect(
            controller.log == [
                "began (0.0, 0.0)", "any began", "changed (3.0, 4.0)", "any changed", "ended (3.0, 4.0)", "any ended",
            ])
    }

    @Test func targetIsHeldWeakly() {
        let (window, view) = makeTouchStage()
        weak var weakController: PanPortController?
        var pan: PanGestureRecognizer?
        do {
            let controller = PanPortController()
            weakController = controller
            pan = PanGestureRecognizer(target: controller, action: PanPortController.handlePanGesture)
        }
        #expect(weakController == nil)
        view.addGestureRecognizer(pan!)
        let log = GestureLog(pan!, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.11)
        #expect(log.actions == [.began])  // the remaining handler runs; the dead target is skipped
    }

    @Test func removeTarget() {
        let (window, view) = makeTouchStage()
        let controller = PanPortController()
        var calls = 0
        let tap = TapGestureRecognizer { _ in calls += 1 }
        tap.addTarget(controller, action: PanPortController.handleAny)
        view.addGestureRecognizer(tap)
        window.tap(1, 100, 150, at: 0.1)
        tap.removeTarget(controller)
        window.tap(1, 100, 150, at: 1)
        tap.removeTarget(nil)
        window.tap(1, 100, 150, at: 2)
        #expect(calls == 2)
        #expect(controller.log == ["any ended"])
    }

    @Test(arguments: [true, false])
    func cancelsTouchesInView(_ cancels: Bool) {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = cancels
        view.addGestureRecognizer(pan)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 155, at: 0.11)
        window.move(1, 100, 165, at: 0.12)  // began
        window.move(1, 100, 175, at: 0.13)
        window.up(1, 100, 175, at: 0.14)
        let expected = cancels ? ["began 1", "moved 1", "cancelled 1"] : ["began 1", "moved 1", "moved 1", "moved 1", "ended 1"]
        #expect(view.log == expected)
    }

    @Test func disablingMidGestureCancelsIt() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        let log = GestureLog(pan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 165, at: 0.11)
        pan.isEnabled = false
        #expect(log.states == [.began, .cancelled, .possible])
        #expect(log.actions == [.began, .cancelled])
        #expect(pan.state == .possible)
        #expect(pan.numberOfTouches == 0)
        window.move(1, 100, 185, at: 0.12)
        window.up(1, 100, 185, at: 0.13)
        #expect(log.actions == [.began, .cancelled])
        // The view lost the touch when the pan began, and does not get it back.
        #expect(view.log == ["began 1", "cancelled 1"])
        // Enabled again, it takes new touches.
        pan.isEnabled = true
        window.down(2, 100, 150, at: 1)
        window.move(2, 100, 165, at: 1.01)
        #expect(log.actions == [.began, .cancelled, .began])
    }

    @Test func disablingAPossibleRecognizerFailsItAndFreesWaitingOnes() {
        let (window, view) = makeTouchStage()
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        let singleLog = GestureLog(single, in: window)
        let doubleLog = GestureLog(double, in: window)
        window.tap(1, 100, 150, at: 0.1)
        window.advance(to: 0.2)
        double.isEnabled = false
        #expect(doubleLog.states == [.failed, .possible])
        #expect(singleLog.actionTimes == [0.2])
    }

    @Test func removingMidGestureCancelsIt() {
        let (window, view) = makeTouchStage()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        let log = GestureLog(press, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.advance(to: 0.7)
        view.removeGestureRecognizer(press)
        #expect(press.view == nil)
        #expect(view.gestureRecognizers.isEmpty)
        #expect(log.actions == [.began, .cancelled])
        window.up(1, 100, 150, at: 0.8)
        #expect(log.actions == [.began, .cancelled])
    }

    @Test func removingFromItsOwnHandlerIsSafe() {
        let (window, view) = makeTouchStage()
        var calls = 0
        let tap = TapGestureRecognizer { tap in
            calls += 1
            tap.view?.removeGestureRecognizer(tap)
        }
        view.addGestureRecognizer(tap)
        window.tap(1, 100, 150, at: 0.1)
        window.tap(1, 100, 150, at: 1)
        #expect(calls == 1)
        #expect(tap.state == .possible)
    }

    @Test func addingToAnotherViewMovesIt() {
        let (window, view) = makeTouchStage()
        let other = View(frame: Rect(x: 250, y: 400, width: 100, height: 100))
        window.addSubview(other)
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        other.addGestureRecognizer(tap)
        #expect(tap.view === other)
        #expect(view.gestureRecognizers.isEmpty)
        #expect(other.gestureRecognizers.count == 1)
        let log = GestureLog(tap, in: window)
        window.tap(1, 100, 150, at: 0.1)
        window.tap(1, 300, 450, at: 1)
        #expect(log.actionTimes == [1.05])
    }

    @Test func locationsOfEachTouch() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var samples: [(Int, Point, Point, Point, Point)] = []
        pan.addTarget { pan in
            samples.append(
                (
                    pan.numberOfTouches, pan.location(in: view), pan.location(ofTouch: 0, in: view), pan.location(ofTouch: 1, in: nil),
                    pan.location(ofTouch: 5, in: view)
                ))
        }
        window.down(1, 100, 150, at: 0.1)
        window.down(2, 140, 170, at: 0.1)
        window.send([
            TouchInput(identifier: 1, phase: .moved, location: Point(x: 100, y: 170), timestamp: 0.11),
            TouchInput(identifier: 2, phase: .moved, location: Point(x: 140, y: 190), timestamp: 0.11),
        ])
        let s = try! #require(samples.first)
        #expect(s.0 == 2)
        #expect(s.1 == Point(x: 80, y: 120))  // centroid (120, 180) in the window
        #expect(s.2 == Point(x: 60, y: 110))
        #expect(s.3 == Point(x: 140, y: 190))
        #expect(s.4 == s.1)  // out of range: the centroid
    }

    @Test func locationAfterTheTouchesLiftedIsWhereTheyWere() {
        let (window, view) = makeTouchStage()
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        var location: Point?
        var touches = -1
        single.addTarget { tap in
            location = tap.location(in: view)
            touches = tap.numberOfTouches
        }
        window.down(1, 100, 150, at: 0.1)
        window.up(1, 104, 153, at: 0.15)
        window.advance(to: 1)
        #expect(location == Point(x: 64, y: 93))
        #expect(touches == 0)
    }

    final class Unpreventable: PanGestureRecognizer {
        override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
    }

    @Test func canBePreventedOverride() {
        let (window, view) = makeTouchStage()
        let inner = View(frame: Rect(x: 20, y: 30, width: 120, height: 150))
        view.addSubview(inner)
        let innerPan = PanGestureRecognizer()
        let outerPan = Unpreventable()
        inner.addGestureRecognizer(innerPan)
        view.addGestureRecognizer(outerPan)
        let outerLog = GestureLog(outerPan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 165, at: 0.11)
        #expect(outerLog.states == [.began])
    }

    /// A custom recognizer written the UIKit way: it sets `state` from its touch handlers.
    final class Wiggle: GestureRecognizer {
        var attempts: [State] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
            state = .changed  // not allowed from possible: ignored
            attempts.append(state)
            state = .began
            attempts.append(state)
            state = .began  // began → began: ignored
            attempts.append(state)
        }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) { state = .changed }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            state = .ended
            state = .changed  // out of a final state: ignored
        }
    }

    @Test func customRecognizerFollowsTheStateRules() {
        let (window, view) = makeTouchStage()
        let wiggle = Wiggle()
        view.addGestureRecognizer(wiggle)
        let log = GestureLog(wiggle, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 101, 150, at: 0.11)
        window.move(1, 102, 150, at: 0.12)
        window.up(1, 102, 150, at: 0.13)
        #expect(wiggle.attempts == [.possible, .began, .began])
        #expect(log.states == [.began, .changed, .changed, .ended, .possible])
        #expect(log.actions == [.began, .changed, .changed, .ended])
    }

    @Test func stateValuesMirrorUIKit() {
        #expect(GestureRecognizer.State.recognized == .ended)
        #expect(GestureRecognizer.State.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        let tap = TapGestureRecognizer()
        #expect(tap.isEnabled && tap.cancelsTouchesInView && tap.delaysTouchesEnded)
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        let pan = PanGestureRecognizer()
        #expect(pan.minimumNumberOfTouches == 1 && pan.maximumNumberOfTouches == Int.max && pan.hysteresis == 10)
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        #expect(SwipeGestureRecognizer().direction == .right)
    }
}
