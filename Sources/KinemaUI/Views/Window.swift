import KinemaGeometry
import KinemaLayers

/// The root of a view tree: owns the `LayerContext` (the media clock and the transaction
/// stack), delivers touches and runs the run loop. Mirrors `UIWindow` (with the screen's scale
/// and safe area folded in, since Kinema has no `UIScreen`).
///
/// Nothing reads a clock: time moves only through ``advance(to:)`` (and ``send(_:)-(TouchInput)``, which
/// first advances to the touch's time).
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
/// window.rootViewController = MyViewController()
/// window.makeKeyAndVisible()
/// window.advance(to: 0.5)      // a run-loop turn at 0.5 s: layout, commit, completions
/// ```
open class Window: View {
    /// The context the window's layer tree lives in; its time is the window's media time.
    public let layerContext: LayerContext

    /// Pixels per point of the screen the window is on. Default 2. Mirrors `UIScreen.scale`.
    public var screenScale: Double {
        didSet { if !(screenScale.isFinite && screenScale > 0) { screenScale = oldValue } }
    }

    /// The screen's safe-area insets (status bar, home indicator), points. Default zero.
    public var screenSafeAreaInsets: EdgeInsets {
        didSet { if !screenSafeAreaInsets.isFinite { screenSafeAreaInsets = oldValue } }
    }

    /// Whether the window is the key window (receives keyboard and non-touch events). Mirrors
    /// `UIWindow.isKeyWindow`.
    public internal(set) var isKeyWindow = false

    /// The view controller whose view fills the window. Setting it installs its view (resized
    /// to the window's bounds) in place of the old one. Mirrors `UIWindow.rootViewController`.
    public var rootViewController: ViewController? {
        didSet { rootViewControllerDidChange(from: oldValue) }
    }

    /// The responder that last became first responder in this window (see ``firstResponder``).
    weak var storedFirstResponder: Responder?

    /// The first responder, if it is still in the window (its chain through ``Responder/next``
    /// still reaches this window). UIKit keeps this private (`UIWindow.firstResponder`).
    var firstResponder: Responder? {
        guard let responder = storedFirstResponder, responder.responderWindow === self else { return nil }
        return responder
    }

    /// Touches currently down, by their input identifier.
    var activeTouches: [Int: Touch] = [:]

    /// A window that goes while fingers are down lets their touches go: while a finger is down,
    /// its touch and the recognizers tracking it refer to each other (found by the scene
    /// decoder's fuzz target: a scene dropped mid-drag kept its pan recognizer). Its presented
    /// controllers let go of each other too (``releasePresentations()``).
    deinit {
        for touch in activeTouches.values { touch.gestureRecognizers = [] }
        releasePresentations()
    }

    /// Delivers touches to gesture recognizers and views, and arbitrates between recognizers.
    lazy var gestureEnvironment = GestureEnvironment(window: self)

    /// Display links attached to the window, called once per run-loop turn.
    var displayLinks: [DisplayLink] = []

    /// Work due at a media time (long-press deadlines, delayed calls), run by ``advance(to:)``
    /// at exactly that time, in time order (then in the order scheduled).
    var timers: [(time: Double, order: Int, block: () -> Void)] = []
    private var timerCount = 0

    /// A window with `frame` (points), on a screen of `scale` pixels per point with
    /// `safeAreaInsets`, in `context` (a new one at media time 0 by default).
    public init(
        frame: Rect, scale: Double = 2, safeAreaInsets: EdgeInsets = .zero, context: LayerContext = LayerContext()
    ) {
        layerContext = context
        screenScale = scale.isFinite && scale > 0 ? scale : 2
        screenSafeAreaInsets = safeAreaInsets.isFinite ? safeAreaInsets : .zero
        super.init(frame: frame)
        context.addRootLayer(layer)
    }

    /// A window with `frame` on a scale-2 screen without safe-area insets.
    public override convenience init(frame: Rect) {
        self.init(frame: frame, scale: 2)
    }

    /// The media time of the window's context, seconds.
    public var currentTime: Double { layerContext.currentTime }

    /// Makes the window key and shows it. Mirrors `UIWindow.makeKeyAndVisible()`.
    public func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
        layoutIfNeeded()
    }

    /// `nil`: the window ends the responder chain. UIKit's window passes events on to the
    /// application object; Kinema has none. Mirrors `UIWindow.next`.
    open override var next: Responder? { nil }

    /// One turn of the run loop at `time` seconds (ignored unless finite and not before the
    /// current time): lays out what needs layout, then commits the implicit transaction and
    /// delivers animation events and completions (`LayerContext/advance(to:)`).
    ///
    /// Timers due before `time` run first, each on a turn of its own at its exact time; then the
    /// display links are called with `time`, before the commit.
    public func advance(to time: Double) {
        guard time.isFinite, time >= layerContext.currentTime else { return }
        while let next = timers.min(by: { ($0.time, $0.order) < ($1.time, $1.order) }), next.time <= time {
            timers.removeAll { $0.order == next.order }
            turn(at: max(next.time, layerContext.currentTime))
            next.block()
        }
        for link in displayLinks where !link.isPaused {
            link.fire(at: time)
        }
        turn(at: time)
    }

    private func turn(at time: Double) {
        layoutIfNeeded()
        layerContext.advance(to: time)
        // Completions may have changed layout; settle it in the same turn, as UIKit's commit does.
        layoutIfNeeded()
    }

    /// Runs `block` on the run-loop turn at media time `time` (seconds; a time already past runs
    /// on the next turn). What `Timer` and `DispatchQueue.main.asyncAfter` do in UIKit; nothing
    /// reads a clock. Returns a token for ``cancelTimer(_:)``.
    @discardableResult
    public func schedule(at time: Double, _ block: @escaping () -> Void) -> Int {
        timerCount += 1
        timers.append((time.isFinite ? time : layerContext.currentTime, timerCount, block))
        return timerCount
    }

    /// Cancels a block scheduled with ``schedule(at:_:)`` that has not run yet.
    public func cancelTimer(_ token: Int) {
        timers.removeAll { $0.order == token }
    }
}
