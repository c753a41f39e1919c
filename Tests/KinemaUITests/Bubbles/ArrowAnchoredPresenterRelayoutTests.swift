import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaUI

/// The presenter's one re-layout (`relayOut(_:to:from:anchor:background:)`) and its idle
/// animations, which popovers, tooltips and tutorial steps all go through.
@Suite struct ArrowAnchoredPresenterRelayoutTests {
    typealias Stage = ArrowAnchoredPresenterTests.Stage

    /// Where the anchor point ends for each rule, from an anchor at the old tip and from one
    /// elsewhere.
    struct AnchorCase: CustomTestStringConvertible, Sendable {
        let rule: ArrowAnchoredPresenter.AnchorRule
        let startsAtOldTip: Bool
        /// Whether the anchor ends at the new tip (else it is left where it was).
        let endsAtNewTip: Bool
        var testDescription: String { "\(rule), \(startsAtOldTip ? "from the old tip" : "from the centre")" }
    }

    static let anchorCases = [
        AnchorCase(rule: .unchanged, startsAtOldTip: true, endsAtNewTip: false),
        AnchorCase(rule: .unchanged, startsAtOldTip: false, endsAtNewTip: false),
        AnchorCase(rule: .followingTip, startsAtOldTip: true, endsAtNewTip: true),
        AnchorCase(rule: .followingTip, startsAtOldTip: false, endsAtNewTip: false),
        AnchorCase(rule: .atTip, startsAtOldTip: true, endsAtNewTip: true),
        AnchorCase(rule: .atTip, startsAtOldTip: false, endsAtNewTip: true),
    ]

    @Test(arguments: anchorCases) func theAnchorGoesWhereTheRuleSays(_ c: AnchorCase) {
        let stage = Stage()
        let old = stage.placement(pointing: .up, at: Rect(x: 40, y: 100, width: 50, height: 40))
        let new = stage.placement(pointing: .down, at: Rect(x: 220, y: 500, width: 60, height: 30))
        #expect(old.tipAnchorPoint != new.tipAnchorPoint)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: old.frame)
        let start = c.startsAtOldTip ? old.tipAnchorPoint : Point(x: 0.5, y: 0.5)
        stage.bubble.layer.anchorPoint = start
        ArrowAnchoredPresenter.relayOut(stage.bubble, to: new, from: old, anchor: c.rule, background: nil)
        #expect(stage.bubble.layer.anchorPoint == (c.endsAtNewTip ? new.tipAnchorPoint : start))
        // Whatever the anchor, the untransformed bubble covers the new frame.
        #expect(isClose(stage.bubble.frame, new.frame, 1e-9))
    }

    @Test func theContentFrameIsThePlacementsInTheBubblesCoordinatesAndTheBackgroundTakesTheArrow() {
        let stage = Stage()
        let placement = stage.placement(pointing: .left, at: Rect(x: 30, y: 280, width: 30, height: 44))
        let background = DefaultPopoverBackgroundView(frame: .zero)
        stage.bubble.addSubview(background)
        let content = ArrowAnchoredPresenter.relayOut(stage.bubble, to: placement, from: nil, anchor: .atTip, background: background)
        let c = placement.contentFrame
        #expect(content == Rect(x: c.minX - placement.frame.minX, y: c.minY - placement.frame.minY, width: c.width, height: c.height))
        #expect(content.minX > 0)  // the arrow on the left edge pushes the content right
        #expect(background.frame == stage.bubble.bounds)
        #expect(background.arrowDirection == .left)
        #expect(background.arrowOffset == placement.arrowOffset)
    }

    @Test func anIdleAnimationPulsesAboutTheTipUnderItsKeyAndStops() {
        let stage = Stage()
        let placement = stage.placement(pointing: .up, at: ArrowAnchoredPresenterTests.source)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: placement.frame)  // anchored at the centre
        ArrowAnchoredPresenter.startIdleAnimation(.pulse(scale: 1.2, duration: 0.5), on: stage.bubble, placement: placement, forKey: "k")
        #expect(stage.bubble.layer.anchorPoint == placement.tipAnchorPoint)
        #expect(stage.bubble.layer.animationKeys() == ["k"])
        // Half way up the pulse the bubble is larger, and the tip has not moved.
        #expect(stage.scale(at: 0.5) > 1.15)
        let tip = stage.shown(placement.arrowTip, of: placement, at: 0.5)
        #expect(isClose(tip, placement.arrowTip, 1e-6))
        ArrowAnchoredPresenter.stopIdleAnimation(on: stage.bubble, forKey: "k")
        #expect(stage.bubble.layer.animationKeys().isEmpty)
        #expect(stage.scale(at: 0.5) == 1)
    }
}
