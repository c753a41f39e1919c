import Foundation
import Kinema
import Testing

@testable import PhotoZoom

/// The swipe-to-dismiss talk's photo zoom, driven by scripted touches (the path the mouse takes in
/// a live window): a tap zooms a photo out of its cell, a drag shrinks it under the finger, a far
/// or fast release flies it back into the cell with the finger's velocity, a short slow one springs
/// it back.
@Suite struct PhotoZoomTests {
    /// The screen of the post's sample: 375 × 667 points with a 20-point status bar.
    static let safeArea = Rect(x: 0, y: 20, width: 375, height: 647)

    static func makeScreen() -> (Window, GridViewController) {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 2, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        let grid = GridViewController()
        window.rootViewController = grid
        window.makeKeyAndVisible()
        window.advance(to: 0)
        return (window, grid)
    }

    /// Where the detail screen shows a photo: its aspect-fit rect in the safe area.
    static func detailRect(for image: Image) -> Rect {
        let s = safeArea
        let rate = min(s.width / image.size.width, s.height / image.size.height)
        let w = image.size.width * rate, h = image.size.height * rate
        return Rect(x: s.midX - w / 2, y: s.midY - h / 2, width: w, height: h)
    }

    static func cellFrame(_ grid: GridViewController, _ index: Int) -> Rect {
        grid.cells[index].convert(grid.cells[index].bounds, to: nil)
    }

    static func tap(_ window: Window, at point: Point, time: Double) {
        window.send(TouchInput(identifier: 1, phase: .began, location: point, timestamp: time))
        window.send(TouchInput(identifier: 1, phase: .ended, location: point, timestamp: time + 0.05))
    }

    typealias OpenPhoto = (detail: DetailViewController, nav: NavigationController, container: View)

    /// Taps cell `index` at 0.5 s and returns the detail screen, its navigation controller and
    /// its container once the zoom is over (at 1 s).
    static func openPhoto(_ index: Int, _ window: Window, _ grid: GridViewController) throws -> OpenPhoto {
        let cell = cellFrame(grid, index)
        tap(window, at: Point(x: cell.midX, y: cell.midY), time: 0.5)
        let nav = try #require(grid.presentedViewController as? NavigationController)
        let detail = try #require(nav.topViewController as? DetailViewController)
        let container = try #require(nav.presentationController?.containerView)
        window.advance(to: 1)
        return (detail, nav, container)
    }

    /// One finger from `from` by `delta` over `duration` s from `start`, moving 120 times a
    /// second; it lifts `hold` s after its last move unless `lift` is false.
    static func drag(
        _ window: Window, from: Point, by delta: Point, start: Double, duration: Double, hold: Double = 0, lift: Bool = true
    ) {
        window.send(TouchInput(identifier: 1, phase: .began, location: from, timestamp: start))
        let steps = max(1, Int((duration * 120).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            window.send(
                TouchInput(
                    identifier: 1, phase: .moved, location: Point(x: from.x + delta.x * f, y: from.y + delta.y * f),
                    timestamp: start + duration * f))
        }
        if lift {
            window.send(TouchInput(identifier: 1, phase: .ended, location: from + delta, timestamp: start + duration + hold))
        }
    }

    /// A view's frame as shown at `t`, in its superview's coordinates (no transform).
    static func shownFrame(_ view: View, at t: Double) -> Rect {
        let p = view.layer.presentation(at: t)
        return Rect(
            x: p.position.x - p.bounds.width / 2, y: p.position.y - p.bounds.height / 2, width: p.bounds.width, height: p.bounds.height)
    }

    /// The dismissal's flying photo as shown at `t`, in window coordinates: the post nests it in
    /// a y-move view and an x-move view, each as large as the container, whose offsets add to its
    /// own frame.
    static func flyingFrame(yMove: View, xMove: View, image: View, at t: Double) -> Rect {
        let dy = shownFrame(yMove, at: t).minY, dx = shownFrame(xMove, at: t).minX
        let f = shownFrame(image, at: t)
        return Rect(x: f.minX + dx, y: f.minY + dy, width: f.width, height: f.height)
    }

    static func isClose(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    /// Cells in different rows and columns, so that a swapped axis or a wrong cell shows.
    @Test(arguments: [0, 6, 13])
    func tappingACellZoomsItsPhotoFromTheCellToTheDetail(index: Int) throws {
        let (window, grid) = Self.makeScreen()
        let cell = Self.cellFrame(grid, index)
        Self.tap(window, at: Point(x: cell.midX, y: cell.midY), time: 0.5)
        let t0 = window.currentTime
        let nav = try #require(grid.presentedViewController as? NavigationController)
        let detail = try #require(nav.topViewController as? DetailViewController)
        #expect(detail.parentImageViewRect == cell)
        #expect(detail.parentImage == grid.images[index])
        let container = try #require(nav.presentationController?.containerView)
        let flying = try #require(container.subviews.last as? ImageView)
        #expect(flying.image == grid.images[index])

        // From the cell to the detail rect in 0.2 s, ease-out.
        let target = Self.detailRect(for: grid.images[index])
        #expect(Self.isClose(Self.shownFrame(flying, at: t0), cell, 1e-9), "\(Self.shownFrame(flying, at: t0)) vs \(cell)")
        let p = TimingFunction.easeOut.solve(0.5)
        let halfway = Rect(
            x: cell.minX + (target.minX - cell.minX) * p, y: cell.minY + (target.minY - cell.minY) * p,
            width: cell.width + (target.width - cell.width) * p, height: cell.height + (target.height - cell.height) * p)
        #expect(Self.isClose(Self.shownFrame(flying, at: t0 + 0.1), halfway, 1e-6))
        #expect(Self.isClose(Self.shownFrame(flying, at: t0 + 0.2), target, 1e-6))

        // Then the detail screen takes over and shows the photo there.
        window.advance(to: t0 + 0.21)
        #expect(flying.superview == nil)
        #expect(nav.view.superview === container && !nav.view.isHidden)
        #expect(detail.imageView.image == grid.images[index])
        #expect(detail.imageView.convert(detail.imageView.bounds, to: nil) == Self.safeArea)
        #expect(detail.imageView.contentMode == .scaleAspectFit)
    }

    @Test func draggingThePhotoMovesItWithTheFingerAndShrinksIt() throws {
        let (window, grid) = Self.makeScreen()
        let (detail, nav, _) = try Self.openPhoto(6, window, grid)
        // 150 pt down and 30 pt right in 0.25 s, still holding.
        Self.drag(window, from: Point(x: 150, y: 300), by: Point(x: 30, y: 150), start: 1, duration: 0.25, lift: false)
        let pan = detail.panGesture!
        let t = pan.translation(in: detail.view)
        #expect(t.y > 150 - pan.hysteresis - 1e-9 && t.y <= 150, "the slop is left out: \(t)")
        let image = detail.imageView
        let shown = image.superview!.convert(image.frame, to: nil)
        // The safe area's image view, scaled by 1 − t.y / 667 about its centre, then moved by t.
        let s = 1 - t.y / 667
        let home = Self.safeArea
        let expected = Rect(
            x: home.midX + t.x - home.width * s / 2, y: home.midY + t.y - home.height * s / 2, width: home.width * s,
            height: home.height * s)
        #expect(Self.isClose(shown, expected, 1e-9), "\(shown) vs \(expected)")
        #expect(s < 0.8, "it shrinks: \(s)")
        // Under the finger: the photo's centre moved as far as the finger, but for the slop.
        #expect(abs(shown.midY - home.midY - 150) <= pan.hysteresis + 1e-9)
        #expect(abs(shown.midX - home.midX - 30) <= pan.hysteresis + 1e-9)
        #expect(image.layer.animationKeys().isEmpty, "it follows the finger, no animation")
        #expect(grid.presentedViewController === nav)
    }

    /// The dismissal's flying photo, found in the container as the post builds it: a white cover,
    /// then the y-move view holding the x-move view holding the photo.
    struct Flight {
        let cover: View, yMove: View, xMove: View, image: ImageView

        init(container: View) throws {
            yMove = try #require(container.subviews.last)
            cover = try #require(container.subviews.dropLast().last)
            xMove = try #require(yMove.subviews.first)
            image = try #require(xMove.subviews.first as? ImageView)
        }

        func frame(at t: Double) -> Rect { PhotoZoomTests.flyingFrame(yMove: yMove, xMove: xMove, image: image, at: t) }
    }

    @Test func lettingGoFarDownFliesThePhotoBackIntoItsCell() throws {
        let (window, grid) = Self.makeScreen()
        let index = 6
        let cell = Self.cellFrame(grid, index)
        let (detail, nav, container) = try Self.openPhoto(index, window, grid)
        // 200 pt down and 30 right in 0.25 s (800 pt/s), lifted while moving.
        Self.drag(window, from: Point(x: 150, y: 300), by: Point(x: 30, y: 200), start: 1, duration: 0.25)
        let release = window.currentTime
        let held = detail.imageView.superview!.convert(detail.imageView.frame, to: nil)  // where the finger left it
        #expect(detail.modalTransition.isForPresented == false)
        #expect(abs(detail.modalTransition.swipeVelocity.y - 800) < 20, "\(detail.modalTransition.swipeVelocity)")
        #expect(nav.view.isHidden)

        let flight = try Flight(container: container)
        #expect(flight.image.image == grid.images[index])
        // It starts where the finger left it (the photo's aspect-fit rect inside the held view).
        let start = flight.frame(at: release)
        let fit = Self.detailRect(for: grid.images[index])
        let s = held.width / Self.safeArea.width
        #expect(abs(start.midX - held.midX) < 1e-9 && abs(start.midY - held.midY) < 1e-9, "\(start) vs \(held)")
        #expect(abs(start.width - fit.width * s) < 1e-9 && abs(start.height - fit.height * s) < 1e-9)
        // Halfway, the grid shows through the fading cover and the photo is between its sizes.
        let mid = flight.frame(at: release + 0.2)
        #expect(mid.width < start.width && mid.width > cell.width)
        let alpha = flight.cover.layer.presentation(at: release + 0.2).opacity
        #expect(alpha > 0.3 && alpha < 0.7)
        // It lands on its cell: within half a point at 0.4 s, exactly once the springs are done.
        #expect(Self.isClose(flight.frame(at: release + 0.4), cell, 0.5), "\(flight.frame(at: release + 0.4)) vs \(cell)")
        #expect(Self.isClose(flight.frame(at: release + 0.41), cell, 1e-9))
        window.advance(to: release + 0.2)
        #expect(grid.presentedViewController === nav)
        window.advance(to: release + 0.41)
        #expect(grid.presentedViewController == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === grid.view)
    }

    /// Two releases from the same place: one while the finger still moves down at 1600 pt/s, one
    /// after it held still. The photo that is flicked keeps going down for a moment before it
    /// turns back up to its cell; the held one heads straight up.
    @Test func theFingersVelocityCarriesIntoTheFlight() throws {
        func dismiss(hold: Double) throws -> (start: Rect, later: [Rect], velocity: Point) {
            let (window, grid) = Self.makeScreen()
            let (detail, _, container) = try Self.openPhoto(6, window, grid)
            Self.drag(window, from: Point(x: 150, y: 300), by: Point(x: 0, y: 200), start: 1, duration: 0.125, hold: hold)
            let release = window.currentTime
            let flight = try Flight(container: container)
            return (
                flight.frame(at: release), [1.0 / 60, 0.05].map { flight.frame(at: release + $0) }, detail.modalTransition.swipeVelocity
            )
        }
        let flicked = try dismiss(hold: 0)
        let held = try dismiss(hold: 0.1)
        #expect(flicked.velocity.y > 1500 && held.velocity == .zero, "\(flicked.velocity), \(held.velocity)")
        #expect(Self.isClose(flicked.start, held.start, 1e-9))
        #expect(flicked.later[0].midY > flicked.start.midY, "the flick carries on down")
        #expect(held.later[0].midY < held.start.midY, "without velocity it heads for the cell")
        for (f, h) in zip(flicked.later, held.later) { #expect(f.midY > h.midY + 5, "\(f.midY) vs \(h.midY)") }
    }

    @Test func aShortSlowDragSpringsBackAndStaysPresented() throws {
        let (window, grid) = Self.makeScreen()
        let (detail, nav, container) = try Self.openPhoto(13, window, grid)
        // 40 pt down in 0.5 s: 6 % of the height at 80 pt/s.
        Self.drag(window, from: Point(x: 200, y: 350), by: Point(x: 10, y: 40), start: 1, duration: 0.5)
        let release = window.currentTime
        #expect(detail.modalTransition.isForPresented == true)
        #expect(detail.imageView.transform == .identity)  // the model: resetPosition animates to it
        let shown = detail.imageView.layer.presentation(at: release).transform
        #expect(!shown.isIdentity, "it starts from where the finger left it")
        #expect(shown.m22 < 1 && shown.m42 > 20, "\(shown)")
        window.advance(to: release + 1)
        #expect(detail.imageView.layer.presentation(at: release + 1).transform.isIdentity)
        #expect(grid.presentedViewController === nav)
        #expect(!nav.view.isHidden)
        #expect(container.subviews.count == 1 && container.subviews[0] === nav.view)
    }

    @Test func aShortFastFlickDismissesAndTheGridTakesTapsAgain() throws {
        let (window, grid) = Self.makeScreen()
        let (detail, _, _) = try Self.openPhoto(3, window, grid)
        // 40 pt in 1/30 s: only 6 % of the height but 1200 pt/s.
        Self.drag(window, from: Point(x: 200, y: 350), by: Point(x: 0, y: 40), start: 1, duration: 1.0 / 30)
        #expect(detail.modalTransition.swipeVelocity.y > 1000)
        window.advance(to: 2)
        #expect(grid.presentedViewController == nil)
        // Another photo opens as the first did.
        let cell = Self.cellFrame(grid, 20)
        Self.tap(window, at: Point(x: cell.midX, y: cell.midY), time: 2.5)
        let nav = try #require(grid.presentedViewController as? NavigationController)
        let again = try #require(nav.topViewController as? DetailViewController)
        #expect(again !== detail)
        #expect(again.parentImageViewRect == cell)
        window.advance(to: 3)
        #expect(nav.view.superview != nil && again.imageView.image == grid.images[20])
    }

    @Test func theGridIsTheSamplesFlowLayout() {
        let (_, grid) = Self.makeScreen()
        // 4 columns of 80 pt spread over 375 pt, rows 90 pt apart under a 64-pt bar.
        let centres = (0..<4).map { Self.cellFrame(grid, $0).midX }
        for (c, e) in zip(centres, [40, 138.333_333, 236.666_667, 335]) { #expect(abs(c - e) < 1e-5) }
        #expect(Self.cellFrame(grid, 0) == Rect(x: 0, y: 64, width: 80, height: 80))
        #expect(Self.cellFrame(grid, 5).minY == 154)
    }
}
