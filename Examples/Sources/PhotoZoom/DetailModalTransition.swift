import Foundation
import Kinema

// The swipe-to-dismiss talk, "iPhoneXのホームに戻るみたいなDissmisアニメーション" (Kazuya Hirobe, Speaker Deck, 2018,
// https://speakerdeck.com/hirobe/iphonexfalsehomunili-rumitainadissmisanimesiyon): the
// transitioning delegate and animator of the slides, with the `UI`/`CG` prefixes dropped (and
// `NSObject` with them); every other change is marked `// CHANGED:` with the reason.

/// The zoom of the detail screen, both ways. Presenting, the tapped cell's photo grows from the
/// cell to its place on the detail screen (0.2 s, ease-out). Dismissing, it flies from where the
/// finger left it back into the cell (0.4 s): per-axis springs (damping 0.95) carry on with the
/// finger's velocity, while the size changes linearly and a white cover fades off the grid.
public final class DetailModalTransition: ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
    /// Whether the next animation presents (`true`) or dismisses.
    public var isForPresented: Bool = true
    /// The photo's scale when the finger let go (1 − the drag's share of the screen's height).
    public var swipeScale: Double = 1.0
    /// How far the finger dragged the photo, points.
    public var swipePoint: Point = .zero
    /// The finger's velocity when it let go, points per second.
    public var swipeVelocity: Point = .zero

    public init() {}

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        self.isForPresented = true
        return self
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        self.isForPresented = false
        return self
    }

    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> TimeInterval {
        return isForPresented ? 0.2 : 0.4
    }

    public func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        if isForPresented {
            // present
            presentAnimation(transitionContext)
        } else {
            // dissmis
            dissmisAnimation(transitionContext)
        }
    }

    /// The safe-area insets of the controller being left (the sample's rule: the container and
    /// the controller coming in do not know theirs yet).
    func safeAreaInsets(transitionContext: any ViewControllerContextTransitioning) -> EdgeInsets {
        transitionContext.viewController(forKey: .from)?.view.safeAreaInsets ?? .zero
    }

    func presentAnimation(_ transitionContext: any ViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let nav = transitionContext.viewController(forKey: .to) as? NavigationController,
            let detailVC: DetailViewController = nav.visibleViewController as? DetailViewController
        else {
            transitionContext.completeTransition(false)  // CHANGED: `fatalError()`; a transition that cannot run is cancelled
            return
        }
        let fromImageRect = detailVC.parentImageViewRect
        let toImageRect = detailVC.detailImageRect(
            containerView: containerView, safeAreaInsets: self.safeAreaInsets(transitionContext: transitionContext))
        // image を移動するための view を作成 (a view to move the image)
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
            transitionContext.completeTransition(false)  // CHANGED: `fatalError()`, as above
            return
        }
        // The photo as the finger left it: the detail rect scaled by `swipeScale` about its centre
        // and moved by `swipePoint` (the sample folds this into `detailImageRect`).
        let detailRect = detailVC.detailImageRect(
            containerView: containerView, safeAreaInsets: self.safeAreaInsets(transitionContext: transitionContext))
        let fromImageRect = Rect(
            x: detailRect.midX + swipePoint.x - detailRect.width * swipeScale / 2,
            y: detailRect.midY + swipePoint.y - detailRect.height * swipeScale / 2,
            width: detailRect.width * swipeScale, height: detailRect.height * swipeScale)
        let toImageRect = detailVC.parentImageViewRect
        // 下を隠すための view を作成 (a view to hide what is below)
        let backgroundView: View = View(frame: containerView.bounds)
        containerView.addSubview(backgroundView)
        backgroundView.backgroundColor = Color.white
        // image を移動するための view を作成 (views to move the image: one per axis)
        let yMoveView: View = View(frame: containerView.bounds)
        let xMoveView: View = View(frame: containerView.bounds)
        let imageView: ImageView = ImageView(frame: fromImageRect)
        imageView.clipsToBounds = true
        imageView.contentMode = .scaleAspectFill
        imageView.image = detailVC.parentImage
        containerView.addSubview(yMoveView)
        yMoveView.addSubview(xMoveView)
        xMoveView.addSubview(imageView)
        // アニメーション (the animation)
        nav.view.isHidden = true
        backgroundView.alpha = 1.0
        imageView.frame = fromImageRect
        // CHANGED: `min(self.swipeVelocity.x / (toImageRect.midX - fromImageRect.midX), 10000.0)`
        // is −∞ or NaN when the distance is 0 (a photo let go straight above or beside its cell;
        // `min` caps only +∞).
        let velocityX = Self.normalizedVelocity(swipeVelocity.x, distance: toImageRect.midX - fromImageRect.midX)
        let velocityY = Self.normalizedVelocity(swipeVelocity.y, distance: toImageRect.midY - fromImageRect.midY)
        // x 軸移動アニメーション (x)
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.95,
            initialSpringVelocity: velocityX,
            animations: { () -> Void in
                xMoveView.frame.origin = Point(x: toImageRect.midX - fromImageRect.midX, y: 0)
            })
        // y 軸移動アニメーション (y)
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.95,
            initialSpringVelocity: velocityY,
            animations: { () -> Void in
                yMoveView.frame.origin = Point(x: 0, y: toImageRect.midY - fromImageRect.midY)
            })
        // 縮小アニメーション (the size)
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

    /// The spring's initial velocity for an axis: `velocity / distance` (fractions of the
    /// distance per second, positive towards the target), capped at ±10000, and 0 when the
    /// distance is 0, as Apple documents for `UISpringTimingParameters`.
    static func normalizedVelocity(_ velocity: Double, distance: Double) -> Double {
        guard distance != 0, velocity.isFinite else { return 0 }
        return min(max(velocity / distance, -10000.0), 10000.0)
    }
}
