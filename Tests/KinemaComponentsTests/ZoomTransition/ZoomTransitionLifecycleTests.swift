import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance test 20 of the zoom transition: 100 presentations and dismissals, caught, cancelled
/// and doubled, leave nothing behind.
@Suite struct ZoomTransitionLifecycleTests {
    final class CountingDetail: ViewController {
        var didAppear = 0
        var didDisappear = 0
        let photo = View()
        override func viewDidLoad() {
            view.backgroundColor = .white
            view.addSubview(photo)
        }
        override func viewDidLayoutSubviews() {
            photo.frame = ZoomGeometry.aspectFitRect(for: ZoomStageGeometry.photoSize, in: view.bounds.inset(by: view.safeAreaInsets))
        }
        override func viewDidAppear(_ animated: Bool) { didAppear += 1 }
        override func viewDidDisappear(_ animated: Bool) { didDisappear += 1 }
    }

    struct Leak {
        weak var detail: CountingDetail?
        weak var view: View?
        weak var transition: ViewController.Transition?
        weak var container: View?
    }

    /// One cycle of kind `kind` starting at `start`; returns weak references and the time it ended.
    func cycle(
        _ window: Window, grid: ZoomGridController, kind: Int, start: Double, counts: inout (presented: Int, dismissed: Int)
    ) -> (Leak, Double) {
        let detail = CountingDetail()
        let options = ViewController.Transition.ZoomOptions()
        options.alignmentRectProvider = { ($0.zoomedViewController as? CountingDetail)?.photo.frame }
        detail.preferredTransition = .zoom(options: options) { [weak grid] _ in grid?.cells[kind % 4] }
        var presented = 0
        var dismissed = 0
        grid.present(detail, animated: true) { presented += 1 }
        window.advance(to: start + 0.3)
        let leak = Leak(detail: detail, view: detail.view, transition: detail.preferredTransition, container: detail.view.superview)
        var t = start + 0.5
        switch kind % 10 {
        case 0, 1:  // caught mid-flight, then flicked down
            let lift = window.zoomDrag(
                from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: 100), velocity: Vector(dx: 0, dy: 1500), start: t)
            let c = detail.preferredTransition!.inspection(at: lift + 0.05).imageFrame.map { Point(x: $0.midX, y: $0.midY) } ?? .zero
            window.advance(to: lift + 0.05)
            window.down(1, c.x, c.y, at: lift + 0.05)
            window.zoomDrag(from: c, translation: Point(x: 0, y: 60), velocity: Vector(dx: 0, dy: 1200), start: lift + 0.1)
        case 2, 3:  // cancelled, then dismissed in code
            let lift = window.zoomDrag(from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: 20), velocity: .zero, start: t)
            window.advance(to: lift + 1)
            detail.dismiss(animated: true) { dismissed += 1 }
        case 4:  // two dismiss requests
            detail.dismiss(animated: true) { dismissed += 1 }
            detail.dismiss(animated: true) { dismissed += 1 }
        default:
            window.zoomDrag(from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: 120), velocity: Vector(dx: 0, dy: 800), start: t)
        }
        t = window.currentTime + 1.5
        window.advance(to: t)
        #expect(presented == 1)
        #expect(detail.didAppear >= 1 && detail.didDisappear == 1, "kind \(kind % 10)")
        #expect(grid.presentedViewController == nil)
        counts.presented += presented
        counts.dismissed += dismissed
        return (leak, t)
    }

    /// Test 20: 100 cycles (20 caught mid-flight, 20 cancelled, 10 dismissed twice): every
    /// presentation completes once, every dismissal once, nothing stays alive or running, the
    /// presenting screen's safe area is unchanged.
    @Test func test20LifecycleAndMemory() {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        let grid = ZoomGridController()
        window.rootViewController = grid
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let insets = grid.view.safeAreaInsets
        var counts = (presented: 0, dismissed: 0)
        var t = 0.0
        for i in 0..<100 {
            let (leak, end) = cycle(window, grid: grid, kind: i, start: t, counts: &counts)
            t = end
            #expect(leak.detail == nil && leak.view == nil && leak.transition == nil && leak.container == nil, "cycle \(i)")
            #expect(window.displayLinks.isEmpty && window.timers.isEmpty, "cycle \(i)")
            #expect(window.layer.subtree.allSatisfy { $0.animationKeys().isEmpty })
            #expect(grid.view.safeAreaInsets == insets && grid.view.frame == window.bounds)
            #expect(grid.cells.allSatisfy { !$0.isHidden })
        }
        #expect(counts.presented == 100)
        #expect(counts.dismissed == 30)  // 20 in code after a cancel, 10 first requests; the second requests are ignored
    }
}
