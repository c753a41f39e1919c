import KinemaGeometry
import KinemaTiming

/// A drag in progress: where the finger would have put the content without the rubber band, the
/// pan's translation already applied, and the axis the drag is locked to, if any.
struct ScrollDrag {
    /// The offset without rubber banding, points.
    var unbandedOffset: Point
    /// The pan's translation at the last change, in the scroll view's coordinates.
    var translation: Point
    /// The only axis the drag moves (``ScrollView/isDirectionalLockEnabled``), or `nil`.
    var lockedAxis: ScrollAxis?

    /// Picks up the content where it is (already past an edge, if it was caught while bouncing).
    init(scrollView: ScrollView, translation: Point, lockedAxis: ScrollAxis?) {
        unbandedOffset = scrollView.contentOffset
        self.translation = translation
        self.lockedAxis = lockedAxis
        resynchronize(with: scrollView)
    }

    /// Takes the scroll view's current offset as the finger's (after code set it mid-drag).
    mutating func resynchronize(with scrollView: ScrollView) {
        let offset = scrollView.contentOffset
        var unbanded = offset
        for axis in ScrollAxis.allCases where scrollView.bounces {
            let value = RubberBand.unbanded(
                axis.component(of: offset), in: scrollView.offsetRange(axis), dimension: axis.length(of: scrollView.bounds.size),
                coefficient: ScrollView.rubberBandCoefficient)
            unbanded = axis.setting(value, in: unbanded)
        }
        unbandedOffset = unbanded
    }

    /// Whether the drag moves `axis`.
    func moves(_ axis: ScrollAxis) -> Bool {
        lockedAxis == nil || lockedAxis == axis
    }
}
