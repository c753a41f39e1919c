import KinemaGeometry
import KinemaUI

/// What a live window shows and drives: a ``Window`` whose run loop the player turns.
///
/// ``WindowContent`` shows a window built in code; a scene file's content plays its script too
/// (`kinema play`). ``advance(to:)`` is called once per presented frame, and before each input
/// event at the event's scene time.
public protocol LiveContent: AnyObject {
    /// The window shown: its bounds are the picture's size in points.
    var window: Window { get }
    /// Moves the content to scene time `t` (seconds), turning the window's run loop.
    func advance(to t: Double)
    /// The same content from its beginning, for the restart key; `nil` when it cannot start
    /// over (a window built in code), and the key then does nothing.
    func restarted() -> (any LiveContent)?
    /// The colour behind the window's layer tree; `nil` for transparent (shown as white).
    var background: Color? { get }
    /// Checks whether the content's source changed (a scene file saved): the new content, or
    /// the problems that kept it from loading; `nil` when nothing changed. Default `nil`.
    func reloadIfChanged() -> LiveReload?
}

extension LiveContent {
    public var background: Color? { nil }
    public func reloadIfChanged() -> LiveReload? { nil }
}

/// What a changed source gave.
public enum LiveReload {
    /// The new content, built from the changed source at time 0.
    case reloaded(any LiveContent)
    /// The changed source cannot be used: every problem, each one line (`validate`'s text). The
    /// last good content goes on.
    case failed(problems: [String])
}

/// A window built in code, shown as it is.
public final class WindowContent: LiveContent {
    public let window: Window

    /// Shows `window`.
    public init(window: Window) {
        self.window = window
    }

    public func advance(to t: Double) {
        window.advance(to: t)
    }

    public func restarted() -> (any LiveContent)? { nil }
}
