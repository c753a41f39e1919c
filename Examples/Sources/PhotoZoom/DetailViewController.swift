import Foundation
import Kinema

// The swipe-to-dismiss talk, "iPhoneXのホームに戻るみたいなDissmisアニメーション" (Kazuya Hirobe, Speaker Deck, 2018;
// sample code https://github.com/hirobe/SwipeZoomOutSample): the detail screen and its pan handler.
// The handler is the slides' code with the `UI`/`CG` prefixes dropped; every other change is marked
// `// CHANGED:` with the reason.

/// The detail screen: the photo, aspect-fit in the safe area, on white. Dragging it shrinks it
/// under the finger; letting go far enough down (or up), or fast enough, dismisses the screen
/// and the photo flies back into its cell with the finger's speed (``DetailModalTransition``);
/// otherwise it springs back.
public final class DetailViewController: Kinema.ViewController {
    /// The photo (the post's storyboard outlet: an image view pinned to the safe area,
    /// aspect-fit).
    public let imageView = ImageView()
    /// The tapped cell's frame in window coordinates, captured when it was tapped.
    public var parentImageViewRect: Rect = .zero
    /// The tapped cell's photo.
    public var parentImage: Image?
    /// The transitioning delegate and animator, owned by this screen as in the post.
    public let modalTransition = DetailModalTransition()
    /// The pan recognizer on the screen's view.
    public private(set) var panGesture: PanGestureRecognizer!

    public override func viewDidLoad() {
        super.viewDidLoad()
        // CHANGED: the storyboard's settings, in code (Kinema has no nibs).
        view.backgroundColor = .white
        imageView.contentMode = .scaleAspectFit
        view.addSubview(imageView)

        self.imageView.image = parentImage
        // CHANGED: `#selector(DetailViewController.handleVerticalPanGesture(_:))` is a method reference.
        panGesture = PanGestureRecognizer(target: self, action: DetailViewController.handleVerticalPanGesture)
        self.view.addGestureRecognizer(panGesture)
    }

    // CHANGED: the storyboard pins the image view to the safe area with constraints. Bounds and
    // centre, as Auto Layout sets them, so a layout pass during a drag keeps the transform.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.bounds.inset(by: view.safeAreaInsets)
        imageView.bounds = Rect(origin: .zero, size: safe.size)
        imageView.center = Point(x: safe.midX, y: safe.midY)
    }

    // The slides' pan handler.
    func handleVerticalPanGesture(_ sender: PanGestureRecognizer) {
        let point: Point = sender.translation(in: self.view)
        let velocity = sender.velocity(in: self.view)
        let per = fabs(point.y) / self.view.frame.size.height
        switch sender.state {
        case .cancelled, .failed:
            resetPosition()
        case .changed:
            // Follow the finger and shrink with the distance down (mind the order of
            // `concatenating`: scale first, then move, or the move is scaled too).
            self.imageView.transform = AffineTransform(scaleX: 1.0 - per, y: 1.0 - per)
                .concatenating(AffineTransform(translationX: point.x, y: point.y))
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

    /// The image springs back to where it was (the sample's: 0.3 s, ease-in-out, no velocity).
    func resetPosition() {
        View.animate(withDuration: 0.3) {
            self.imageView.transform = .identity
        }
    }

    /// Where the photo shows on the detail screen, in `containerView`'s coordinates: its
    /// aspect-fit rect in the safe area. Computed rather than read from ``imageView`` because, at
    /// presentation, the screen is not laid out yet (the sample's note).
    func detailImageRect(containerView: View, safeAreaInsets: EdgeInsets) -> Rect {
        let safe = containerView.bounds.inset(by: safeAreaInsets)
        let size = parentImage?.size ?? safe.size
        guard size.width > 0, size.height > 0 else { return safe }
        let rate = min(safe.width / size.width, safe.height / size.height)
        let fitted = Size(width: size.width * rate, height: size.height * rate)
        return Rect(x: safe.midX - fitted.width / 2, y: safe.midY - fitted.height / 2, width: fitted.width, height: fitted.height)
    }
}
