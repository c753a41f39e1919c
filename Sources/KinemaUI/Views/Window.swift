import KinemaGeometry
import KinemaLayers

/// The root of a view tree: owns the ``LayerContext`` (the media clock and the transaction
/// stack), delivers touches and runs the run loop. Mirrors `UIWindow` (with the screen's scale
/// and safe area folded in, since Kinema has no `UIScreen`).
///
/// Nothing reads a clock: time moves only through ``advance(to:)`` (and ``send(_:)``, which
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

    /// Touches currently down, by their input identifier.
    var activeTouches: [Int: Touch] = [:]

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

    /// One turn of the run loop at `time` seconds (ignored unless finite and not before the
    /// current time): lays out what needs layout, then commits the implicit transaction and
    /// delivers animation events and completions (``LayerContext/advance(to:)``).
    public func advance(to time: Double) {
        guard time.isFinite, time >= layerContext.currentTime else { return }
        layoutIfNeeded()
        layerContext.advance(to: time)
        // Completions may have changed layout; settle it in the same turn, as UIKit's commit does.
        layoutIfNeeded()
    }
}
