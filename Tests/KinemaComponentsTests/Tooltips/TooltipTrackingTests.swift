import KinemaComponents
import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

/// Invariants 18, 21 and 25 of docs/popover-notes.md for tooltips: a moving source is followed, the
/// optional mask has a cutout around the source, and the text is announced.
@Suite struct TooltipTrackingTests {
    @Test func aScrolledSourceViewIsFollowedInTheNextFrame() throws {
        let stage = TooltipStage()
        let scroller = View(frame: Rect(x: 0, y: 100, width: 375, height: 400))
        stage.container.addSubview(scroller)
        let source = View(frame: Rect(x: 150, y: 150, width: 44, height: 30))
        scroller.addSubview(source)
        let tip = Tooltip()
        tip.transitionAnimation = nil
        tip.showsMask = true
        tip.show(text: "Compose", from: source, in: stage.container, directions: [.up], maxWidth: 200)
        stage.window.advance(to: 0.1)
        let before = try #require(tip.placement)
        #expect(isClose(before.arrowTip, Point(x: 172, y: 280), 1e-9))
        let mask = try #require(stage.container.subviews.compactMap { $0 as? DimmingView }.first)
        #expect(mask.cutoutTargetRect == Rect(x: 150, y: 250, width: 44, height: 30))

        scroller.bounds.origin = Point(x: 0, y: 60)  // scrolled 60 points
        stage.window.advance(to: 0.1 + 1.0 / 60)
        let after = try #require(tip.placement)
        #expect(isClose(after.arrowTip, Point(x: 172, y: 220), 1e-9))
        #expect(isClose(tip.frame, after.frame, 1e-9))
        #expect(mask.cutoutTargetRect == Rect(x: 150, y: 190, width: 44, height: 30))

        tip.dismiss()
        stage.window.advance(to: 1)
        #expect(mask.superview == nil)
        scroller.bounds.origin = .zero
        stage.window.advance(to: 1.1)  // no longer followed: nothing to place
        #expect(tip.state == .dismissed)
    }

    @Test func theTextIsAnnouncedOnceWhenItAppears() {
        let stage = TooltipStage()
        var heard: [String] = []
        let tip = Tooltip()
        tip.announcementHandler = { heard.append($0) }
        tip.show(text: "Tap to compose", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
        #expect(heard.isEmpty)  // during the entrance
        stage.run(to: 1)
        #expect(heard == ["Tap to compose"])
        #expect(tip.announcements == ["Tap to compose"])
        tip.dismiss()
        stage.run(to: 2)
        #expect(heard.count == 1)
    }

    @Test func noMaskUnlessAsked() {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.show(text: "Hi", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
        #expect(!stage.container.subviews.contains { $0 is DimmingView })
    }
}
