extension ArrowAnchoredPresenter {
    /// Follows a bubble's source: once per frame of a window's run loop (a ``DisplayLink``, before
    /// the commit) it reads the source's key (its rectangle in the container, say) and, when the
    /// key differs from the last one, records it and calls `follow`, which places the bubble
    /// afresh in the same frame.
    ///
    /// The client says what the key is and when to look: `currentKey` answers `nil` to skip a
    /// frame (the bubble is leaving, a transition runs). A client that solves the placement for
    /// other reasons too records the key it solved with in ``lastKey``, so the next frame does
    /// not solve again for the same source.
    package final class SourceTracker<Key: Equatable> {
        /// The key of the last placement; `nil` before the first.
        package var lastKey: Key?
        /// Whether a display link is running.
        var isTracking: Bool { link != nil }
        private let currentKey: () -> Key?
        private let follow: (Key) -> Void
        private var link: DisplayLink?

        /// A tracker, not started, reading `currentKey` and calling `follow` with a changed key.
        package init(currentKey: @escaping () -> Key?, follow: @escaping (Key) -> Void) {
            self.currentKey = currentKey
            self.follow = follow
        }

        /// Starts (or restarts) looking at the source on every frame of `window`.
        package func start(in window: Window) {
            link?.invalidate()
            let link = DisplayLink { [weak self] _ in self?.check() }
            link.add(to: window)
            self.link = link
        }

        /// Stops looking at the source (for good, until the next ``start(in:)``).
        package func stop() {
            link?.invalidate()
            link = nil
        }

        /// One frame's look: follows the source when its key changed.
        func check() {
            guard let key = currentKey(), key != lastKey else { return }
            lastKey = key
            follow(key)
        }
    }
}
