import CSDL2

extension SDLWindow {
    /// The window's surface, for tests that read what was uploaded.
    package var surfaceForTesting: UnsafeMutablePointer<SDL_Surface>? { SDL_GetWindowSurface(window) }
}
