import KinemaGeometry

extension View {
    /// Whether the view can take touches at all: interaction enabled, not hidden, alpha at least
    /// 0.01, and no running animation that blocks interaction.
    var acceptsTouches: Bool {
        isUserInteractionEnabled && !isHidden && alpha >= 0.01 && interactionBlockingAnimations == 0
    }

    /// UIKit's hit test: the receiver must accept touches and contain the point; then subviews
    /// are asked front to back, and the receiver answers when none does.
    func defaultHitTest(_ point: Point, with event: Event?) -> View? {
        guard point.isFinite, acceptsTouches, self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            let p = sub.convert(point, from: self)
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }
}
