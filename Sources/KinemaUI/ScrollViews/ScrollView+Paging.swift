extension ScrollView {
    /// The page a release at `x0` with `velocity` (points per second, in the offset's direction)
    /// settles on along `axis`: pages are multiples of the view's size; the one nearest to the
    /// projected offset `x0 − v/(1000·ln d)` (``decelerationRate``), but at most one page from
    /// where the content is (a flick turns one page, as in UIKit), clamped to the edges. A view
    /// of zero size along the axis has no pages: the offset is only clamped.
    func pageTarget(_ axis: ScrollAxis, from x0: Double, velocity: Double) -> Double {
        let range = offsetRange(axis)
        let page = axis.length(of: bounds.size)
        guard page > 0 else { return min(max(x0, range.lowerBound), range.upperBound) }
        let projected = x0 + decelerationRate.continuousProjectedDistance(initialVelocity: velocity)
        let position = x0 / page
        let nearest = (projected / page).rounded()
        let index = min(max(nearest, position.rounded(.up) - 1), position.rounded(.down) + 1)
        return min(max(index * page, range.lowerBound), range.upperBound)
    }
}
