import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A 375 × 667 window at time 0 with a container view filling it (resizing with it) offset so
/// that container and window coordinates differ.
struct TooltipStage {
    let window: Window
    let container: View

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.makeKeyAndVisible()
        container = View(frame: Rect(x: 0, y: 20, width: 375, height: 647))
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(container)
        window.advance(to: 0)
    }

    /// Advances the window at 120 Hz from its current time to `end`.
    func run(to end: Double) {
        for t in frames120(from: window.currentTime, to: end) { window.advance(to: t) }
        window.advance(to: end)
    }
}

/// The engine's input a default tooltip must use, built independently of `Tooltip`.
func expectedTooltipInput(
    text: String, source: Rect, container: Rect, directions: [PopoverArrowDirection], maxWidth: Double
)
    -> PopoverLayoutInput
{
    var style = TextStyle()
    style.fontName = "Sans"
    style.fontSize = 15
    style.color = Color(red: 1, green: 1, blue: 1, alpha: 1)
    style.alignment = .center
    style.isWrapped = true
    style.truncation = .none
    var input = PopoverLayoutInput(
        containerBounds: Rect(x: 0, y: 0, width: container.width, height: container.height), sourceRect: source,
        content: .text(text, style: style, maxWidth: maxWidth))
    input.layoutMargins = .zero
    input.contentInsets = EdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
    input.permittedDirections = directions
    input.arrowBase = 8
    input.arrowHeight = 8
    input.cornerRadius = 4
    return input
}

/// `rect` moved down by `dy` points.
func shifted(_ rect: Rect, dy: Double) -> Rect { Rect(x: rect.minX, y: rect.minY + dy, width: rect.width, height: rect.height) }

/// The arrow tip in the tooltip's own coordinates.
func tipInTooltip(_ tip: Tooltip) -> Point {
    guard let p = tip.placement else { return .zero }
    return Point(x: p.arrowTip.x - p.frame.minX, y: p.arrowTip.y - p.frame.minY)
}

struct TooltipPlacementCase: CustomTestStringConvertible, Sendable {
    var name: String
    var source: Rect
    var direction: PopoverArrowDirection
    var testDescription: String { name }

    static let all: [TooltipPlacementCase] = [
        .init(name: "up (bubble below)", source: Rect(x: 150, y: 100, width: 44, height: 30), direction: .up),
        .init(name: "down (bubble above)", source: Rect(x: 150, y: 500, width: 44, height: 30), direction: .down),
        .init(name: "left (bubble right)", source: Rect(x: 20, y: 300, width: 44, height: 30), direction: .left),
        .init(name: "right (bubble left)", source: Rect(x: 300, y: 300, width: 44, height: 30), direction: .right),
        .init(name: "any near the left edge", source: Rect(x: 0, y: 40, width: 8, height: 8), direction: .any),
    ]
}

@Suite struct TooltipTests {
    static let text = "Tap here to start the tutorial, then follow the arrows"

    @Test(arguments: TooltipPlacementCase.all)
    func placementIsTheEnginesForTheSameInput(_ c: TooltipPlacementCase) throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.show(text: Self.text, from: c.source, in: stage.container, direction: c.direction, maxWidth: 180)
        let expected = PopoverLayout.place(
            expectedTooltipInput(
                text: Self.text, source: c.source, container: stage.container.bounds, directions: [c.direction], maxWidth: 180))
        let placement = try #require(tip.placement)
        #expect(placement == expected)
        if c.direction != .any { #expect(placement.arrowDirection == c.direction) }
        switch c.direction {
        case .up: #expect(placement.bubbleFrame.minY >= c.source.maxY)
        case .down: #expect(placement.bubbleFrame.maxY <= c.source.minY)
        case .left: #expect(placement.bubbleFrame.minX >= c.source.maxX)
        case .right: #expect(placement.bubbleFrame.maxX <= c.source.minX)
        default: break
        }
        // The text is laid out in the engine's box, at the engine's width.
        let label = try #require(tip.subviews.first as? Label)
        let content = placement.contentFrame
        #expect(
            label.frame
                == Rect(
                    x: content.minX - placement.frame.minX, y: content.minY - placement.frame.minY, width: content.width,
                    height: content.height))
        let width = try #require(placement.textWidth)
        #expect(label.sizeThatFits(Size(width: width, height: 0)) == content.size)
        #expect(tip.frame == placement.frame)
        // After the entrance the inspection shows the placement, in window coordinates.
        stage.run(to: 1)
        let shown = tip.inspect()
        #expect(shown.state == .presented)
        #expect(shown.arrowDirection == placement.arrowDirection)
        #expect(isClose(shown.arrowTip, Point(x: placement.arrowTip.x, y: placement.arrowTip.y + 20), 1e-9))
        #expect(isClose(shown.bubbleFrame, shifted(placement.bubbleFrame, dy: 20), 1e-9))
        #expect(shown.arrowBase.count == (placement.arrowDirection == .unknown ? 0 : 2))
    }

    @Test func aListOfDirectionsIsTriedInOrder() throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        let source = Rect(x: 150, y: 300, width: 44, height: 30)
        tip.show(text: "Hi", from: source, in: stage.container, directions: [.left, .up])
        #expect(tip.placement?.arrowDirection == .left)
        let input = expectedTooltipInput(
            text: "Hi", source: source, container: stage.container.bounds, directions: [.left, .up], maxWidth: 200)
        #expect(tip.placement == PopoverLayout.place(input))
    }

    @Test(arguments: [PopoverArrowDirection.up, .down, .left, .right])
    func theTipStaysStillInEveryFrameOfTheEntranceAndTheExit(_ direction: PopoverArrowDirection) throws {
        let stage = TooltipStage()
        stage.run(to: 1)
        let source = Rect(x: 160, y: 300, width: 44, height: 30)
        let tip = Tooltip()
        tip.show(text: "Look here", from: source, in: stage.container, direction: direction)
        let target = try #require(tip.placement).arrowTip
        let local = tipInTooltip(tip)
        #expect(isClose(shownScale(tip, at: 1), 0.1, 1e-9))
        var peak = 0.0
        for t in frames120(from: 1, to: 1.8) {
            stage.window.advance(to: t)
            #expect(isClose(shownPoint(local, of: tip, at: t), target, 0.5), "entrance at \(t)")
            peak = max(peak, shownScale(tip, at: t))
        }
        #expect(peak > 1.1)
        tip.dismiss()
        var last = shownScale(tip, at: 1.8)
        for t in frames120(from: 1.8, to: 2.1) {
            #expect(isClose(shownPoint(local, of: tip, at: t), target, 0.5), "exit at \(t)")
            let s = shownScale(tip, at: t)
            #expect(s <= last + 1e-12)
            last = s
            stage.window.advance(to: t)
        }
        #expect(isClose(last, 0.1, 1e-6))
    }

    @Test func theAutoDismissTimerStartsWhenTheEntranceEnds() throws {
        let stage = TooltipStage()
        stage.run(to: 1)
        let tip = Tooltip()
        tip.duration = 2
        var dismissed = 0
        var appeared: [Double] = []
        tip.appearHandler = { _ in appeared.append(stage.window.currentTime) }
        tip.dismissHandler = { _ in dismissed += 1 }
        tip.show(text: "Two seconds", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container, direction: .up)
        #expect(tip.autoDismissTime == nil)
        stage.run(to: 1 + 0.7 + 1.9)
        #expect(appeared.count == 1 && isClose(appeared[0], 1.7, 1e-9))
        #expect(isClose(tip.autoDismissTime ?? -1, 3.7, 1e-9))
        #expect(tip.state == .presented)
        #expect(tip.superview === stage.container)
        #expect(isClose(shownScale(tip, at: 3.6), 1, 1e-9))
        stage.run(to: 3.71)
        #expect(tip.state == .dismissing)
        stage.run(to: 1 + 0.7 + 2 + 0.3 + 0.02)
        #expect(tip.state == .dismissed)
        #expect(tip.superview == nil)
        #expect(stage.container.subviews.isEmpty)  // overlay gone too
        #expect(dismissed == 1)
        #expect(tip.inspect().arrowDirection == .unknown)
    }

    @Test func aCoarseStepStillTimesTheDismissalFromTheEntrancesEnd() {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.duration = 2
        tip.show(text: "Coarse", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
        stage.window.advance(to: 2.6)
        #expect(tip.state == .presented)
        #expect(isClose(tip.autoDismissTime ?? -1, 2.7, 1e-9))
        stage.run(to: 3.2)
        #expect(tip.state == .dismissed)
    }

    @Test func aManualDismissCancelsTheTimerAndCallsBackOnce() {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.duration = 2
        var dismissed = 0
        tip.dismissHandler = { _ in dismissed += 1 }
        tip.show(text: "Manual", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
        stage.run(to: 1)
        #expect(tip.autoDismissTime != nil)
        tip.dismiss()
        tip.dismiss()
        #expect(tip.autoDismissTime == nil)
        #expect(tip.state == .dismissing)
        stage.run(to: 5)
        #expect(dismissed == 1)
        tip.dismiss()
        #expect(tip.accessibilityPerformEscape() == false)
        stage.run(to: 6)
        #expect(dismissed == 1)
        #expect(tip.state == .dismissed)
    }

    @Test func aDismissDuringTheEntranceStartsFromWhatIsShownAndNeverAppears() throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        var appeared = 0
        var dismissed = 0
        tip.appearHandler = { _ in appeared += 1 }
        tip.dismissHandler = { _ in dismissed += 1 }
        tip.show(text: "Interrupted", from: Rect(x: 100, y: 90, width: 44, height: 30), in: stage.container, direction: .up)
        let target = try #require(tip.placement).arrowTip
        let local = tipInTooltip(tip)
        stage.run(to: 0.2)
        let scale = shownScale(tip, at: 0.2)
        let alpha = tip.layer.presentation(at: 0.2).opacity
        tip.dismiss()
        #expect(tip.state == .dismissing)
        #expect(isClose(shownScale(tip, at: 0.2), scale, 1e-9))
        #expect(isClose(tip.layer.presentation(at: 0.2).opacity, alpha, 1e-9))
        for t in frames120(from: 0.2, to: 0.5) {
            #expect(isClose(shownPoint(local, of: tip, at: t), target, 0.5), "at \(t)")
        }
        stage.run(to: 1.5)
        #expect(appeared == 0)
        #expect(dismissed == 1)
        #expect(tip.state == .dismissed)
    }

    @Test func aTapOnTheBubbleCallsTheTapHandlerAndDismisses() throws {
        let stage = TooltipStage()
        let under = TouchCountingView(frame: stage.container.bounds)
        stage.container.addSubview(under)
        let tip = Tooltip()
        var taps = 0
        var outside = 0
        tip.tapHandler = { _ in taps += 1 }
        tip.tapOutsideHandler = { _ in outside += 1 }
        tip.show(text: "Tap me", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container, direction: .up)
        stage.run(to: 1)
        let bubble = try #require(tip.placement).bubbleFrame
        stage.window.tap(1, bubble.midX, bubble.midY + 20, at: 1.1)
        #expect(taps == 1 && outside == 0)
        #expect(tip.state == .dismissing)
        #expect(under.began == 0)
        stage.run(to: 2)
        #expect(tip.state == .dismissed)
    }

    @Test func aTapOutsideReachesNothingElseAndDismisses() throws {
        let stage = TooltipStage()
        let under = TouchCountingView(frame: stage.container.bounds)
        stage.container.addSubview(under)
        let tip = Tooltip()
        var taps = 0
        var outside = 0
        var dismissed = 0
        tip.tapHandler = { _ in taps += 1 }
        tip.tapOutsideHandler = { _ in outside += 1 }
        tip.dismissHandler = { _ in dismissed += 1 }
        tip.show(text: "Tap outside", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container, direction: .up)
        stage.run(to: 1)
        // Inside the frame's corner but outside the bubble path (beside the arrow): outside.
        let frame = try #require(tip.placement).frame
        stage.window.tap(1, frame.minX + 0.5, frame.minY + 0.5 + 20, at: 1.1)
        #expect(outside == 1 && taps == 0)
        #expect(under.began == 0)
        #expect(tip.state == .dismissing)
        stage.window.tap(1, 300, 600, at: 1.2)
        stage.run(to: 2)
        #expect(outside == 1)
        #expect(dismissed == 1)
        // After the dismissal the tap reaches the view under it again, and no handler runs.
        stage.window.tap(1, 300, 600, at: 2.1)
        #expect(under.began == 1)
        #expect(outside == 1)
    }

    @Test func tapOutsideCanBeConfiguredNotToDismissAndPassthroughViewsGetTheirTouches() throws {
        let stage = TooltipStage()
        let pass = TouchCountingView(frame: Rect(x: 250, y: 500, width: 60, height: 60))
        stage.container.addSubview(pass)
        let tip = Tooltip()
        tip.dismissesOnTapOutside = false
        tip.passthroughViews = [pass]
        var outside = 0
        tip.tapOutsideHandler = { _ in outside += 1 }
        tip.show(text: "Stay", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container, direction: .up)
        stage.run(to: 1)
        stage.window.tap(1, 30, 600, at: 1.1)
        #expect(outside == 1)
        #expect(tip.state == .presented)
        stage.window.tap(1, 280, 550, at: 1.3)
        #expect(pass.began == 1)
        #expect(outside == 1)
        #expect(tip.state == .presented)
    }

    @Test(arguments: [true, false])
    func aSwipeOutsideDismissesOnlyWhenAsked(_ dismisses: Bool) {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.dismissesOnSwipeOutside = dismisses
        tip.dismissesOnTapOutside = false
        tip.show(text: "Swipe", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container, direction: .up)
        stage.run(to: 1)
        stage.window.down(1, 50, 500, at: 1.1)
        let end = stage.window.drag(from: Point(x: 50, y: 500), to: Point(x: 250, y: 505), start: 1.1, duration: 0.15)
        stage.window.up(1, 250, 505, at: end + 0.01)
        #expect(tip.state == (dismisses ? .dismissing : .presented))
    }

    @Test func nothingIsRetainedAfterTheDismissal() {
        let stage = TooltipStage()
        weak var weakTip: Tooltip?
        weak var weakLabel: Label?
        do {
            let tip = Tooltip()
            tip.duration = 0.5
            tip.dismissHandler = { t in _ = t.text }
            tip.tapHandler = { t in _ = t.state }
            tip.show(text: "Gone", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
            tip.startActionAnimation(.pulse())
            weakTip = tip
            weakLabel = tip.subviews.first as? Label
        }
        stage.run(to: 1)
        #expect(weakTip != nil)  // the container holds it while shown
        stage.run(to: 2)
        #expect(weakTip == nil)
        #expect(weakLabel == nil)
    }

    @Test func nothingIsRetainedAfterADismissDuringTheEntrance() {
        let stage = TooltipStage()
        weak var weakTip: Tooltip?
        do {
            let tip = Tooltip()
            tip.duration = 3
            tip.show(text: "Gone", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
            weakTip = tip
        }
        stage.run(to: 0.1)
        weakTip?.dismiss()
        stage.run(to: 1)
        #expect(weakTip == nil)
    }

    @Test func badInputNeverCrashesNorReachesTheLayers() throws {
        let stage = TooltipStage()
        let nan = Double.nan
        let tip = Tooltip()
        tip.cornerRadius = -5
        tip.arrowSize = Size(width: nan, height: .infinity)
        tip.edgeMargin = .infinity
        tip.offset = nan
        tip.borderWidth = nan
        tip.shadowOpacity = nan
        tip.duration = nan
        tip.contentInsets = EdgeInsets(top: nan, left: -3, bottom: .infinity, right: 2)
        tip.show(text: "", from: Rect(x: nan, y: 10, width: nan, height: 4), in: stage.container, directions: [], maxWidth: nan)
        stage.run(to: 1)
        let placement = try #require(tip.placement)
        #expect(placement.frame.isFinite && placement.arrowTip.isFinite)
        let shown = tip.inspect()
        #expect(shown.arrowTip.isFinite && shown.bubbleFrame.isFinite)
        for t in [0.0, 0.3, 1] {
            let p = tip.layer.presentation(at: t)
            #expect(p.position.isFinite && p.bounds.isFinite && p.opacity.isFinite)
        }
        tip.update(text: "")
        #expect(tip.autoDismissTime == nil)
        _ = tip.inspect(at: nan)
        tip.dismiss()
        stage.run(to: 2)
        #expect(tip.state == .dismissed)

        // A tiny container and custom content of a non-finite size.
        let tiny = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        stage.window.addSubview(tiny)
        let custom = View(frame: .zero)
        custom.bounds = Rect(x: 0, y: 0, width: 500, height: 500)
        let other = Tooltip()
        other.show(customView: custom, from: Rect(x: 5, y: 5, width: 0, height: 0), in: tiny)
        stage.run(to: 3)
        let p = try #require(other.placement)
        #expect(p.frame.isFinite && p.frame.maxX <= 20 && p.frame.minX >= 0)
        #expect(custom.frame.isFinite)
    }

    @Test func updateTextAndAContainerResizeAreFreshSolves() throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        let source = Rect(x: 300, y: 90, width: 44, height: 30)
        tip.show(text: "Short", from: source, in: stage.container, direction: .any, maxWidth: 150)
        stage.run(to: 1)
        let long = "A much longer explanation that has to wrap over several lines"
        tip.update(text: long)
        var expected = expectedTooltipInput(
            text: long, source: source, container: stage.container.bounds, directions: [.any], maxWidth: 150)
        #expect(tip.placement == PopoverLayout.place(expected))
        #expect(tip.accessibilityLabel == long)
        let label = try #require(tip.subviews.first as? Label)
        #expect(label.text == long)
        stage.window.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        stage.window.advance(to: 1.1)
        #expect(stage.container.bounds.size == Size(width: 667, height: 355))
        expected.containerBounds = stage.container.bounds
        let fresh = PopoverLayout.place(expected)
        #expect(tip.placement == fresh)
        #expect(tip.frame == fresh.frame)
        #expect(isClose(tip.inspect().arrowTip, Point(x: fresh.arrowTip.x, y: fresh.arrowTip.y + 20), 1e-9))
    }

    @Test func theBubbleIsOneAccessibilityElementAndEscapeDismisses() {
        let stage = TooltipStage()
        let tip = Tooltip()
        #expect(!tip.isAccessibilityElement)
        tip.show(text: "Read me", from: Rect(x: 100, y: 100, width: 40, height: 40), in: stage.container)
        #expect(tip.isAccessibilityElement)
        #expect(tip.accessibilityLabel == "Read me")
        #expect(tip.subviews.allSatisfy { $0.accessibilityLabel == nil })
        stage.run(to: 1)
        #expect(tip.accessibilityPerformEscape())
        #expect(tip.state == .dismissing)
        stage.run(to: 2)
        #expect(!tip.isAccessibilityElement)
    }

    @Test func pulseScalesAboutTheTip() throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        tip.show(text: "Pulse", from: Rect(x: 120, y: 500, width: 44, height: 30), in: stage.container, direction: .down)
        stage.run(to: 1)
        let target = try #require(tip.placement).arrowTip
        let local = tipInTooltip(tip)
        tip.startActionAnimation(.pulse())
        var peak = 0.0
        for t in frames120(from: 1, to: 2.2) {
            #expect(isClose(shownPoint(local, of: tip, at: t), target, 0.5), "pulse at \(t)")
            peak = max(peak, shownScale(tip, at: t))
        }
        #expect(isClose(peak, 1.1, 1e-3))
        tip.stopActionAnimation()
        #expect(isClose(shownScale(tip, at: 2.2), 1, 1e-9))
    }

    @Test func theMaskHookGetsTheSourceAndIsRemovedAfterTheDismissal() {
        let stage = TooltipStage()
        let tip = Tooltip()
        var asked: [Rect] = []
        weak var weakMask: View?
        tip.makeMaskView = { rect, _ in
            asked.append(rect)
            let mask = View(frame: .zero)
            weakMask = mask
            return mask
        }
        let source = Rect(x: 100, y: 100, width: 40, height: 40)
        tip.show(text: "Masked", from: source, in: stage.container)
        #expect(asked == [source])
        #expect(weakMask?.superview === stage.container)
        #expect(weakMask?.frame == stage.container.bounds)
        stage.run(to: 1)
        tip.dismiss()
        stage.run(to: 2)
        #expect(weakMask == nil)
    }
}
