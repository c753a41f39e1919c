import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct TouchDeliveryTests {
    @Test func phasesReachTheHitViewInItsCoordinates() {
        let (window, view) = makeTouchStage()
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 110, 170, at: 0.2)
        window.up(1, 112, 173, at: 0.3)
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
        // The view's origin is at (40, 60) in the window.
        #expect(view.locations == [Point(x: 60, y: 90), Point(x: 70, y: 110), Point(x: 72, y: 113)])
    }

    @Test func sendAdvancesTheRunLoopToTheInputTime() {
        let (window, view) = makeTouchStage()
        view.logsTimes = true
        window.down(1, 100, 150, at: 0.25)
        #expect(window.currentTime == 0.25)
        // An older timestamp is delivered at the current time; time never goes back.
        window.move(1, 101, 150, at: 0.1)
        #expect(window.currentTime == 0.25)
        window.up(1, 101, 150, at: 0.5)
        #expect(view.log == ["began 1 @0.25", "moved 1 @0.25", "ended 1 @0.5"])
    }

    @Test func touchKnowsItsViewWindowAndPhase() {
        let (window, view) = makeTouchStage()
        var seen: [(Touch.Phase, Bool, Bool, Double)] = []
        let probe = TapGestureRecognizer()
        probe.cancelsTouchesInView = false
        final class Spy: GestureRecognizerDelegate {
            var touches: [Touch] = []
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                touches.append(touch)
                return true
            }
        }
        let spy = Spy()
        probe.delegate = spy
        view.addGestureRecognizer(probe)
        window.down(7, 100, 150, at: 0.1)
        let touch = try! #require(spy.touches.first)
        seen.append((touch.phase, touch.view === view, touch.window === window, touch.timestamp))
        window.move(7, 103, 154, at: 0.2)
        seen.append((touch.phase, touch.view === view, touch.window === window, touch.timestamp))
        #expect(touch.identifier == 7)
        #expect(touch.previousLocation(in: view) == Point(x: 60, y: 90))
        #expect(touch.location(in: nil) == Point(x: 103, y: 154))
        #expect(seen.map(\.0) == [.began, .moved])
        #expect(seen.allSatisfy { $0.1 && $0.2 })
        #expect(seen.map(\.3) == [0.1, 0.2])
        #expect(touch.gestureRecognizers.first === probe)
    }

    struct HitCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// Where the finger comes down, window points.
        let point: Point
        let configure: @Sendable (RecordingView, RecordingView) -> Void
        /// "child", "parent", "window" or "nothing".
        let receiver: String
        var testDescription: String { name }
    }

    // The parent is at (40, 60), 200 × 300; the child at (150, 250) in it, 100 × 100, so it
    // sticks out of the parent's bounds by 50 pt on both axes.
    nonisolated static let hitCases: [HitCase] = [
        HitCase(name: "visible child", point: Point(x: 210, y: 330), configure: { _, _ in }, receiver: "child"),
        HitCase(name: "hidden child", point: Point(x: 210, y: 330), configure: { _, c in c.isHidden = true }, receiver: "parent"),
        HitCase(name: "alpha 0.005", point: Point(x: 210, y: 330), configure: { _, c in c.alpha = 0.005 }, receiver: "parent"),
        HitCase(name: "alpha 0.01 is hit", point: Point(x: 210, y: 330), configure: { _, c in c.alpha = 0.01 }, receiver: "child"),
        HitCase(
            name: "interaction disabled", point: Point(x: 210, y: 330), configure: { _, c in c.isUserInteractionEnabled = false },
            receiver: "parent"),
        HitCase(
            name: "disabled parent hides its subviews", point: Point(x: 210, y: 330),
            configure: { p, _ in p.isUserInteractionEnabled = false }, receiver: "window"),
        HitCase(name: "child outside the parent's bounds", point: Point(x: 260, y: 390), configure: { _, _ in }, receiver: "window"),
        HitCase(name: "parent only", point: Point(x: 60, y: 70), configure: { _, _ in }, receiver: "parent"),
        HitCase(name: "outside the window", point: Point(x: 400, y: 70), configure: { _, _ in }, receiver: "nothing"),
    ]

    @Test(arguments: hitCases)
    func deliveryFollowsHitTesting(_ c: HitCase) {
        let window = RecordingWindow(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let parent = RecordingView(frame: Rect(x: 40, y: 60, width: 200, height: 300))
        let child = RecordingView(frame: Rect(x: 150, y: 250, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(child)
        window.advance(to: 0)
        c.configure(parent, child)
        window.down(1, c.point.x, c.point.y, at: 0.1)
        window.up(1, c.point.x, c.point.y, at: 0.2)
        let logs = ["window": window.log, "parent": parent.log, "child": child.log]
        for (name, log) in logs {
            #expect(log == (name == c.receiver ? ["began 1", "ended 1"] : []), "\(name)")
        }
    }

    @Test func recognizersComeFromTheHitViewUpToTheWindow() {
        let (window, view) = makeTouchStage()
        let child = View(frame: Rect(x: 10, y: 20, width: 50, height: 50))
        view.addSubview(child)
        let onWindow = TapGestureRecognizer()
        let onView1 = TapGestureRecognizer()
        let onView2 = TapGestureRecognizer()
        let onChild = TapGestureRecognizer()
        let disabled = TapGestureRecognizer()
        disabled.isEnabled = false
        window.addGestureRecognizer(onWindow)
        view.addGestureRecognizer(onView1)
        view.addGestureRecognizer(onView2)
        view.addGestureRecognizer(disabled)
        child.addGestureRecognizer(onChild)
        final class Catcher: GestureRecognizerDelegate {
            var touch: Touch?
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                self.touch = touch
                return true
            }
        }
        let catcher = Catcher()
        onWindow.delegate = catcher
        // (70, 100) in the window is (30, 40) in the view and (20, 20) in the child.
        window.down(1, 70, 100, at: 0.1)
        let list = catcher.touch?.gestureRecognizers ?? []
        #expect(list.count == 4)
        #expect(list.map(ObjectIdentifier.init) == [onChild, onView1, onView2, onWindow].map(ObjectIdentifier.init))
    }

    @Test func delegateCanRefuseATouch() {
        let (window, view) = makeTouchStage()
        final class Refuser: GestureRecognizerDelegate {
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { false }
        }
        let refuser = Refuser()
        let tap = TapGestureRecognizer()
        tap.delegate = refuser
        view.addGestureRecognizer(tap)
        let log = GestureLog(tap, in: window)
        window.tap(1, 100, 150, at: 0.1)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "ended 1"])
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        let name: String
        let inputs: [[TouchInput]]
        let expected: [String]
        /// Where the view last saw the finger, view coordinates.
        let lastLocation: Point?
        var testDescription: String { name }
    }

    nonisolated static func input(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double, _ t: Double) -> TouchInput {
        TouchInput(identifier: id, phase: phase, location: Point(x: x, y: y), timestamp: t)
    }

    nonisolated static let badInputs: [BadInput] = [
        BadInput(
            name: "began with NaN location", inputs: [[input(1, .began, .nan, 150, 0.1)], [input(1, .ended, 100, 150, 0.2)]],
            expected: [], lastLocation: nil),
        BadInput(
            name: "began with infinite location", inputs: [[input(1, .began, 100, .infinity, 0.1)]], expected: [], lastLocation: nil),
        BadInput(
            name: "moved for an unknown id",
            inputs: [[input(1, .began, 100, 150, 0.1)], [input(2, .moved, 120, 150, 0.2)], [input(1, .ended, 100, 150, 0.3)]],
            expected: ["began 1", "ended 1"], lastLocation: Point(x: 60, y: 90)),
        BadInput(
            name: "ended and cancelled for unknown ids",
            inputs: [[input(3, .ended, 100, 150, 0.1)], [input(4, .cancelled, 100, 150, 0.2)]],
            expected: [], lastLocation: nil),
        BadInput(
            name: "second began for a live id",
            inputs: [[input(1, .began, 100, 150, 0.1)], [input(1, .began, 150, 250, 0.2)], [input(1, .moved, 101, 152, 0.3)]],
            expected: ["began 1", "moved 1"], lastLocation: Point(x: 61, y: 92)),
        BadInput(
            name: "moved with NaN location",
            inputs: [[input(1, .began, 100, 150, 0.1)], [input(1, .moved, .nan, .nan, 0.2)]],
            expected: ["began 1"], lastLocation: Point(x: 60, y: 90)),
        BadInput(
            name: "ended with NaN lifts where the finger was",
            inputs: [[input(1, .began, 100, 150, 0.1)], [input(1, .moved, 104, 157, 0.2)], [input(1, .ended, .nan, 0, 0.3)]],
            expected: ["began 1", "moved 1", "ended 1"], lastLocation: Point(x: 64, y: 97)),
        BadInput(
            name: "duplicate id in one event: the first counts",
            inputs: [[input(1, .began, 100, 150, 0.1), input(1, .ended, 120, 150, 0.1)]],
            expected: ["began 1"], lastLocation: Point(x: 60, y: 90)),
        BadInput(
            name: "NaN timestamp happens now",
            inputs: [[input(1, .began, 100, 150, .nan)], [input(1, .ended, 100, 150, -.infinity)]],
            expected: ["began 1", "ended 1"], lastLocation: Point(x: 60, y: 90)),
    ]

    @Test(arguments: badInputs)
    func badInputIsIgnored(_ c: BadInput) {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        for event in c.inputs { window.send(event) }
        #expect(view.log == c.expected)
        #expect(view.locations.last == c.lastLocation)
        #expect(pan.translation(in: view) == .zero)
        #expect(window.currentTime.isFinite)
    }

    @Test func severalFingersInOneEventGoTogether() {
        let (window, view) = makeTouchStage()
        view.isMultipleTouchEnabled = true
        window.send([
            TouchInput(identifier: 2, phase: .began, location: Point(x: 100, y: 150), timestamp: 0.1),
            TouchInput(identifier: 1, phase: .began, location: Point(x: 120, y: 160), timestamp: 0.1),
        ])
        window.send(TouchInput(identifier: 1, phase: .moved, location: Point(x: 125, y: 168), timestamp: 0.2))
        window.send([
            TouchInput(identifier: 1, phase: .ended, location: Point(x: 125, y: 168), timestamp: 0.3),
            TouchInput(identifier: 2, phase: .ended, location: Point(x: 100, y: 150), timestamp: 0.3),
        ])
        #expect(view.log == ["began 1,2", "moved 1", "ended 1,2"])
    }

    @Test func singleTouchViewGetsOnlyTheFirstFinger() {
        let (window, view) = makeTouchStage()
        #expect(!view.isMultipleTouchEnabled)
        window.down(1, 100, 150, at: 0.1)
        window.down(2, 120, 160, at: 0.2)
        window.move(2, 125, 165, at: 0.3)
        window.up(2, 125, 165, at: 0.4)
        window.up(1, 100, 150, at: 0.5)
        #expect(view.log == ["began 1", "ended 1"])
    }

    @Test func tapCountCountsQuickTapsAtTheSameSpot() {
        let (window, _) = makeTouchStage()
        final class Counter: GestureRecognizerDelegate {
            var counts: [Int] = []
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                counts.append(touch.tapCount)
                return true
            }
        }
        let counter = Counter()
        let probe = PanGestureRecognizer()
        probe.delegate = counter
        window.addGestureRecognizer(probe)
        window.tap(1, 100, 150, at: 0.10)  // 1
        window.tap(1, 104, 147, at: 0.40)  // lifted at 0.15, down 0.25 later: 2
        window.tap(2, 130, 170, at: 0.70)  // 35 pt from the last lift, another finger: 3
        window.tap(1, 140, 175, at: 1.20)  // 0.45 s after the lift: 1
        window.tap(1, 200, 175, at: 1.40)  // 60 pt away: 1
        window.down(1, 200, 175, at: 1.60)  // 2 ...
        window.move(1, 260, 175, at: 1.62)  // ... but it drags away: not a tap
        window.up(1, 260, 175, at: 1.64)
        window.tap(1, 260, 175, at: 1.70)  // 1
        #expect(counter.counts == [1, 2, 3, 1, 1, 2, 1])
    }

    @Test func untouchedFingersAreStationary() {
        let (window, view) = makeTouchStage()
        view.isMultipleTouchEnabled = true
        final class Grab: GestureRecognizerDelegate {
            var touches: [Touch] = []
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                touches.append(touch)
                return true
            }
        }
        let grab = Grab()
        let pan = PanGestureRecognizer()
        pan.delegate = grab
        view.addGestureRecognizer(pan)
        window.down(1, 100, 150, at: 0.1)
        window.down(2, 130, 150, at: 0.2)
        window.move(2, 132, 151, at: 0.3)
        #expect(grab.touches.map(\.phase) == [.stationary, .moved])
    }

    @Test func sendFromAHandlerIsDeliveredAfterTheCurrentEvent() {
        let (window, view) = makeTouchStage()
        view.onBegan = {
            window.up(1, 100, 150, at: 0.2)
            view.log.append("handler returned")
        }
        window.down(1, 100, 150, at: 0.1)
        #expect(view.log == ["began 1", "handler returned", "ended 1"])
        #expect(window.currentTime == 0.2)
    }
}
