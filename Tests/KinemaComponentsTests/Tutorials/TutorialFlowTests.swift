import KinemaGeometry
import Testing

@testable import KinemaComponents
@testable import KinemaUI

/// A flow over three rect steps that logs its events and completions.
final class FlowHarness {
    let flow: TutorialFlow
    var events: [TutorialFlow.Event] = []
    var completions: [Bool] = []
    /// Called after logging each event (to simulate the view layer).
    var react: ((TutorialFlow.Event) -> Void)?

    init(stepCount: Int = 3) {
        let steps = (0..<stepCount).map { i in
            TutorialStep(
                target: .rect(Rect(x: Double(10 + 40 * i), y: 20, width: 30, height: 44)), title: "Title \(i + 1)",
                message: "Message \(i + 1)", preferredArrowDirection: i.isMultiple(of: 2) ? .up : .down)
        }
        flow = TutorialFlow(steps: steps)
        flow.onEvent = { [unowned self] event in
            self.events.append(event)
            self.react?(event)
        }
        flow.completion = { [unowned self] skipped in self.completions.append(skipped) }
    }

    /// The steps shown, in order.
    var shown: [Int] {
        events.compactMap { if case .show(let step) = $0 { return step } else { return nil } }
    }
}

/// Invariant 24 of docs/popover-notes.md: one step at a time, each after the previous one has left.
@Suite("Tutorial flow: sequences (invariant 24)")
struct TutorialFlowTests {
    @Test func startShowsTheFirstStepAndAnnouncesIt() {
        let h = FlowHarness()
        #expect(h.flow.state == .idle)
        #expect(h.flow.start())
        #expect(h.flow.state == .showing(step: 0))
        #expect(h.events == [.show(step: 0), .announce("Step 1 of 3. Title 1. Message 1")])
        #expect(!h.flow.start(), "a second start does nothing")
        #expect(h.events.count == 2)
    }

    @Test func theNextStepWaitsForTheLeftSignal() {
        let h = FlowHarness()
        h.flow.start()
        h.events = []
        #expect(h.flow.next())
        #expect(h.flow.state == .leaving(step: 0))
        #expect(h.events == [.leave(step: 0)])
        #expect(h.shown.isEmpty, "step 1 must not appear before step 0 has left")
        #expect(h.flow.stepDidLeave(0))
        #expect(h.flow.state == .showing(step: 1))
        #expect(h.events == [.leave(step: 0), .show(step: 1), .announce("Step 2 of 3. Title 2. Message 2")])
    }

    @Test func rapidTapsNeverShowTwoSteps() {
        let h = FlowHarness()
        h.flow.start()
        #expect(h.flow.next())
        for _ in 0..<5 {
            #expect(!h.flow.next())
            #expect(!h.flow.previous())
            #expect(!h.flow.pause())
        }
        #expect(h.flow.stepDidLeave(0))
        #expect(!h.flow.stepDidLeave(0), "a repeated left signal is ignored")
        #expect(h.shown == [0, 1])
        #expect(h.events.filter { if case .leave = $0 { true } else { false } }.count == 1)
        #expect(h.flow.state == .showing(step: 1))
    }

    @Test func aStaleLeftSignalIsIgnored() {
        let h = FlowHarness()
        h.flow.start()
        #expect(!h.flow.stepDidLeave(0), "step 0 is showing, not leaving")
        h.flow.next()
        #expect(!h.flow.stepDidLeave(2))
        #expect(h.flow.state == .leaving(step: 0))
    }

    @Test func goingThroughEveryStepFinishesNotSkipped() {
        let h = FlowHarness()
        h.react = { [unowned h] event in
            if case .leave(let step) = event { h.flow.stepDidLeave(step) }  // a view layer without exit animations
        }
        h.flow.start()
        h.flow.next()
        h.flow.next()
        #expect(h.flow.state == .showing(step: 2))
        #expect(h.flow.next(), "next on the last step finishes")
        #expect(h.flow.state == .finished(skipped: false))
        #expect(h.completions == [false])
        #expect(h.events.last == .finish(skipped: false))
        #expect(h.shown == [0, 1, 2])
        // Past the end: everything stops cleanly.
        #expect(!h.flow.next())
        #expect(!h.flow.previous())
        #expect(!h.flow.skip())
        #expect(!h.flow.resume())
        #expect(h.completions == [false])
    }

    @Test func previousOnTheFirstStepDoesNothing() {
        let h = FlowHarness()
        h.flow.start()
        let before = h.events
        #expect(!h.flow.previous())
        #expect(h.flow.state == .showing(step: 0))
        #expect(h.events == before)
    }

    @Test func previousGoesBackAfterTheLeave() {
        let h = FlowHarness()
        h.flow.start()
        h.flow.next()
        h.flow.stepDidLeave(0)
        #expect(h.flow.previous())
        #expect(h.flow.state == .leaving(step: 1))
        h.flow.stepDidLeave(1)
        #expect(h.flow.state == .showing(step: 0))
        #expect(h.shown == [0, 1, 0])
    }

    @Test func skipLeavesThenFinishesSkipped() {
        let h = FlowHarness()
        h.flow.start()
        #expect(h.flow.skip())
        #expect(h.flow.state == .leaving(step: 0))
        #expect(h.completions.isEmpty)
        h.flow.stepDidLeave(0)
        #expect(h.flow.state == .finished(skipped: true))
        #expect(h.completions == [true])
        #expect(h.shown == [0])
    }

    @Test func skipDuringALeaveReplacesTheNextStep() {
        let h = FlowHarness()
        h.flow.start()
        h.flow.next()
        #expect(h.flow.skip())
        #expect(!h.flow.next())
        h.flow.stepDidLeave(0)
        #expect(h.flow.state == .finished(skipped: true))
        #expect(h.shown == [0], "step 1 never appears")
        #expect(h.completions == [true])
    }

    @Test func skipFromIdleOrPausedFinishesAtOnce() {
        let idle = FlowHarness()
        #expect(idle.flow.skip())
        #expect(idle.flow.state == .finished(skipped: true))
        #expect(idle.events == [.finish(skipped: true)])

        let paused = FlowHarness()
        paused.flow.start()
        paused.flow.pause()
        paused.flow.stepDidLeave(0)
        #expect(paused.flow.skip())
        #expect(paused.flow.state == .finished(skipped: true))
        #expect(paused.completions == [true])
    }

    @Test func pauseHidesTheStepAndResumeShowsItAgain() {
        let h = FlowHarness()
        h.flow.start()
        h.flow.next()
        h.flow.stepDidLeave(0)
        #expect(h.flow.pause())
        #expect(h.flow.state == .leaving(step: 1))
        #expect(!h.flow.resume(), "not paused until the step has left")
        h.flow.stepDidLeave(1)
        #expect(h.flow.state == .paused(step: 1))
        #expect(h.flow.currentStep == nil)
        #expect(!h.flow.next())
        #expect(h.flow.resume())
        #expect(h.flow.state == .showing(step: 1))
        #expect(h.shown == [0, 1, 1])
        #expect(h.events.last == .announce("Step 2 of 3. Title 2. Message 2"))
    }

    @Test func aFlowWithoutStepsFinishesAtOnce() {
        let h = FlowHarness(stepCount: 0)
        #expect(h.flow.start())
        #expect(h.flow.state == .finished(skipped: false))
        #expect(h.completions == [false])
        #expect(h.events == [.finish(skipped: false)])
    }

    @Test func announcementsUseTheCustomTextOrLeaveOutAnEmptyTitle() {
        let view = View(frame: .zero)
        let flow = TutorialFlow(steps: [
            TutorialStep(target: .view(view), message: "Tap to share"),
            TutorialStep(target: .view(view), title: "Share", message: "x", accessibilityAnnouncement: "Share button: tap to share"),
        ])
        #expect(flow.announcement(forStep: 0) == "Step 1 of 2. Tap to share")
        #expect(flow.announcement(forStep: 1) == "Share button: tap to share")
        #expect(flow.announcement(forStep: 2) == "")
        #expect(flow.announcement(forStep: -1) == "")
    }

    @Test func aViewTargetIsReadInWindowCoordinates() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let container = View(frame: Rect(x: 15, y: 100, width: 200, height: 200))
        let button = View(frame: Rect(x: 7, y: 11, width: 44, height: 30))
        window.addSubview(container)
        container.addSubview(button)
        let step = TutorialStep(target: .view(button), message: "m", preferredArrowDirection: .left)
        #expect(step.targetRect == Rect(x: 22, y: 111, width: 44, height: 30))
        #expect(step.preferredArrowDirection == .left)
        container.frame.origin = Point(x: 30, y: 50)  // the step follows layout
        #expect(step.targetRect == Rect(x: 37, y: 61, width: 44, height: 30))
    }

    /// A view layer whose exit animation takes 0.3 s of media time: the next step appears only
    /// at the leave time plus 0.3 s, however many times the person taps meanwhile.
    @Test func withTimedExitsTheNextStepAppearsWhenTheExitEnds() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let h = FlowHarness()
        var shownAt: [(step: Int, time: Double)] = []
        h.react = { [unowned h, unowned window] event in
            switch event {
            case .show(let step): shownAt.append((step, window.currentTime))
            case .leave(let step): window.schedule(at: window.currentTime + 0.3) { h.flow.stepDidLeave(step) }
            default: break
            }
        }
        h.flow.start()
        window.advance(to: 1)
        h.flow.next()
        for t in stride(from: 1.05, to: 1.3, by: 0.05) {  // rapid taps during the exit
            window.advance(to: t)
            h.flow.next()
        }
        window.advance(to: 2)
        #expect(shownAt.map(\.step) == [0, 1])
        #expect(isCloseTime(shownAt[1].time, 1.3))
        h.flow.next()
        window.advance(to: 2.1)
        #expect(h.flow.state == .leaving(step: 1))
        window.advance(to: 2.3)
        #expect(h.flow.state == .showing(step: 2))
        #expect(h.shown == [0, 1, 2])
    }

    private func isCloseTime(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
}

@Suite("Tutorial flow with a store: a finished tutorial is not offered again")
struct TutorialFlowStoreTests {
    static let tutorial = TutorialItem(kind: .tutorial, id: "onboarding")

    /// Runs a three-step flow started at `start` to its end (skipping after the first step when
    /// `skipping`), recording into the store at `path`. Answers whether it started.
    static func run(path: String, at start: Double, skipping: Bool) throws -> Bool {
        let store = try TutorialStore(path: path, displayFrequency: 60)
        let h = FlowHarness()
        h.react = { [unowned h] event in
            if case .leave(let step) = event { h.flow.stepDidLeave(step) }
        }
        var finishError: TutorialStoreError?
        h.flow.completion = { skipped in
            do throws(TutorialStoreError) {
                try store.recordFinish(tutorial, skipped: skipped, at: start + 10)
            } catch {
                finishError = error
            }
        }
        guard try h.flow.start(recordingIn: store, as: tutorial, at: start) else { return false }
        if skipping {
            h.flow.skip()
        } else {
            while h.flow.next() {}
        }
        #expect(finishError == nil)
        #expect(h.flow.state == .finished(skipped: skipping))
        return true
    }

    @Test(arguments: [false, true])
    func aFinishedTutorialIsNotStartedAgainAfterARestart(skipping: Bool) throws {
        let dir = try ScratchDirectory()
        #expect(try Self.run(path: dir.path(), at: 100, skipping: skipping))
        #expect(try !Self.run(path: dir.path(), at: 1_000_000, skipping: false))
        let store = try TutorialStore(path: dir.path())
        let record = store.record(for: Self.tutorial)
        #expect(record.invalidation == (skipping ? .closed : .actionPerformed))
        #expect(record.displayCount == 1)
        #expect(record.totalDisplayDuration == 10)
    }

    @Test func theDisplayFrequencyHoldsBackASecondTutorial() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: 60)
        try store.recordDisplay(TutorialItem(kind: .tip, id: "other"), at: 100)
        let h = FlowHarness()
        #expect(try !h.flow.start(recordingIn: store, as: Self.tutorial, at: 130))
        #expect(h.flow.state == .idle)
        #expect(h.events.isEmpty)
        #expect(try h.flow.start(recordingIn: store, as: Self.tutorial, at: 160))
        #expect(h.flow.state == .showing(step: 0))
        #expect(try !h.flow.start(recordingIn: store, as: Self.tutorial, at: 161), "already running")
    }
}
