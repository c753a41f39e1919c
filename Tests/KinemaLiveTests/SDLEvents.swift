import CSDL2

/// SDL events made by hand, as SDL fills them in, for the tests to map or push.
enum SDLEvents {
    static func mouseButton(
        _ type: SDL_EventType, x: Int32, y: Int32, ms: UInt32 = 0, button: Int32 = SDL_BUTTON_LEFT, which: UInt32 = 0
    ) -> SDL_Event {
        var event = SDL_Event()
        event.button.type = type.rawValue
        event.button.x = x
        event.button.y = y
        event.button.timestamp = ms
        event.button.button = UInt8(button)
        event.button.which = which
        return event
    }

    static func key(_ code: SDL_KeyCode) -> SDL_Event {
        var event = SDL_Event()
        event.key.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = SDL_Keycode(code.rawValue)
        return event
    }

    /// A touchscreen finger at `x`, `y` in 0…1 of the window.
    static func finger(_ type: SDL_EventType, id: Int64, x: Float, y: Float, ms: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.tfinger.type = type.rawValue
        event.tfinger.fingerId = id
        event.tfinger.x = x
        event.tfinger.y = y
        event.tfinger.timestamp = ms
        return event
    }

    /// The wheel turned `x`, `y` notches (precise values) with the pointer at `mouseX`, `mouseY`.
    static func wheel(x: Float, y: Float, mouseX: Int32, mouseY: Int32, flipped: Bool = false, ms: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.wheel.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseX = x
        event.wheel.preciseY = y
        event.wheel.x = Int32(x)
        event.wheel.y = Int32(y)
        event.wheel.mouseX = mouseX
        event.wheel.mouseY = mouseY
        event.wheel.direction = flipped ? UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) : UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
        event.wheel.timestamp = ms
        return event
    }

    static var quit: SDL_Event {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        return event
    }
}
