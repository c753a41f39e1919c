import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// The arrow tip in the popover view's own coordinates.
func tipInPopover(_ popover: PopoverPresentationController) -> Point {
    guard let p = popover.placement else { return .zero }
    return Point(x: p.arrowTip.x - p.frame.minX, y: p.arrowTip.y - p.frame.minY)
}

@Suite struct PopoverAnimationTests {
    @Test(arguments: PopoverDirectionCase.all)
    func theTipStaysStillInEveryFrameOfTheEntranceAndTheExit(_ c: PopoverDirectionCase) throws {
        let stage = PopoverStage(source: c.source)
        stage.popover.permittedArrowDirections = c.direction
        stage.root.present(stage.content, animated: true)
        let view = try #require(stage.popover.presentedView)
        let tip = try #require(stage.popover.placement).arrowTip
        let local = tipInPopover(stage.popover)
        var peak = 0.0
        for t in frames120(from: 0, to: 0.8) {
            #expect(isClose(shownPoint(local, of: view, at: t), tip, 0.5), "entrance at \(t)")
            peak = max(peak, shownScale(view, at: t))
        }
        #expect(isClose(shownScale(view, at: 0), 0.1, 1e-9))
        #expect(isClose(view.layer.presentation(at: 0).opacity, 0, 1e-9))
        #expect(peak > 1.1)  // the tutorial-popover post's spring overshoots
        #expect(isClose(shownScale(view, at: 0.7), 1, 1e-9))
        stage.window.advance(to: 1)

        stage.content.dismiss(animated: true)
        var last = shownScale(view, at: 1)
        for t in frames120(from: 1, to: 1.3) {
            #expect(isClose(shownPoint(local, of: view, at: t), tip, 0.5), "exit at \(t)")
            let s = shownScale(view, at: t)
            #expect(s <= last + 1e-12)  // shrinks, never grows
            last = s
        }
        #expect(isClose(shownScale(view, at: 1.3), 0.1, 1e-9))
        stage.window.advance(to: 1.4)
        #expect(stage.root.presentedViewController == nil)
    }

    @Test func aDismissDuringTheEntranceStartsFromWhatIsShown() throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        var presented = 0
        var dismissed = 0
        stage.root.present(stage.content, animated: true) { presented += 1 }
        let view = try #require(stage.popover.presentedView)
        let tip = try #require(stage.popover.placement).arrowTip
        let local = tipInPopover(stage.popover)
        stage.window.advance(to: 0.2)
        let scaleBefore = shownScale(view, at: 0.2)
        let alphaBefore = view.layer.presentation(at: 0.2).opacity
        stage.content.dismiss(animated: true) { dismissed += 1 }
        #expect(stage.content.isBeingDismissed)  // never ignored
        #expect(presented == 1)
        #expect(isClose(shownScale(view, at: 0.2), scaleBefore, 1e-9))  // no jump
        #expect(isClose(view.layer.presentation(at: 0.2).opacity, alphaBefore, 1e-9))
        for t in frames120(from: 0.2, to: 0.5) {
            #expect(isClose(shownPoint(local, of: view, at: t), tip, 0.5), "at \(t)")
        }
        stage.window.advance(to: 0.6)
        stage.window.advance(to: 1)
        #expect(dismissed == 1)
        #expect(stage.root.presentedViewController == nil)
    }

    @Test func aRelayoutDuringTheEntranceKeepsScalingAboutTheNewTip() throws {
        let stage = PopoverStage(source: Rect(x: 300, y: 90, width: 44, height: 30))
        stage.root.present(stage.content, animated: true)
        let view = try #require(stage.popover.presentedView)
        let before = try #require(stage.popover.placement)
        stage.window.advance(to: 0.2)
        stage.window.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        stage.window.advance(to: 0.21)
        let after = try #require(stage.popover.placement)
        #expect(after.frame != before.frame && after.tipAnchorPoint != before.tipAnchorPoint)
        let local = tipInPopover(stage.popover)
        for t in frames120(from: 0.21, to: 0.8) {
            #expect(isClose(shownPoint(local, of: view, at: t), after.arrowTip, 0.5), "at \(t)")
        }
    }

    @Test func movingThePivotToTheTipMovesNoPixel() throws {
        let stage = PopoverStage(source: Rect(x: 300, y: 500, width: 44, height: 30))
        stage.popover.transitionAnimation = nil
        stage.root.present(stage.content, animated: false)
        stage.window.advance(to: 0.1)
        let view = try #require(stage.popover.presentedView)
        #expect(view.layer.anchorPoint == Point(x: 0.5, y: 0.5))
        let corners = [
            Point(x: 0, y: 0), Point(x: view.bounds.width, y: 0), Point(x: 0, y: view.bounds.height), tipInPopover(stage.popover),
        ]
        let before = corners.map { shownPoint($0, of: view, at: 0.1) }
        let frameBefore = view.frame
        stage.popover.anchorPopoverAtArrowTip()
        #expect(view.layer.anchorPoint == stage.popover.placement?.tipAnchorPoint)
        #expect(view.frame == frameBefore)
        for (corner, old) in zip(corners, before) { #expect(isClose(shownPoint(corner, of: view, at: 0.1), old, 1e-9)) }
        #expect(view.layer.animationKeys().isEmpty)
        // Also under a transform.
        View.performWithoutAnimation { view.transform = AffineTransform(scaleX: 0.5, y: 0.5) }
        view.layer.anchorPoint = Point(x: 0.2, y: 0.3)
        let scaled = corners.map { shownPoint($0, of: view, at: 0.1) }
        stage.popover.anchorPopoverAtArrowTip()
        for (corner, old) in zip(corners, scaled) { #expect(isClose(shownPoint(corner, of: view, at: 0.1), old, 1e-9)) }
    }

    @Test func pulseScalesAboutTheTipAndStops() throws {
        let stage = PopoverStage(source: Rect(x: 120, y: 520, width: 44, height: 30))
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        let view = try #require(stage.popover.presentedView)
        let tip = try #require(stage.popover.placement).arrowTip
        let local = tipInPopover(stage.popover)
        stage.popover.startActionAnimation(.pulse())
        var peak = 0.0
        for t in frames120(from: 1, to: 3.4) {
            #expect(isClose(shownPoint(local, of: view, at: t), tip, 0.5), "pulse at \(t)")
            peak = max(peak, shownScale(view, at: t))
        }
        #expect(isClose(peak, 1.1, 1e-3))
        stage.popover.stopActionAnimation()
        #expect(isClose(shownScale(view, at: 3.4), 1, 1e-9))
    }

    @Test(arguments: [PopoverActionAnimation.bounce(), .float()])
    func bounceAndFloatMoveTheWholeBubbleAndStop(_ action: PopoverActionAnimation) throws {
        let stage = PopoverStage(source: Rect(x: 120, y: 90, width: 44, height: 30))
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        let view = try #require(stage.popover.presentedView)
        let tip = try #require(stage.popover.placement).arrowTip
        let local = tipInPopover(stage.popover)
        stage.popover.startActionAnimation(action)
        var farthest = 0.0
        for t in frames120(from: 1, to: 3) {
            let p = shownPoint(local, of: view, at: t)
            farthest = max(farthest, ((p.x - tip.x) * (p.x - tip.x) + (p.y - tip.y) * (p.y - tip.y)).squareRoot())
            #expect(p.isFinite)
        }
        #expect(farthest > 4 && farthest < 12)
        stage.popover.stopActionAnimation()
        #expect(isClose(shownPoint(local, of: view, at: 3), tip, 1e-9))
    }
}
