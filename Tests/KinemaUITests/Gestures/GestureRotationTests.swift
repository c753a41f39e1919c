import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GestureRotationTests {
    /// The centre of the stage's recording view, window points.
    static let center = Point(x: 140, y: 210)

    struct Turn: CustomTestStringConvertible, Sendable {
        /// Direction of the line from finger 1 to finger 2 at touch-down, degrees.
        let startDegrees: Double
        /// How far it turns, degrees (positive clockwise on screen).
        let degrees: Double
        let steps: Int
        var testDescription: String { "from \(startDegrees)° by \(degrees)° in \(steps) events" }
    }

    @Test(arguments: [
        Turn(startDegrees: 0, degrees: 90, steps: 18),
        Turn(startDegrees: 0, degrees: -90, steps: 18),
        Turn(startDegrees: 30, degrees: 90, steps: 9),
    ])
    func aQuarterTurnReadsPiOverTwo(_ c: Turn) throws {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        var last: (rotation: Double, velocity: Double)?
        rotate.addTarget { rotate in last = (rotate.rotation, rotate.velocity) }
        let start = FingerPair(center: Self.center, distance: 100, angle: c.startDegrees * .pi / 180)
        var end = start
        end.angle += c.degrees * .pi / 180
        window.pair(.began, start, at: 0)
        window.movePair(from: start, to: end, steps: c.steps, start: 0)
        // By hand: the angle changes by the same amount every 1/120 s.
        let turn = c.degrees * .pi / 180
        let expectedVelocity = turn / (Double(c.steps) / 120)
        let (rotation, velocity) = try #require(last)
        #expect(isClose(rotation, turn, 1e-9))
        #expect(isClose(abs(rotation), .pi / 2, 1e-9))
        #expect(isClose(velocity, expectedVelocity, 1e-6 * abs(expectedVelocity)))
    }

    /// The line through the fingers crosses the direction where atan2 jumps from π to −π (or
    /// turns more than a full circle): the rotation keeps adding up, without a jump. Every step
    /// (4° or 5°) is past the 3° threshold, so every event is reported.
    @Test(arguments: [
        Turn(startDegrees: 170, degrees: 20, steps: 5),
        Turn(startDegrees: -170, degrees: -20, steps: 5),
        Turn(startDegrees: 0, degrees: 450, steps: 90),
        Turn(startDegrees: 90, degrees: -400, steps: 80),
    ])
    func crossingHalfATurnKeepsAccumulating(_ c: Turn) throws {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        var rotations: [Double] = []
        rotate.addTarget { rotate in rotations.append(rotate.rotation) }
        let start = FingerPair(center: Self.center, distance: 100, angle: c.startDegrees * .pi / 180)
        var end = start
        end.angle += c.degrees * .pi / 180
        window.pair(.began, start, at: 0)
        window.movePair(from: start, to: end, steps: c.steps, start: 0)
        let step = c.degrees / Double(c.steps) * .pi / 180
        #expect(rotations.count == c.steps)
        for (i, rotation) in rotations.enumerated() {
            #expect(isClose(rotation, step * Double(i + 1), 1e-9))
        }
        #expect(isClose(try #require(rotations.last), c.degrees * .pi / 180, 1e-9))
    }

    // Default hysteresis: 3°.
    @Test(arguments: zip([2.5, -2.5, 3.5, -3.5], [false, false, true, true]))
    func beginsOnceTheLineTurnsByTheHysteresis(_ degrees: Double, _ begins: Bool) {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        let log = GestureLog(rotate, in: window)
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0.1)
        window.pair(.moved, FingerPair(center: Self.center, distance: 100, angle: degrees * .pi / 180), at: 0.11)
        #expect(log.states == (begins ? [.began] : []))
    }

    @Test func fingersMovingTogetherDoNotBeginARotation() {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        let log = GestureLog(rotate, in: window)
        let start = FingerPair(center: Self.center, distance: 100, angle: 0.7)
        var end = start
        end.center = Point(x: 60, y: 330)
        end.distance = 160  // a pinch, but no turn
        window.pair(.began, start, at: 0)
        let time = window.movePair(from: start, to: end, steps: 12, start: 0)
        window.pair(.ended, end, at: time + 0.01)
        #expect(log.states == [.failed, .possible])
    }

    @Test func liftingOneFingerEndsTheRotation() {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        let log = GestureLog(rotate, in: window)
        let start = FingerPair(center: Self.center, distance: 100)
        let end = FingerPair(center: Self.center, distance: 100, angle: 0.5)
        window.pair(.began, start, at: 0)
        let time = window.movePair(from: start, to: end, steps: 5, start: 0)
        window.up(1, end.first.x, end.first.y, at: time + 0.01)
        #expect(log.states == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(isClose(rotate.rotation, 0.5, 1e-12))
        window.up(2, end.second.x, end.second.y, at: time + 0.02)
        #expect(log.states.last == .possible)
        #expect(rotate.rotation == 0)
    }

    @Test func settingTheRotationRebasesItAndZeroesTheVelocity() {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        var steps: [Double] = []
        var velocitiesAfterSetting: [Double] = []
        rotate.addTarget { rotate in
            steps.append(rotate.rotation)
            rotate.rotation = 0
            velocitiesAfterSetting.append(rotate.velocity)
        }
        let start = FingerPair(center: Self.center, distance: 100, angle: 3)
        var end = start
        end.angle += 1.2  // through ±π
        window.pair(.began, start, at: 0)
        window.movePair(from: start, to: end, steps: 12, start: 0)
        #expect(steps.count == 12)
        #expect(isClose(steps.reduce(0, +), 1.2, 1e-9))
        #expect(velocitiesAfterSetting.allSatisfy { $0 == 0 })
        rotate.rotation = .infinity  // ignored
        #expect(rotate.rotation == 0)
    }

    @Test func coincidentFingersGiveNoNaN() {
        let (window, view) = makeTouchStage()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(rotate)
        var readings: [(rotation: Double, velocity: Double)] = []
        rotate.addTarget { rotate in readings.append((rotate.rotation, rotate.velocity)) }
        window.down(1, 140, 210, at: 0)
        window.down(2, 140, 210, at: 0)  // on top of finger 1: no direction yet
        window.move(2, 140, 210.5, at: 0.01)
        #expect(rotate.rotation == 0)
        window.move(2, 190, 210, at: 0.01)  // same time; the direction is now 0
        window.move(2, 140, 260, at: 0.02)  // a quarter turn clockwise
        window.move(2, 140, 210, at: 0.02)  // back on top, at the same time: the rotation holds
        window.move(2, 90, 210, at: 0.03)  // another quarter turn
        #expect(rotate.rotation.isFinite && rotate.velocity.isFinite)
        #expect(readings.count == 3)
        #expect(readings.allSatisfy { $0.rotation.isFinite && $0.velocity.isFinite })
        #expect(isClose(readings[0].rotation, .pi / 2, 1e-12))
        #expect(isClose(readings[1].rotation, .pi / 2, 1e-12))
        #expect(isClose(readings[2].rotation, .pi, 1e-12))
    }
}
