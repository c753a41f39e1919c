import Foundation
import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing
import UITestSupport

// A port of the swipe-to-dismiss talk (Kazuya Hirobe's Speaker Deck slides and its sample code,
// https://github.com/hirobe/SwipeZoomOutSample; docs/ported-posts.md): the Swift of the slides —
// the transitioning delegate and animator, and the pan handler — with the `UI`/`CG` prefixes
// dropped. Changes, each marked in place: `#selector(handlePanGesture)` became a method reference;
// `fatalError()` became a cancelled transition; the velocity division is guarded; the storyboard's
// image view pinned to the safe area is laid out in `viewDidLayoutSubviews`.

final class DetailViewController: ViewController {
    let modalTransition = DetailModalTransition()
    /// The thumbnail's frame in window coordinates, captured when the cell was tapped.
    var parentImageViewRect: Rect = .zero
    /// The grid cell's image (the sample's images are 320 × 480).
    var parentImage: Image? = Image(source: "thumbnail.png", pixelSize: Size(width: 320, height: 480))
    /// The storyboard's image view: aspect fit, pinned to the safe area.
    let imageView = ImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        imageView.contentMode = .scaleAspectFit
        imageView.image = parentImage
        view.addSubview(imageView)
        // The sample: UIPanGestureRecognizer(target: self, action: #selector(handlePanGesture(_:)))
        view.addGestureRecognizer(PanGestureRecognizer(target: self, action: DetailViewController.handlePanGesture))
    }

    override func viewDidLayoutSubviews() {
        let insets = view.safeAreaInsets
        let b = view.bounds
        imageView.frame = Rect(
            x: b.minX + insets.left, y: b.minY + insets.top, width: b.width - insets.horizontal, height: b.height - insets.vertical)
    }

    /// The image's aspect-fit rect in the container's safe area (from the sample repository).
    func detailImageRect(containerView: View, safeAreaInsets: EdgeInsets) -> Rect {
        let imageSize = parentImage?.size ?? Size(width: 320, height: 480)
        let b = containerView.bounds
        let safe = Rect(
            x: b.minX + safeAreaInsets.left, y: b.minY + safeAreaInsets.top, width: b.width - safeAreaInsets.horizontal,
            height: b.height - safeAreaInsets.vertical)
        let rate = min(safe.width / imageSize.width, safe.height / imageSize.height)
        let size = Size(width: imageSize.width * rate, height: imageSize.height * rate)
        return Rect(x: safe.midX - size.width / 2, y: safe.midY - size.height / 2, width: size.width, height: size.height)
    }

    // The talk's pan handler, as on its slides.
    func handlePanGesture(_ sender: PanGestureRecognizer) {
        let point: Point = sender.translation(in: self.view)
        let velocity = sender.velocity(in: self.view)
        let per = fabs(point.y) / self.view.frame.size.height
        switch sender.state {
        case .cancelled, .failed:
            resetPosition()
        case .changed:
            self.imageView.transform = AffineTransform(scaleX: 1.0 - per, y: 1.0 - per)
                .concatenating(
                    AffineTransform(translationX: point.x, y: point.y))
        case .ended:
            if per > 0.1 || fabs(velocity.y) > 1000 {
                self.modalTransition.isForPresented = false
                self.modalTransition.swipeScale = 1.0 - per
                self.modalTransition.swipePoint = Point(x: point.x, y: point.y)
                self.modalTransition.swipeVelocity = velocity
                self.dismiss(animated: true, completion: nil)
            } else {
                resetPosition()
            }
        default:
            break
        }
    }

    /// The sample repository's: the image springs back to where it was.
    func resetPosition() {
        View.animate(withDuration: 0.2) {
            self.imageView.transform = .identity
        }
    }
}

final class DetailModalTransition: ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
    var isForPresented: Bool = true
    var swipeScale: Double = 1.0
    var swipePoint: Point = .zero
    var swipeVelocity: Point = .zero

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        self.isForPresented = true
        return self
    }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        self.isForPresented = false
        return self
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> TimeInterval {
        return isForPresented ? 0.2 : 0.4
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        if isForPresented {
            // present
            presentAnimation(transitionContext)
        } else {
            // dissmis
            dissmisAnimation(transitionContext)
        }
    }

    /// The sample reads the from controller's view's `safeAreaInsets`; Kinema keeps the screen's
    /// insets on the window.
    func safeAreaInsets(transitionContext: any ViewControllerContextTransitioning) -> EdgeInsets {
        transitionContext.viewController(forKey: .from)?.view.window?.screenSafeAreaInsets ?? .zero
    }

    func presentAnimation(_ transitionContext: any ViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let nav = transitionContext.viewController(forKey: .to) as? NavigationController,
            let detailVC: DetailViewController = nav.visibleViewController as? DetailViewController
        else {
            transitionContext.completeTransition(false)  // the sample: fatalError()
            return
        }
        let fromImageRect = detailVC.parentImageViewRect
        let toImageRect = detailVC.detailImageRect(
            containerView: containerView, safeAreaInsets: self.safeAreaInsets(transitionContext: transitionContext))
        // image を移動するための view を作成
        let imageView: ImageView = ImageView(frame: fromImageRect)
        imageView.clipsToBounds = true
        imageView.contentMode = .scaleAspectFill
        imageView.image = detailVC.parentImage
        containerView.addSubview(imageView)
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseOut],
            animations: { () -> Void in
                imageView.frame = toImageRect
            }
        ) { (finished) -> Void in
            containerView.addSubview(nav.view)
            imageView.removeFromSuperview()
            transitionContext.completeTransition(true)
        }
    }

    func dissmisAnimation(_ transitionContext: any ViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let nav = transitionContext.viewController(forKey: .from) as? NavigationController,
            let detailVC: DetailViewController = nav.visibleViewController as? DetailViewController
        else {
            transitionContext.completeTransition(false)  // the sample: fatalError()
            return
        }
        // The detail rect as the user sees it at release: scaled about its centre, moved by the swipe
        // (the sample's own `fromRect`: the aspect-fit detail rect scaled by `swipeScale` about its
        // centre and moved by `swipePoint`).
        let detailRect = detailVC.detailImageRect(
            containerView: containerView, safeAreaInsets: self.safeAreaInsets(transitionContext: transitionContext))
        let fromImageRect = Rect(
            x: detailRect.midX + swipePoint.x - detailRect.width * swipeScale / 2,
            y: detailRect.midY + swipePoint.y - detailRect.height * swipeScale / 2,
            width: detailRect.width * swipeScale, height: detailRect.height * swipeScale)
        let toImageRect = detailVC.parentImageViewRect
        // 下を隠すための view を作成
        let backgroundView: View = View(frame: containerView.bounds)
        containerView.addSubview(backgroundView)
        backgroundView.backgroundColor = Color.white
        // image を移動するための view を作成
        let yMoveView: View = View(frame: containerView.bounds)
        let xMoveView: View = View(frame: containerView.bounds)
        let imageView: ImageView = ImageView(frame: fromImageRect)
        imageView.clipsToBounds = true
        imageView.contentMode = .scaleAspectFill
        imageView.image = detailVC.parentImage
        containerView.addSubview(yMoveView)
        yMoveView.addSubview(xMoveView)
        xMoveView.addSubview(imageView)
        // アニメーション
        nav.view.isHidden = true
        backgroundView.alpha = 1.0
        imageView.frame = fromImageRect
        // The sample: min(swipeVelocity.x / (toImageRect.midX - fromImageRect.midX), 10000.0),
        // which is ±∞ or NaN when the distance is 0.
        let velocityX = Self.normalizedVelocity(swipeVelocity.x, distance: toImageRect.midX - fromImageRect.midX)
        let velocityY = Self.normalizedVelocity(swipeVelocity.y, distance: toImageRect.midY - fromImageRect.midY)
        // x 軸移動アニメーション
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.95,
            initialSpringVelocity: velocityX,
            animations: { () -> Void in
                xMoveView.frame.origin = Point(x: toImageRect.midX - fromImageRect.midX, y: 0)
            })
        // y 軸移動アニメーション
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.95,
            initialSpringVelocity: velocityY,
            animations: { () -> Void in
                yMoveView.frame.origin = Point(x: 0, y: toImageRect.midY - fromImageRect.midY)
            })
        // 縮小アニメーション
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveLinear],
            animations: { () -> Void in
                imageView.frame.size = toImageRect.size
                imageView.center = Point(x: fromImageRect.midX, y: fromImageRect.midY)
                backgroundView.alpha = 0.0
            }
        ) { (finished) -> Void in
            yMoveView.isHidden = true
            nav.view.removeFromSuperview()
            yMoveView.removeFromSuperview()
            backgroundView.removeFromSuperview()
            transitionContext.completeTransition(true)
        }
    }

    /// `velocity / distance`, signed (positive towards the target) and capped at ±10000, or 0 when
    /// the distance is 0 (Apple's documented recipe for `UISpringTimingParameters`).
    static func normalizedVelocity(_ velocity: Double, distance: Double) -> Double {
        guard distance != 0, velocity.isFinite else { return 0 }
        return min(max(velocity / distance, -10000.0), 10000.0)
    }
}

/// The sample's screen (an iPhone 8 in portrait, the storyboard's canvas): a 375 × 667 window with
/// a 20 pt status bar, the grid as root, and the first cell's thumbnail at (0, 64, 80, 80) unless
/// `thumbnail` says otherwise. Presents the detail with the zoom (0.2 s) and returns when it is on
/// screen, at t = 0.2 s.
func presentDetail(
    thumbnail: Rect = Rect(x: 0, y: 64, width: 80, height: 80)
) -> (
    Window, LoggingViewController, NavigationController, DetailViewController
) {
    let (window, grid, _) = makeRootStage(safeAreaTop: 20)
    let detail = DetailViewController()
    detail.parentImageViewRect = thumbnail
    let nav = NavigationController(rootViewController: detail)
    nav.isNavigationBarHidden = true
    nav.modalPresentationStyle = .custom
    nav.transitioningDelegate = detail.modalTransition
    grid.present(nav, animated: true)
    window.advance(to: 0.1)
    window.advance(to: 0.2)
    return (window, grid, nav, detail)
}

/// What the talk's pan handler hands to the transition on release, then the dismissal.
func releaseDrag(_ detail: DetailViewController, translation: Point, velocity: Point, window: Window) {
    let per = abs(translation.y) / 667
    detail.modalTransition.isForPresented = false
    detail.modalTransition.swipeScale = 1.0 - per
    detail.modalTransition.swipePoint = translation
    detail.modalTransition.swipeVelocity = velocity
    detail.dismiss(animated: true, completion: nil)
}

/// The on-screen centre of the flying image of the dismissal at `t` (window coordinates): the
/// offsets of the y and x move views plus the image's centre.
func flyingImageCentre(_ container: View, at t: Double) -> Point? {
    guard let yMove = container.subviews.last, let xMove = yMove.subviews.first, let image = xMove.subviews.first else { return nil }
    let y = yMove.layer.presentation(at: t).position.y - yMove.bounds.height / 2
    let x = xMove.layer.presentation(at: t).position.x - xMove.bounds.width / 2
    let c = image.layer.presentation(at: t).position
    return Point(x: c.x + x, y: c.y + y)
}

@Suite struct DetailModalTransitionPortTests {
    @Test func presentZoomsTheThumbnailIntoTheDetailRectWithEaseOut() throws {
        let (window, grid, _) = makeRootStage(safeAreaTop: 20)
        let detail = DetailViewController()
        detail.parentImageViewRect = Rect(x: 0, y: 64, width: 80, height: 80)
        let nav = NavigationController(rootViewController: detail)
        nav.modalPresentationStyle = .custom
        nav.transitioningDelegate = detail.modalTransition
        var presented = 0
        grid.present(nav, animated: true) { presented += 1 }
        let container = try #require(nav.presentationController?.containerView)
        let image = try #require(container.subviews.last)
        let d = Rect(x: 0, y: 62.25, width: 375, height: 562.5)
        #expect(isClose(image.frame, d, 1e-9))
        // At 0.10 s of the 0.2 s ease-out (progress 0.6846) the frame, from (0, 64, 80, 80) to
        // (0, 62.25, 375, 562.5), is (0, 62.802, 281.97, 410.34).
        #expect(isClose(shownFrame(image, at: 0.1), Rect(x: 0, y: 62.802, width: 281.97, height: 410.34), 0.01))
        for t in [0.05, 0.1, 0.15] {
            let p = TimingFunction.easeOut.solve(t / 0.2)
            let expected = Rect(x: 0, y: 64 - 1.75 * p, width: 80 + 295 * p, height: 80 + 482.5 * p)
            #expect(isClose(shownFrame(image, at: t), expected, 1e-9))
        }
        window.advance(to: 0.1)
        #expect(presented == 0)
        window.advance(to: 0.2)
        #expect(presented == 1)
        #expect(image.superview == nil)
        #expect(nav.view.superview === container)
        #expect(nav.view.frame == window.bounds)
        #expect(detail.view.frame == window.bounds)
        #expect(grid.view.window === window)
        #expect(detail.presentingViewController === grid)
    }

    @Test func dismissFliesBackWithPerAxisSprings() throws {
        let (window, grid, nav, detail) = presentDetail()
        let container = try #require(nav.presentationController?.containerView)
        window.advance(to: 1)
        var dismissed = 0
        // Drag (10, 100), released at (50, 1500) pt/s: release centre (197.5, 443.5), Δ = (−157.5, −339.5).
        releaseDrag(detail, translation: Point(x: 10, y: 100), velocity: Point(x: 50, y: 1500), window: window)
        #expect(nav.view.isHidden)
        let start = try #require(flyingImageCentre(container, at: 1))
        #expect(isClose(start, Point(x: 197.5, y: 443.5), 1e-9))

        let springX = Spring.uiViewSpring(duration: 0.4, dampingRatio: 0.95, initialVelocity: 50 / -157.5)
        let springY = Spring.uiViewSpring(duration: 0.4, dampingRatio: 0.95, initialVelocity: 1500 / -339.5)
        for dt in [1.0 / 60, 0.05, 0.1, 0.2, 0.3] {
            let shown = try #require(flyingImageCentre(container, at: 1 + dt))
            let expected = Point(x: 197.5 - 157.5 * springX.value(at: dt), y: 443.5 - 339.5 * springY.value(at: dt))
            #expect(isClose(shown, expected, 1e-6), "t = \(dt)")
        }
        // The sign is right: flicked down with the thumbnail above, the image first keeps going down.
        let firstFrame = try #require(flyingImageCentre(container, at: 1 + 1.0 / 60))
        #expect(firstFrame.y > 443.5)

        window.advance(to: 1.2)
        #expect(grid.presentedViewController === nav)
        // The animations end at 1 + 0.4 s (a hair after 1.4 in binary floating point).
        window.advance(to: 1.41)
        #expect(grid.presentedViewController == nil)
        #expect(nav.presentingViewController == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === grid.view)
        detail.dismiss(animated: true) { dismissed += 1 }
        #expect(dismissed == 0)
    }

    @Test func dismissLandsOnTheThumbnail() throws {
        let (window, _, nav, detail) = presentDetail()
        let container = try #require(nav.presentationController?.containerView)
        window.advance(to: 1)
        releaseDrag(detail, translation: Point(x: 10, y: 100), velocity: Point(x: 50, y: 1500), window: window)
        let yMove = try #require(container.subviews.last)
        let image = try #require(yMove.subviews.first?.subviews.first)
        // The model is the end state: the thumbnail, in window coordinates.
        #expect(isClose(image.convert(image.bounds, to: nil), Rect(x: 0, y: 64, width: 80, height: 80), 1e-9))
        let shownSize = image.layer.presentation(at: 1.2).bounds.size
        #expect(isClose(shownSize.width, (318.78 + 80) / 2, 0.01))
        #expect(isClose(try #require(flyingImageCentre(container, at: 1.41)), Point(x: 40, y: 104), 1e-9))
    }

    /// The thumbnail straight above the release point: no x distance to go, so the sample's
    /// velocity division gives ∞ or NaN; the port must stay finite.
    @Test(arguments: [-50.0, 0.0])
    func zeroDistanceAxisStaysFinite(vx: Double) throws {
        // The sample's own formula: −∞ or NaN.
        let raw = min(vx / 0.0, 10000.0)
        #expect(!raw.isFinite)
        #expect(DetailModalTransition.normalizedVelocity(vx, distance: 0) == 0)

        let (window, grid, nav, detail) = presentDetail(thumbnail: Rect(x: 157.5, y: 64, width: 80, height: 80))
        let container = try #require(nav.presentationController?.containerView)
        window.advance(to: 1)
        releaseDrag(detail, translation: Point(x: 10, y: 100), velocity: Point(x: vx, y: 1500), window: window)
        for dt in stride(from: 0.0, through: 0.4, by: 1.0 / 60) {
            let centre = try #require(flyingImageCentre(container, at: 1 + dt))
            #expect(isClose(centre.x, 197.5, 1e-9))
            #expect(centre.y.isFinite)
            for layer in container.layer.subtree {
                let state = layer.presentation(at: 1 + dt)
                #expect(state.position.isFinite && state.bounds.isFinite && state.opacity.isFinite)
            }
        }
        window.advance(to: 1.41)
        #expect(grid.presentedViewController == nil)
    }
}

/// The talk's pan handler driven by scripted fingers: it dismisses past 10 % of the height or
/// above 1000 pt/s, and a pause before lifting must not count as a flick.
@Suite struct DetailPanHandlerPortTests {
    /// Drags one finger from `from` by `delta` over `duration` seconds in 120 Hz samples, starting
    /// at `start`, and lifts it `hold` seconds after the last move.
    func drag(_ window: Window, from: Point, by delta: Point, duration: Double, start: Double, hold: Double = 0) {
        window.send(TouchInput(identifier: 1, phase: .began, location: from, timestamp: start))
        let steps = max(1, Int((duration * 120).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let p = Point(x: from.x + delta.x * f, y: from.y + delta.y * f)
            window.send(TouchInput(identifier: 1, phase: .moved, location: p, timestamp: start + duration * f))
        }
        window.send(TouchInput(identifier: 1, phase: .ended, location: from + delta, timestamp: start + duration + hold))
    }

    @Test func draggingShrinksAndMovesTheImage() throws {
        let (window, grid, nav, detail) = presentDetail()
        window.advance(to: 1)
        // Halfway through a 120 pt drag down and 30 pt right, still holding.
        window.send(TouchInput(identifier: 1, phase: .began, location: Point(x: 150, y: 300), timestamp: 1))
        for i in 1...24 {
            let f = Double(i) / 24
            window.send(
                TouchInput(identifier: 1, phase: .moved, location: Point(x: 150 + 30 * f, y: 300 + 120 * f), timestamp: 1 + 0.2 * f))
        }
        let pan = try #require(detail.view.gestureRecognizers.first as? PanGestureRecognizer)
        let t = pan.translation(in: detail.view)
        #expect(t.y > 100 && t.y < 120)  // the slop is left out
        let per = t.y / 667
        let expected = AffineTransform(scaleX: 1 - per, y: 1 - per).concatenating(AffineTransform(translationX: t.x, y: t.y))
        #expect(isClose(detail.imageView.transform, expected, 1e-12))
        #expect(grid.presentedViewController === nav)
    }

    @Test func releasingPastTenPercentDismissesWithTheFingersVelocity() throws {
        let (window, grid, nav, detail) = presentDetail()
        window.advance(to: 1)
        drag(window, from: Point(x: 150, y: 300), by: Point(x: 20, y: 100), duration: 0.25, start: 1)
        // 100 pt down over 0.25 s is 400 pt/s; the slop leaves about 90 pt of translation: 13 %.
        #expect(detail.modalTransition.isForPresented == false)
        #expect(isClose(detail.modalTransition.swipeVelocity.y, 400, 4))
        #expect(isClose(detail.modalTransition.swipeVelocity.x, 80, 1))
        #expect(detail.modalTransition.swipeScale < 0.9)
        #expect(nav.view.isHidden)
        window.advance(to: 1.25 + 0.41)
        #expect(grid.presentedViewController == nil)
    }

    @Test func aFastFlickDismissesEvenWhenShort() {
        let (window, grid, _, detail) = presentDetail()
        window.advance(to: 1)
        // 40 pt in 1/30 s: 1200 pt/s but only 4 % of the height.
        drag(window, from: Point(x: 150, y: 300), by: Point(x: 0, y: 40), duration: 1.0 / 30, start: 1)
        #expect(detail.modalTransition.swipeVelocity.y > 1000)
        window.advance(to: 1.6)
        #expect(grid.presentedViewController == nil)
    }

    @Test func aShortSlowDragSpringsBack() {
        let (window, grid, nav, detail) = presentDetail()
        window.advance(to: 1)
        drag(window, from: Point(x: 150, y: 300), by: Point(x: 10, y: 40), duration: 0.5, start: 1)
        #expect(detail.modalTransition.isForPresented == true)
        #expect(detail.imageView.transform == .identity)  // the model; resetPosition animates it
        #expect(detail.imageView.layer.animationKeys() == ["transform"])
        window.advance(to: 2)
        #expect(grid.presentedViewController === nav)
    }

    @Test func holdingStillBeforeLiftingIsNoFlick() {
        // A finger that pauses before it lifts must not dismiss on a stale velocity (the sample,
        // which reads UIKit's last moving velocity, does). 40 pt fast, then 100 ms still: 4 % and
        // no velocity.
        let (window, grid, nav, detail) = presentDetail()
        window.advance(to: 1)
        drag(window, from: Point(x: 150, y: 300), by: Point(x: 0, y: 40), duration: 1.0 / 30, start: 1, hold: 0.1)
        #expect(detail.modalTransition.isForPresented == true)
        window.advance(to: 2)
        #expect(grid.presentedViewController === nav)
    }
}
