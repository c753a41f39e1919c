import KinemaGeometry
import KinemaUI
import Testing

@Suite struct WindowRunLoopTests {
    @Test func timersRunAtTheirExactTimeInOrder() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        var log: [String] = []
        window.schedule(at: 0.5) { log.append("b at \(window.currentTime)") }
        window.schedule(at: 0.2) { log.append("a at \(window.currentTime)") }
        let cancelled = window.schedule(at: 0.3) { log.append("cancelled") }
        window.schedule(at: 0.5) { log.append("c at \(window.currentTime)") }
        window.cancelTimer(cancelled)
        window.advance(to: 0.4)
        #expect(log == ["a at 0.2"])
        window.advance(to: 2)
        #expect(log == ["a at 0.2", "b at 0.5", "c at 0.5"])
        #expect(window.currentTime == 2)
    }

    @Test func timerInThePastRunsOnTheNextTurn() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        window.advance(to: 1)
        var ran: Double?
        window.schedule(at: 0.5) { ran = window.currentTime }
        window.advance(to: 1.25)
        #expect(ran == 1)
    }

    @Test func displayLinkFiresOncePerFrameBeforeTheCommit() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        let dot = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(dot)
        var frames: [Double] = []
        let link = DisplayLink { link in
            frames.append(link.timestamp)
            dot.center.x = 100 * link.timestamp
        }
        link.add(to: window)
        window.advance(to: 0.25)
        window.advance(to: 0.5)
        #expect(frames == [0.25, 0.5])
        #expect(link.duration == 0.25)
        #expect(dot.layer.presentation(at: 0.5).position.x == 50)
        link.isPaused = true
        window.advance(to: 0.75)
        link.isPaused = false
        link.invalidate()
        window.advance(to: 1)
        #expect(frames == [0.25, 0.5])
    }

    @Test func advancingBackwardsOrToNaNDoesNothing() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        window.advance(to: 1)
        window.advance(to: 0.5)
        window.advance(to: .nan)
        #expect(window.currentTime == 1)
    }
}
