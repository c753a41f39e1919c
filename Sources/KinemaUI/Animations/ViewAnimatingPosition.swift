/// Where an animator's animations ended, as passed to its completions. Mirrors
/// `UIViewAnimatingPosition`, with UIKit's raw values.
public enum ViewAnimatingPosition: Int, Sendable, Hashable, CaseIterable {
    /// At the end values (the values set in the animation blocks).
    case end = 0
    /// At the start values (the animator ran reversed, or was finished at the start).
    case start = 1
    /// Wherever the animations were when they were stopped.
    case current = 2
}
