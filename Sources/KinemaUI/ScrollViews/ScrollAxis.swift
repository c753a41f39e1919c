import KinemaGeometry

/// One of a scroll view's two axes, with the accessors that let the physics be written once.
enum ScrollAxis: CaseIterable {
    case horizontal
    case vertical

    /// The component of `point` along the axis.
    func component(of point: Point) -> Double {
        self == .horizontal ? point.x : point.y
    }

    /// `point` with its component along the axis set to `value`.
    func setting(_ value: Double, in point: Point) -> Point {
        self == .horizontal ? Point(x: value, y: point.y) : Point(x: point.x, y: value)
    }

    /// The length of `size` along the axis.
    func length(of size: Size) -> Double {
        self == .horizontal ? size.width : size.height
    }

    /// The insets before and after the content along the axis (left and right, or top and bottom).
    func insets(_ insets: EdgeInsets) -> (before: Double, after: Double) {
        self == .horizontal ? (insets.left, insets.right) : (insets.top, insets.bottom)
    }
}
