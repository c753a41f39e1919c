import KinemaGeometry
import KinemaTiming

/// An animated zoom as a function of media time: the scale eases from one value to another
/// while a point of the zoomed view (the anchor) moves from one place in the visible area to
/// another, so the offset follows the scale exactly at every frame and lands on the clamped
/// offset at the end.
///
/// With `P` the anchor in the zoomed view's unscaled coordinates (from its bounds' top-left), `o`
/// the zoomed view's frame origin, `s(t)` the scale and `L(t)` where the anchor shows relative to
/// the visible area's top-left: `offset(t) = o + P·s(t) − L(t)`.
struct ScrollZoomMotion {
    var anchor: Point
    var fromScale: Double
    var toScale: Double
    var fromLocation: Point
    var toLocation: Point
    /// The offset at the end, exactly.
    var finalOffset: Point
    var start: Double
    var duration: Double
    var timing = TimingFunction.easeInEaseOut

    var endTime: Double { start + duration }

    /// The eased progress at media time `time`, 0 to 1.
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return timing.solve(min(1, max(0, (time - start) / duration)))
    }

    /// The scale at media time `time`.
    func scale(at time: Double) -> Double {
        time >= endTime ? toScale : fromScale + (toScale - fromScale) * progress(at: time)
    }

    /// The offset at media time `time` for a zoomed view whose frame origin is `origin`.
    func offset(at time: Double, origin: Point) -> Point {
        guard time < endTime else { return finalOffset }
        let p = progress(at: time)
        let location = fromLocation + (toLocation - fromLocation) * p
        return origin + anchor * scale(at: time) - location
    }
}
