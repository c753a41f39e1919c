/// Calls a handler once per frame, in step with the window's run loop. Mirrors `CADisplayLink`.
///
/// The handler runs at every ``Window/advance(to:)`` before the transaction commits, with
/// ``timestamp`` set to the frame's media time, so changes it makes show in that frame. Nothing
/// reads a clock: frames come as fast as the window is advanced.
///
/// ```swift
/// let link = DisplayLink { link in dot.center.x = 100 + 50 * link.timestamp }
/// link.add(to: window)
/// window.advance(to: 1)      // the handler runs with timestamp 1
/// link.invalidate()
/// ```
public final class DisplayLink {
    private let handler: (DisplayLink) -> Void
    private weak var window: Window?

    /// The media time of the frame being prepared, seconds. Mirrors `CADisplayLink.timestamp`.
    public private(set) var timestamp: Double = 0
    /// The media time of the previous frame, seconds (equal to ``timestamp`` on the first).
    public private(set) var previousTimestamp: Double = 0
    /// The time since the previous frame, seconds (0 on the first). Mirrors `CADisplayLink.duration`.
    public var duration: Double { timestamp - previousTimestamp }
    /// Whether frames are skipped. Default `false`. Mirrors `CADisplayLink.isPaused`.
    public var isPaused = false
    private var hasFired = false

    /// A display link calling `handler` once per frame.
    public init(handler: @escaping (DisplayLink) -> Void) {
        self.handler = handler
    }

    /// A display link calling `action` on `target` (held weakly) once per frame. Mirrors
    /// `CADisplayLink(target:selector:)`; pass a method reference: `DisplayLink(target: self,
    /// action: MyController.step)`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (DisplayLink) -> Void) {
        weak let weakTarget = target
        self.init { link in
            if let t = weakTarget { action(t)(link) }
        }
    }

    /// Starts calling the handler on `window`'s run loop. Mirrors `CADisplayLink.add(to:forMode:)`.
    public func add(to window: Window) {
        invalidate()
        self.window = window
        window.displayLinks.append(self)
    }

    /// Stops the display link for good. Mirrors `CADisplayLink.invalidate()`.
    public func invalidate() {
        window?.displayLinks.removeAll { $0 === self }
        window = nil
    }

    func fire(at time: Double) {
        previousTimestamp = hasFired ? timestamp : time
        timestamp = time
        hasFired = true
        handler(self)
    }
}
