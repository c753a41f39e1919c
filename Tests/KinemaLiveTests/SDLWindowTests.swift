import CSDL2
import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

@testable import KinemaLive

/// A real SDL window on SDL's dummy video driver (no display needed): events pushed into SDL's
/// queue come out as the player's events, and frames present.
@Suite(.serialized) struct SDLWindowTests {
    init() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    @Test func pushedEventsComeOutAsLiveEventsAndFramesPresent() throws {
        let window = try SDLWindow(title: "kinema — test", pixelWidth: 40, pixelHeight: 30)
        #expect(window.title == "kinema — test")
        _ = window.pollEvents()  // whatever SDL queued on opening

        var down = SDLEvents.mouseButton(SDL_MOUSEBUTTONDOWN, x: 12, y: 7)
        #expect(SDL_PushEvent(&down) == 1)
        var key = SDLEvents.key(SDLK_SPACE)
        #expect(SDL_PushEvent(&key) == 1)
        var quit = SDLEvents.quit
        #expect(SDL_PushEvent(&quit) == 1)

        let events = window.pollEvents()
        guard case .mouseDown(let pixel, _, _)? = events.first else {
            Issue.record("expected a mouse-down first, got \(events)")
            return
        }
        #expect(pixel == Point(x: 12, y: 7))
        #expect(events.dropFirst().contains(.key(.pause)))
        #expect(events.last == .quit)

        let bitmap = try Bitmap(width: 40, height: 30)
        bitmap.fill(.red)
        try window.present(bitmap)
    }

    /// Resized, the window letterboxes the picture: a click reports the picture pixel under it,
    /// touches the fraction of the picture, and frames still present.
    @Test func aResizedWindowReportsThePicturesPixels() throws {
        let window = try SDLWindow(title: "kinema — resized", pixelWidth: 40, pixelHeight: 30)
        _ = window.pollEvents()
        window.resize(width: 160, height: 60)
        _ = window.pollEvents()  // the resize's own events
        // 40 × 30 doubled is 80 × 60, centred: x from 40 to 120.
        #expect(window.letterbox.pictureRect == (40, 0, 80, 60))

        var down = SDLEvents.mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 20)
        #expect(SDL_PushEvent(&down) == 1)
        var finger = SDLEvents.finger(SDL_FINGERDOWN, id: 3, x: 0.5, y: 0.25)
        #expect(SDL_PushEvent(&finger) == 1)
        let events = window.pollEvents()
        #expect(events.contains { if case .mouseDown(let p, _, _) = $0 { p == Point(x: 10, y: 10) } else { false } }, "\(events)")
        #expect(
            events.contains { if case .finger(3, .down, let p, _) = $0 { p == Point(x: 0.5, y: 0.25) } else { false } },
            "the window's centre is the picture's: \(events)")

        // The frame is drawn doubled in the middle, with dark bars on either side.
        let bitmap = try Bitmap(width: 40, height: 30)
        bitmap.fill(.blue)
        try window.present(bitmap)
        let surface = try #require(window.surfaceForTesting)
        #expect(surface.pointee.w == 160 && surface.pointee.h == 60)
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            let row = surface.pointee.pixels.advanced(by: y * Int(surface.pointee.pitch))
            return row.assumingMemoryBound(to: UInt32.self)[x] & 0x00ff_ffff
        }
        #expect(pixel(40, 0) == 0x0000ff && pixel(119, 59) == 0x0000ff && pixel(80, 30) == 0x0000ff, "the picture")
        #expect(pixel(39, 30) == 0x202020 && pixel(120, 30) == 0x202020 && pixel(0, 0) == 0x202020, "the bars")
    }

    /// Waiting between frames returns the input that arrives, with SDL's stamp of its arrival,
    /// and nothing when none does.
    @Test func waitingBetweenFramesTakesInputAsItArrives() throws {
        let window = try SDLWindow(title: "kinema — wait", pixelWidth: 40, pixelHeight: 30)
        _ = window.pollEvents()
        #expect(window.waitEvents(timeout: 0.02).isEmpty)
        #expect(window.waitEvents(timeout: .nan).isEmpty)
        var up = SDLEvents.mouseButton(SDL_MOUSEBUTTONUP, x: 5, y: 6)
        let before = SDLWindow.wallTime
        #expect(SDL_PushEvent(&up) == 1)
        let after = SDLWindow.wallTime
        var key = SDLEvents.key(SDLK_q)
        #expect(SDL_PushEvent(&key) == 1)
        let events = window.waitEvents(timeout: 5)
        #expect(events.count == 2, "\(events)")
        guard case .mouseUp(let pixel, let wall)? = events.first else {
            Issue.record("expected the button's release first, got \(events)")
            return
        }
        #expect(pixel == Point(x: 5, y: 6))
        #expect(wall >= before && wall <= after, "SDL stamps an event with the time it is queued: \(before) ≤ \(wall) ≤ \(after)")
        #expect(events.last == .key(.quit))
    }

    /// An upload copies only its region to the window's surface; the next show sends it.
    @Test func uploadsCopyOnlyTheirRegion() throws {
        let window = try SDLWindow(title: "kinema — regions", pixelWidth: 40, pixelHeight: 30)
        _ = window.pollEvents()
        let red = try Bitmap(width: 40, height: 30)
        red.fill(.red)
        try window.present(red)
        let blue = try Bitmap(width: 40, height: 30)
        blue.fill(.blue)
        try window.upload(blue, region: DamageRegion(PixelRect(x: 10, y: 5, width: 8, height: 6)))
        window.show()
        let surface = try #require(window.surfaceForTesting)
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            let row = surface.pointee.pixels.advanced(by: y * Int(surface.pointee.pitch))
            return row.assumingMemoryBound(to: UInt32.self)[x] & 0x00ff_ffff
        }
        #expect(pixel(10, 5) == 0x0000ff && pixel(17, 10) == 0x0000ff, "inside the region: blue")
        #expect(pixel(9, 5) == 0xff0000 && pixel(18, 10) == 0xff0000 && pixel(12, 11) == 0xff0000, "outside: still red")
    }

    @Test(arguments: [(0, 10), (10, 0), (20000, 10)])
    func sizesOutsideTheRangeAreRefused(width: Int, height: Int) {
        #expect(throws: LiveError.self) { _ = try SDLWindow(title: "x", pixelWidth: width, pixelHeight: height) }
    }
}
