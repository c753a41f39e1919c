import KinemaGeometry
import KinemaUI

/// A scroll-view delegate that logs its calls (`"didScroll"` repeats are collapsed) and can
/// change the target offset or name a view to zoom.
final class ScrollLog: ScrollViewDelegate {
    var calls: [String] = []
    var offsets: [Point] = []
    /// The velocity (points per millisecond) and target of the last `willEndDragging`.
    var releaseVelocity: Point?
    var proposedTarget: Point?
    /// When set, `willEndDragging` replaces the target with it.
    var newTarget: Point?
    var zoomView: View?
    var endZoomScales: [Double] = []

    private func note(_ call: String) {
        if call == "didScroll" && calls.last == call { return }
        calls.append(call)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        note("didScroll")
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { note("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        note("willEndDragging")
        releaseVelocity = velocity
        proposedTarget = targetContentOffset
        if let newTarget { targetContentOffset = newTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        note("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { note("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { note("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { note("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) { note("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: ScrollView) { note("didZoom") }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        note("didEndZooming")
        endZoomScales.append(scale)
    }
}

/// A 375 × 667 window (no safe area) filled by a scroll view whose content is a column of
/// `contentSize` (default 375 × 5000), advanced to time 0.
func makeScrollStage(
    contentSize: Size = Size(width: 375, height: 5000), frame: Rect = Rect(x: 0, y: 0, width: 375, height: 667)
) -> (Window, ScrollView, View, ScrollLog) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let scrollView = ScrollView(frame: frame)
    let content = View(frame: Rect(origin: .zero, size: contentSize))
    scrollView.addSubview(content)
    scrollView.contentSize = contentSize
    let log = ScrollLog()
    scrollView.delegate = log
    window.addSubview(scrollView)
    window.advance(to: 0)
    return (window, scrollView, content, log)
}

extension Window {
    /// Finger `id` comes down at `start` at `time`, moves at constant `velocity` (points per
    /// second) with an event every 1/120 s for `steps` events, and lifts one step later where the
    /// motion continues, so the release velocity is `velocity`. Returns the lift time.
    @discardableResult
    func fling(_ id: Int = 1, from start: Point, velocity: Point, at time: Double, steps: Int = 8) -> Double {
        down(id, start.x, start.y, at: time)
        for i in 1...(steps + 1) {
            let t = Double(i) / 120
            let p = start + velocity * t
            let now = time + t
            if i <= steps {
                move(id, p.x, p.y, at: now)
            } else {
                up(id, p.x, p.y, at: now)
            }
        }
        return time + Double(steps + 1) / 120
    }

    /// Finger `id` drags from `start` by `offset` in `steps` events 1/120 s apart, holds still for
    /// 0.1 s (so it releases with no velocity) and lifts. Returns the lift time.
    @discardableResult
    func slowDrag(_ id: Int = 1, from start: Point, by offset: Point, at time: Double, steps: Int = 20) -> Double {
        down(id, start.x, start.y, at: time)
        let end = drag(id, from: start, to: start + offset, start: time, duration: Double(steps) / 120)
        let p = start + offset
        up(id, p.x, p.y, at: end + 0.1)
        return end + 0.1
    }

    /// Advances the window frame by frame at `rate` frames per second up to `end`, calling `frame`
    /// after each; returns the frame times.
    @discardableResult
    func run(from start: Double, to end: Double, rate: Double = 60, frame: (Double) -> Void = { _ in }) -> [Double] {
        var times: [Double] = []
        var i = 1
        while true {
            let t = start + Double(i) / rate
            guard t <= end + 1e-9 else { break }
            advance(to: t)
            frame(t)
            times.append(t)
            i += 1
        }
        return times
    }
}
