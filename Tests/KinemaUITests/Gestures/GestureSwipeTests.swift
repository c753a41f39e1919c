import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GestureSwipeTests {
    struct SwipeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let direction: SwipeGestureRecognizer.Direction
        /// Finger motion over `duration`, window points.
        let dx: Double
        let dy: Double
        let duration: Double
        let recognizes: Bool
        var testDescription: String { name }
    }

    // Defaults: 50 pt, 300 pt/s on average, within 30° of an allowed direction.
    nonisolated static let cases: [SwipeCase] = [
        SwipeCase(name: "fast right", direction: .right, dx: 80, dy: 6, duration: 0.1, recognizes: true),
        SwipeCase(name: "fast left, right only", direction: .right, dx: -80, dy: 6, duration: 0.1, recognizes: false),
        SwipeCase(name: "up among left and up", direction: [.left, .up], dx: 5, dy: -90, duration: 0.1, recognizes: true),
        SwipeCase(name: "down, not allowed", direction: [.left, .up], dx: 5, dy: 90, duration: 0.1, recognizes: false),
        SwipeCase(name: "20 degrees off", direction: .right, dx: 75.2, dy: 27.4, duration: 0.1, recognizes: true),
        SwipeCase(name: "40 degrees off", direction: .right, dx: 61.3, dy: 51.4, duration: 0.1, recognizes: false),
        SwipeCase(name: "too short", direction: .right, dx: 45, dy: 0, duration: 0.05, recognizes: false),
        SwipeCase(name: "too slow", direction: .right, dx: 80, dy: 0, duration: 0.5, recognizes: false),
        SwipeCase(name: "320 pt/s", direction: .down, dx: 0, dy: 160, duration: 0.5, recognizes: true),
        SwipeCase(name: "280 pt/s", direction: .down, dx: 0, dy: 140, duration: 0.5, recognizes: false),
    ]

    @Test(arguments: cases)
    func swipe(_ c: SwipeCase) {
        let (window, view) = makeTouchStage()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = c.direction
        view.addGestureRecognizer(swipe)
        let log = GestureLog(swipe, in: window)
        window.down(1, 140, 200, at: 0.1)
        let end = window.drag(from: Point(x: 140, y: 200), to: Point(x: 140 + c.dx, y: 200 + c.dy), start: 0.1, duration: c.duration)
        window.up(1, 140 + c.dx, 200 + c.dy, at: end + 0.01)
        #expect(log.states == (c.recognizes ? [.ended, .possible] : [.failed, .possible]))
        #expect(log.actions == (c.recognizes ? [.recognized] : []))
    }

    @Test func recognizesWhileTheFingerIsStillDown() {
        let (window, view) = makeTouchStage()
        let swipe = SwipeGestureRecognizer()
        view.addGestureRecognizer(swipe)
        let log = GestureLog(swipe, in: window)
        window.down(1, 100, 200, at: 0)
        window.move(1, 130, 203, at: 0.05)  // 30 pt
        #expect(log.states.isEmpty)
        window.move(1, 160, 205, at: 0.10)  // 60 pt at 600 pt/s
        #expect(log.states == [.ended])
        #expect(log.actionTimes == [0.10])
    }

    @Test func twoFingerSwipe() {
        let (window, view) = makeTouchStage()
        let swipe = SwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        swipe.direction = .up
        view.addGestureRecognizer(swipe)
        let log = GestureLog(swipe, in: window)
        window.down(1, 100, 250, at: 0)
        window.move(1, 100, 180, at: 0.05)  // one finger only: not measured
        #expect(log.states.isEmpty)
        window.down(2, 140, 250, at: 0.06)
        window.send([
            TouchInput(identifier: 1, phase: .moved, location: Point(x: 100, y: 120), timestamp: 0.1),
            TouchInput(identifier: 2, phase: .moved, location: Point(x: 140, y: 190), timestamp: 0.1),
        ])
        // The centroid went from (120, 215) to (120, 155): 60 pt in 0.04 s.
        #expect(log.states == [.ended])
    }

    @Test func oneFingerFailsATwoFingerSwipe() {
        let (window, view) = makeTouchStage()
        let swipe = SwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        view.addGestureRecognizer(swipe)
        let log = GestureLog(swipe, in: window)
        window.down(1, 100, 250, at: 0)
        window.drag(from: Point(x: 100, y: 250), to: Point(x: 200, y: 250), start: 0, duration: 0.1)
        window.up(1, 200, 250, at: 0.11)
        #expect(log.states == [.failed, .possible])
    }
}

@Suite struct GestureSwipeTimingTests {
    @Test func slowDragFailsAtTheMaximumDuration() {
        let (window, view) = makeTouchStage()
        let swipe = SwipeGestureRecognizer()
        view.addGestureRecognizer(swipe)
        let log = GestureLog(swipe, in: window)
        window.down(1, 100, 200, at: 0.1)
        window.drag(from: Point(x: 100, y: 200), to: Point(x: 130, y: 202), start: 0.1, duration: 0.3)
        window.advance(to: 2)
        #expect(log.states == [.failed])  // finger still down: not reset yet
        #expect(log.failureTime == 0.1 + 0.5)
    }

    /// The usual UIKit pairing: a pan that waits for a swipe to fail.
    @Test(arguments: [true, false])
    func panWaitingForASwipe(_ fast: Bool) {
        let (window, view) = makeTouchStage()
        let swipe = SwipeGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.require(toFail: swipe)
        view.addGestureRecognizer(swipe)
        view.addGestureRecognizer(pan)
        let swipeLog = GestureLog(swipe, in: window)
        let panLog = GestureLog(pan, in: window)
        var firstTranslation: Point?
        pan.addTarget { pan in if firstTranslation == nil { firstTranslation = pan.translation(in: view) } }
        window.down(1, 100, 200, at: 0)
        // Fast: 90 pt in 0.1 s. Slow: 90 pt in 0.9 s.
        let end = window.drag(from: Point(x: 100, y: 200), to: Point(x: 190, y: 204), start: 0, duration: fast ? 0.1 : 0.9)
        window.up(1, 190, 204, at: end + 0.01)
        if fast {
            #expect(swipeLog.states == [.ended, .possible])
            #expect(panLog.states == [.failed, .possible])
        } else {
            #expect(swipeLog.states == [.failed, .possible])
            #expect(panLog.states.first == .began)
            #expect(panLog.actionTimes.first == 0.5)  // when the swipe failed, on its timer
            #expect(firstTranslation == .zero)
            #expect(panLog.states.suffix(2) == [.ended, .possible])
        }
    }
}
