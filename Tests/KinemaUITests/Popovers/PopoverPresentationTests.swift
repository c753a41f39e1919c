import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A window 375 × 667 with a root controller and a 44 × 30 source view at `source`.
struct PopoverStage {
    let window: Window
    let root: ViewController
    let sourceView: View
    let content: ViewController

    init(source: Rect, contentSize: Size = Size(width: 200, height: 120)) {
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.advance(to: 0)
        sourceView = View(frame: source)
        root.view.addSubview(sourceView)
        content = ViewController()
        content.modalPresentationStyle = .popover
        content.preferredContentSize = contentSize
        popover.sourceView = sourceView
    }

    var popover: PopoverPresentationController { content.popoverPresentationController! }
}

/// Records the delegate calls; vetoes dismissal when asked to.
final class RecordingPopoverDelegate: PopoverPresentationControllerDelegate {
    var allowsDismissal = true
    var prepared = 0
    var shouldDismissAsked = 0
    var didDismiss = 0
    var repositioned: [Rect] = []

    func prepareForPopoverPresentation(_ popoverPresentationController: PopoverPresentationController) { prepared += 1 }
    func popoverPresentationControllerShouldDismissPopover(_ popoverPresentationController: PopoverPresentationController) -> Bool {
        shouldDismissAsked += 1
        return allowsDismissal
    }
    func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: PopoverPresentationController) {
        didDismiss += 1
    }
    func popoverPresentationController(
        _ popoverPresentationController: PopoverPresentationController, willRepositionPopoverTo rect: inout Rect,
        in view: inout View
    ) { repositioned.append(rect) }
}

/// One arrow direction, with a source placed so that only that side makes sense.
struct PopoverDirectionCase: CustomTestStringConvertible, Sendable {
    let direction: PopoverArrowDirection
    let source: Rect
    var testDescription: String { "\(direction)" }

    static let all = [
        PopoverDirectionCase(direction: .up, source: Rect(x: 100, y: 90, width: 44, height: 30)),
        PopoverDirectionCase(direction: .down, source: Rect(x: 210, y: 520, width: 44, height: 30)),
        PopoverDirectionCase(direction: .left, source: Rect(x: 30, y: 300, width: 30, height: 44)),
        PopoverDirectionCase(direction: .right, source: Rect(x: 310, y: 280, width: 30, height: 44)),
    ]
}

func tap(_ window: Window, at point: Point, time: Double) {
    window.send(TouchInput(phase: .began, location: point, timestamp: time))
    window.send(TouchInput(phase: .ended, location: point, timestamp: time))
}

@Suite struct PopoverPresentationTests {
    @Test(arguments: PopoverDirectionCase.all)
    func presentsInEachDirection(_ c: PopoverDirectionCase) throws {
        let stage = PopoverStage(source: c.source)
        let popover = stage.popover
        popover.permittedArrowDirections = c.direction
        #expect(popover.arrowDirection == .unknown)
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        #expect(stage.content.popoverPresentationController === popover)
        #expect(popover.arrowDirection == c.direction)
        let placement = try #require(popover.placement)
        let background = try #require(popover.backgroundView)
        let view = try #require(popover.presentedView)
        #expect(background.arrowDirection == c.direction)
        #expect(background.arrowOffset == placement.arrowOffset)
        #expect(background.superview === view && view.subviews.first === background)
        #expect(stage.content.view.superview === view && view.subviews.last === stage.content.view)
        #expect(isClose(view.frame, placement.frame, 1e-9))
        #expect(background.frame == view.bounds)
        let contentInPopover = stage.content.view.frame
        let shifted = Rect(
            x: contentInPopover.minX + placement.frame.minX, y: contentInPopover.minY + placement.frame.minY,
            width: contentInPopover.width, height: contentInPopover.height)
        #expect(isClose(shifted, placement.contentFrame, 1e-9))
        #expect(contentInPopover.size == Size(width: 200, height: 120))
        // The tip sits on the source's edge facing the bubble.
        let s = c.source
        switch c.direction {
        case .up: #expect(isClose(placement.arrowTip.y, s.maxY, 1e-9))
        case .down: #expect(isClose(placement.arrowTip.y, s.minY, 1e-9))
        case .left: #expect(isClose(placement.arrowTip.x, s.maxX, 1e-9))
        default: #expect(isClose(placement.arrowTip.x, s.minX, 1e-9))
        }
        // The background draws its tip where the layout put it.
        #expect(
            isClose(
                background.arrowTip, Point(x: placement.arrowTip.x - placement.frame.minX, y: placement.arrowTip.y - placement.frame.minY),
                1e-9))

        stage.content.dismiss(animated: true)
        stage.window.advance(to: 2)
        #expect(popover.arrowDirection == .unknown)
        #expect(popover.backgroundView == nil)
        #expect(stage.root.presentedViewController == nil)
    }

    @Test func zeroSourceRectTracksTheSourceViewsBounds() throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        stage.popover.permittedArrowDirections = .up
        stage.root.present(stage.content, animated: false)
        stage.window.advance(to: 0.1)
        #expect(isClose(try #require(stage.popover.placement).arrowTip, Point(x: 122, y: 120), 1e-9))
        stage.sourceView.bounds.size = Size(width: 60, height: 50)  // grows about its center
        stage.popover.repositionPopover(animated: false)
        #expect(isClose(try #require(stage.popover.placement).arrowTip, Point(x: 122, y: 130), 1e-9))
    }

    @Test func aTapOutsideAsksTheDelegateAndDismissesExactlyOnce() throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let delegate = RecordingPopoverDelegate()
        stage.popover.delegate = delegate
        stage.root.present(stage.content, animated: true)
        #expect(delegate.prepared == 1)
        stage.window.advance(to: 1)
        // A tap on the popover itself does nothing.
        let placement = try #require(stage.popover.placement)
        tap(stage.window, at: Point(x: placement.contentFrame.midX, y: placement.contentFrame.midY), time: 1)
        stage.window.advance(to: 1.05)
        #expect(delegate.shouldDismissAsked == 0 && stage.root.presentedViewController === stage.content)
        // Three taps outside: one question, one dismissal.
        for i in 0..<3 { tap(stage.window, at: Point(x: 300, y: 600), time: 1.1 + 0.01 * Double(i)) }
        #expect(delegate.shouldDismissAsked == 1)
        #expect(stage.content.isBeingDismissed)
        stage.window.advance(to: 2)
        tap(stage.window, at: Point(x: 300, y: 600), time: 2)
        stage.window.advance(to: 2.5)
        #expect(stage.root.presentedViewController == nil)
        #expect(delegate.didDismiss == 1)
        #expect(delegate.shouldDismissAsked == 1)
    }

    @Test func theDelegateCanVetoATapOutside() {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let delegate = RecordingPopoverDelegate()
        delegate.allowsDismissal = false
        stage.popover.delegate = delegate
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        tap(stage.window, at: Point(x: 300, y: 600), time: 1)
        stage.window.advance(to: 2)
        #expect(delegate.shouldDismissAsked == 1)
        #expect(delegate.didDismiss == 0)
        #expect(stage.root.presentedViewController === stage.content)
        // Allowed later, the next tap dismisses.
        delegate.allowsDismissal = true
        tap(stage.window, at: Point(x: 300, y: 600), time: 2)
        stage.window.advance(to: 3)
        #expect(stage.root.presentedViewController == nil)
        #expect(delegate.didDismiss == 1)
    }

    @Test func passthroughViewsKeepTheirTouchesAndDoNotDismiss() {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let pass = TouchCountingView(frame: Rect(x: 250, y: 580, width: 100, height: 60))
        let other = TouchCountingView(frame: Rect(x: 20, y: 580, width: 100, height: 60))
        stage.root.view.addSubview(pass)
        stage.root.view.addSubview(other)
        let delegate = RecordingPopoverDelegate()
        stage.popover.delegate = delegate
        stage.popover.passthroughViews = [pass]
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        tap(stage.window, at: Point(x: 300, y: 600), time: 1)
        stage.window.advance(to: 1.5)
        #expect(pass.began == 1)
        #expect(delegate.shouldDismissAsked == 0)
        #expect(stage.root.presentedViewController === stage.content)
        // A view that is not passthrough is covered: the tap dismisses instead.
        tap(stage.window, at: Point(x: 60, y: 600), time: 1.5)
        stage.window.advance(to: 2.5)
        #expect(other.began == 0)
        #expect(delegate.didDismiss == 1)
        #expect(stage.root.presentedViewController == nil)
    }

    @Test func programmaticDismissalDoesNotCallDidDismiss() {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        let delegate = RecordingPopoverDelegate()
        stage.popover.delegate = delegate
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        stage.content.dismiss(animated: true)
        tap(stage.window, at: Point(x: 300, y: 600), time: 1.05)
        stage.window.advance(to: 2)
        #expect(stage.root.presentedViewController == nil)
        #expect(delegate.didDismiss == 0)
        #expect(delegate.shouldDismissAsked == 0)
    }

    @Test func aContainerResizeIsAFreshAnimatedSolve() throws {
        let stage = PopoverStage(source: Rect(x: 300, y: 90, width: 44, height: 30))
        let delegate = RecordingPopoverDelegate()
        stage.popover.delegate = delegate
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        let before = try #require(stage.popover.placement)
        stage.window.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        stage.window.advance(to: 1.01)
        let after = try #require(stage.popover.placement)
        #expect(delegate.repositioned.count == 1)
        #expect(after != before)
        // The same inputs solved from scratch give the same placement.
        let container = try #require(stage.popover.containerView)
        var input = PopoverLayoutInput(
            containerBounds: container.bounds, sourceRect: stage.sourceView.convert(stage.sourceView.bounds, to: container),
            content: .size(Size(width: 200, height: 120)))
        input.arrowBase = PopoverBackgroundView.arrowBase()
        input.arrowHeight = PopoverBackgroundView.arrowHeight()
        input.cornerRadius = PopoverBackgroundView.cornerRadius()
        #expect(PopoverLayout.place(input) == after)
        // It moves there over time, then sits exactly on the new frame.
        let view = try #require(stage.popover.presentedView)
        let midway = view.layer.presentation(at: 1.15)
        #expect(midway.bounds.size != after.frame.size || midway.position != view.layer.position)
        stage.window.advance(to: 2)
        #expect(isClose(view.frame, after.frame, 1e-9))
        #expect(stage.popover.backgroundView?.arrowOffset == after.arrowOffset)
    }

    @Test func theSafeAreaAndTheMarginsKeepTheBubbleIn() throws {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 0, left: 30, bottom: 0, right: 20))
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let source = View(frame: Rect(x: 0, y: 200, width: 20, height: 20))
        root.view.addSubview(source)
        let content = ViewController()
        content.modalPresentationStyle = .popover
        content.preferredContentSize = Size(width: 200, height: 100)
        let popover = try #require(content.popoverPresentationController)
        popover.sourceView = source
        popover.permittedArrowDirections = .up
        popover.popoverLayoutMargins = EdgeInsets(top: 10, left: 12, bottom: 10, right: 10)
        root.present(content, animated: false)
        window.advance(to: 0.1)
        let placement = try #require(popover.placement)
        #expect(isClose(placement.bubbleFrame.minX, 42, 1e-9))
        #expect(placement.arrowDirection == .up)
    }

    @Test func aMovedSourceIsFollowedByAnAnimatedFreshSolve() throws {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        stage.popover.permittedArrowDirections = .up
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        let view = try #require(stage.popover.presentedView)
        stage.sourceView.frame.origin = Point(x: 150, y: 140)
        stage.popover.repositionPopover()
        let placement = try #require(stage.popover.placement)
        #expect(isClose(placement.arrowTip, Point(x: 172, y: 170), 1e-9))
        #expect(!view.layer.animationKeys().isEmpty)
        stage.window.advance(to: 1.5)
        #expect(isClose(view.frame, placement.frame, 1e-9))
        #expect(stage.popover.backgroundView?.arrowOffset == placement.arrowOffset)
    }

    @Test func aSourceOutsideTheWindowOrNoSourcePointsAtTheContainer() throws {
        for detach in [true, false] {
            let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30), contentSize: .zero)
            if detach { stage.sourceView.removeFromSuperview() } else { stage.popover.sourceView = nil }
            stage.root.present(stage.content, animated: true)
            stage.window.advance(to: 1)
            let placement = try #require(stage.popover.placement)
            #expect(placement.frame.isFinite && placement.frame.width > 0)
            #expect(stage.popover.arrowDirection != .unknown || !placement.arrowReachesSource)
            tap(stage.window, at: Point(x: 2, y: 2), time: 1)
            stage.window.advance(to: 2)
            #expect(stage.root.presentedViewController == nil)
        }
    }

    @Test func nonFiniteInputIsIgnored() {
        let stage = PopoverStage(source: Rect(x: 100, y: 90, width: 44, height: 30))
        stage.popover.sourceRect = Rect(x: .nan, y: 0, width: 1, height: 1)
        #expect(stage.popover.sourceRect == .zero)
        stage.popover.popoverLayoutMargins = EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
        stage.root.present(stage.content, animated: true)
        stage.window.advance(to: 1)
        #expect(stage.popover.presentedView?.frame.isFinite == true)
    }
}
