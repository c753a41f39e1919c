import KinemaGeometry
import KinemaUI

/// A finger holding the zoomed content: maps where the finger is to what shows, and the finger's
/// velocity to the velocity of every property (the mapping's derivative), which the springs take
/// over at release.
///
/// Progress is the vertical travel as a share of the container's height `H` (hirobe/
/// SwipeZoomOutSample's `per`), counted from ``baseSignedProgress``: 0 for a drag that starts
/// from the presented state, more for a flight caught on its way. The size is the base size times
/// `k = curve(progress) / curve(base progress)` (``ZoomScaleCurve``). With
/// ``ViewController/Transition/ZoomOptions/Scaling-swift.enum/center`` the centre follows the
/// finger (`C = C0 + t`); with `.touch` the touched point stays under the finger
/// (`C = P − k·(P0 − C0)`), so `dC/dt = v − (dk/dt)·(P0 − C0)`: a finger 200 pt below the centre
/// moving down at 1500 pt/s on a 667 pt container moves the centre at 1500 + 1500·200/667 = 1950
/// pt/s. The backdrop's opacity is `clamp(1 − progress/fade, 0, 1)`.
struct ZoomDrag: Hashable, Sendable {
    typealias Options = ViewController.Transition.ZoomOptions

    /// What showed when the finger took hold.
    let base: ZoomVisual
    /// The progress at that moment, signed (negative: above the presented place, for `.any`).
    let baseSignedProgress: Double
    /// Where the finger took hold, container coordinates.
    let touchStart: Point
    let scaling: Options.Scaling
    let directions: Options.DismissDirections
    let curve: ZoomScaleCurve
    /// The container's height, the unit of progress.
    let height: Double
    /// The progress at which the backdrop has faded out.
    let fadeProgress: Double

    init(base: ZoomVisual, baseSignedProgress: Double, touchStart: Point, options: Options, height: Double) {
        self.base = base
        self.baseSignedProgress = baseSignedProgress.isFinite ? baseSignedProgress : 0
        self.touchStart = touchStart
        self.scaling = options.scaling
        self.directions = options.dismissDirections
        self.curve = ZoomScaleCurve(floor: options.scaleFloor)
        self.height = height.isFinite && height > 0 ? height : 1
        let fade = options.backgroundFadeProgress
        self.fadeProgress = fade.isFinite && fade > 0 ? fade : 0.4
    }

    /// The base progress of a flight caught with its backdrop at `backgroundAlpha`: the progress a
    /// drag would have had to show that opacity, so the opacity goes on from where it is. Signed by
    /// the side of the presented place the content is on (for `.any`).
    static func baseSignedProgress(
        backgroundAlpha: Double, contentCenterY: Double, restingCenterY: Double, directions: Options.DismissDirections,
        fadeProgress: Double
    ) -> Double {
        let alpha = backgroundAlpha.isFinite ? min(max(backgroundAlpha, 0), 1) : 0
        let magnitude = fadeProgress * (1 - alpha)
        return directions == .any && contentCenterY < restingCenterY ? -magnitude : magnitude
    }

    func signedProgress(finger: Point) -> Double {
        baseSignedProgress + (finger.y - touchStart.y) / height
    }

    func progress(signed: Double) -> Double {
        directions == .down ? max(0, signed) : abs(signed)
    }

    /// The backdrop's opacity at `progress`.
    func backgroundAlpha(progress: Double) -> Double {
        min(max(1 - progress / fadeProgress, 0), 1)
    }

    /// The scale at the base progress (never 0: the floor keeps the curve positive).
    private var baseScale: Double {
        max(curve.scale(atProgress: progress(signed: baseSignedProgress)), 1e-9)
    }

    /// What shows with the finger at `finger` (container coordinates).
    func visual(finger: Point) -> ZoomVisual {
        let p = progress(signed: signedProgress(finger: finger))
        let k = curve.scale(atProgress: p) / baseScale
        let size = Size(width: base.frame.width * k, height: base.frame.height * k)
        let c0 = Point(x: base.frame.midX, y: base.frame.midY)
        let center: Point
        switch scaling {
        case .center: center = c0 + (finger - touchStart)
        case .touch: center = finger - (touchStart - c0) * k
        }
        return ZoomVisual(
            frame: Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height),
            cornerRadius: base.cornerRadius, backgroundAlpha: backgroundAlpha(progress: p), contentAlpha: base.contentAlpha)
    }

    /// How fast every property moves with the finger at `finger` moving at `fingerVelocity`
    /// (points per second).
    func velocity(finger: Point, fingerVelocity v: Vector) -> ZoomVelocity {
        let signed = signedProgress(finger: finger)
        let p = progress(signed: signed)
        let dSigned = v.dy / height
        let dp: Double
        switch directions {
        case .down: dp = signed > 0 ? dSigned : 0
        case .any: dp = signed > 0 ? dSigned : (signed < 0 ? -dSigned : abs(dSigned))
        }
        let dk = curve.slope(atProgress: p) * dp / baseScale
        let offset = touchStart - Point(x: base.frame.midX, y: base.frame.midY)
        let center = scaling == .center ? v : Vector(dx: v.dx - dk * offset.x, dy: v.dy - dk * offset.y)
        let alpha = 1 - p / fadeProgress
        return ZoomVelocity(
            center: center, size: Vector(dx: base.frame.width * dk, dy: base.frame.height * dk), cornerRadius: 0,
            backgroundAlpha: alpha > 0 && alpha < 1 ? -dp / fadeProgress : 0, contentAlpha: 0)
    }
}
