import KinemaGeometry

/// Recognizes a pan that starts at an edge of the window and moves in from it: the "swipe from
/// the side" of back navigation and drawers. A ``PanGestureRecognizer`` in every other respect
/// (``PanGestureRecognizer/translation(in:)``, ``PanGestureRecognizer/velocity(in:)``, the
/// 10-point slop). Mirrors `UIScreenEdgePanGestureRecognizer`.
///
/// The pan fails at once unless its finger comes down within ``edgeMargin`` points of one of
/// the window's ``edges`` (Kinema has no screen and no interface orientation: the window's
/// bounds are the screen). When the finger crosses the slop it begins only if it moved away from
/// such an edge, within 45° of straight in; any other direction fails it. Only the first finger
/// counts: ``PanGestureRecognizer/maximumNumberOfTouches`` starts at 1, as Apple documents that
/// the recognizer ignores touches beyond the first.
///
/// Attach it to a view that reaches the edge (a controller's root view, say), since only
/// touches that hit the view or its subviews reach it:
///
/// ```swift
/// let back = ScreenEdgePanGestureRecognizer { pan in
///     let progress = pan.translation(in: root).x / root.bounds.width
///     print("back", progress)
/// }
/// back.edges = .left
/// root.addGestureRecognizer(back)
/// ```
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges of the window a pan may start from. Default none (`[]`), as in UIKit: set it
    /// before the pan can recognize anything. Mirrors `UIScreenEdgePanGestureRecognizer.edges`.
    public var edges: RectEdge = []

    /// How close to an edge the finger must come down, points from the window's edge, at least
    /// 0. Default 20. Kinema addition: UIKit does not document the width of its edge zone.
    public var edgeMargin = 20.0 {
        didSet { if !(edgeMargin.isFinite && edgeMargin >= 0) { edgeMargin = oldValue } }
    }

    /// The allowed edges the first finger came down near.
    private var startEdges: RectEdge = []

    public required init() {
        super.init()
        maximumNumberOfTouches = 1
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, let first = self.touches.first, touches.contains(first) else { return }
        startEdges = edges.intersection(edgesNear(first.windowLocation))
        if startEdges.isEmpty { state = .failed }
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }

    /// Whether the motion leaves one of ``startEdges``: towards the inside, within 45° of the
    /// edge's inward normal.
    override func allowsBeginning(from origin: Point, to current: Point) -> Bool {
        let motion = Vector(from: origin, to: current)
        let normals: [(RectEdge, Vector)] = [
            (.top, Vector(dx: 0, dy: 1)), (.left, Vector(dx: 1, dy: 0)),
            (.bottom, Vector(dx: 0, dy: -1)), (.right, Vector(dx: -1, dy: 0)),
        ]
        return normals.contains { edge, inward in
            let along = motion.dot(inward)
            return startEdges.contains(edge) && along > 0 && along >= abs(motion.cross(inward))
        }
    }

    /// The edges of the window whose zone (``edgeMargin`` wide) contains `point`, window
    /// coordinates.
    private func edgesNear(_ point: Point) -> RectEdge {
        guard let bounds = window?.bounds else { return [] }
        var near: RectEdge = []
        if point.y <= bounds.minY + edgeMargin { near.insert(.top) }
        if point.x <= bounds.minX + edgeMargin { near.insert(.left) }
        if point.y >= bounds.maxY - edgeMargin { near.insert(.bottom) }
        if point.x >= bounds.maxX - edgeMargin { near.insert(.right) }
        return near
    }
}
