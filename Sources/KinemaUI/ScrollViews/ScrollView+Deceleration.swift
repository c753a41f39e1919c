import KinemaGeometry
import KinemaTiming

extension ScrollView {
    /// The finger lifted (or the drag was cancelled, with zero velocity): works out where the
    /// content comes to rest, lets the delegate change it, and starts the motion there.
    ///
    /// Order of the delegate's calls, as in UIKit: `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
    /// (velocity in points per millisecond, positive when the offset grows), then
    /// `scrollViewDidEndDragging(_:willDecelerate:)`, then, if the content moves on,
    /// `scrollViewWillBeginDecelerating`, `scrollViewDidScroll` each frame and
    /// `scrollViewDidEndDecelerating` once it rests. While a pinch (or its bounce back) moves the
    /// content, the drag ends without a motion of its own: zero velocity, no deceleration.
    func endDragging(fingerVelocity: Point) {
        guard let drag, let now = window?.currentTime, !zoomOwnsOffset else {
            finishDragging(decelerates: false)
            return
        }
        let start = contentOffset
        var velocity = Point.zero
        for axis in ScrollAxis.allCases where drag.moves(axis) && dragMoves(axis) {
            let v = -axis.component(of: fingerVelocity)
            velocity = axis.setting(v.isFinite ? v : 0, in: velocity)
        }
        let proposed = Point(
            x: proposedTarget(.horizontal, from: start.x, velocity: velocity.x),
            y: proposedTarget(.vertical, from: start.y, velocity: velocity.y))
        var target = proposed
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity * (1.0 / 1000), targetContentOffset: &target)
        target = target.isFinite ? clampedOffset(target) : proposed
        let x = releaseMotion(.horizontal, from: start.x, velocity: velocity.x, proposed: proposed.x, target: target.x, at: now)
        let y = releaseMotion(.vertical, from: start.y, velocity: velocity.y, proposed: proposed.y, target: target.y, at: now)
        let decelerates = !(x.isStill && y.isStill)
        guard decelerates else {
            applyContentOffset(Point(x: x.finalValue, y: y.finalValue))
            finishDragging(decelerates: false)
            return
        }
        finishDragging(decelerates: true)
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        run(ScrollAnimation(kind: .deceleration, x: x, y: y))
    }

    /// The drag is over: `scrollViewDidEndDragging(_:willDecelerate:)`. A drag that ends while a
    /// pinch owns the offset still reports `scrollViewWillEndDragging` first, with no velocity
    /// and the offset as target (which it cannot change).
    private func finishDragging(decelerates: Bool) {
        let wasDragging = drag != nil
        if wasDragging && zoomOwnsOffset {
            var target = contentOffset
            delegate?.scrollViewWillEndDragging(self, withVelocity: .zero, targetContentOffset: &target)
        }
        drag = nil
        isDragging = false
        if wasDragging { delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates) }
        if !decelerates { scrollingDidStop() }
    }

    /// Where the content would come to rest along `axis` released at `x0` with `velocity`
    /// (points per second, in the offset's direction): the page (``isPagingEnabled``); the
    /// nearest edge when it is past one; otherwise the deceleration's projection
    /// `x0 − v/(1000·ln d)`, clamped to the edges (the offset itself when that glide is shorter
    /// than ``restingDistance``).
    func proposedTarget(_ axis: ScrollAxis, from x0: Double, velocity: Double) -> Double {
        let range = offsetRange(axis)
        if isPagingEnabled { return pageTarget(axis, from: x0, velocity: velocity) }
        if x0 < range.lowerBound || x0 > range.upperBound { return min(max(x0, range.lowerBound), range.upperBound) }
        let glide = decelerationRate.continuousProjectedDistance(initialVelocity: velocity)
        guard abs(glide) >= Self.restingDistance else { return x0 }
        return min(max(x0 + glide, range.lowerBound), range.upperBound)
    }

    /// The motion along `axis` after a release at `x0` with `velocity` towards `target` (the
    /// delegate's, or the `proposed` one):
    ///
    /// - past an edge, or paging: the spring, starting with the release velocity;
    /// - the proposed target: the free deceleration, which bounces back from (or, without
    ///   ``bounces``, stops at) an edge it reaches;
    /// - a target the delegate changed: a deceleration whose glide ends exactly there.
    private func releaseMotion(
        _ axis: ScrollAxis, from x0: Double, velocity: Double, proposed: Double, target: Double, at now: Double
    ) -> ScrollAxisMotion {
        let range = offsetRange(axis)
        if x0 < range.lowerBound || x0 > range.upperBound || isPagingEnabled {
            return .spring(from: x0, velocity: velocity, to: target, at: now)
        }
        if target == proposed {
            return .deceleration(from: x0, velocity: velocity, rate: decelerationRate, range: range, bounces: bounces, at: now)
        }
        return .deceleration(from: x0, to: target, rate: decelerationRate, at: now)
    }
}
