import KinemaLive
import Testing

@Suite struct LiveClockTests {
    @Test func sceneTimeFollowsTheWallClockFromTheFirstTick() {
        var clock = LiveClock()
        #expect(clock.tick(wall: 100) == 0)
        #expect(clock.tick(wall: 100.25) == 0.25)
        // A late frame lands at the real time: nothing is lost.
        #expect(clock.tick(wall: 101) == 1)
        // Going back, or NaN, moves nothing.
        #expect(clock.tick(wall: 100.5) == 1)
        #expect(clock.tick(wall: .nan) == 1)
        #expect(clock.tick(wall: 101.5) == 1.5)
    }

    @Test func speedPauseSlowMotionAndStep() {
        var clock = LiveClock(speed: 2)
        clock.tick(wall: 0)
        #expect(clock.tick(wall: 1) == 2)
        clock.togglePause()
        #expect(clock.rate == 0)
        #expect(clock.tick(wall: 3) == 2)
        clock.step()
        #expect(abs(clock.sceneTime - (2 + 1.0 / 60)) < 1e-12)
        clock.togglePause()
        clock.step()  // running: no step
        #expect(abs(clock.sceneTime - (2 + 1.0 / 60)) < 1e-12)
        clock.toggleSlowMotion()
        #expect(clock.rate == 0.2)
        #expect(abs(clock.tick(wall: 4) - (2 + 1.0 / 60 + 0.2)) < 1e-12)
        clock.restart()
        #expect(clock.sceneTime == 0)
        #expect(abs(clock.tick(wall: 5) - 0.2) < 1e-12)
    }

    @Test func eventTimesFallBetweenTicks() {
        var clock = LiveClock()
        clock.tick(wall: 10)
        clock.tick(wall: 10.5)
        #expect(abs(clock.sceneTime(atWall: 10.6) - 0.6) < 1e-12)
        #expect(clock.sceneTime(atWall: 10.4) == 0.5, "never before the last tick")
        clock.togglePause()
        #expect(clock.sceneTime(atWall: 11) == 0.5, "paused: events happen at the paused time")
    }

    @Test(arguments: [0, -1, Double.nan, .infinity])
    func badSpeedsReadAsOne(speed: Double) {
        var clock = LiveClock(speed: speed)
        clock.tick(wall: 0)
        #expect(clock.tick(wall: 1) == 1)
    }
}
