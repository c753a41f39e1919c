import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GesturePinchTests {
    /// The centre of the stage's recording view, window points.
    static let center = Point(x: 140, y: 210)

    struct SteadyPinch: CustomTestStringConvertible, Sendable {
        let from: Double
        let to: Double
        let steps: Int
        var testDescription: String { "\(from) → \(to) pt in \(steps) events at 120 Hz" }
    }

    @Test(arguments: [
        SteadyPinch(from: 100, to: 200, steps: 12),
        SteadyPinch(from: 100, to: 50, steps: 12),
        SteadyPinch(from: 80, to: 140, steps: 6),
    ])
    func scaleAndVelocityOfASteadyPinch(_ c: SteadyPinch) throws {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var last: (scale: Double, velocity: Double)?
        pinch.addTarget { pinch in last = (pinch.scale, pinch.velocity) }
        window.pair(.began, FingerPair(center: Self.center, distance: c.from), at: 0)
        window.movePair(
            from: FingerPair(center: Self.center, distance: c.from), to: FingerPair(center: Self.center, distance: c.to),
            steps: c.steps, start: 0)
        // By hand: the distance changes by the same amount every 1/120 s, so the scale goes from 1
        // to to/from at a steady rate over steps/120 s.
        let expectedVelocity = (c.to / c.from - 1) / (Double(c.steps) / 120)
        let (scale, velocity) = try #require(last)
        #expect(isClose(scale, c.to / c.from, 1e-12))
        #expect(isClose(velocity, expectedVelocity, 1e-6 * abs(expectedVelocity)))
    }

    // Default hysteresis: the distance must change by 4 pt.
    @Test(arguments: zip([3.9, 4, -3.9, -4, 30], [false, true, false, true, true]))
    func beginsOnceTheDistanceChangesByTheHysteresis(_ change: Double, _ begins: Bool) {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let log = GestureLog(pinch, in: window)
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0.1)
        window.pair(.moved, FingerPair(center: Self.center, distance: 100 + change), at: 0.11)
        #expect(log.states == (begins ? [.began] : []))
        #expect(isClose(pinch.scale, (100 + change) / 100, 1e-12))
    }

    @Test(arguments: [0.0, Double.pi / 3])
    func fingersMovingTogetherDoNotBeginAPinch(_ angle: Double) {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let log = GestureLog(pinch, in: window)
        let start = FingerPair(center: Self.center, distance: 100, angle: angle)
        var end = start
        end.center = Point(x: 200, y: 290)
        window.pair(.began, start, at: 0)
        let time = window.movePair(from: start, to: end, steps: 12, start: 0)
        #expect(log.states.isEmpty)
        #expect(isClose(pinch.scale, 1, 1e-12))
        window.pair(.ended, end, at: time + 0.01)
        #expect(log.states == [.failed, .possible])
        #expect(log.actions.isEmpty)
    }

    @Test func locationIsTheMidpointOfTheFingers() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var locations: [Point] = []
        pinch.addTarget { pinch in locations.append(pinch.location(in: view)) }
        // Finger 1 holds still; finger 2 moves away from it and down.
        window.down(1, 100, 200, at: 0)
        window.down(2, 200, 200, at: 0)
        for i in 1...10 { window.move(2, 200 + 10 * Double(i), 200 + 6 * Double(i), at: Double(i) / 120) }
        #expect(locations.count == 10)
        for (i, location) in locations.enumerated() {
            // Midpoint in the window, minus the view's origin (40, 60).
            let second = Point(x: 200 + 10 * Double(i + 1), y: 200 + 6 * Double(i + 1))
            #expect(isClose(location, Point(x: (100 + second.x) / 2 - 40, y: (200 + second.y) / 2 - 60), 1e-12))
        }
    }

    @Test func aSymmetricPinchStaysCentredOnTheMidpoint() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var locations: [Point] = []
        pinch.addTarget { pinch in locations.append(pinch.location(in: nil)) }
        window.pair(.began, FingerPair(center: Self.center, distance: 60, angle: 0.4), at: 0)
        window.movePair(
            from: FingerPair(center: Self.center, distance: 60, angle: 0.4),
            to: FingerPair(center: Self.center, distance: 180, angle: 0.4), steps: 8, start: 0)
        #expect(locations.count == 8)
        #expect(locations.allSatisfy { isClose($0, Self.center, 1e-12) })
    }

    @Test func liftingOneFingerEndsThePinch() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let log = GestureLog(pinch, in: window)
        var touchCounts: [Int] = []
        pinch.addTarget { pinch in touchCounts.append(pinch.numberOfTouches) }
        let start = FingerPair(center: Self.center, distance: 100)
        let end = FingerPair(center: Self.center, distance: 160)
        window.pair(.began, start, at: 0)
        let time = window.movePair(from: start, to: end, steps: 6, start: 0)
        window.up(2, end.second.x, end.second.y, at: time + 0.01)
        #expect(log.states == [.began] + Array(repeating: .changed, count: 5) + [.ended])
        #expect(log.actions.last == .ended)
        #expect(touchCounts.last == 2)  // the lifting finger still counts while the targets run
        #expect(isClose(pinch.scale, 1.6, 1e-12))  // held until the recognizer resets
        window.move(1, 20, 210, at: time + 0.02)  // the finger left behind no longer pinches
        #expect(log.actions.count == 7)
        window.up(1, 20, 210, at: time + 0.03)
        #expect(log.states.last == .possible)
        #expect(pinch.scale == 1)
        #expect(pinch.velocity == 0)
    }

    @Test func aFingerThatLiftsBeforeThePinchBeginsIsReplaced() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let log = GestureLog(pinch, in: window)
        window.down(1, 100, 200, at: 0)
        window.down(2, 200, 200, at: 0.01)
        window.up(2, 200, 200, at: 0.02)
        #expect(log.states.isEmpty)  // one finger left: still possible
        window.down(3, 150, 200, at: 0.03)  // the new pair starts 50 pt apart
        window.move(3, 200, 200, at: 0.04)
        #expect(log.states == [.began])
        #expect(isClose(pinch.scale, 2, 1e-12))
    }

    @Test func bothFingersLiftingBeforeItBeganFail() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let log = GestureLog(pinch, in: window)
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0)
        window.pair(.moved, FingerPair(center: Self.center, distance: 102), at: 0.01)
        window.pair(.ended, FingerPair(center: Self.center, distance: 102), at: 0.02)
        #expect(log.states == [.failed, .possible])
    }

    /// The usual handler applies the scale and sets it back to 1: the factors multiply to the
    /// whole pinch, and the velocity starts again from each reset.
    @Test func settingTheScaleRebasesItAndZeroesTheVelocity() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var factors: [Double] = []
        var velocities: [Double] = []
        var velocitiesAfterSetting: [Double] = []
        pinch.addTarget { pinch in
            factors.append(pinch.scale)
            velocities.append(pinch.velocity)
            pinch.scale = 1
            velocitiesAfterSetting.append(pinch.velocity)
        }
        let distances = (0...10).map { 100 + 10 * Double($0) }
        window.pair(.began, FingerPair(center: Self.center, distance: distances[0]), at: 0)
        for k in 1...10 { window.pair(.moved, FingerPair(center: Self.center, distance: distances[k]), at: Double(k) / 120) }
        #expect(factors.count == 10)
        #expect(isClose(factors.reduce(1, *), 2, 1e-12))
        #expect(velocitiesAfterSetting.allSatisfy { $0 == 0 })
        // By hand: two samples 1/120 s apart, from 1 to d_k / d_(k-1).
        for k in 1...10 {
            #expect(isClose(velocities[k - 1], (distances[k] / distances[k - 1] - 1) * 120, 1e-9))
        }
        pinch.scale = .nan  // ignored
        #expect(pinch.scale == 1)
    }

    @Test func coincidentFingersAndSimultaneousEventsGiveNoNaN() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var readings: [(scale: Double, velocity: Double)] = []
        pinch.addTarget { pinch in readings.append((pinch.scale, pinch.velocity)) }
        func check() {
            #expect(pinch.scale.isFinite)
            #expect(pinch.velocity.isFinite)
        }
        window.down(1, 140, 210, at: 0)
        window.down(2, 140, 210, at: 0)  // on top of finger 1
        check()
        window.move(2, 140.5, 210, at: 0.01)  // still closer than 1 pt: no reference yet
        check()
        #expect(pinch.scale == 1)
        window.move(2, 190, 210, at: 0.01)  // same time; 50 pt apart becomes the reference
        check()
        #expect(pinch.scale == 1)
        window.move(2, 240, 210, at: 0.02)
        window.move(2, 340, 210, at: 0.02)  // zero time since the last event
        check()
        window.move(2, 140, 210, at: 0.03)  // back on top of finger 1
        check()
        #expect(readings.map(\.scale) == [2, 4, 0])
        #expect(readings.allSatisfy { $0.scale.isFinite && $0.velocity.isFinite })
    }

    @Test func aPinchInZeroTimeHasNoVelocity() {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var readings: [(scale: Double, velocity: Double)] = []
        pinch.addTarget { pinch in readings.append((pinch.scale, pinch.velocity)) }
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0.1)
        window.pair(.moved, FingerPair(center: Self.center, distance: 200), at: 0.1)
        #expect(readings.count == 1)
        #expect(readings.first?.scale == 2)
        #expect(readings.first?.velocity == 0)
    }
}
