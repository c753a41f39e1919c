import KinemaTiming
import KinemaUI

/// Whether a released drag dismisses: by where the content would come to rest if it kept going
/// and slowed down as a scroll view does, not by where it is (WWDC 2018 session 803, "Designing
/// Fluid Interfaces": project the release velocity, `D = (v/1000)·d/(1 − d)` with `d = 0.998`).
///
/// The projected progress is `p + D(vy)/H`. `.down` dismisses when it is past the threshold
/// downwards; `.any` when it is past the threshold either way (hirobe/SwipeZoomOutSample's
/// `abs`). With H = 667 and the threshold 0.1: released at 5 % with 1500 pt/s down dismisses
/// (781.8 pt projected), at 5 % at rest cancels, at 12 % at rest dismisses, at 8 % with 900 pt/s
/// dismisses (502.5 pt), at 5 % with 1500 pt/s up cancels with `.down` and dismisses with `.any`.
/// A finger that paused before lifting has no velocity (the velocity tracker's stop rule), so
/// only its position counts.
struct ZoomReleaseDecision: Hashable, Sendable {
    typealias Options = ViewController.Transition.ZoomOptions

    var directions: Options.DismissDirections
    var threshold: Double
    var decelerationRate: DecelerationRate

    init(options: Options) {
        directions = options.dismissDirections
        threshold = options.threshold.isFinite ? options.threshold : 0.1
        decelerationRate = options.decelerationRate
    }

    /// The progress the release projects to: `signedProgress + D(velocityY)/height`.
    func projectedProgress(signedProgress: Double, velocityY: Double, height: Double) -> Double {
        let h = height.isFinite && height > 0 ? height : 1
        let p = signedProgress.isFinite ? signedProgress : 0
        return p + decelerationRate.projectedDistance(initialVelocity: velocityY) / h
    }

    /// Whether the release dismisses.
    func dismisses(signedProgress: Double, velocityY: Double, height: Double) -> Bool {
        let projected = projectedProgress(signedProgress: signedProgress, velocityY: velocityY, height: height)
        switch directions {
        case .down: return projected > threshold
        case .any: return abs(projected) > threshold
        }
    }
}
