/// Why a live window could not open or go on.
public enum LiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set (and no `SDL_VIDEODRIVER` asks for a
    /// headless driver): there is no screen to open a window on.
    case noDisplay
    /// SDL refused; the text is SDL's own message, with the call that failed.
    case sdl(call: String, message: String)
    /// The window would be less than 1 or more than 16384 pixels on a side (the scene's size
    /// times the scale).
    case badSize(pixelWidth: Int, pixelHeight: Int)

    public var description: String {
        switch self {
        case .noDisplay:
            "no display to open a window on: set DISPLAY (X11) or WAYLAND_DISPLAY, run under a virtual X server such as Xvfb, or use 'kinema render', which needs none"
        case .sdl(let call, let message):
            "SDL: \(call) failed: \(message)"
        case .badSize(let w, let h):
            "a window of \(w) × \(h) pixels is not between 1 and 16384 pixels a side (the scene's size times --scale)"
        }
    }
}
