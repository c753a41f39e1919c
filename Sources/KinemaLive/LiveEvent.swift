import KinemaGeometry

/// One input event of a live window, as the player sees it: positions in window pixels, times
/// in wall seconds on the player's clock. ``SDLWindow`` makes them from SDL's events; tests make
/// them directly.
public enum LiveEvent: Hashable, Sendable {
    /// Mouse button 1 went down at `pixel`, with the keys in `modifiers` held.
    case mouseDown(pixel: Point, wall: Double, modifiers: MouseFingers.Modifiers)
    /// The mouse moved to `pixel` (only reported while a button is down).
    case mouseMotion(pixel: Point, wall: Double)
    /// Mouse button 1 came up at `pixel`.
    case mouseUp(pixel: Point, wall: Double)
    /// A touchscreen finger changed; `position` is in `0…1` of the window on each axis (SDL's
    /// normalised touch coordinates).
    case finger(id: Int, phase: FingerPhase, position: Point, wall: Double)
    /// The mouse wheel (or a touchpad's two-finger scroll) turned with the pointer at `pixel`:
    /// `lines` notches right and away from the user (SDL's sense; a touchpad gives fractions).
    case wheel(pixel: Point, lines: Vector, wall: Double)
    /// A key the player knows was pressed.
    case key(LiveKey)
    /// The window was closed.
    case quit

    /// The same event at wall time `wall` (keys and quit have no time and stay as they are).
    func at(wall: Double) -> LiveEvent {
        switch self {
        case .mouseDown(let pixel, _, let modifiers): .mouseDown(pixel: pixel, wall: wall, modifiers: modifiers)
        case .mouseMotion(let pixel, _): .mouseMotion(pixel: pixel, wall: wall)
        case .mouseUp(let pixel, _): .mouseUp(pixel: pixel, wall: wall)
        case .finger(let id, let phase, let position, _): .finger(id: id, phase: phase, position: position, wall: wall)
        case .wheel(let pixel, let lines, _): .wheel(pixel: pixel, lines: lines, wall: wall)
        case .key, .quit: self
        }
    }

    /// The phase of a touchscreen finger event.
    public enum FingerPhase: Hashable, Sendable {
        case down, motion, up
    }
}

/// The keys a live window answers.
public enum LiveKey: Hashable, Sendable, CaseIterable {
    /// Space: pause or resume.
    case pause
    /// `s`: slow motion on or off (time 10 times slower).
    case slowMotion
    /// →: one 1/60 s frame on, while paused.
    case step
    /// `r`: the scene again from time 0.
    case restart
    /// `p`: save the current frame as a PNG and print its path.
    case saveFrame
    /// `q` or Esc: quit.
    case quit
}
