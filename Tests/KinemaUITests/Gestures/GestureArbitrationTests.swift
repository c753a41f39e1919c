import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A delegate whose answers are set per test.
final class ScriptedDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var simultaneous = false
    var requiresFailureOf: GestureRecognizer?
    var requiredToFailBy: GestureRecognizer?
    var asked: [String] = []

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        asked.append("shouldBegin")
        return shouldBegin
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        simultaneous
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        otherGestureRecognizer === requiresFailureOf
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        otherGestureRecognizer === requiredToFailBy
    }
}

@Suite struct GestureArbitrationTests {
    @Test func panAndTapOnOneViewTakeTurns() {
        let (window, view) = makeTouchStage()
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        let tapLog = GestureLog(tap, in: window)
        let panLog = GestureLog(pan, in: window)
        // A drag: the pan begins at 10 pt and the tap (45 pt allowed) fails right then.
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 162, at: 0.12)
        #expect(panLog.states == [.began])
        #expect(tapLog.states == [.failed])
        window.up(1, 100, 162, at: 0.14)
        // A short touch: the pan fails on lift and the tap recognizes.
        window.down(1, 100, 150, at: 1)
        window.move(1, 104, 155, at: 1.02)
        window.up(1, 104, 155, at: 1.04)
        #expect(panLog.states == [.began, .ended, .possible, .failed, .possible])
        #expect(tapLog.states == [.failed, .possible, .ended, .possible])
    }

    @Test(arguments: [false, true])
    func nestedPansAreExclusiveUnlessTheDelegateAllows(_ allows: Bool) {
        let (window, view) = makeTouchStage()
        let inner = View(frame: Rect(x: 20, y: 30, width: 120, height: 150))
        view.addSubview(inner)
        let innerPan = PanGestureRecognizer()
        let outerPan = PanGestureRecognizer()
        inner.addGestureRecognizer(innerPan)
        view.addGestureRecognizer(outerPan)
        let delegate = ScriptedDelegate()
        delegate.simultaneous = allows
        outerPan.delegate = delegate  // one delegate saying yes is enough
        let innerLog = GestureLog(innerPan, in: window)
        let outerLog = GestureLog(outerPan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 114, 150, at: 0.11)
        window.move(1, 120, 157, at: 0.12)
        #expect(innerLog.states == [.began, .changed])
        #expect(outerLog.states == (allows ? [.began, .changed] : [.failed]))
    }

    @Test func shouldBeginFalseFailsAndLetsTheOtherRecognize() {
        let (window, view) = makeTouchStage()
        let inner = View(frame: Rect(x: 20, y: 30, width: 120, height: 150))
        view.addSubview(inner)
        let innerPan = PanGestureRecognizer()
        let outerPan = PanGestureRecognizer()
        inner.addGestureRecognizer(innerPan)
        view.addGestureRecognizer(outerPan)
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        innerPan.delegate = delegate
        let innerLog = GestureLog(innerPan, in: window)
        let outerLog = GestureLog(outerPan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 165, at: 0.11)
        #expect(delegate.asked == ["shouldBegin"])
        #expect(innerLog.states == [.failed])
        #expect(outerLog.states == [.began])
    }

    /// Single tap waits for the double tap to fail.
    private func makeTaps(_ window: Window, _ view: View) -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        return (single, double)
    }

    @Test func singleTapRecognizesWhenTheDoubleTapFailsByDeadline() {
        let (window, view) = makeTouchStage()
        let (single, double) = makeTaps(window, view)
        single.require(toFail: double)
        let singleLog = GestureLog(single, in: window)
        let doubleLog = GestureLog(double, in: window)
        window.tap(1, 100, 150, at: 0.1)  // lifts at 0.15
        #expect(single.state == .possible)  // waiting
        #expect(singleLog.actions.isEmpty)
        window.advance(to: 5)
        #expect(doubleLog.states == [.failed, .possible])
        #expect(singleLog.states == [.ended, .possible])
        #expect(singleLog.actionTimes == [0.15 + 0.35])
        #expect(doubleLog.failureTime == 0.5)
    }

    @Test func doubleTapWinsAndTheSingleTapFails() {
        let (window, view) = makeTouchStage()
        let (single, double) = makeTaps(window, view)
        single.require(toFail: double)
        let singleLog = GestureLog(single, in: window)
        let doubleLog = GestureLog(double, in: window)
        window.tap(1, 100, 150, at: 0.1)
        window.tap(1, 102, 151, at: 0.3)
        window.advance(to: 5)
        #expect(doubleLog.states == [.ended, .possible])
        #expect(singleLog.states == [.failed, .possible])
        #expect(singleLog.actions.isEmpty)
    }

    @Test func withoutTheRequirementTheSingleTapFiresAtOnce() {
        let (window, view) = makeTouchStage()
        let (single, double) = makeTaps(window, view)
        let singleLog = GestureLog(single, in: window)
        let doubleLog = GestureLog(double, in: window)
        window.tap(1, 100, 150, at: 0.1)
        #expect(singleLog.actionTimes == [0.1 + 0.05])
        // The single tap recognized, so the double tap (sharing the touch) failed.
        #expect(doubleLog.states == [.failed, .possible])
    }

    @Test func reverseRequirementLetsTheDoubleTapNeverWin() {
        let (window, view) = makeTouchStage()
        let (single, double) = makeTaps(window, view)
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true  // not excluded; only the requirement decides
        double.delegate = delegate
        double.require(toFail: single)
        let singleLog = GestureLog(single, in: window)
        let doubleLog = GestureLog(double, in: window)
        window.tap(1, 100, 150, at: 0.1)
        window.tap(1, 102, 151, at: 0.3)
        window.advance(to: 5)
        #expect(singleLog.states == [.ended, .possible, .ended, .possible])
        #expect(doubleLog.states == [.failed, .possible])
        #expect(doubleLog.actions.isEmpty)
    }

    enum RequirementSource: String, CaseIterable, Sendable {
        case requireToFail, shouldRequireFailureOf, shouldBeRequiredToFailBy
    }

    @Test(arguments: RequirementSource.allCases)
    func requirementsFromEverySource(_ source: RequirementSource) {
        let (window, view) = makeTouchStage()
        let (single, double) = makeTaps(window, view)
        let delegate = ScriptedDelegate()
        switch source {
        case .requireToFail:
            single.require(toFail: double)
        case .shouldRequireFailureOf:
            delegate.requiresFailureOf = double
            single.delegate = delegate
        case .shouldBeRequiredToFailBy:
            delegate.requiredToFailBy = single
            double.delegate = delegate
        }
        let singleLog = GestureLog(single, in: window)
        window.tap(1, 100, 150, at: 0.1)
        window.advance(to: 1)
        #expect(singleLog.actionTimes == [0.5])
    }

    @Test func waitingRecognizerDelaysTheViewsTouchesEnded() {
        let (window, view) = makeTouchStage()
        view.logsTimes = true
        let (single, double) = makeTaps(window, view)
        single.require(toFail: double)
        single.cancelsTouchesInView = false
        double.cancelsTouchesInView = false
        window.tap(1, 100, 150, at: 0.1)
        #expect(view.log == ["began 1 @0.1"])
        window.advance(to: 1)
        #expect(view.log == ["began 1 @0.1", "ended 1 @0.5"])
    }

    @Test func recognizedDoubleTapCancelsBothTouchesInTheView() {
        let (window, view) = makeTouchStage()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        window.tap(1, 100, 150, at: 0.1)
        window.tap(2, 100, 150, at: 0.3)
        #expect(view.log == ["began 1", "began 2", "cancelled 1,2"])
    }

    @Test func delaysTouchesEndedFalseDeliversAtOnce() {
        let (window, view) = makeTouchStage()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        view.addGestureRecognizer(double)
        window.tap(1, 100, 150, at: 0.1)
        #expect(view.log == ["began 1", "ended 1"])
        window.tap(2, 100, 150, at: 0.3)
        #expect(view.log == ["began 1", "ended 1", "began 2", "cancelled 2"])
    }
}

@Suite struct GestureIndependenceTests {
    /// Exclusion applies to recognizers that share a touch: two fingers on two views pan both.
    @Test func fingersOnTwoViewsPanIndependently() {
        let (window, left) = makeTouchStage()
        let right = View(frame: Rect(x: 260, y: 60, width: 100, height: 300))
        window.addSubview(right)
        let leftPan = PanGestureRecognizer()
        let rightPan = PanGestureRecognizer()
        left.addGestureRecognizer(leftPan)
        right.addGestureRecognizer(rightPan)
        let leftLog = GestureLog(leftPan, in: window)
        let rightLog = GestureLog(rightPan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.down(2, 300, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.11)
        window.move(2, 280, 150, at: 0.12)
        #expect(leftLog.states == [.began])
        #expect(rightLog.states == [.began])
        #expect(leftPan.translation(in: nil) == .zero && rightPan.translation(in: nil) == .zero)
    }
}
