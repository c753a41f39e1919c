import Foundation
import Kinema

// The tutorial-popover post (a Qiita post on a tutorial popover that springs out of its arrow, with
// the code at https://github.com/HIkaruSato/PopOverViewForTutorial) ported to Kinema. The post's
// `viewWillAppear` and `viewWillDisappear` code stands as printed, with the `UI` and `CG` prefixes
// dropped; every other change is marked `// CHANGED:` with the reason. Swift 2's spellings become
// today's Swift, as they would in any port of this code to a current SDK.

/// The popover's content: a short explanation. Its appearance code springs the popover view out of
/// its arrow tip; its disappearance code shrinks it back into the tip.
public final class TutorialPopOverViewController: Kinema.ViewController {
    // CHANGED: a user class may not be called `ViewController` and subclass Kinema's unqualified;
    // `Kinema.ViewController` names the base class (this one needs no qualifier, but the
    // every-view-falls post's screen does: see `EveryViewFalls`).

    /// What the popover says.
    public var message = "ここから写真を共有できます\nShare your photos from here"
    private let label = Label()

    public override func viewDidLoad() {
        super.viewDidLoad()
        label.text = message
        label.numberOfLines = 0
        label.textAlignment = .center
        label.textColor = .white
        label.font = .boldSystemFont(ofSize: 15)
        view.addSubview(label)
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        label.frame = view.bounds.insetBy(dx: 10, dy: 6)
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        /** viewWillAppearのところで実装。吹き出し表示時のアニメーション。 **/

        //これで吹き出し部分のView(_UIPopoverViewクラスというRunTimeのクラスの模様)を取得
        let view = self.popoverPresentationController!.presentedView!  // CHANGED: `presentedView()` is a property since Swift 3
        // CHANGED: `view.performSelector(Selector("backgroundView")).takeUnretainedValue() as! UIPopoverBackgroundView`
        // reaches a private UIKit method through the Objective-C runtime; Kinema makes it public.
        let backgroundView = self.popoverPresentationController!.backgroundView!
        let arrowOffset = backgroundView.arrowOffset
        switch self.popoverPresentationController!.arrowDirection {
        case PopoverArrowDirection.up:  // CHANGED: Swift 3 lower-cased enum cases (`.Up`)
            let offset = arrowOffset/view.frame.width
            view.layer.anchorPoint = Point(x: view.layer.anchorPoint.x + offset, y: 0)
            break;
        case PopoverArrowDirection.down:
            let offset = arrowOffset/view.frame.width
            view.layer.anchorPoint = Point(x: view.layer.anchorPoint.x + offset, y: 1)
            break;
        case PopoverArrowDirection.left:
            let offset = arrowOffset/view.frame.height
            view.layer.anchorPoint = Point(x: 0, y: view.layer.anchorPoint.y + offset)
            break;
        case PopoverArrowDirection.right:
            let offset = arrowOffset/view.frame.height
            view.layer.anchorPoint = Point(x: 1, y: view.layer.anchorPoint.y + offset)
            break;
        default:
            break;
        }
        print("view.layer.anchorPoint\(view.layer.anchorPoint)")
        view.transform = AffineTransform(scaleX: 0.1, y: 0.1)  // CHANGED: `CGAffineTransformMakeScale(0.1, 0.1)` (Swift 3)
        // CHANGED: Swift 3 names: `animateWithDuration` → `animate(withDuration:)`,
        // `UIViewAnimationOptions.CurveEaseIn` → `ViewAnimationOptions.curveEaseIn`.
        View.animate(withDuration: 0.7, delay: 0.0, usingSpringWithDamping: 0.5, initialSpringVelocity: 1.0, options: ViewAnimationOptions.curveEaseIn, animations: {
            view.transform = AffineTransform.identity  // CHANGED: `CGAffineTransformIdentity` (Swift 3)
        }) { (_) in
            // CHANGED: the post hides the view here too, a slip copied from the exit below: the
            // popover would vanish as soon as its spring ends (on iOS and in Kinema alike).
        }
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        /** viewWillDisappearのところで実装。吹き出しクローズ時のアニメーション。 **/

        let view = self.popoverPresentationController!.presentedView!  // CHANGED: a property since Swift 3
        View.animate(withDuration: 0.3, animations: {
            view.transform = AffineTransform(scaleX: 0.1, y: 0.1)  // CHANGED: `CGAffineTransformMakeScale` (Swift 3)
        }) { (_) in
            view.isHidden = true  // CHANGED: `hidden` is `isHidden` since Swift 3
        }
    }
}
