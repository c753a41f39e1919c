import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing

/// A tooltip reaches a narrow source at the screen's edge as popovers do (the corner beside the
/// arrow shrinks), and its inspection says so.
@Suite struct TooltipEdgeReachTests {
    @Test("tooltip at the left edge: the inspection reports a tip on the source and the base beside the square corner")
    func aTooltipReachesTooAndItsInspectionSaysSo() throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.edgeMargin = 10
        tip.cornerRadius = 12
        tip.arrowSize = Size(width: 16, height: 10)
        tip.transitionAnimation = nil
        let source = Rect(x: 0, y: 200, width: 30, height: 30)
        tip.show(text: "Back", from: source, in: stage.container, direction: .up)
        stage.window.advance(to: 0.5)
        let placement = try #require(tip.placement)
        #expect(placement.arrowReachesSource)
        #expect(placement.cornerRadii.topLeft < 12 && placement.cornerRadii.topRight == 12)
        let shown = tip.inspect()
        let inWindow = stage.container.convert(source, to: stage.window)
        #expect(shown.arrowTip.x >= inWindow.minX && shown.arrowTip.x <= inWindow.maxX)
        #expect(isClose(shown.arrowTip.y, inWindow.maxY, 1e-9))
        #expect(shown.arrowBase.count == 2)
        let bubbleMinX = shown.bubbleFrame.minX
        #expect(shown.arrowBase[0].x >= bubbleMinX + placement.cornerRadii.topLeft - 1e-9)
        // The drawn outline is the placement's, corner radii included.
        #expect((tip.layer as? ShapeLayer)?.path == placement.bubblePath(relativeTo: placement.frame.origin))
    }
}
