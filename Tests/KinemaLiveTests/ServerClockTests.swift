import Testing

@testable import KinemaLive

@Suite struct ServerClockTests {
    /// Three moves 10 ms apart on the server, read together after a 40 ms frame: they keep their
    /// spacing, on SDL's clock.
    @Test func eventsReadTogetherKeepTheirOwnSpacing() {
        var clock = ServerClock()
        // First event: read 2 ms after it happened; the offset is learnt from it.
        #expect(clock.wall(server: 100_000, received: 5_002) == 5.002)
        let moves = [100_010, 100_020, 100_030].map { clock.wall(server: $0, received: 5_040) }
        #expect(moves == [5.012, 5.022, 5.032])
    }

    /// An event read sooner than any before teaches a smaller offset; no event is ever placed
    /// after the time it was read.
    @Test func theSmallestLagWinsAndNoEventIsLate() {
        var clock = ServerClock()
        #expect(clock.wall(server: 1_000, received: 1_500) == 1.5)
        #expect(clock.offset == 500)
        #expect(clock.wall(server: 2_000, received: 2_100) == 2.1)
        #expect(clock.offset == 100)
        #expect(clock.wall(server: 3_000, received: 3_400) == 3.1)
    }

    /// The server's clock jumping (a restart, or the 32-bit wrap) starts over.
    @Test func jumpsStartOver() {
        var clock = ServerClock()
        _ = clock.wall(server: 4_294_967_000, received: 10_000)
        #expect(clock.wall(server: 10, received: 10_020) == 10.02)
        #expect(clock.offset == 10_010)
        #expect(clock.wall(server: 20, received: 10_030) == 10.03)
    }
}
