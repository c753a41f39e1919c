import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// The tutorial-popover post's `viewWillAppear` / `viewWillDisappear` (docs/ported-posts.md), as
/// the Qiita post prints them, with the `UI`/`CG` prefixes dropped and Swift 2 spelled as today's
/// Swift. Three marked changes: `performSelector(Selector("backgroundView"))` becomes the public
/// `backgroundView`; `CGAffineTransformMakeScale(a, b)` becomes `AffineTransform(scaleX: a, y: b)`;
/// `hidden` becomes `isHidden`. The post's entrance completion hides the view (a slip copied from
/// the exit): kept, so it shows when completions run.
final class SeedVerbatimPopoverController: ViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let view = self.popoverPresentationController!.presentedView!
        let backgroundView = self.popoverPresentationController!.backgroundView!  // CHANGED: performSelector
        let arrowOffset = backgroundView.arrowOffset
        switch self.popoverPresentationController!.arrowDirection {
        case PopoverArrowDirection.up:
            let offset = arrowOffset / view.frame.width
            view.layer.anchorPoint = Point(x: view.layer.anchorPoint.x + offset, y: 0)
            break
        case PopoverArrowDirection.down:
            let offset = arrowOffset / view.frame.width
            view.layer.anchorPoint = Point(x: view.layer.anchorPoint.x + offset, y: 1)
            break
        case PopoverArrowDirection.left:
            let offset = arrowOffset / view.frame.height
            view.layer.anchorPoint = Point(x: 0, y: view.layer.anchorPoint.y + offset)
            break
        case PopoverArrowDirection.right:
            let offset = arrowOffset / view.frame.height
            view.layer.anchorPoint = Point(x: 1, y: view.layer.anchorPoint.y + offset)
            break
        default:
            break
        }
        print("view.layer.anchorPoint\(view.layer.anchorPoint)")
        view.transform = AffineTransform(scaleX: 0.1, y: 0.1)  // CHANGED: CGAffineTransformMakeScale
        View.animate(
            withDuration: 0.7, delay: 0.0, usingSpringWithDamping: 0.5, initialSpringVelocity: 1.0,
            options: ViewAnimationOptions.curveEaseIn,
            animations: {
                view.transform = AffineTransform.identity
            }
        ) { (_) in
            view.isHidden = true  // CHANGED: hidden
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        let view = self.popoverPresentationController!.presentedView!
        View.animate(
            withDuration: 0.3,
            animations: {
                view.transform = AffineTransform(scaleX: 0.1, y: 0.1)
            }
        ) { (_) in
            view.isHidden = true
        }
    }
}

@Suite struct PopoverSeedSpringTests {
    /// The popover's view is not in the window yet when `viewWillAppear` runs; its spring still
    /// plays from the moment it is attached: scale 0.1 + 0.9·x(t) of UIKit's spring for 0.7 s,
    /// damping 0.5, velocity 1, about the arrow tip, in every 120 Hz frame. The completion runs
    /// when the spring ends (and hides the view, as the post's code says), not at once.
    @Test(arguments: SeedSourceCase.all)
    func theSeedsOwnSpringPlaysWithTheBuiltInTransitionOff(_ c: SeedSourceCase) throws {
        // The built-in spring is off (makeTutorialStage): only the post's own code animates.
        let (stage, tutorial) = makeTutorialStage(source: c.source, directions: c.directions)
        let popover = try #require(tutorial.popoverPresentationController)

        stage.window.advance(to: 0.5)
        stage.root.present(tutorial, animated: true)
        let view = try #require(popover.presentedView)
        let placement = try #require(popover.placement)
        let local = tipInPopover(popover)
        #expect(!view.isHidden, "the completion must not run at once")

        let spring = Spring.uiViewSpring(duration: 0.7, dampingRatio: 0.5, initialVelocity: 1)
        var smallest = 1.0
        for t in frames120(from: 0.5, to: 1.2) {
            stage.window.advance(to: t)
            let expected = t >= 1.2 ? 1 : 0.1 + 0.9 * spring.value(at: t - 0.5)
            let shown = shownScale(view, at: t)
            #expect(isClose(shown, expected, 1e-9), "scale at \(t)")
            smallest = min(smallest, shown)
            #expect(isClose(shownPoint(local, of: view, at: t), placement.arrowTip, 1e-6), "tip at \(t)")
            if t < 1.2 - 1e-9 { #expect(!view.isHidden, "hidden at \(t), before the spring ended") }
        }
        #expect(smallest < 0.2, "the spring starts from scale 0.1")
        stage.window.advance(to: 1.21)
        #expect(view.isHidden, "the post's completion hides the view once the spring has ended")
    }

    /// The exit shrinks into the tip over 0.3 s, and its completion runs after it.
    @Test func theSeedsExitShrinksAndThenHides() throws {
        let (stage, tutorial) = makeTutorialStage(source: Rect(x: 160, y: 60, width: 44, height: 30), directions: .any)
        let popover = try #require(tutorial.popoverPresentationController)
        stage.root.present(tutorial, animated: true)
        let view = try #require(popover.presentedView)
        stage.window.advance(to: 1)
        view.isHidden = false  // undo the entrance completion, to watch the exit
        tutorial.dismiss(animated: true)
        #expect(!view.isHidden)
        let curve = TimingFunction.easeInEaseOut
        for t in frames120(from: 1, to: 1.3) {
            stage.window.advance(to: t)
            #expect(isClose(shownScale(view, at: t), 1 - 0.9 * curve.solve((t - 1) / 0.3), 1e-9), "scale at \(t)")
        }
        stage.window.advance(to: 1.31)
        #expect(view.isHidden)
    }
}
