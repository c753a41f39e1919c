/// Where an animator is in its life. Mirrors `UIViewAnimatingState`, with UIKit's raw values.
///
/// ```
/// inactive ──start / pause / fractionComplete──▶ active ──animations end──▶ inactive
///                                                  │
///                                                  ├──stopAnimation(true)──▶ inactive
///                                                  └──stopAnimation(false)─▶ stopped ──finishAnimation(at:)──▶ inactive
/// ```
public enum ViewAnimatingState: Int, Sendable, Hashable, CaseIterable {
    /// Not started, or finished: animations can be added and configured. The initial state.
    case inactive = 0
    /// Started: running or paused (see ``ViewAnimating/isRunning``).
    case active = 1
    /// Stopped by `stopAnimation(false)`: the views hold the values they showed; waits for
    /// `finishAnimation(at:)` and cannot be started again.
    case stopped = 2
}
