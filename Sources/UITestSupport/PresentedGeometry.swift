import KinemaGeometry
import KinemaLayers
import KinemaUI

/// Where `local` (a point in `view`'s bounds) shows at time `t`, in its superview's coordinates,
/// from the presentation (position, anchor point, bounds and transform).
public func shownPoint(_ local: Point, of view: View, at t: Double) -> Point {
    view.shownPoint(local, at: t)
}

/// The presented scale (x) of `view` at `t`.
public func shownScale(_ view: View, at t: Double) -> Double {
    view.layer.presentation(at: t).transform.affineTransform.a
}

/// Frame times at 120 Hz from `start` to `end`, inclusive.
public func frames120(from start: Double, to end: Double) -> [Double] {
    let n = Int(((end - start) * 120).rounded())
    return (0...n).map { start + Double($0) / 120 }
}

/// The frame a layer shows at `t` (its presentation's position and bounds size, no transform).
public func shownFrame(_ view: View, at t: Double) -> Rect {
    let p = view.layer.presentation(at: t)
    return Rect(
        x: p.position.x - p.bounds.width / 2, y: p.position.y - p.bounds.height / 2, width: p.bounds.width, height: p.bounds.height)
}
