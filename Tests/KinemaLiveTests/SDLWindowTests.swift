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

        var down = SDL_Event()
        down.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        down.button.button = UInt8(SDL_BUTTON_LEFT)
        down.button.x = 12
        down.button.y = 7
        #expect(SDL_PushEvent(&down) == 1)
        var key = SDL_Event()
        key.key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_SPACE.rawValue)
        #expect(SDL_PushEvent(&key) == 1)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
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
