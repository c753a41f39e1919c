import CSDL2
import KinemaGeometry
import Testing

@testable import KinemaLive

/// SDL's events, made by hand as SDL fills them in, become the player's events.
@Suite struct SDLEventTests {
    @Test func buttonOneDownAndUpAreTheMouseFinger() {
        #expect(
            SDLWindow.liveEvent(SDLEvents.mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 40, ms: 1500))
                == .mouseDown(pixel: Point(x: 60, y: 40), wall: 1.5, modifiers: []))
        #expect(
            SDLWindow.liveEvent(SDLEvents.mouseButton(SDL_MOUSEBUTTONUP, x: 61, y: 42, ms: 1600))
                == .mouseUp(pixel: Point(x: 61, y: 42), wall: 1.6))
        #expect(SDLWindow.liveEvent(SDLEvents.mouseButton(SDL_MOUSEBUTTONDOWN, x: 1, y: 1, ms: 0, button: SDL_BUTTON_RIGHT)) == nil)
        #expect(
            SDLWindow.liveEvent(SDLEvents.mouseButton(SDL_MOUSEBUTTONDOWN, x: 1, y: 1, ms: 0, which: UInt32.max)) == nil,
            "a touch's mouse copy")
    }

    @Test func motionCountsOnlyWithTheButtonDown() {
        var event = SDL_Event()
        event.motion.type = SDL_MOUSEMOTION.rawValue
        event.motion.x = 10
        event.motion.y = 20
        event.motion.timestamp = 250
        #expect(SDLWindow.liveEvent(event) == nil)
        event.motion.state = 1
        #expect(SDLWindow.liveEvent(event) == .mouseMotion(pixel: Point(x: 10, y: 20), wall: 0.25))
    }

    @Test func theWheelComesWithThePointerAndTheUnflippedSense() {
        #expect(
            SDLWindow.liveEvent(SDLEvents.wheel(x: 0, y: 1.5, mouseX: 30, mouseY: 40, ms: 500))
                == .wheel(pixel: Point(x: 30, y: 40), lines: Vector(dx: 0, dy: 1.5), wall: 0.5))
        #expect(
            SDLWindow.liveEvent(SDLEvents.wheel(x: 1, y: -2, mouseX: 3, mouseY: 4, flipped: true))
                == .wheel(pixel: Point(x: 3, y: 4), lines: Vector(dx: -1, dy: 2), wall: 0))
    }

    @Test func fingersAndKeysAndQuit() {
        let finger = SDLEvents.finger(SDL_FINGERDOWN, id: 42, x: 0.25, y: 0.75, ms: 2000)
        #expect(SDLWindow.liveEvent(finger) == .finger(id: 42, phase: .down, position: Point(x: 0.25, y: 0.75), wall: 2))
        let keys: [(SDL_KeyCode, LiveKey)] = [
            (SDLK_SPACE, .pause), (SDLK_s, .slowMotion), (SDLK_RIGHT, .step), (SDLK_r, .restart), (SDLK_p, .saveFrame), (SDLK_q, .quit),
            (SDLK_ESCAPE, .quit),
        ]
        for (code, key) in keys {
            #expect(SDLWindow.liveEvent(SDLEvents.key(code)) == .key(key), "\(code)")
        }
        #expect(SDLWindow.liveEvent(SDLEvents.key(SDLK_x)) == nil)
        #expect(SDLWindow.liveEvent(SDLEvents.quit) == .quit)
    }
}
