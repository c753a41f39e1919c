import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaUI

/// The one bubble presenter of popovers, tooltips and tutorial steps: the arrow tip stays put while
/// the bubble springs in and shrinks out, whatever way the arrow points, and the source tracker
/// moves the bubble with its source.
@Suite struct ArrowAnchoredPresenterTests {
    /// A window with a container, and a bubble view placed in it for a source.
    struct Stage {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let container = View(frame: Rect(x: 0, y: 20, width: 375, height: 647))
        let bubble = View(frame: .zero)

        init() {
            window.makeKeyAndVisible()
            window.addSubview(container)
            container.addSubview(bubble)
            window.advance(to: 0)
        }

        /// The placement of a 120 × 60 bubble pointing `direction` at `source` (container
        /// coordinates).
        func placement(pointing direction: PopoverArrowDirection, at source: Rect) -> PopoverPlacement {
            var input = PopoverLayoutInput(
                containerBounds: container.bounds, sourceRect: source, content: .size(Size(width: 120, height: 60)))
            input.permittedDirections = [direction]
            return PopoverLayout.place(input)
        }

        /// Where `point` of the placement (container coordinates) shows at `time`, from the
        /// bubble's presentation values.
        func shown(_ point: Point, of placement: PopoverPlacement, at time: Double) -> Point {
            let p = bubble.layer.presentation(at: time)
            let a = p.transform.affineTransform
            let x = point.x - placement.frame.minX - p.anchorPoint.x * p.bounds.width
            let y = point.y - placement.frame.minY - p.anchorPoint.y * p.bounds.height
            return Point(x: p.position.x + a.a * x + a.c * y + a.tx, y: p.position.y + a.b * x + a.d * y + a.ty)
        }

        /// The bubble's horizontal scale as shown at `time`.
        func scale(at time: Double) -> Double {
            bubble.layer.presentation(at: time).transform.affineTransform.a
        }
    }

    static let source = Rect(x: 160, y: 300, width: 50, height: 40)
    static let directions: [PopoverArrowDirection] = [.up, .down, .left, .right]

    @Test(arguments: directions) func theTipStaysFixedWhileTheBubbleSpringsIn(direction: PopoverArrowDirection) {
        let stage = Stage()
        let placement = stage.placement(pointing: direction, at: Self.source)
        #expect(placement.arrowDirection == direction)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: placement.frame)  // anchored at the centre
        var finished: Bool?
        ArrowAnchoredPresenter(animation: PopoverTransitionAnimation()).springIn(
            stage.bubble, tipAnchorPoint: placement.tipAnchorPoint
        ) { finished = $0 }
        #expect(stage.bubble.layer.anchorPoint == placement.tipAnchorPoint)
        #expect(isClose(stage.scale(at: 0), 0.1, 1e-9))
        var sawOvershoot = false
        for t in stride(from: 0.0, through: 0.7, by: 0.05) {
            stage.window.advance(to: t)
            #expect(isClose(stage.shown(placement.arrowTip, of: placement, at: t), placement.arrowTip, 1e-9))
            if stage.scale(at: t) > 1.001 { sawOvershoot = true }
        }
        #expect(sawOvershoot)  // damping 0.5: the spring passes identity on its way
        // The body corner far from the tip did move: the scale really ran about the tip.
        let corner = Point(x: placement.bubbleFrame.minX, y: placement.bubbleFrame.minY)
        #expect(!isClose(stage.shown(corner, of: placement, at: 0.05), corner, 1))
        stage.window.advance(to: 1)
        stage.window.advance(to: 1.1)
        #expect(finished == true)
        #expect(stage.bubble.transform == .identity)
        #expect(isClose(stage.bubble.frame, placement.frame, 1e-9))
    }

    @Test(arguments: directions) func theTipStaysFixedWhileTheBubbleShrinksIntoIt(direction: PopoverArrowDirection) {
        let stage = Stage()
        let placement = stage.placement(pointing: direction, at: Self.source)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: placement.frame)
        stage.bubble.alpha = 0.8
        var finished: Bool?
        ArrowAnchoredPresenter(animation: PopoverTransitionAnimation()).shrink(
            stage.bubble, tipAnchorPoint: placement.tipAnchorPoint, restoringAlpha: 0.8
        ) { finished = $0 }
        #expect(stage.bubble.layer.anchorPoint == placement.tipAnchorPoint)
        // Moving the anchor moved no pixel: the body's corner shows where it was placed.
        let corner = Point(x: placement.bubbleFrame.minX, y: placement.bubbleFrame.minY)
        #expect(isClose(stage.shown(corner, of: placement, at: 0), corner, 1e-9))
        for t in stride(from: 0.0, to: 0.29, by: 0.03) {
            stage.window.advance(to: t)
            #expect(isClose(stage.shown(placement.arrowTip, of: placement, at: t), placement.arrowTip, 1e-9))
        }
        #expect(isClose(stage.scale(at: 0.15), 0.55, 0.01))  // ease in and out: halfway at half time
        #expect(isClose(stage.scale(at: 0.3), 0.1, 1e-9))
        #expect(finished == nil)
        stage.window.advance(to: 0.4)
        #expect(finished == true)
        #expect(stage.bubble.transform == .identity)  // put back after the completion
        #expect(stage.bubble.alpha == 0.8)
    }

    @Test func theEntranceFadesInToTheGivenAlphaAndTheExitLeavesTheViewAsItEnds() {
        let stage = Stage()
        let placement = stage.placement(pointing: .up, at: Self.source)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: placement.frame)
        let presenter = ArrowAnchoredPresenter(animation: PopoverTransitionAnimation())
        presenter.springIn(stage.bubble, tipAnchorPoint: placement.tipAnchorPoint, alpha: 0.5) { _ in }
        #expect(isClose(stage.bubble.layer.presentation(at: 0).opacity, 0, 1e-9))
        stage.window.advance(to: 1)
        #expect(isClose(stage.bubble.layer.presentation(at: 1).opacity, 0.5, 1e-9))
        presenter.shrink(stage.bubble, tipAnchorPoint: placement.tipAnchorPoint) { _ in }
        stage.window.advance(to: 1.5)
        stage.window.advance(to: 1.6)
        #expect(stage.bubble.alpha == 0)  // no restoring alpha: the view stays shrunk and clear
        #expect(isClose(stage.bubble.transform.a, 0.1, 1e-9))
    }

    @Test func withoutAnAnimationBothEndAtOnceAndChangeNothing() {
        let stage = Stage()
        let placement = stage.placement(pointing: .left, at: Self.source)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: placement.frame)
        let presenter = ArrowAnchoredPresenter(animation: nil)
        var ends: [Bool] = []
        presenter.springIn(stage.bubble, tipAnchorPoint: placement.tipAnchorPoint) { ends.append($0) }
        #expect(ends == [true])
        presenter.shrink(stage.bubble, tipAnchorPoint: placement.tipAnchorPoint, restoringAlpha: 0.5) { ends.append($0) }
        #expect(ends == [true, true])
        #expect(stage.bubble.layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(stage.bubble.transform == .identity)
        #expect(stage.bubble.alpha == 1)
        #expect(stage.bubble.layer.animationKeys().isEmpty)
    }

    @Test func theTrackerMovesTheBubbleWithItsSourceInTheSameFrame() {
        let stage = Stage()
        let scroller = View(frame: Rect(x: 0, y: 100, width: 375, height: 400))
        stage.container.insertSubview(scroller, at: 0)
        let source = View(frame: Rect(x: 150, y: 150, width: 44, height: 30))
        scroller.addSubview(source)
        var placement = stage.placement(pointing: .up, at: source.convert(source.bounds, to: stage.container))
        ArrowAnchoredPresenter.layOut(stage.bubble, over: placement.frame)
        var follows = 0
        var following = true
        let tracker = ArrowAnchoredPresenter.SourceTracker<Rect>(
            currentKey: { following ? source.convert(source.bounds, to: stage.container) : nil },
            follow: { rect in
                follows += 1
                let new = stage.placement(pointing: .up, at: rect)
                ArrowAnchoredPresenter.keepAnchorAtTip(of: stage.bubble, from: placement, to: new)
                ArrowAnchoredPresenter.layOut(stage.bubble, over: new.frame)
                placement = new
            })
        tracker.lastKey = source.convert(source.bounds, to: stage.container)
        tracker.start(in: stage.window)
        #expect(tracker.isTracking)
        stage.window.advance(to: 1.0 / 60)
        #expect(follows == 0)  // the source did not move

        scroller.bounds.origin = Point(x: 0, y: 60)  // scrolled 60 points
        stage.window.advance(to: 2.0 / 60)
        #expect(follows == 1)
        #expect(isClose(placement.arrowTip, Point(x: 172, y: 220), 1e-9))
        #expect(isClose(stage.bubble.frame, placement.frame, 1e-9))
        stage.window.advance(to: 3.0 / 60)
        #expect(follows == 1)  // once per change

        following = false  // a client that is leaving answers nil: no follow
        scroller.bounds.origin = Point(x: 0, y: 30)
        stage.window.advance(to: 4.0 / 60)
        #expect(follows == 1)

        following = true
        tracker.stop()
        #expect(!tracker.isTracking)
        stage.window.advance(to: 5.0 / 60)
        #expect(follows == 1)  // stopped: the window no longer calls it
    }

    @Test func aBubbleFollowedDuringItsEntranceKeepsSpringingAboutTheNewTip() {
        let stage = Stage()
        let first = stage.placement(pointing: .down, at: Self.source)
        ArrowAnchoredPresenter.layOut(stage.bubble, over: first.frame)
        ArrowAnchoredPresenter(animation: PopoverTransitionAnimation()).springIn(
            stage.bubble, tipAnchorPoint: first.tipAnchorPoint
        ) { _ in }
        stage.window.advance(to: 0.1)
        // The source moves sideways, near the edge: the arrow sits elsewhere on the body.
        let moved = stage.placement(pointing: .down, at: Rect(x: 20, y: 300, width: 30, height: 40))
        #expect(moved.tipAnchorPoint != first.tipAnchorPoint)
        View.performWithoutAnimation {
            ArrowAnchoredPresenter.keepAnchorAtTip(of: stage.bubble, from: first, to: moved)
            ArrowAnchoredPresenter.layOut(stage.bubble, over: moved.frame)
        }
        #expect(stage.bubble.layer.anchorPoint == moved.tipAnchorPoint)
        for t in stride(from: 0.1, through: 0.7, by: 0.05) {
            stage.window.advance(to: t)
            #expect(isClose(stage.shown(moved.arrowTip, of: moved, at: t), moved.arrowTip, 1e-9))
        }
    }

    @Test func anAnchorAwayFromTheOldTipIsLeftAlone() {
        let stage = Stage()
        let first = stage.placement(pointing: .down, at: Self.source)
        let moved = stage.placement(pointing: .down, at: Rect(x: 20, y: 300, width: 30, height: 40))
        ArrowAnchoredPresenter.layOut(stage.bubble, over: first.frame)
        ArrowAnchoredPresenter.keepAnchorAtTip(of: stage.bubble, from: first, to: moved)
        #expect(stage.bubble.layer.anchorPoint == Point(x: 0.5, y: 0.5))
        ArrowAnchoredPresenter.keepAnchorAtTip(of: stage.bubble, from: nil, to: moved)
        #expect(stage.bubble.layer.anchorPoint == Point(x: 0.5, y: 0.5))
    }
}
