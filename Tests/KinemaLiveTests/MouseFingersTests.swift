import KinemaGeometry
import KinemaLive
import KinemaUI
import Testing

@Suite struct MouseFingersTests {
    let center = Point(x: 100, y: 200)

    @Test func buttonOneIsFingerOne() {
        var mouse = MouseFingers(center: center)
        #expect(mouse.motion(to: Point(x: 1, y: 2), time: 0).isEmpty, "no button, no finger")
        #expect(
            mouse.buttonDown(at: Point(x: 30, y: 40), time: 1, modifiers: [])
                == [TouchInput(identifier: 1, phase: .began, location: Point(x: 30, y: 40), timestamp: 1)])
        #expect(
            mouse.motion(to: Point(x: 35, y: 48), time: 1.1)
                == [TouchInput(identifier: 1, phase: .moved, location: Point(x: 35, y: 48), timestamp: 1.1)])
        #expect(
            mouse.buttonUp(at: Point(x: 36, y: 50), time: 1.2)
                == [TouchInput(identifier: 1, phase: .ended, location: Point(x: 36, y: 50), timestamp: 1.2)])
        #expect(!mouse.isDragging)
    }

    @Test func altMirrorsASecondFingerAboutTheCentre() {
        var mouse = MouseFingers(center: center)
        let down = mouse.buttonDown(at: Point(x: 150, y: 230), time: 0, modifiers: .alt)
        #expect(down.map(\.identifier) == [1, 2])
        #expect(down[1].location == Point(x: 50, y: 170))
        let moved = mouse.motion(to: Point(x: 160, y: 200), time: 0.1)
        #expect(moved[1].location == Point(x: 40, y: 200))
        #expect(moved.allSatisfy { $0.phase == .moved })
    }

    @Test func shiftAltMovesBothFingersTogether() {
        var mouse = MouseFingers(center: center)
        let down = mouse.buttonDown(at: Point(x: 150, y: 230), time: 0, modifiers: [.alt, .shift])
        #expect(down[1].location == Point(x: 50, y: 170))
        let moved = mouse.motion(to: Point(x: 160, y: 250), time: 0.1)
        #expect(moved[1].location == Point(x: 60, y: 190), "the same offset as at the start")
    }

    @Test func aSecondButtonDownEndsTheFirstDrag() {
        var mouse = MouseFingers(center: center)
        _ = mouse.buttonDown(at: Point(x: 10, y: 10), time: 0, modifiers: .alt)
        let again = mouse.buttonDown(at: Point(x: 20, y: 20), time: 1, modifiers: [])
        #expect(again.map(\.phase) == [.ended, .ended, .began])
        #expect(mouse.cancel(time: 2).map(\.phase) == [.cancelled])
    }
}
