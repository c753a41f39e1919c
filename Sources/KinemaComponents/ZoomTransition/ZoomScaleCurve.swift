import KinemaTiming
import KinemaUI

/// How much a dragged image shrinks with the drag's progress (the share of the container's
/// height the finger travelled): `1 − progress`, as in hirobe/SwipeZoomOutSample, down to a knee
/// halfway between 1 and the floor, then a rubber band that approaches the floor and never
/// reaches it.
///
/// The sample's `1 − |dy|/H` reaches 0 and turns negative (a mirrored image) once the finger
/// travels more than the view's height. Past the knee `k = floor + (1 − floor)/2` the scale is
/// `k − b(progress − (1 − k))` with the rubber band `b(x) = x·r/(r + x)` over the room
/// `r = k − floor` (`RubberBand` of KinemaTiming with coefficient 1, so the slope stays −1 at the
/// knee: no kink). The scale falls monotonically, is never below the floor and never NaN.
///
/// ```swift
/// let curve = ZoomScaleCurve(floor: 0.3)
/// curve.scale(atProgress: 100.0 / 667)   // 0.8501 (the knee is at 0.65)
/// curve.scale(atProgress: 800.0 / 667)   // 0.4022, and never below 0.3
/// ```
public struct ZoomScaleCurve: Hashable, Sendable {
    /// The scale approached as the drag goes on, 0 to 1.
    public let floor: Double

    /// A curve that approaches `floor` (clamped to 0…1; NaN reads as 0.3).
    public init(floor: Double = 0.3) {
        self.floor = floor.isNaN ? 0.3 : min(max(floor, 0), 1)
    }

    /// Where the rubber band takes over.
    public var knee: Double { floor + (1 - floor) / 2 }

    /// The scale at `progress` (0 and below: 1).
    public func scale(atProgress progress: Double) -> Double {
        guard progress > 0 else { return 1 }
        let k = knee
        let linearEnd = 1 - k
        guard progress > linearEnd else { return 1 - progress }
        let room = k - floor
        guard room > 0 else { return k }
        return k - RubberBand.banded(progress - linearEnd, dimension: room, coefficient: 1)
    }

    /// The slope d(scale)/d(progress) at `progress`: −1 on the straight part, `−r²/(r + x)²` on
    /// the rubber band, 0 at and below zero progress.
    public func slope(atProgress progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        let k = knee
        let linearEnd = 1 - k
        guard progress > linearEnd else { return -1 }
        let room = k - floor
        guard room > 0 else { return 0 }
        let x = progress - linearEnd
        return -(room * room) / ((room + x) * (room + x))
    }
}
