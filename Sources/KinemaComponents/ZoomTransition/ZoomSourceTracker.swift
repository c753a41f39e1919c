import KinemaGeometry
import KinemaUI

/// The source view of a zoom: hidden while the zoomed content stands for it (from the start of the
/// presentation until the dismissal completes), shown again exactly once, and measured in the
/// container's coordinates whenever the flight needs its frame.
///
/// hirobe/SwipeZoomOutSample leaves the cell visible while its copy flies to it and measures the
/// cell once, when it is tapped; iOS 18 asks for the source view again at the dismissal. Here a
/// new source (the provider returned another view) is hidden and the old one shown again at once.
/// The tracker holds the view weakly: a source that goes away is simply gone.
final class ZoomSourceTracker {
    private weak var view: View?
    /// Whether the view was hidden before the zoom hid it (restored as it was).
    private var wasHidden = false
    /// How many times a hidden source was shown again (for tests: once per hiding).
    private(set) var restoreCount = 0

    /// The source being hidden, if it is still alive.
    var current: View? { view }

    /// Hides `newView` (showing the previous source again if it is another view); `nil` only
    /// shows the previous one again.
    func track(_ newView: View?) {
        guard newView !== view else { return }
        restore()
        guard let newView else { return }
        view = newView
        wasHidden = newView.isHidden
        newView.isHidden = true
    }

    /// Shows the source again, as it was before the zoom hid it; nothing when none is hidden.
    func restore() {
        guard let v = view else {
            view = nil
            return
        }
        v.isHidden = wasHidden
        view = nil
        restoreCount += 1
    }

    /// The source's frame in `container`'s coordinates, or `nil` when it is gone: released, not
    /// in the container's window, degenerate, or entirely outside the container.
    func frame(in container: View) -> Rect? {
        guard let v = view, let window = container.window, v.window === window else { return nil }
        let r = v.convert(v.bounds, to: container)
        let b = container.bounds
        guard r.isFinite, r.width > 0, r.height > 0,
            r.maxX > b.minX, r.minX < b.maxX, r.maxY > b.minY, r.minY < b.maxY
        else { return nil }
        return r
    }

    /// The source's corner radius (its layer's), points.
    var cornerRadius: Double {
        let r = view?.layer.cornerRadius ?? 0
        return r.isFinite && r > 0 ? r : 0
    }
}
