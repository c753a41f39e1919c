import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing
import UITestSupport

// The tutorial-popover post (a Qiita post with the HIkaruSato/PopOverViewForTutorial repository,
// docs/ported-posts.md): the post's controller code is `SeedVerbatimPopoverController`
// (PopoverSeedSpringTests.swift); here its custom background class and the edge cases of its
// placement.

/// The post's `TutorialPopoverBackgroundView`: a custom background class. Its metrics now say
/// what is drawn (the post declared a 15 pt arrow and drew a 20 pt one inside a 30 pt view).
final class TutorialPopoverBackgroundView: DefaultPopoverBackgroundView {
    override class func arrowBase() -> Double { 20 }
    override class func arrowHeight() -> Double { 20 }
    override class func contentViewInsets() -> EdgeInsets { .zero }
    override class var wantsDefaultContentAppearance: Bool { false }

    required init(frame: Rect) {
        super.init(frame: frame)
        fillColor = Color(red: 1, green: 0.58, blue: 0)
        strokeColor = nil
    }
}

/// The post's set-up: popover style, the custom background class, the tutorial's own animation
/// (so the built-in transition is UIKit's plain cross-dissolve).
func makeTutorialStage(source: Rect, directions: PopoverArrowDirection) -> (PopoverStage, SeedVerbatimPopoverController) {
    let stage = PopoverStage(source: source)
    let tutorial = SeedVerbatimPopoverController()
    tutorial.modalPresentationStyle = .popover
    tutorial.preferredContentSize = Size(width: 220, height: 90)
    let popover = tutorial.popoverPresentationController!
    popover.sourceView = stage.sourceView
    popover.permittedArrowDirections = directions
    popover.popoverBackgroundViewClass = TutorialPopoverBackgroundView.self
    popover.transitionAnimation = nil
    return (stage, tutorial)
}

struct SeedSourceCase: CustomTestStringConvertible, Sendable {
    let name: String
    let source: Rect
    let directions: PopoverArrowDirection
    var testDescription: String { name }

    static let all = [
        SeedSourceCase(name: "button under the top bar", source: Rect(x: 160, y: 60, width: 44, height: 30), directions: .up),
        SeedSourceCase(name: "left edge, arrow up", source: Rect(x: 0, y: 60, width: 24, height: 24), directions: .up),
        SeedSourceCase(name: "right edge, arrow down", source: Rect(x: 355, y: 600, width: 20, height: 30), directions: .down),
        SeedSourceCase(name: "bottom-left corner", source: Rect(x: 2, y: 640, width: 20, height: 20), directions: .down),
        SeedSourceCase(name: "left edge, arrow left", source: Rect(x: 0, y: 3, width: 20, height: 20), directions: .left),
        SeedSourceCase(name: "right edge, arrow right", source: Rect(x: 360, y: 660, width: 15, height: 7), directions: .right),
    ]
}

@Suite struct PopoverAnimationSeedPortTests {
    @Test(arguments: SeedSourceCase.all)
    func theSeedsEntranceDoesNotJumpAndItsExitShrinksIntoTheTip(_ c: SeedSourceCase) throws {
        let (stage, tutorial) = makeTutorialStage(source: c.source, directions: c.directions)
        stage.root.present(tutorial, animated: true)
        let popover = try #require(tutorial.popoverPresentationController)
        let view = try #require(popover.presentedView)
        let placement = try #require(popover.placement)
        let local = tipInPopover(popover)
        // The post's anchor formula lands on the layout's tip.
        #expect(isClose(view.layer.anchorPoint, placement.tipAnchorPoint, 1e-9))
        // No jump: the tip is where the layout put it in every frame, and the popover covers its
        // placed frame once the spring has settled.
        for t in frames120(from: 0, to: 0.8) {
            #expect(isClose(shownPoint(local, of: view, at: t), placement.arrowTip, 0.5), "entrance at \(t)")
        }
        stage.window.advance(to: 1)
        #expect(isClose(view.frame, placement.frame, 1e-9))

        // No see-through arrow near edges: the arrow base stays on the body's straight edge,
        // between the arcs of the corners as drawn (a corner next to the arrow shrinks, to zero if
        // need be, so the tip reaches the source), and the path is solid from the tip into the body.
        let background = try #require(popover.backgroundView as? TutorialPopoverBackgroundView)
        let body = background.bodyFrame
        let radii = background.cornerRadii
        #expect(radii == placement.cornerRadii)
        let aw = TutorialPopoverBackgroundView.arrowBase()
        let tip = background.arrowTip
        let base = placement.arrowBase.map { Point(x: $0.x - placement.frame.minX, y: $0.y - placement.frame.minY) }
        switch c.directions {
        case .up:
            #expect(base[0].x >= body.minX + radii.topLeft - 1e-9 && base[1].x <= body.maxX - radii.topRight + 1e-9)
        case .down:
            #expect(base[0].x >= body.minX + radii.bottomLeft - 1e-9 && base[1].x <= body.maxX - radii.bottomRight + 1e-9)
        case .left:
            #expect(base[0].y >= body.minY + radii.topLeft - 1e-9 && base[1].y <= body.maxY - radii.bottomLeft + 1e-9)
        default:
            #expect(base[0].y >= body.minY + radii.topRight - 1e-9 && base[1].y <= body.maxY - radii.bottomRight + 1e-9)
        }
        #expect(isClose(base[1].x - base[0].x + base[1].y - base[0].y, aw, 1e-9))
        // The tip is on the source wherever the source has a point inside the window inset by
        // the 10-point margin (the last source lies wholly in the bottom margin).
        let inset = Rect(x: 10, y: 10, width: 355, height: 647)
        let s = c.source
        let touchesInset = s.minX <= inset.maxX && s.maxX >= inset.minX && s.minY <= inset.maxY && s.maxY >= inset.minY
        #expect(placement.arrowReachesSource == touchesInset)
        let path = background.bubblePath
        let baseMid = Point(x: (base[0].x + base[1].x) / 2, y: (base[0].y + base[1].y) / 2)
        for p in arrowAxisSamples(
            tip: tip, direction: c.directions, height: TutorialPopoverBackgroundView.arrowHeight(), towardBase: baseMid)
        {
            #expect(path.contains(p), "\(p) is see-through")
        }

        // The dismissal shrinks (never grows) into the same tip over 0.3 s, then hides.
        tutorial.dismiss(animated: true)
        var last = shownScale(view, at: 1)
        for t in frames120(from: 1, to: 1.3) {
            let s = shownScale(view, at: t)
            #expect(s <= last + 1e-12, "grew at \(t)")
            last = s
            #expect(isClose(shownPoint(local, of: view, at: t), placement.arrowTip, 0.5), "exit at \(t)")
        }
        #expect(isClose(shownScale(view, at: 1.3), 0.1, 1e-9))
        stage.window.advance(to: 1.31)
        stage.window.advance(to: 1.6)
        #expect(stage.root.presentedViewController == nil)
    }
}
