import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A window 375 × 667 with three targets, and a 3-step tutorial pointing at them.
final class TutorialStage {
    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let targets: [View]
    let tutorial: Tutorial
    var completions: [Bool] = []

    static let targetFrames = [
        Rect(x: 24, y: 90, width: 60, height: 40),
        Rect(x: 300, y: 300, width: 56, height: 44),
        Rect(x: 150, y: 580, width: 80, height: 40),
    ]
    static let preferred: [PopoverArrowDirection] = [.up, .right, .down]

    init(steps customSteps: [TutorialStep]? = nil) {
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        targets = Self.targetFrames.map { View(frame: $0) }
        for target in targets { root.view.addSubview(target) }
        let steps =
            customSteps ?? [
                TutorialStep(target: .view(targets[0]), title: "Add", message: "Tap here to add a photo.", preferredArrowDirection: .up),
                TutorialStep(target: .view(targets[1]), title: "Share", message: "Send it on.", preferredArrowDirection: .right),
                TutorialStep(target: .view(targets[2]), title: "Done", message: "That is all.", preferredArrowDirection: .down),
            ]
        tutorial = Tutorial(steps: steps)
        tutorial.completion = { [unowned self] skipped in self.completions.append(skipped) }
        window.advance(to: 0)
    }

    /// A tap (down and up at `t`) at `point` in window coordinates.
    func tap(_ point: Point, at t: Double, finger: Int = 1) {
        window.send(TouchInput(identifier: finger, phase: .began, location: point, timestamp: t))
        window.send(TouchInput(identifier: finger, phase: .ended, location: point, timestamp: t))
    }

    /// A point on the dimmed area, away from every target and bubble.
    static let dimmedPoint = Point(x: 10, y: 660)

    func center(of view: View) -> Point {
        view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }
}

/// The popover-engine input a tutorial step should get, built here independently of `Tutorial`.
func expectedInput(target: Rect, content: Size, preferred: PopoverArrowDirection, bounds: Rect) -> PopoverLayoutInput {
    var input = PopoverLayoutInput(containerBounds: bounds, sourceRect: target, content: .size(content))
    input.contentInsets = EdgeInsets(top: 12, left: 14, bottom: 12, right: 14)
    input.permittedDirections = [preferred] + PopoverArrowDirection.allDirections.filter { $0 != preferred }
    input.gap = 8
    return input
}

@Suite struct TutorialViewTests {
    @Test func eachBubbleIsPlacedByThePopoverEngineWithThePreferredDirectionFirst() throws {
        let stage = TutorialStage()
        let tutorial = stage.tutorial
        #expect(tutorial.start(in: stage.window))
        for i in 0..<3 {
            let t = 2 * Double(i)
            stage.window.advance(to: t + 1)
            let placement = try #require(tutorial.placement)
            let content = try #require(tutorial.contentSize(forStep: i))
            let expected = PopoverLayout.place(
                expectedInput(
                    target: TutorialStage.targetFrames[i], content: content, preferred: TutorialStage.preferred[i],
                    bounds: stage.window.bounds))
            #expect(placement == expected, "step \(i)")
            #expect(placement.arrowDirection == TutorialStage.preferred[i], "step \(i)")
            #expect(tutorial.layoutInput(forStep: i).map(PopoverLayout.place) == expected)
            // The bubble view covers the placed frame once the spring has settled.
            let bubble = try #require(tutorial.bubbleView)
            #expect(isClose(bubble.frame, placement.frame, 1e-9), "step \(i)")
            let inspection = try #require(tutorial.inspect())
            #expect(inspection.step == i && inspection.phase == .presented)
            #expect(isClose(inspection.bubbleFrame, placement.bubbleFrame, 1e-6))
            #expect(isClose(inspection.arrowTip, placement.arrowTip, 1e-6))
            #expect(inspection.arrowBase.count == 2)
            #expect(inspection.cutoutRect == TutorialStage.targetFrames[i].insetBy(dx: -8, dy: -8))
            stage.tap(TutorialStage.dimmedPoint, at: t + 1.5)
            stage.window.advance(to: t + 1.9)  // the exit has completed: the next step springs in
        }
        stage.window.advance(to: 7)
        #expect(stage.completions == [false])
    }

    @Test func theLabelsDrawWhatWasMeasured() throws {
        let stage = TutorialStage()
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        let title = try #require(stage.tutorial.titleLabel)
        let message = try #require(stage.tutorial.messageLabel)
        #expect(title.font == .boldSystemFont(ofSize: 17))
        for label in [title, message] {
            #expect(label.bounds.width > 0 && label.bounds.height > 0)
            #expect(label.sizeThatFits(Size(width: label.bounds.width, height: 0)) == label.bounds.size)
        }
        // The content laid out in the placed content frame: the message sits below the title.
        #expect(message.frame.minY >= title.frame.maxY)
        let bubble = try #require(stage.tutorial.bubbleView)
        #expect(bubble.accessibilityLabel == "Add. Tap here to add a photo.")
    }

    @Test func aJapaneseStepWrapsAndDrawsWhatWasMeasured() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let target = View(frame: Rect(x: 150, y: 100, width: 60, height: 40))
        window.addSubview(target)
        let message = "画面の右上にあるボタンをタップすると、新しい写真を追加できます。追加した写真はアルバムに保存されます。"
        let tutorial = Tutorial(steps: [TutorialStep(target: .view(target), title: "写真を追加", message: message)])
        tutorial.start(in: window)
        window.advance(to: 1)
        let label = try #require(tutorial.messageLabel)
        let oneLine = label.sizeThatFits(Size(width: 0, height: 0))
        #expect(oneLine.width > 280)  // one line would not fit: it must wrap
        #expect(label.bounds.width <= 280)
        #expect(label.bounds.height >= 2 * oneLine.height)
        #expect(label.sizeThatFits(Size(width: label.bounds.width, height: 0)) == label.bounds.size)
        let placement = try #require(tutorial.placement)
        #expect(placement.contentFrame.size == tutorial.contentSize(forStep: 0))
    }

    @Test func theCutoutAnimatesFromTargetToTarget() throws {
        let stage = TutorialStage()
        let overlay = try #require({ stage.tutorial.start(in: stage.window) ? stage.tutorial.overlayView : nil }())
        stage.window.advance(to: 1)
        let first = try #require(overlay.shapeLayer.path)
        #expect(overlay.cutoutRect == TutorialStage.targetFrames[0].insetBy(dx: -8, dy: -8))
        stage.tap(TutorialStage.dimmedPoint, at: 1)
        stage.window.advance(to: 1.31)  // the exit (0.3 s) has completed: step 2 shows
        #expect(stage.tutorial.flow.state == .showing(step: 1))
        let start = 1.31
        func shownPath(_ t: Double) -> Path? {
            guard case .path(let p)? = overlay.shapeLayer.presentationValue(forKeyPath: LayerKeyPath(.path), at: t) else { return nil }
            return p
        }
        #expect(overlay.shapeLayer.animation(forKey: DimmingView.cutoutAnimationKey) != nil)
        #expect(shownPath(start) == first)
        let middle = try #require(shownPath(start + 0.15))
        #expect(middle != first && middle != overlay.shapeLayer.path)
        // Halfway (ease in-out is symmetric), the cutout's centre is halfway between the targets.
        let a = TutorialStage.targetFrames[0]
        let b = TutorialStage.targetFrames[1]
        let halfway = Point(x: (a.midX + b.midX) / 2, y: (a.midY + b.midY) / 2)
        #expect(!middle.contains(halfway, fillRule: .evenOdd))  // inside the hole: not dimmed
        #expect(shownPath(start + 0.3) == overlay.shapeLayer.path)
        #expect(overlay.cutoutRect == b.insetBy(dx: -8, dy: -8))
    }

    @Test func stepTwoAppearsOnlyAfterStepOneHasLeft() throws {
        let stage = TutorialStage()
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        stage.tap(TutorialStage.dimmedPoint, at: 1)
        for t in frames120(from: 1, to: 1.29) {
            stage.window.advance(to: t)
            #expect(stage.tutorial.flow.state == .leaving(step: 0), "at \(t)")
            let inspection = try #require(stage.tutorial.inspect())
            #expect(inspection.step == 0 && inspection.phase == .dismissing, "at \(t)")
            #expect(stage.tutorial.announcements.count == 1)
        }
        stage.window.advance(to: 1.3 + 1.0 / 120)
        #expect(stage.tutorial.flow.state == .showing(step: 1))
        let inspection = try #require(stage.tutorial.inspect())
        #expect(inspection.step == 1 && inspection.phase == .presenting)
        #expect(stage.tutorial.announcements.count == 2)
    }

    @Test func rapidTapsShowOneStep() throws {
        let stage = TutorialStage()
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        var shown: [Int] = []
        stage.tutorial.announcementHandler = { _ in shown.append(stage.tutorial.flow.currentStep ?? -1) }
        stage.tap(TutorialStage.dimmedPoint, at: 1)
        stage.tap(TutorialStage.dimmedPoint, at: 1)  // a double tap in the same frame
        stage.tap(TutorialStage.dimmedPoint, at: 1.05)
        let bubble = try #require(stage.tutorial.bubbleView)
        stage.tap(stage.center(of: bubble), at: 1.1)  // on the leaving bubble
        stage.window.advance(to: 2)
        #expect(shown == [1])
        #expect(stage.tutorial.flow.state == .showing(step: 1))
        #expect(stage.window.subviews.compactMap { $0 as? DimmingView }.first?.subviews.count == 1)
    }

    @Test func aTapOnTheBubbleAdvancesAndCanBeTurnedOff() throws {
        let stage = TutorialStage()
        stage.tutorial.advancesOnTap = false
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        stage.tap(TutorialStage.dimmedPoint, at: 1)
        stage.tap(stage.center(of: try #require(stage.tutorial.messageLabel)), at: 1.1)
        stage.window.advance(to: 2)
        #expect(stage.tutorial.flow.state == .showing(step: 0))
        stage.tutorial.advancesOnTap = true
        stage.tap(stage.center(of: try #require(stage.tutorial.messageLabel)), at: 2)
        stage.window.advance(to: 3)
        #expect(stage.tutorial.flow.state == .showing(step: 1))
        // The Next button advances whatever advancesOnTap says, even while the bubble springs in.
        stage.tutorial.advancesOnTap = false
        stage.tap(stage.center(of: try #require(stage.tutorial.nextButton)), at: 2.5)
        stage.window.advance(to: 4)
        #expect(stage.tutorial.flow.state == .showing(step: 2))
        #expect(stage.tutorial.nextButton?.currentTitle == "Done")
    }

    @Test func skipFinishesAsSkippedAndRemovesTheOverlay() throws {
        let stage = TutorialStage()
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        let overlay = try #require(stage.tutorial.overlayView)
        #expect(overlay.superview === stage.window)
        stage.tap(stage.center(of: try #require(stage.tutorial.skipButton)), at: 1)
        stage.window.advance(to: 1.2)
        #expect(stage.completions.isEmpty)  // the bubble is still shrinking
        stage.window.advance(to: 1.4)
        #expect(stage.completions == [true])
        #expect(stage.tutorial.flow.state == .finished(skipped: true))
        #expect(overlay.superview == nil && stage.tutorial.overlayView == nil)
        #expect(stage.tutorial.inspect()?.phase == .dismissed)
    }

    @Test func pauseHidesTheOverlayAndResumeShowsTheStepAgain() throws {
        let stage = TutorialStage()
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        #expect(stage.tutorial.pause())
        stage.window.advance(to: 1.4)
        #expect(stage.tutorial.flow.state == .paused(step: 0))
        #expect(stage.tutorial.overlayView?.isHidden == true && stage.tutorial.bubbleView == nil)
        #expect(stage.tutorial.resume())
        stage.window.advance(to: 2.5)
        #expect(stage.tutorial.overlayView?.isHidden == false)
        #expect(stage.tutorial.inspect()?.step == 0 && stage.tutorial.inspect()?.phase == .presented)
    }

    @Test func theTipStaysStillDuringTheEntranceAndTheExitAt120Hz() throws {
        let stage = TutorialStage()
        stage.tutorial.start(in: stage.window)
        for step in 0..<2 {
            let start = stage.window.currentTime
            let placement = try #require(stage.tutorial.placement)
            let bubble = try #require(stage.tutorial.bubbleView)
            let local = Point(x: placement.arrowTip.x - placement.frame.minX, y: placement.arrowTip.y - placement.frame.minY)
            var smallest = 1.0
            for t in frames120(from: start, to: start + 0.7) {
                stage.window.advance(to: t)
                #expect(isClose(shownPoint(local, of: bubble, at: t), placement.arrowTip, 0.5), "entrance \(step) at \(t)")
                #expect(isClose(try #require(stage.tutorial.inspect()).arrowTip, placement.arrowTip, 0.5))
                smallest = min(smallest, shownScale(bubble, at: t))
            }
            #expect(smallest < 0.2)  // it really scaled
            stage.tap(TutorialStage.dimmedPoint, at: start + 0.7)
            var exitScale = 1.0
            for t in frames120(from: start + 0.7, to: start + 0.7 + 0.29) {
                stage.window.advance(to: t)
                #expect(isClose(shownPoint(local, of: bubble, at: t), placement.arrowTip, 0.5), "exit \(step) at \(t)")
                exitScale = shownScale(bubble, at: t)
            }
            #expect(exitScale < 0.2)  // it shrank into the tip
            stage.window.advance(to: start + 1.01)
        }
    }

    @Test func aScrolledTargetIsFollowed() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let scroller = View(frame: Rect(x: 0, y: 100, width: 375, height: 400))
        scroller.clipsToBounds = true
        window.addSubview(scroller)
        let target = View(frame: Rect(x: 150, y: 150, width: 44, height: 30))
        scroller.addSubview(target)
        let tutorial = Tutorial(steps: [TutorialStep(target: .view(target), message: "Scroll me", preferredArrowDirection: .up)])
        tutorial.start(in: window)
        window.advance(to: 1)
        let before = try #require(tutorial.placement)
        #expect(isClose(before.arrowTip, Point(x: 172, y: 280 + 8), 1e-9))
        scroller.bounds.origin = Point(x: 0, y: 60)
        window.advance(to: 1 + 1.0 / 60)
        let after = try #require(tutorial.placement)
        #expect(isClose(after.arrowTip, Point(x: 172, y: 220 + 8), 1e-9))
        #expect(isClose(try #require(tutorial.bubbleView).frame, after.frame, 1e-9))
        #expect(tutorial.overlayView?.cutoutRect == Rect(x: 142, y: 182, width: 60, height: 46))
        #expect(isClose(try #require(tutorial.inspect()).arrowTip, after.arrowTip, 1e-9))
    }

    @Test func nothingIsRetainedAfterFinishing() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let target = View(frame: Rect(x: 150, y: 150, width: 44, height: 30))
        window.addSubview(target)
        weak var weakTutorial: Tutorial?
        weak var weakBubble: View?
        weak var weakOverlay: View?
        do {
            let tutorial = Tutorial(steps: [
                TutorialStep(target: .view(target), message: "One"), TutorialStep(target: .view(target), message: "Two"),
            ])
            weakTutorial = tutorial
            tutorial.start(in: window)
            weakBubble = tutorial.bubbleView
            weakOverlay = tutorial.overlayView
        }
        window.advance(to: 1)
        #expect(weakTutorial != nil)  // the overlay keeps a running tutorial alive
        weakTutorial?.next()
        window.advance(to: 2)
        weakTutorial?.next()
        window.advance(to: 3)
        #expect(weakTutorial == nil)
        #expect(weakBubble == nil)
        #expect(weakOverlay == nil)
        #expect(window.subviews.count == 1)
    }

    @Test func emptyStepsFinishAtOnce() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let tutorial = Tutorial(steps: [])
        var result: [Bool] = []
        tutorial.completion = { result.append($0) }
        #expect(tutorial.start(in: window))
        window.advance(to: 1)
        #expect(result == [false])
        #expect(window.subviews.isEmpty && tutorial.overlayView == nil)
        #expect(tutorial.inspect() == nil)
        #expect(tutorial.layoutInput(forStep: 0) == nil)
    }

    @Test func nonFiniteTargetsNeverReachTheLayerTree() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let nan = Double.nan
        let tutorial = Tutorial(steps: [
            TutorialStep(target: .rect(Rect(x: nan, y: 10, width: 20, height: 20)), message: "NaN"),
            TutorialStep(target: .rect(Rect(x: 10, y: 10, width: .infinity, height: 20)), message: "Infinite"),
            TutorialStep(target: .rect(Rect(x: 100, y: 100, width: 20, height: 20)), message: "Fine"),
        ])
        tutorial.start(in: window)
        for step in 0..<3 {
            for t in frames120(from: Double(step), to: Double(step) + 0.9) {
                window.advance(to: t)
                let state = window.layer.presentation(at: t)
                #expect(state.bounds.isFinite)
                if let bubble = tutorial.bubbleView {
                    let p = bubble.layer.presentation(at: t)
                    #expect(p.position.isFinite && p.bounds.isFinite && p.anchorPoint.isFinite, "step \(step) at \(t)")
                }
                if let inspection = tutorial.inspect() {
                    #expect(inspection.arrowTip.isFinite && inspection.bubbleFrame.isFinite)
                }
            }
            #expect(tutorial.flow.state == .showing(step: step))
            tutorial.next()
        }
        window.advance(to: 4)
        #expect(tutorial.flow.state == .finished(skipped: false))
    }

    @Test func announcementsAreExposed() {
        let stage = TutorialStage()
        var heard: [String] = []
        stage.tutorial.announcementHandler = { heard.append($0) }
        stage.tutorial.start(in: stage.window)
        stage.window.advance(to: 1)
        stage.tutorial.next()
        stage.window.advance(to: 2)
        #expect(heard == ["Step 1 of 3. Add. Tap here to add a photo.", "Step 2 of 3. Share. Send it on."])
        #expect(stage.tutorial.announcements == heard)
    }

    @Test func aStoreShowsTheTutorialOnce() throws {
        let dir = try ScratchDirectory()
        let item = TutorialItem(kind: .tutorial, id: "tour")
        let store = try TutorialStore(path: dir.path())
        let stage = TutorialStage()
        #expect(try stage.tutorial.start(in: stage.window, recordingIn: store, as: item, at: 100))
        stage.window.advance(to: 1)
        stage.tutorial.skip()
        stage.window.advance(to: 2)
        #expect(stage.completions == [true])
        #expect(stage.tutorial.storeError == nil)
        #expect(!store.shouldDisplay(item, at: 1000))
        let again = TutorialStage()
        #expect(try again.tutorial.start(in: again.window, recordingIn: store, as: item, at: 2000) == false)
        #expect(again.tutorial.overlayView == nil && again.tutorial.flow.state == .idle)
        #expect(again.window.subviews.count == 1)  // only the root view: no overlay was left behind
        let restarted = try TutorialStore(path: dir.path())  // a later launch
        #expect(!restarted.shouldDisplay(item, at: 3000))
    }
}
