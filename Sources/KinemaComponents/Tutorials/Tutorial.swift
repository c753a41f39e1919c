import KinemaGeometry
import KinemaLayers
import KinemaUI

/// A coach-mark tutorial on screen: a dimming overlay whose rounded cutout moves from target to
/// target, and for each step a speech bubble pointing at the target with the step's title
/// (bold), message and Next / Skip buttons. Driven by a ``TutorialFlow``. Mirrors Instructions'
/// `CoachMarksController` and TipKit's popover tips.
///
/// `Tutorial` is a controller object, not a view: it runs the overlay (``overlayView``, a
/// ``DimmingView`` installed over the whole window by ``start(in:)``) and the bubble of the step
/// on screen. While it runs, the window holds the overlay and the overlay the tutorial, so a
/// caller need not hold it, and a window dropped part way frees both; once finished, the
/// overlay is removed and nothing is retained (no cycle remains, the display link is
/// invalidated).
///
/// ```swift
/// let tutorial = Tutorial(steps: [
///     TutorialStep(target: .view(addButton), title: "Add", message: "Tap to add a photo."),
///     TutorialStep(target: .view(shareButton), title: "Share", message: "Send it to a friend."),
/// ])
/// tutorial.completion = { skipped in print(skipped ? "skipped" : "done") }
/// tutorial.start(in: window)
/// ```
///
/// For each step the bubble is placed by ``PopoverLayout/place(_:)`` (``layoutInput(forStep:)`` is
/// the exact input: the step's preferred direction first, then the others, the target padded by the
/// cutout's padding as gap) around content measured with the same labels that draw it, so the
/// labels draw exactly the measured lines (Japanese wraps between characters, by Pango). The bubble
/// springs in about its arrow tip (``transitionAnimation``, the tutorial-popover post's 0.7 s
/// spring from scale 0.1) and shrinks into the tip when it leaves; the flow's
/// ``TutorialFlow/stepDidLeave(_:)`` is called when that exit animation completes, so step `i + 1`
/// appears only after step `i` has left and rapid taps never show two steps.
///
/// A target that moves in its window (scrolled, laid out) is followed: a ``DisplayLink``
/// compares the target's window rectangle every frame and, when it changed, places the bubble
/// afresh and moves the cutout, in the same frame, without animation.
///
/// Accessibility: the bubble's ``View/accessibilityLabel`` is the step's text, and every step's
/// announcement (``TutorialFlow/announcement(forStep:)``) is appended to ``announcements`` and
/// passed to ``announcementHandler``.
public final class Tutorial {
    /// What ``inspect()`` reports about the bubble of the visible (or last) step.
    public struct Inspection: Hashable, Sendable, CustomStringConvertible {
        /// Where the bubble is in its life.
        public enum Phase: String, Hashable, Sendable {
            /// The entrance animation is running.
            case presenting
            /// On screen, at rest.
            case presented
            /// The exit animation is running.
            case dismissing
            /// Gone (the step has left; the next one is not shown yet, or the tutorial is over).
            case dismissed
        }
        /// The step (0-based).
        public var step: Int
        /// Where the bubble is in its life.
        public var phase: Phase
        /// Where the arrow points.
        public var arrowDirection: PopoverArrowDirection
        /// The arrow's tip in window coordinates, as shown (presentation values).
        public var arrowTip: Point
        /// The ends of the arrow's base in window coordinates, as shown; empty without an arrow.
        public var arrowBase: [Point]
        /// The body (the rounded rectangle) in window coordinates, as shown.
        public var bubbleFrame: Rect
        /// The cutout in window coordinates (the model value, where it is going), `nil` for none.
        public var cutoutRect: Rect?

        public var description: String {
            let base = arrowBase.map { "(\($0.x), \($0.y))" }.joined(separator: " ")
            let cutout = cutoutRect.map { "\($0)" } ?? "none"
            return "step \(step) \(phase.rawValue) arrow \(arrowDirection) tip (\(arrowTip.x), \(arrowTip.y)) base [\(base)] "
                + "bubble \(bubbleFrame) cutout \(cutout)"
        }
    }

    /// The flow driving the tutorial. Its ``TutorialFlow/onEvent`` belongs to the tutorial; use
    /// ``completion`` and ``announcementHandler`` instead of the flow's own handlers.
    public let flow: TutorialFlow

    /// The steps, in order.
    public var steps: [TutorialStep] { flow.steps }

    /// Called once when the tutorial finishes (after the overlay is removed), with `true` if the
    /// person skipped. Mirrors Instructions' `didEndShowingBySkipping`.
    public var completion: ((_ skipped: Bool) -> Void)?

    /// Called with each step's announcement when the step appears (VoiceOver's announcement).
    public var announcementHandler: ((String) -> Void)?

    /// Every announcement made so far, in order.
    public private(set) var announcements: [String] = []

    /// Whether a tap on the dimmed area or on the bubble (outside its buttons) advances to the
    /// next step. Default `true`. A tap in the cutout always reaches the target below.
    public var advancesOnTap = true

    /// The bubble's entrance and exit. Default the tutorial-popover post's (a 0.7 s spring, damping
    /// 0.5, from scale 0.1 about the arrow tip; a 0.3 s shrink into the tip).
    public var transitionAnimation = PopoverTransitionAnimation()

    /// Seconds the cutout takes to move from one target to the next. Default 0.3. Not positive
    /// or not finite: it moves at once.
    public var cutoutAnimationDuration = 0.3

    /// The widest the bubble's content may be, points. Default 280. The content is also kept
    /// within the window's usable width. Not positive or not finite: 280.
    public var maximumContentWidth = 280.0

    /// Space between the bubble's body and its content, points. Default 12 above and below,
    /// 14 at the sides.
    public var contentInsets = EdgeInsets(top: 12, left: 14, bottom: 12, right: 14)

    /// The space kept free at the window's edges, inside its safe area, points. Default 10.
    public var layoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

    /// The title's font. Default the bold system font at 17 points.
    public var titleFont: Font = .boldSystemFont(ofSize: 17)
    /// The message's font. Default the system font at 15 points.
    public var messageFont: Font = .systemFont(ofSize: 15)
    /// The Next button's title. Default "Next".
    public var nextButtonTitle = "Next"
    /// The Next button's title on the last step. Default "Done".
    public var doneButtonTitle = "Done"
    /// The Skip button's title. Default "Skip".
    public var skipButtonTitle = "Skip"

    /// The overlay while the tutorial runs (from ``start(in:)`` to the end), `nil` otherwise.
    public var overlayView: DimmingView? { overlay }

    /// The bubble view of the step on screen (body plus arrow, holding the background, the
    /// labels and the buttons), `nil` when no step is shown.
    public private(set) var bubbleView: View?
    /// The bubble's background (its one-path body and arrow).
    public private(set) var backgroundView: DefaultPopoverBackgroundView?
    /// The label showing the step's title (bold).
    public private(set) var titleLabel: Label?
    /// The label showing the step's message.
    public private(set) var messageLabel: Label?
    /// The Next (Done on the last step) button.
    public private(set) var nextButton: Button?
    /// The Skip button.
    public private(set) var skipButton: Button?

    /// The placement of the step on screen, in the overlay's coordinates (the window's, since the
    /// overlay covers it); `nil` when none is shown.
    public private(set) var placement: PopoverPlacement?

    /// Space between the title and the message, and between the message and the buttons, points.
    static let titleSpacing = 4.0
    static let buttonSpacing = 10.0
    /// Space between the Skip and the Next buttons, points.
    static let buttonGap = 16.0

    /// Held by its window, not by the tutorial (the overlay holds the tutorial): a window that
    /// goes while a tutorial runs frees both (found by the scene decoder's fuzz target).
    private weak var overlay: TutorialOverlayView?
    private weak var window: Window?
    private var phase: Inspection.Phase = .dismissed
    private var shownStep: Int?
    /// The last bubble shown, for ``inspect()`` once it has gone.
    private var lastInspection: Inspection?
    /// Follows the target once per frame while the tutorial is installed; its last key is the
    /// target rectangle (overlay coordinates) and overlay bounds of the last solve.
    private lazy var targetTracker = ArrowAnchoredPresenter.SourceTracker<TutorialSolveKey>(
        currentKey: { [weak self] in self?.targetToFollow() },
        follow: { [weak self] key in self?.followTarget(to: key) })
    /// Counts shown bubbles, so a late animation completion does not act on a newer bubble.
    private var generation = 0
    private var store: (store: TutorialStore, item: TutorialItem, startTime: Double, mediaStart: Double)?
    /// The error of the last store write made at the end, if it failed.
    public private(set) var storeError: TutorialStoreError?

    /// A tutorial over `steps`, not started.
    public init(steps: [TutorialStep]) {
        flow = TutorialFlow(steps: steps)
        flow.onEvent = { [weak self] event in self?.handle(event) }
    }

    // MARK: Commands

    /// Installs the overlay over `window` and shows the first step. Answers whether the
    /// tutorial started (`false` when it was already started). A tutorial without steps
    /// finishes at once with `skipped == false` and installs nothing.
    @discardableResult
    public func start(in window: Window) -> Bool {
        guard flow.state == .idle else { return false }
        install(in: window)
        return flow.start()
    }

    /// Starts the tutorial over `window` only if `store` allows `item` at `time` (the caller's
    /// seconds, on one timeline across launches), recording the display; at the end the finish
    /// is recorded at `time` plus the window's media time elapsed since the start (so the
    /// tutorial is shown once). Answers whether it started. A failed write at the end is kept in
    /// ``storeError``.
    @discardableResult
    public func start(
        in window: Window, recordingIn store: TutorialStore, as item: TutorialItem, at time: Double
    )
        throws(TutorialStoreError) -> Bool
    {
        guard flow.state == .idle, store.shouldDisplay(item, at: time) else { return false }
        self.store = (store, item, time, window.currentTime)
        install(in: window)
        let started: Bool
        do {
            started = try flow.start(recordingIn: store, as: item, at: time)
        } catch {
            tearDown()
            self.store = nil
            throw error
        }
        if !started {
            tearDown()
            self.store = nil
        }
        return started
    }

    /// Moves to the next step (the shown step leaves first). Ignored unless a step is showing.
    @discardableResult public func next() -> Bool { flow.next() }
    /// Goes back a step. Ignored on the first step and unless a step is showing.
    @discardableResult public func previous() -> Bool { flow.previous() }
    /// Ends the tutorial with `skipped == true` (the shown step leaves first).
    @discardableResult public func skip() -> Bool { flow.skip() }
    /// Hides the shown step and the overlay until ``resume()``.
    @discardableResult public func pause() -> Bool { flow.pause() }
    /// Shows the paused step again.
    @discardableResult public func resume() -> Bool { flow.resume() }

    /// The bubble of the visible step (or the last one shown) as it is on screen now: its phase,
    /// arrow, tip, arrow base and body in window coordinates from presentation values, and the
    /// cutout. `nil` before any step was shown.
    public func inspect() -> Inspection? {
        guard let bubble = bubbleView, let overlay, let placement, let step = shownStep else {
            if var last = lastInspection {
                last.phase = .dismissed
                return last
            }
            return nil
        }
        let time = window?.currentTime ?? 0
        let origin = placement.frame.origin
        func shown(_ p: Point) -> Point {
            let inBubble = bubble.shownPoint(Point(x: p.x - origin.x, y: p.y - origin.y), at: time)
            return overlay.convert(inBubble, to: nil)
        }
        let body = placement.bubbleFrame
        let a = shown(Point(x: body.minX, y: body.minY))
        let b = shown(Point(x: body.maxX, y: body.maxY))
        let inspection = Inspection(
            step: step, phase: phase, arrowDirection: placement.arrowDirection, arrowTip: shown(placement.arrowTip),
            arrowBase: placement.arrowBase.map(shown),
            bubbleFrame: Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y)),
            cutoutRect: overlay.cutoutRect.map { overlay.convert($0, to: nil) })
        return inspection
    }

    // MARK: Layout

    /// The size of step `index`'s content (title, message and buttons), points, measured with
    /// the labels that draw it; `nil` for an index out of range or without a window.
    public func contentSize(forStep index: Int) -> Size? {
        guard steps.indices.contains(index), let bounds = overlay?.bounds ?? window?.bounds else { return nil }
        let parts = makeContent(for: index, containerBounds: bounds)
        return parts.size
    }

    /// The exact input ``PopoverLayout/place(_:)`` gets for step `index` now (overlay
    /// coordinates), `nil` for an index out of range or when the tutorial is not installed.
    public func layoutInput(forStep index: Int) -> PopoverLayoutInput? {
        guard steps.indices.contains(index), let overlay else { return nil }
        let size = makeContent(for: index, containerBounds: overlay.bounds).size
        return layoutInput(forStep: index, contentSize: size, in: overlay)
    }

    private func layoutInput(forStep index: Int, contentSize: Size, in overlay: DimmingView) -> PopoverLayoutInput {
        let step = steps[index]
        let target = targetRect(of: step, in: overlay)
        var input = PopoverLayoutInput(containerBounds: overlay.bounds, sourceRect: target, content: .size(contentSize))
        input.safeAreaInsets = window?.safeAreaInsets ?? .zero
        input.layoutMargins = layoutMargins.isFinite ? layoutMargins : EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        input.contentInsets = contentInsets.isFinite ? contentInsets : .zero
        let preferred = PopoverArrowDirection.allDirections.filter { step.preferredArrowDirection.contains($0) }
        input.permittedDirections = preferred + PopoverArrowDirection.allDirections.filter { !preferred.contains($0) }
        input.arrowBase = PopoverBackgroundView.arrowBase()
        input.arrowHeight = PopoverBackgroundView.arrowHeight()
        input.cornerRadius = PopoverBackgroundView.cornerRadius()
        input.arrowPadding = PopoverBackgroundView.arrowPadding()
        input.gap = overlay.cutoutTargetRect == nil ? 0 : overlay.cutoutPadding
        return input
    }

    /// The step's target in the overlay's coordinates.
    private func targetRect(of step: TutorialStep, in overlay: View) -> Rect {
        let rect = step.targetRect
        guard rect.isFinite else { return rect }
        return overlay.convert(rect, from: nil)
    }

    /// The labels and buttons of step `index`, sized and laid out in a content view.
    private struct Content {
        var view: View
        var title: Label
        var message: Label
        var next: Button
        var skip: Button
        var size: Size
    }

    private func makeContent(for index: Int, containerBounds: Rect) -> Content {
        let step = steps[index]
        let insets = contentInsets.isFinite ? contentInsets : .zero
        let margins = layoutMargins.isFinite ? layoutMargins : .zero
        let safe = window?.safeAreaInsets ?? .zero
        let usable = containerBounds.width - safe.left - safe.right - margins.left - margins.right - insets.left - insets.right
        let limit = maximumContentWidth.isFinite && maximumContentWidth > 0 ? maximumContentWidth : 280
        let width = max(1, min(limit, usable.isFinite ? usable : limit).rounded(.down))

        func label(_ text: String, _ font: Font) -> Label {
            let label = Label()
            label.text = text
            label.font = font
            label.numberOfLines = 0
            label.lineBreakMode = .byWordWrapping
            let size = text.isEmpty ? .zero : label.sizeThatFits(Size(width: width, height: 0))
            label.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            return label
        }
        let title = label(step.title, titleFont)
        let message = label(step.message, messageFont)
        let isLast = index == steps.count - 1
        let next = Button(type: .system)
        next.setTitle(isLast ? doneButtonTitle : nextButtonTitle, for: .normal)
        next.titleLabel.font = .boldSystemFont(ofSize: 15)
        next.sizeToFit()
        let skip = Button(type: .system)
        skip.setTitle(skipButtonTitle, for: .normal)
        skip.titleLabel.font = .systemFont(ofSize: 15)
        skip.sizeToFit()

        var y = 0.0
        if title.bounds.height > 0 { y += title.bounds.height }
        if title.bounds.height > 0, message.bounds.height > 0 { y += Self.titleSpacing }
        message.frame.origin = Point(x: 0, y: y)
        y += message.bounds.height
        if y > 0 { y += Self.buttonSpacing }
        let rowHeight = max(next.bounds.height, skip.bounds.height)
        let rowWidth = skip.bounds.width + Self.buttonGap + next.bounds.width
        let contentWidth = max(title.bounds.width, message.bounds.width, rowWidth).rounded(.up)
        skip.frame.origin = Point(x: 0, y: y + (rowHeight - skip.bounds.height) / 2)
        next.frame.origin = Point(x: contentWidth - next.bounds.width, y: y + (rowHeight - next.bounds.height) / 2)
        let size = Size(width: contentWidth, height: (y + rowHeight).rounded(.up))

        let view = View(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        for subview in [title, message, skip, next] as [View] { view.addSubview(subview) }
        return Content(view: view, title: title, message: message, next: next, skip: skip, size: size)
    }

    // MARK: Events

    private func handle(_ event: TutorialFlow.Event) {
        switch event {
        case .show(let step): show(step)
        case .announce(let text):
            announcements.append(text)
            announcementHandler?(text)
        case .leave(let step): leave(step)
        case .finish(let skipped): finish(skipped: skipped)
        }
    }

    private func install(in window: Window) {
        self.window = window
        guard !steps.isEmpty, overlay == nil else { return }
        let overlay = TutorialOverlayView(frame: window.bounds)
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        overlay.tutorial = self
        overlay.tapOutsideHandler = { [weak self] _ in self?.tapped() }
        window.addSubview(overlay)
        self.overlay = overlay
        targetTracker.start(in: window)
    }

    private func show(_ index: Int) {
        guard let overlay, steps.indices.contains(index) else { return }
        overlay.isHidden = false
        removeBubble()
        generation += 1
        let current = generation

        // The cutout first: the bubble's gap depends on it.
        let target = targetRect(of: steps[index], in: overlay)
        let first = overlay.cutoutTargetRect == nil
        let duration = cutoutAnimationDuration.isFinite && cutoutAnimationDuration > 0 && !first ? cutoutAnimationDuration : 0
        overlay.setCutout(around: target.isFinite ? target : nil, duration: duration)

        let content = makeContent(for: index, containerBounds: overlay.bounds)
        let bubble = TutorialBubbleView(frame: .zero)
        bubble.tutorial = self
        bubble.accessibilityLabel = [steps[index].title, steps[index].message].filter { !$0.isEmpty }.joined(separator: ". ")
        let background = DefaultPopoverBackgroundView(frame: .zero)
        bubble.addSubview(background)
        bubble.addSubview(content.view)
        content.next.addAction(ControlAction(title: "") { [weak self] _ in _ = self?.flow.next() }, for: .primaryActionTriggered)
        content.skip.addAction(ControlAction(title: "") { [weak self] _ in _ = self?.flow.skip() }, for: .primaryActionTriggered)
        overlay.addSubview(bubble)

        bubbleView = bubble
        backgroundView = background
        titleLabel = content.title
        messageLabel = content.message
        nextButton = content.next
        skipButton = content.skip
        shownStep = index
        phase = .presenting
        shownContentSize = content.size

        // The buttons work while the bubble springs in (`.allowUserInteraction`); while it
        // leaves, touches fall to the overlay, where the flow ignores them.
        View.performWithoutAnimation { place(index) }
        presenter.springIn(bubble, tipAnchorPoint: placement?.tipAnchorPoint) { [weak self] _ in
            guard let self, self.generation == current, self.phase == .presenting else { return }
            self.phase = .presented
        }
    }

    /// The bubble's animator: ``transitionAnimation``, buttons live during the entrance.
    private var presenter: ArrowAnchoredPresenter {
        ArrowAnchoredPresenter(animation: transitionAnimation, entranceOptions: .allowUserInteraction)
    }

    /// The content size of the bubble on screen.
    private var shownContentSize: Size = .zero

    /// Solves the placement of the step on screen and lays the bubble out for it, its anchor
    /// point at the arrow tip (so a running scale stays about the tip).
    private func place(_ index: Int) {
        guard let overlay, let bubble = bubbleView else { return }
        let input = layoutInput(forStep: index, contentSize: shownContentSize, in: overlay)
        targetTracker.lastKey = TutorialSolveKey(target: input.sourceRect, bounds: overlay.bounds)
        let new = PopoverLayout.place(input)
        guard new.frame.isFinite, new.arrowTip.isFinite, new.contentFrame.isFinite, new.tipAnchorPoint.isFinite else {
            bubble.isHidden = true
            placement = nil
            return
        }
        bubble.isHidden = false
        let old = placement
        placement = new
        let content = ArrowAnchoredPresenter.relayOut(bubble, to: new, from: old, anchor: .atTip, background: backgroundView)
        bubble.subviews.last?.frame = content
    }

    /// The target (overlay coordinates) and overlay bounds to compare with the last solve's,
    /// `nil` unless a bubble is shown and not leaving.
    private func targetToFollow() -> TutorialSolveKey? {
        guard let overlay, let index = shownStep, bubbleView != nil, phase == .presenting || phase == .presented else { return nil }
        return TutorialSolveKey(target: targetRect(of: steps[index], in: overlay), bounds: overlay.bounds)
    }

    /// Source tracking: a target whose window rectangle changed (or a resized overlay) gets a
    /// fresh placement and cutout in the same frame.
    private func followTarget(to key: TutorialSolveKey) {
        guard let overlay, let index = shownStep else { return }
        overlay.setCutout(around: key.target.isFinite ? key.target : nil, duration: 0)
        View.performWithoutAnimation { place(index) }
    }

    private func leave(_ index: Int) {
        guard let bubble = bubbleView, shownStep == index else {
            flow.stepDidLeave(index)
            return
        }
        phase = .dismissing
        let current = generation
        presenter.shrink(bubble, tipAnchorPoint: placement?.tipAnchorPoint) { [weak self] _ in
            guard let self, self.generation == current else { return }
            self.lastInspection = self.inspect()
            self.removeBubble()
            self.phase = .dismissed
            if case .paused = self.stateAfterLeaving(index) { self.overlay?.isHidden = true }
        }
    }

    /// Tells the flow the step has gone and answers the state it moved to.
    private func stateAfterLeaving(_ index: Int) -> TutorialState {
        flow.stepDidLeave(index)
        return flow.state
    }

    private func removeBubble() {
        bubbleView?.removeFromSuperview()
        bubbleView = nil
        backgroundView = nil
        titleLabel = nil
        messageLabel = nil
        nextButton = nil
        skipButton = nil
        placement = nil
        shownStep = nil
        targetTracker.lastKey = nil
    }

    private func finish(skipped: Bool) {
        if let record = store {
            let elapsed = (window?.currentTime ?? record.mediaStart) - record.mediaStart
            do {
                try record.store.recordFinish(record.item, skipped: skipped, at: record.startTime + max(0, elapsed))
            } catch {
                storeError = error
            }
            store = nil
        }
        tearDown()
        let done = completion
        completion = nil
        done?(skipped)
    }

    private func tearDown() {
        if bubbleView != nil { lastInspection = inspect() }
        removeBubble()
        phase = .dismissed
        targetTracker.stop()
        overlay?.tutorial = nil
        overlay?.tapOutsideHandler = nil
        overlay?.removeFromSuperview()
        overlay = nil
    }

    /// A tap on the dimmed area or the bubble.
    fileprivate func tapped() {
        guard advancesOnTap else { return }
        flow.next()
    }
}

/// What a tutorial's placement was solved for: the target (overlay coordinates; two targets that
/// are not finite count as the same) and the overlay's bounds.
private struct TutorialSolveKey: Equatable {
    var target: Rect
    var bounds: Rect

    static func == (a: Self, b: Self) -> Bool {
        (a.target == b.target || (!a.target.isFinite && !b.target.isFinite)) && a.bounds == b.bounds
    }
}

/// The tutorial's overlay: keeps the tutorial alive while it is installed.
private final class TutorialOverlayView: DimmingView {
    var tutorial: Tutorial?
}

/// The bubble of a step: a tap on it (outside its buttons) advances.
private final class TutorialBubbleView: View {
    weak var tutorial: Tutorial?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        tutorial?.tapped()
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
}
