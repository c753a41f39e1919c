import KinemaUI

/// A tutorial as a state machine: an ordered list of steps shown one at a time, where step
/// `i + 1` appears only after step `i` has left the screen. Mirrors the flow of Instructions'
/// `CoachMarksController` (`start`, `showNext`, `showPrevious`, `pause`, `resume`, `stop`) and
/// the ordering of TipKit's `TipGroup(.ordered)`.
///
/// The flow draws nothing. It tells the view layer what to do through ``onEvent`` and waits
/// for ``stepDidLeave(_:)`` after every ``Event/leave(step:)``:
///
/// ```
/// start()             idle ──────────────▶ showing(0)        events: show(0), announce(…)
/// next()              showing(0) ────────▶ leaving(0)        event:  leave(0)
/// next() again        leaving(0)           (ignored: one transition at a time)
/// stepDidLeave(0)     leaving(0) ────────▶ showing(1)        events: show(1), announce(…)
/// next() on the last  showing(n−1) ──────▶ leaving(n−1) ──▶ finished(skipped: false)
/// skip()              showing(i) ────────▶ leaving(i) ────▶ finished(skipped: true)
/// pause() / resume()  showing(i) ─▶ leaving(i) ─▶ paused(i) ─▶ showing(i)
/// ```
///
/// Rules: every call answers whether it did something; a call that does not apply in the
/// current state (``next()`` while a step is leaving, ``previous()`` on the first step,
/// ``resume()`` when not paused) changes nothing and posts nothing, so rapid taps never show two
/// steps. ``skip()`` is never ignored before the flow is finished: during a leave it replaces
/// the pending move. ``completion`` runs exactly once, with the `skipped` flag.
///
/// Differences from Instructions: no data source (the steps are a value given up front), no
/// `numberOfCoachMarksToSkip`, and pausing always hides the step (Instructions can keep it).
public final class TutorialFlow {
    /// What the view layer must do.
    public enum Event: Hashable, Sendable, CustomStringConvertible {
        /// Show step `step` (its popover, the cutout on its target).
        case show(step: Int)
        /// Post this text to assistive technologies (VoiceOver's announcement).
        case announce(String)
        /// Animate step `step` away, then call ``TutorialFlow/stepDidLeave(_:)``.
        case leave(step: Int)
        /// The flow is over; remove the overlay.
        case finish(skipped: Bool)

        public var description: String {
            switch self {
            case .show(let step): return "show(\(step))"
            case .announce(let text): return "announce(\(text))"
            case .leave(let step): return "leave(\(step))"
            case .finish(let skipped): return "finish(skipped: \(skipped))"
            }
        }
    }

    /// What happens once the leaving step has gone.
    private enum PendingMove: Equatable {
        case show(Int)
        case pause
        case finish(skipped: Bool)
    }

    /// The steps, in order.
    public let steps: [TutorialStep]

    /// Where the flow is. Starts ``TutorialState/idle``.
    public private(set) var state: TutorialState = .idle

    /// Called for every ``Event``, in order, synchronously inside the call that caused it.
    public var onEvent: ((Event) -> Void)?

    /// Called once when the flow finishes, with `true` if the person skipped. Mirrors
    /// Instructions' `didEndShowingBySkipping`.
    public var completion: ((_ skipped: Bool) -> Void)?

    private var pending: PendingMove?

    /// A flow over `steps`, not started.
    public init(steps: [TutorialStep]) {
        self.steps = steps
    }

    /// The step on screen or leaving, or `nil`.
    public var currentStep: Int? {
        switch state {
        case .showing(let step), .leaving(let step): return step
        default: return nil
        }
    }

    /// The announcement for step `index`: the step's own
    /// ``TutorialStep/accessibilityAnnouncement``, or "Step 2 of 5. Title. Message" (the title
    /// left out when empty); an empty string for an index out of range.
    public func announcement(forStep index: Int) -> String {
        guard steps.indices.contains(index) else { return "" }
        let step = steps[index]
        if let custom = step.accessibilityAnnouncement { return custom }
        let parts = ["Step \(index + 1) of \(steps.count)", step.title, step.message].filter { !$0.isEmpty }
        return parts.joined(separator: ". ")
    }

    // MARK: Commands

    /// Shows the first step. Only from ``TutorialState/idle``; a flow without steps finishes at
    /// once with `skipped == false`.
    @discardableResult
    public func start() -> Bool {
        guard state == .idle else { return false }
        if steps.isEmpty {
            finish(skipped: false)
        } else {
            show(0)
        }
        return true
    }

    /// Moves on: the shown step leaves, then the next one appears (or the flow finishes with
    /// `skipped == false` after the last). Ignored unless a step is showing. Mirrors
    /// Instructions' `showNext()`.
    @discardableResult
    public func next() -> Bool {
        guard case .showing(let step) = state else { return false }
        leave(step, then: step + 1 < steps.count ? .show(step + 1) : .finish(skipped: false))
        return true
    }

    /// Goes back: the shown step leaves, then the one before appears. Ignored on the first step
    /// and unless a step is showing. Mirrors Instructions' `showPrevious()`.
    @discardableResult
    public func previous() -> Bool {
        guard case .showing(let step) = state, step > 0 else { return false }
        leave(step, then: .show(step - 1))
        return true
    }

    /// Ends the flow with `skipped == true`: a showing step leaves first; a leaving step's
    /// pending move is replaced; from idle or paused the flow finishes at once. Ignored only
    /// once finished. Mirrors Instructions' skip control.
    @discardableResult
    public func skip() -> Bool {
        switch state {
        case .idle, .paused:
            finish(skipped: true)
        case .showing(let step):
            leave(step, then: .finish(skipped: true))
        case .leaving:
            pending = .finish(skipped: true)
        case .finished:
            return false
        }
        return true
    }

    /// Hides the shown step and waits for ``resume()``. Ignored unless a step is showing.
    /// Mirrors Instructions' `pause()`.
    @discardableResult
    public func pause() -> Bool {
        guard case .showing(let step) = state else { return false }
        leave(step, then: .pause)
        return true
    }

    /// Shows the paused step again. Ignored unless paused. Mirrors Instructions' `resume()`.
    @discardableResult
    public func resume() -> Bool {
        guard case .paused(let step) = state else { return false }
        show(step)
        return true
    }

    /// The view layer's signal that step `step` has left the screen (its exit animation
    /// completed). Performs the pending move. Ignored unless `step` is the step leaving, so a
    /// late or repeated signal never shows a step twice.
    @discardableResult
    public func stepDidLeave(_ step: Int) -> Bool {
        guard state == .leaving(step: step), let move = pending else { return false }
        pending = nil
        switch move {
        case .show(let index): show(index)
        case .pause: state = .paused(step: step)
        case .finish(let skipped): finish(skipped: skipped)
        }
        return true
    }

    // MARK: Transitions

    private func show(_ index: Int) {
        state = .showing(step: index)
        onEvent?(.show(step: index))
        onEvent?(.announce(announcement(forStep: index)))
    }

    private func leave(_ step: Int, then move: PendingMove) {
        state = .leaving(step: step)
        pending = move
        onEvent?(.leave(step: step))
    }

    private func finish(skipped: Bool) {
        state = .finished(skipped: skipped)
        pending = nil
        onEvent?(.finish(skipped: skipped))
        let done = completion
        completion = nil
        done?(skipped)
    }
}
