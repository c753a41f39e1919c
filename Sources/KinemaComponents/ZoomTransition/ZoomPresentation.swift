import KinemaTiming
import KinemaUI

/// The presentation's zoom: from the source (or, without one, a small faded copy at the
/// container's centre) to the presented place on a timing curve, as hirobe/SwipeZoomOutSample
/// presents (0.2 s, ease-out). Every property blends with the same progress, so the backdrop's
/// opacity rises with the frame (no white flash at the end) and the crop is the frame's aspect
/// fill at every instant.
struct ZoomPresentation: Hashable, Sendable {
    let from: ZoomVisual
    let to: ZoomVisual
    let startTime: Double
    let duration: Double
    let curve: TimingFunction

    init(from: ZoomVisual, to: ZoomVisual, startTime: Double, duration: Double, curve: TimingFunction) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        self.curve = curve
    }

    /// When the zoom ends.
    var endTime: Double { startTime + duration }

    /// The curve's progress at `time`, 0 to 1.
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        let u = min(max((time - startTime) / duration, 0), 1)
        let p = curve.solve(u)
        return p.isFinite ? p : u
    }

    /// What shows at `time`.
    func visual(at time: Double) -> ZoomVisual {
        ZoomVisual.interpolate(from, to, progress(at: time))
    }
}
