import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

// The harness of the zoom transition's acceptance tests: the seed's screen (a 375 × 667 window
// with a 20 pt status bar, hirobe/SwipeZoomOutSample's geometry): a grid whose first cell is the
// thumbnail T = (0, 64, 80, 80), and a detail screen showing a 320 × 480 photo aspect-fit in the
// safe area, D = (0, 62.25, 375, 562.5). Fingers are scripted with timestamps; what is on screen
// is read from the layers' presentation values (`Transition.inspection(at:)`).

enum ZoomStageGeometry {
    static let thumbnail = Rect(x: 0, y: 64, width: 80, height: 80)
    static let detail = Rect(x: 0, y: 62.25, width: 375, height: 562.5)
    static let photoSize = Size(width: 320, height: 480)
    static var detailCenter: Point { Point(x: detail.midX, y: detail.midY) }
}

/// The grid: a dark grey screen whose content view (scrolled by moving its bounds' origin, as a
/// scroll view does) holds green 80 × 80 cells, the first at T.
final class ZoomGridController: ViewController {
    let content = View()
    var cells: [View] = []

    override func viewDidLoad() {
        view.backgroundColor = Color(white: 0.2)
        content.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        view.addSubview(content)
        for i in 0..<4 {
            let cell = View(frame: Rect(x: Double(i) * 98.33, y: 64, width: 80, height: 80))
            cell.backgroundColor = Color(red: 0, green: 0.6, blue: 0)
            content.addSubview(cell)
            cells.append(cell)
        }
    }

    /// A cell at `frame` (made once), for tests that need the thumbnail elsewhere.
    private(set) var extraCell: View?
    func cell(at frame: Rect) -> View {
        if let extraCell { return extraCell }
        let cell = View(frame: frame)
        cell.backgroundColor = Color(red: 0, green: 0.6, blue: 0)
        content.addSubview(cell)
        extraCell = cell
        return cell
    }

    /// Scrolls the grid's content by `dy` points (a scroll view's contentOffset).
    func scroll(by dy: Double) {
        content.bounds.origin = Point(x: 0, y: content.bounds.origin.y + dy)
    }
}

/// The detail screen: white, the photo (an orange view standing for the image) aspect-fit in the
/// safe area, laid out in `viewDidLayoutSubviews` as Auto Layout would.
final class ZoomDetailController: ViewController {
    let photo = View()

    override func viewDidLoad() {
        view.backgroundColor = .white
        photo.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
        view.addSubview(photo)
    }

    override func viewDidLayoutSubviews() {
        let safe = view.bounds.inset(by: view.safeAreaInsets)
        photo.frame = ZoomGeometry.aspectFitRect(for: ZoomStageGeometry.photoSize, in: safe)
    }
}

/// One presentation of the detail from the grid's first cell.
struct ZoomScene {
    let window: Window
    let grid: ZoomGridController
    let detail: ZoomDetailController
    let transition: ViewController.Transition
    let options: ViewController.Transition.ZoomOptions
    /// How often the source view provider was called.
    let providerCalls: Counter

    final class Counter {
        var value = 0
    }

    /// The grid as the window's root, the detail presented with a zoom at t = 0 and, unless
    /// `settle` is false, advanced to 0.2 s (presented). `source` picks the source view (default:
    /// the grid's first cell).
    static func make(
        scaling: ViewController.Transition.ZoomOptions.Scaling = .center,
        directions: ViewController.Transition.ZoomOptions.DismissDirections = .down,
        settle: Bool = true, configure: (ViewController.Transition.ZoomOptions) -> Void = { _ in },
        source: ((ZoomGridController) -> View?)? = nil
    ) -> ZoomScene {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        let grid = ZoomGridController()
        window.rootViewController = grid
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let detail = ZoomDetailController()
        let options = ViewController.Transition.ZoomOptions()
        options.scaling = scaling
        options.dismissDirections = directions
        options.alignmentRectProvider = { context in (context.zoomedViewController as? ZoomDetailController)?.photo.frame }
        configure(options)
        let calls = Counter()
        let pick = source ?? { $0.cells.first }
        detail.preferredTransition = .zoom(options: options) { [weak grid] _ in
            calls.value += 1
            return grid.flatMap(pick)
        }
        grid.present(detail, animated: true)
        if settle {
            window.advance(to: 0.1)
            window.advance(to: 0.2)
        }
        return ZoomScene(
            window: window, grid: grid, detail: detail, transition: detail.preferredTransition!, options: options, providerCalls: calls)
    }

    /// What is on screen at `t` (advances the window there first).
    func shown(at t: Double) -> ZoomTransitionInspection {
        window.advance(to: t)
        return transition.inspection(at: t)
    }

    /// The shown frame's centre at `t`, or nil when nothing flies.
    func center(at t: Double) -> Point? {
        shown(at: t).imageFrame.map { Point(x: $0.midX, y: $0.midY) }
    }
}

/// Scripted fingers for the zoom tests, in window points and seconds, 120 samples per second.
enum ZoomFinger {
    /// A drag whose translation (after the slop) is `translation` at the lift, lifted at `velocity`
    /// (points per second, exact for a least-squares tracker): down at `start` at `from`, 12 pt down
    /// one sample later (the slop is 10 pt, so the drag begins there), then to where the last
    /// 0.1 s must start, then 0.1 s in a straight line at `velocity`, lifted on the last sample.
    /// With `pause`, the finger holds still that long (no samples) before it lifts.
    static func drag(from: Point, translation: Point, velocity: Vector, start: Double, pause: Double = 0) -> [TouchInput] {
        let step = 1.0 / 120
        func input(_ phase: Touch.Phase, _ p: Point, _ t: Double) -> TouchInput {
            TouchInput(identifier: 1, phase: phase, location: p, timestamp: t)
        }
        var inputs = [input(.began, from, start)]
        let p0 = Point(x: from.x, y: from.y + 12)
        inputs.append(input(.moved, p0, start + step))
        let lead = Point(x: translation.x - velocity.dx * 0.1, y: translation.y - velocity.dy * 0.1)
        for i in 1...24 {
            let f = Double(i) / 24
            inputs.append(input(.moved, Point(x: p0.x + lead.x * f, y: p0.y + lead.y * f), start + step + Double(i) * step))
        }
        let turn = start + 25 * step
        for i in 1...12 {
            let dt = Double(i) * step
            let p = Point(x: p0.x + lead.x + velocity.dx * dt, y: p0.y + lead.y + velocity.dy * dt)
            inputs.append(input(i < 12 || pause > 0 ? .moved : .ended, p, turn + dt))
        }
        if pause > 0 {
            inputs.append(input(.ended, Point(x: p0.x + translation.x, y: p0.y + translation.y), turn + 0.1 + pause))
        }
        return inputs
    }
}

extension Window {
    /// Sends ``ZoomFinger/drag(from:translation:velocity:start:pause:)`` and returns the lift's time.
    @discardableResult
    func zoomDrag(from: Point, translation: Point, velocity: Vector, start: Double, pause: Double = 0) -> Double {
        let inputs = ZoomFinger.drag(from: from, translation: translation, velocity: velocity, start: start, pause: pause)
        for input in inputs { send(input) }
        return inputs.last?.timestamp ?? start
    }

    /// Plays `inputs` with frames at `rate` per second in between (the window advanced to every
    /// frame time), then frames on until `end`.
    func play(_ inputs: [TouchInput], frameRate rate: Double, until end: Double) {
        var frame = (currentTime * rate).rounded(.down) + 1
        for input in inputs {
            while frame / rate < input.timestamp {
                advance(to: frame / rate)
                frame += 1
            }
            send(input)
        }
        while frame / rate <= end {
            advance(to: frame / rate)
            frame += 1
        }
    }
}

/// The largest of the absolute differences of two rectangles' edges.
func edgeError(_ a: Rect, _ b: Rect) -> Double {
    max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
}
