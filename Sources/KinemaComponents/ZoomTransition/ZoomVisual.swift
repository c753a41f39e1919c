import KinemaGeometry
import KinemaUI

/// What a zoom shows at one instant: every property the engine moves, in absolute units.
struct ZoomVisual: Hashable, Sendable {
    /// The zoomed content's frame (the alignment rectangle on screen), container coordinates.
    var frame: Rect
    /// The frame's corner radius, points.
    var cornerRadius: Double
    /// The opacity of the backdrop behind the content, 0 to 1.
    var backgroundAlpha: Double
    /// The opacity of the content itself, 0 to 1 (below 1 only when the source is gone).
    var contentAlpha: Double

    /// The same visual with every value finite and in range (sizes ≥ 0, opacities 0…1, corner
    /// ≥ 0); what is not finite falls back to `fallback`'s value.
    func sanitized(fallback: ZoomVisual) -> ZoomVisual {
        func clean(_ v: Double, _ f: Double) -> Double { v.isFinite ? v : f }
        let origin = Point(x: clean(frame.origin.x, fallback.frame.origin.x), y: clean(frame.origin.y, fallback.frame.origin.y))
        let size = Size(
            width: max(0, clean(frame.width, fallback.frame.width)), height: max(0, clean(frame.height, fallback.frame.height)))
        return ZoomVisual(
            frame: Rect(origin: origin, size: size),
            cornerRadius: max(0, clean(cornerRadius, fallback.cornerRadius)),
            backgroundAlpha: min(max(clean(backgroundAlpha, fallback.backgroundAlpha), 0), 1),
            contentAlpha: min(max(clean(contentAlpha, fallback.contentAlpha), 0), 1))
    }

    /// The straight blend of two visuals at `fraction` (0: `a`, 1: `b`).
    static func interpolate(_ a: ZoomVisual, _ b: ZoomVisual, _ fraction: Double) -> ZoomVisual {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * fraction }
        return ZoomVisual(
            frame: Rect(
                x: mix(a.frame.minX, b.frame.minX), y: mix(a.frame.minY, b.frame.minY), width: mix(a.frame.width, b.frame.width),
                height: mix(a.frame.height, b.frame.height)),
            cornerRadius: mix(a.cornerRadius, b.cornerRadius), backgroundAlpha: mix(a.backgroundAlpha, b.backgroundAlpha),
            contentAlpha: mix(a.contentAlpha, b.contentAlpha))
    }
}

/// How fast each property of a ``ZoomVisual`` changes, per second: what a release hands to the
/// springs.
struct ZoomVelocity: Hashable, Sendable {
    /// The frame's centre, points per second.
    var center: Vector
    /// The frame's size, points per second.
    var size: Vector
    var cornerRadius: Double
    var backgroundAlpha: Double
    var contentAlpha: Double

    static let zero = ZoomVelocity(center: .zero, size: .zero, cornerRadius: 0, backgroundAlpha: 0, contentAlpha: 0)
}
