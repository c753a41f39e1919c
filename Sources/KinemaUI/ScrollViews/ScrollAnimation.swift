import KinemaGeometry

/// What a scroll view is animating, as functions of media time: its offset after a drag
/// (deceleration, bounce, paging), an animated scroll, or an animated zoom (scale and offset).
struct ScrollAnimation {
    enum Kind {
        /// After the finger lifted: ``ScrollView/isDecelerating``.
        case deceleration
        /// ``ScrollView/setContentOffset(_:animated:)``.
        case scrolling
        /// An animated zoom, or a pinch's bounce back inside the zoom limits.
        case zooming
    }

    var kind: Kind
    /// Which of the scroll view's animations this is (see `ScrollView.run(_:)`).
    var serial = 0
    var x: ScrollAxisMotion
    var y: ScrollAxisMotion
    /// For ``Kind/zooming``: the scale and the offset that follows it.
    var zoom: ScrollZoomMotion?

    init(kind: Kind, x: ScrollAxisMotion, y: ScrollAxisMotion) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    init(zoom: ScrollZoomMotion) {
        kind = .zooming
        x = ScrollAxisMotion(still: 0, at: zoom.start)
        y = ScrollAxisMotion(still: 0, at: zoom.start)
        self.zoom = zoom
    }

    /// When every part is over, seconds of media time.
    var endTime: Double { max(x.endTime, y.endTime, zoom?.endTime ?? -.infinity) }

    /// Whether a touch-down stops it (a zoom animation runs to its end so the scale lands
    /// inside its limits).
    var isCatchable: Bool { kind != .zooming }

    /// The offset at media time `time`, for offset animations.
    func offset(at time: Double) -> Point {
        Point(x: x.value(at: time), y: y.value(at: time))
    }
}
