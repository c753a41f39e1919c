import KinemaGeometry
import KinemaTiming
import KinemaUI

/// The zoomed content flying to a resting place after a release: one ``SpringMotion`` per
/// property, each in its own absolute units, each starting from the value and velocity shown at
/// release, so nothing divides by a distance (a property already on its target with a velocity
/// just swings out and back).
///
/// The frame's centre and size use the position spring; the corner radius, the backdrop and the
/// content's opacity use the same natural frequency critically damped (no overshoot past 0 or 1).
/// The flight is over at ``settleTime``: when every property is within its tolerance of its target
/// and slower than its velocity tolerance (0.5 pt and 5 pt/s for the frame; 0.005 and 0.05 per
/// second for the opacities). Everything snaps
/// to the targets then, so no frame shows the size done and the position not.
struct ZoomFlight: Hashable, Sendable {
    var centerX: SpringMotion
    var centerY: SpringMotion
    var width: SpringMotion
    var height: SpringMotion
    var cornerRadius: SpringMotion
    var backgroundAlpha: SpringMotion
    var contentAlpha: SpringMotion

    /// A flight from `visual` moving at `velocity` to `target`, starting at `time`.
    init(from visual: ZoomVisual, velocity: ZoomVelocity, to target: ZoomVisual, at time: Double, spring: Spring) {
        let fade = Spring(response: 2 * .pi / max(spring.naturalFrequency, 1e-6), dampingRatio: 1)
        let f = visual.frame
        let t = target.frame
        centerX = SpringMotion(spring: spring, from: f.midX, velocity: velocity.center.dx, to: t.midX, at: time)
        centerY = SpringMotion(spring: spring, from: f.midY, velocity: velocity.center.dy, to: t.midY, at: time)
        width = SpringMotion(spring: spring, from: f.width, velocity: velocity.size.dx, to: t.width, at: time)
        height = SpringMotion(spring: spring, from: f.height, velocity: velocity.size.dy, to: t.height, at: time)
        cornerRadius = SpringMotion(
            spring: fade, from: visual.cornerRadius, velocity: velocity.cornerRadius, to: target.cornerRadius, at: time)
        backgroundAlpha = SpringMotion(
            spring: fade, from: visual.backgroundAlpha, velocity: velocity.backgroundAlpha, to: target.backgroundAlpha, at: time)
        contentAlpha = SpringMotion(
            spring: fade, from: visual.contentAlpha, velocity: velocity.contentAlpha, to: target.contentAlpha, at: time)
    }

    /// What shows at `time` (sizes and opacities kept in range).
    func visual(at time: Double) -> ZoomVisual {
        let w = max(0, width.value(at: time))
        let h = max(0, height.value(at: time))
        let x = centerX.value(at: time)
        let y = centerY.value(at: time)
        return ZoomVisual(
            frame: Rect(x: x - w / 2, y: y - h / 2, width: w, height: h), cornerRadius: max(0, cornerRadius.value(at: time)),
            backgroundAlpha: min(max(backgroundAlpha.value(at: time), 0), 1), contentAlpha: min(max(contentAlpha.value(at: time), 0), 1))
    }

    /// How fast every property moves at `time`.
    func velocity(at time: Double) -> ZoomVelocity {
        ZoomVelocity(
            center: Vector(dx: centerX.velocity(at: time), dy: centerY.velocity(at: time)),
            size: Vector(dx: width.velocity(at: time), dy: height.velocity(at: time)), cornerRadius: cornerRadius.velocity(at: time),
            backgroundAlpha: backgroundAlpha.velocity(at: time), contentAlpha: contentAlpha.velocity(at: time))
    }

    /// Where the flight comes to rest.
    var target: ZoomVisual {
        ZoomVisual(
            frame: Rect(
                x: centerX.target - width.target / 2, y: centerY.target - height.target / 2, width: width.target,
                height: height.target),
            cornerRadius: cornerRadius.target, backgroundAlpha: backgroundAlpha.target, contentAlpha: contentAlpha.target)
    }

    /// The same flight heading for `target` from `time` on, with every property's value and
    /// velocity at `time` kept.
    func retargeted(to target: ZoomVisual, at time: Double) -> ZoomFlight {
        var f = self
        let t = target.frame
        f.centerX = centerX.retargeted(to: t.midX, at: time)
        f.centerY = centerY.retargeted(to: t.midY, at: time)
        f.width = width.retargeted(to: t.width, at: time)
        f.height = height.retargeted(to: t.height, at: time)
        f.cornerRadius = cornerRadius.retargeted(to: target.cornerRadius, at: time)
        f.backgroundAlpha = backgroundAlpha.retargeted(to: target.backgroundAlpha, at: time)
        f.contentAlpha = contentAlpha.retargeted(to: target.contentAlpha, at: time)
        return f
    }

    /// The media time every property has come to rest (see the type's documentation).
    var settleTime: Double {
        let frame = [centerX, centerY, width, height, cornerRadius].map { $0.settlingTime(tolerance: 0.5, velocityTolerance: 5) }
        let fades = [backgroundAlpha, contentAlpha].map { $0.settlingTime(tolerance: 0.005, velocityTolerance: 0.05) }
        return (frame + fades).max() ?? centerX.startTime
    }
}
