import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GesturePanTests {
    struct SlopCase: CustomTestStringConvertible, Sendable {
        let dx: Double
        let dy: Double
        let begins: Bool
        var testDescription: String { "moves (\(dx), \(dy))" }
    }

    // Default hysteresis: the centroid must move 10 pt.
    @Test(arguments: [
        SlopCase(dx: 0, dy: 8, begins: false),
        SlopCase(dx: 6, dy: 7.9, begins: false),
        SlopCase(dx: 6, dy: 8, begins: true),
        SlopCase(dx: -30, dy: 0, begins: true),
    ])
    func beginsOnlyPastTheSlop(_ c: SlopCase) {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        let log = GestureLog(pan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.drag(from: Point(x: 100, y: 150), to: Point(x: 100 + c.dx, y: 150 + c.dy), start: 0.1, duration: 0.05)
        window.up(1, 100 + c.dx, 150 + c.dy, at: 0.2)
        let last: GestureRecognizer.State = c.begins ? .ended : .failed
        #expect(log.states.first == (c.begins ? .began : .failed))
        #expect(log.states.suffix(2) == [last, .possible])
        #expect(log.actions.isEmpty == !c.begins)
    }

    /// A touch moving 8 pt and lifting leaves the view alone (it is within the 10 pt slop); a drag
    /// of 30 pt down starts the pan without a slop-sized jump.
    @Test func dragStartsWithoutAJump() {
        let (window, view) = makeTouchStage()
        let image = View(frame: Rect(x: 0, y: 0, width: 100, height: 150))
        view.addSubview(image)
        let start = image.center
        var frames: [(translation: Point, finger: Point)] = []
        let pan = PanGestureRecognizer { pan in
            let t = pan.translation(in: view)
            image.center = Point(x: start.x + t.x, y: start.y + t.y)
            frames.append((t, pan.location(in: view)))
        }
        view.addGestureRecognizer(pan)

        window.down(1, 60, 80, at: 0.1)
        window.drag(from: Point(x: 60, y: 80), to: Point(x: 60, y: 88), start: 0.1, duration: 4 / 120.0)
        window.up(1, 60, 88, at: 0.2)
        #expect(frames.isEmpty)
        #expect(image.center == start)

        window.down(1, 60, 80, at: 1)
        window.drag(from: Point(x: 60, y: 80), to: Point(x: 60, y: 110), start: 1, duration: 10 / 120.0)  // 3 pt per event
        #expect(frames.count >= 2)
        let recognizedAt = frames[0].finger
        for (translation, finger) in frames {
            let motionSinceRecognition = finger.distance(to: recognizedAt)
            #expect(Point.zero.distance(to: translation) <= 1 + motionSinceRecognition + 1e-9)
        }
        #expect(frames[0].translation == .zero)
        // The finger crossed the slop at 12 pt (4th event); it then moved 18 pt more.
        #expect(frames.last?.translation == Point(x: 0, y: 18))
    }

    @Test func translationFollowsTheFingerSinceItBegan() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var translations: [Point] = []
        pan.addTarget { pan in translations.append(pan.translation(in: view)) }
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 106, 158, at: 0.11)  // 10 pt: began, translation zero
        window.move(1, 120, 165, at: 0.12)
        window.move(1, 91, 203, at: 0.13)
        window.up(1, 91, 203, at: 0.14)
        #expect(translations == [.zero, Point(x: 14, y: 7), Point(x: -15, y: 45), Point(x: -15, y: 45)])
        #expect(pan.translation(in: view) == .zero)  // reset
    }

    @Test func translationIsInTheGivenViewsCoordinates() {
        let (window, view) = makeTouchStage()
        let scaled = View(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 4)
        view.addSubview(scaled)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var results: [(Point, Point, Point)] = []
        pan.addTarget { pan in results.append((pan.translation(in: nil), pan.translation(in: view), pan.translation(in: scaled))) }
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.11)
        window.move(1, 130, 150, at: 0.12)
        let last = try! #require(results.last)
        #expect(last.0 == Point(x: 30, y: -20))
        #expect(last.1 == Point(x: 30, y: -20))
        #expect(isClose(last.2, Point(x: 15, y: -5), 1e-12))
    }

    @Test func setTranslationRebasesIt() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var translations: [Point] = []
        pan.addTarget { pan in
            translations.append(pan.translation(in: view))
            pan.setTranslation(.zero, in: view)
        }
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 162, at: 0.11)
        window.move(1, 107, 165, at: 0.12)
        window.move(1, 105, 175, at: 0.13)
        #expect(translations == [.zero, Point(x: 7, y: 3), Point(x: -2, y: 10)])
        pan.setTranslation(Point(x: 40, y: -25), in: view)
        #expect(pan.translation(in: view) == Point(x: 40, y: -25))
        pan.setTranslation(Point(x: .nan, y: 0), in: view)
        #expect(pan.translation(in: view) == Point(x: 40, y: -25))
    }

    /// 120 Hz samples of a 1200 pt/s drag with alternating ±0.5 pt noise estimate 1200 pt/s within
    /// 3 %.
    @Test func velocityOfA120HzConstantDrag() {
        let (window, view) = makeTouchStage()
        let scaled = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        view.addSubview(scaled)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var velocities: [(window: Point, scaled: Point)] = []
        pan.addTarget { pan in velocities.append((pan.velocity(in: nil), pan.velocity(in: scaled))) }
        let (vx, vy) = (-300.0, 1200.0)
        window.down(1, 200, 100, at: 0)
        for i in 1...24 {
            let t = Double(i) / 120
            let noise = i % 2 == 0 ? 0.5 : -0.5
            window.move(1, 200 + vx * t, 100 + vy * t + noise, at: t)
        }
        let v = try! #require(velocities.last)
        #expect(abs(v.window.y - vy) <= 0.03 * vy)
        #expect(abs(v.window.x - vx) <= 0.03 * abs(vx))
        #expect(isClose(v.scaled, Point(x: v.window.x / 2, y: v.window.y / 2), 1e-6))
        window.up(1, 200 + vx * 0.2 + vx / 120, 100 + vy * 0.2 + vy / 120, at: 0.2 + 1.0 / 120)
        // Began at the second event (the first moved 9.8 pt), changed at 22 more, then ended.
        #expect(velocities.count == 24)
        #expect(abs(velocities[23].window.y - vy) <= 0.03 * vy)
        #expect(pan.velocity(in: nil) == .zero)  // reset
    }

    /// Move at 1500 pt/s for 100 ms, hold still 60 ms, lift: the release velocity is at most
    /// 50 pt/s, so a pause before lifting never flings.
    @Test func noStaleVelocityAfterAPause() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var release = Point(x: .nan, y: .nan)
        pan.addTarget { pan in if pan.state == .ended { release = pan.velocity(in: view) } }
        window.down(1, 100, 100, at: 0)
        for i in 1...12 { window.move(1, 100, 100 + 1500 * Double(i) / 120, at: Double(i) / 120) }
        window.up(1, 100, 250, at: 0.16)
        #expect(abs(release.y) <= 50)
    }

    @Test func fingersComingAndGoingDoNotJump() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var translations: [Point] = []
        var counts: [Int] = []
        pan.addTarget { pan in
            translations.append(pan.translation(in: view))
            counts.append(pan.numberOfTouches)
        }
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.11)  // began
        window.down(2, 200, 250, at: 0.12)  // the centroid jumps 50 pt; the translation doesn't
        window.send([
            TouchInput(identifier: 1, phase: .moved, location: Point(x: 104, y: 173), timestamp: 0.13),
            TouchInput(identifier: 2, phase: .moved, location: Point(x: 204, y: 253), timestamp: 0.13),
        ])
        window.up(1, 104, 173, at: 0.14)
        window.move(2, 214, 248, at: 0.15)
        window.up(2, 214, 248, at: 0.16)
        #expect(translations == [.zero, Point(x: 4, y: 3), Point(x: 14, y: -2), Point(x: 14, y: -2)])
        #expect(counts == [1, 2, 1, 1])
    }

    @Test func minimumNumberOfTouches() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        let log = GestureLog(pan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 190, at: 0.11)  // one finger: no pan, however far
        #expect(log.states.isEmpty)
        window.down(2, 140, 190, at: 0.12)
        window.send([
            TouchInput(identifier: 1, phase: .moved, location: Point(x: 106, y: 198), timestamp: 0.13),
            TouchInput(identifier: 2, phase: .moved, location: Point(x: 146, y: 198), timestamp: 0.13),
        ])
        #expect(log.states == [.began])
        window.up(2, 146, 198, at: 0.14)  // fewer than two: it ends
        #expect(log.states == [.began, .ended])
        window.up(1, 106, 198, at: 0.15)
        #expect(log.states == [.began, .ended, .possible])
    }

    @Test func fingersBeyondTheMaximumAreIgnored() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        view.addGestureRecognizer(pan)
        var translations: [Point] = []
        pan.addTarget { pan in translations.append(pan.translation(in: view)) }
        window.down(1, 100, 150, at: 0.1)
        window.down(2, 200, 250, at: 0.1)
        window.move(2, 260, 250, at: 0.11)  // the ignored finger moves: nothing
        #expect(translations.isEmpty)
        #expect(pan.numberOfTouches == 1)
        window.move(1, 112, 150, at: 0.12)
        window.move(1, 115, 161, at: 0.13)
        #expect(translations == [.zero, Point(x: 3, y: 11)])
    }

    /// Apple documents that touches a recognizer ignores are not cancelled in its view: a finger
    /// beyond the maximum, coming down after the pan began, goes to the view.
    @Test func fingersBeyondTheMaximumReachTheView() {
        let (window, view) = makeTouchStage()
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        view.addGestureRecognizer(pan)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.11)  // began: finger 1 is taken from the view
        window.down(2, 200, 250, at: 0.12)
        window.move(2, 210, 250, at: 0.13)
        window.up(2, 210, 250, at: 0.14)
        #expect(pan.numberOfTouches == 1)
        #expect(view.log == ["began 1", "cancelled 1", "began 2", "moved 2", "ended 2"])
    }

    @Test func cancelledInputCancelsThePan() {
        let (window, view) = makeTouchStage()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        let log = GestureLog(pan, in: window)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.11)
        window.send(TouchInput(identifier: 1, phase: .cancelled, location: Point(x: 100, y: 170), timestamp: 0.12))
        #expect(log.states == [.began, .cancelled, .possible])
        #expect(log.actions == [.began, .cancelled])
    }

    @Test func sameScriptGivesTheSameBits() {
        func run() -> [UInt64] {
            let (window, view) = makeTouchStage()
            view.isMultipleTouchEnabled = true
            let pan = PanGestureRecognizer()
            view.addGestureRecognizer(pan)
            var bits: [UInt64] = []
            pan.addTarget { pan in
                let t = pan.translation(in: view)
                let v = pan.velocity(in: view)
                bits += [t.x, t.y, v.x, v.y].map(\.bitPattern)
            }
            for i in 0..<30 {
                let t = 0.1 + Double(i) / 120
                let phase: Touch.Phase = i == 0 ? .began : .moved
                window.send(
                    (1...3).map { id in
                        let d = Double(id)
                        return TouchInput(
                            identifier: id, phase: phase,
                            location: Point(x: 50 + 31.7 * d + 3.3 * Double(i), y: 90 + 0.1 * d + 7.1 * Double(i) / d),
                            timestamp: t)
                    })
            }
            return bits
        }
        let first = run()
        #expect(first.count > 100)
        for _ in 0..<5 { #expect(run() == first) }
    }
}
