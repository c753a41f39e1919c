import KinemaGeometry

/// Turns the touches of a view into a gesture (a tap, a pan, a long press…) and calls its
/// targets as the gesture begins, changes and ends. Mirrors `UIGestureRecognizer`.
///
/// Attach a recognizer to a view with ``View/addGestureRecognizer(_:)``. Touches that begin in the
/// view or in its subviews go to the recognizer before the view sees them; the recognizer moves
/// through ``State``:
///
/// ```text
/// discrete (tap, swipe):        possible ──▶ ended (recognized)
///                                   └─────▶ failed
/// continuous (pan, long press): possible ──▶ began ──▶ changed … ──▶ ended
///                                   │                       └──────▶ cancelled
///                                   └─────▶ failed
/// ```
///
/// Every change to `began`, `changed`, `ended` or `cancelled` calls the targets. Once the
/// recognizer is in a final state (ended, cancelled, failed) and none of its touches is down, it
/// is reset to `possible` (``reset()``).
///
/// ```swift
/// let pan = PanGestureRecognizer { pan in
///     let t = pan.translation(in: card.superview)
///     card.center = Point(x: card.center.x + t.x, y: card.center.y + t.y)
///     pan.setTranslation(.zero, in: card.superview)
/// }
/// card.addGestureRecognizer(pan)
/// ```
///
/// Several recognizers see the same touches; by default only one of them recognizes: when one
/// begins (or recognizes), the others that share a touch with it and are still `possible` fail,
/// unless a ``delegate`` allows simultaneous recognition. ``require(toFail:)`` makes one wait for
/// another to fail.
///
/// Kinema calls the targets once the event has been delivered to the recognizers and to the views,
/// in the order the transitions happened, on the same run-loop turn (UIKit says "at the next
/// cycle of the run loop"); timers such as the long-press delay run at their exact media time.
/// The recognizer's ``state`` reads as the transition being reported while a target runs.
open class GestureRecognizer {
    /// The states of a recognizer. Mirrors `UIGestureRecognizer.State`.
    public enum State: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Not recognized yet; touches are being analysed. The state a recognizer starts and is
        /// reset to.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture ended, or a discrete gesture was recognized.
        case ended
        /// A continuous gesture was cancelled (its touches were cancelled, or the recognizer was
        /// disabled or removed).
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized: the same as ``ended``. Mirrors
        /// `UIGestureRecognizer.State.recognized`.
        public static var recognized: State { .ended }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// Ended, cancelled or failed: the recognizer waits for its touches to lift, then resets.
        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Began, changed or ended: the gesture was recognized in this touch sequence.
        var hasRecognized: Bool { self == .began || self == .changed || self == .ended }
    }

    /// A recognizer without targets. Subclasses that add a designated initialiser must also
    /// implement this one (it backs ``GestureRecognizerActions/init(handler:)``).
    public required init() {}

    /// The view the recognizer is attached to (``View/addGestureRecognizer(_:)``), or `nil`. Not
    /// retained (the view retains its recognizers). Mirrors `UIGestureRecognizer.view`.
    public internal(set) weak var view: View?

    /// The current state. Default ``State/possible``. Mirrors `UIGestureRecognizer.state`.
    ///
    /// Read it anywhere; set it only from a subclass, as UIKit's `UIGestureRecognizerSubclass`
    /// allows. Setting it runs UIKit's rules: leaving `possible` for `began` or `ended` asks the
    /// delegate (``GestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)``), waits for the
    /// recognizers this one requires to fail (the state reads `possible` while it waits) and makes
    /// competing recognizers fail. Transitions UIKit does not allow are ignored (`ended` →
    /// `began`, `possible` → `changed`, anything out of a final state), except that cancelling a
    /// recognizer that has not begun fails it and failing one that has begun cancels it.
    public var state: State {
        get { reportedState ?? currentState }
        set { requestTransition(to: newValue) }
    }

    /// Whether the recognizer takes touches. Default `true`. Disabling a recognizer that has
    /// begun cancels it (its targets are called with `.cancelled`); one that is still possible
    /// fails; either way it lets go of its touches and is reset. Mirrors
    /// `UIGestureRecognizer.isEnabled`.
    public var isEnabled = true {
        didSet { if oldValue && !isEnabled { abandonTouches() } }
    }

    /// Whether the view stops receiving the touches of a recognized gesture. Default `true`: when
    /// the recognizer begins (or recognizes), the view gets `touchesCancelled` for the touches it
    /// had received and nothing more for them. With `false` the view receives every phase.
    /// Mirrors `UIGestureRecognizer.cancelsTouchesInView`.
    public var cancelsTouchesInView = true

    /// Whether the view's `touchesBegan` waits while the recognizer is still deciding. Default
    /// `false`. With `true`, a touch the recognizer receives reaches its view only once the
    /// recognizer fails (then `touchesBegan` at that moment, followed at once by `touchesEnded` if
    /// the finger already lifted), or never if it recognizes with ``cancelsTouchesInView``; the
    /// moves in between are not delivered. A scroll view delays its content's touches this way.
    /// Mirrors `UIGestureRecognizer.delaysTouchesBegan`.
    public var delaysTouchesBegan = false

    /// Whether the view's `touchesEnded` waits while the recognizer is still deciding. Default
    /// `true`: a touch that lifts while the recognizer is `possible` (a double tap after its
    /// first tap, a recognizer waiting for another to fail) reaches the view only once the
    /// recognizer decides: `touchesEnded` if it fails, `touchesCancelled` if it recognizes (with
    /// ``cancelsTouchesInView``). Mirrors `UIGestureRecognizer.delaysTouchesEnded`.
    public var delaysTouchesEnded = true

    /// The object asked about beginning, receiving touches and working with other recognizers,
    /// or `nil`. Not retained. Default `nil`. Mirrors `UIGestureRecognizer.delegate`.
    public weak var delegate: (any GestureRecognizerDelegate)?

    /// A name for debugging. Default `nil`. Mirrors `UIGestureRecognizer.name`.
    public var name: String?

    // MARK: Internal state

    /// The state the gesture machinery has accepted.
    var currentState = State.possible
    /// While the targets are called: the transition they are told about.
    var reportedState: State?
    /// A recognition (`began` or `ended`) waiting for required recognizers to fail.
    var deferredState: State?
    /// The touches being received: down, or lifting in the event being delivered. In creation order.
    var touches: [Touch] = []
    /// Every touch received since the last reset (lifted ones too), in creation order.
    var sequenceTouches: [Touch] = []
    /// The centroid of the last touches, window coordinates, for ``location(in:)`` once they lifted.
    var lastLocation = Point.zero
    /// The environment of the window whose touches the recognizer is receiving.
    weak var environment: GestureEnvironment?
    /// Recognizers given to ``require(toFail:)``.
    var failureRequirements: [WeakRecognizer] = []
    /// Targets and handlers.
    var targets: [TargetAction] = []
    /// Tokens of timers scheduled with ``schedule(at:_:)`` that have not fired.
    var timerTokens: [Int] = []

    /// Test hook: called with every state the recognizer enters, `changed` repeats and the
    /// reset to `possible` included.
    package var stateObserver: ((State) -> Void)?

    // MARK: Relations with other recognizers

    /// Makes the recognizer wait, whenever it would begin or recognize, until `other` fails: it
    /// recognizes then, and fails if `other` recognizes. Only a recognizer that is receiving
    /// touches (or waiting for taps) is waited for. `other` is not retained. Mirrors
    /// `UIGestureRecognizer.require(toFail:)`.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// Whether the recognizer, once recognized, makes `preventedGestureRecognizer` fail. Default
    /// `true`. Override to let some recognizers run alongside. Mirrors
    /// `UIGestureRecognizer.canPrevent(_:)`.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, once recognized, can make this recognizer fail.
    /// Default `true`. Mirrors `UIGestureRecognizer.canBePrevented(by:)`.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether the recognizer waits for `otherGestureRecognizer` to fail. Default `false`.
    /// Mirrors `UIGestureRecognizer.shouldRequireFailure(of:)`.
    open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` waits for this recognizer to fail. Default `false`.
    /// Mirrors `UIGestureRecognizer.shouldBeRequiredToFail(by:)`.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    // MARK: Touches

    /// How many touches the recognizer is receiving (those lifting in the current event still
    /// count while the targets run). Mirrors `UIGestureRecognizer.numberOfTouches`.
    public var numberOfTouches: Int { touches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (the window's when
    /// `nil`), points; once they lifted, where they last were. A point that can't be converted
    /// (the view is scaled to zero) gives (0, 0). Mirrors `UIGestureRecognizer.location(in:)`.
    public func location(in view: View?) -> Point {
        convertFromWindow(touches.isEmpty ? lastLocation : centroid(of: touches), to: view)
    }

    /// The location of the touch at `touchIndex` (in the order the touches came down) in `view`'s
    /// coordinates (the window's when `nil`), points. An index out of range gives
    /// ``location(in:)`` (UIKit raises an exception). Mirrors
    /// `UIGestureRecognizer.location(ofTouch:in:)`.
    public func location(ofTouch touchIndex: Int, in view: View?) -> Point {
        guard touches.indices.contains(touchIndex) else { return location(in: view) }
        return convertFromWindow(touches[touchIndex].windowLocation, to: view)
    }

    /// Stops receiving `touch`: the recognizer gets no more phases of it. Call it from a
    /// subclass. Mirrors `UIGestureRecognizer.ignore(_:for:)`.
    public func ignore(_ touch: Touch, for event: Event) {
        touches.removeAll { $0 === touch }
        sequenceTouches.removeAll { $0 === touch }
        touch.gestureRecognizers.removeAll { $0 === self }
    }

    // MARK: Subclass hooks

    /// Touches began. Subclasses analyse them and set ``state``. The default does nothing.
    /// Mirrors `UIGestureRecognizer.touchesBegan(_:with:)`.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}

    /// Touches moved. The default does nothing. Mirrors `UIGestureRecognizer.touchesMoved(_:with:)`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    /// Touches lifted. The default does nothing. Mirrors `UIGestureRecognizer.touchesEnded(_:with:)`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}

    /// Touches were cancelled by the input. The default cancels a gesture that began and fails
    /// one that is still possible. Mirrors `UIGestureRecognizer.touchesCancelled(_:with:)`.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    /// Called when the recognizer goes back to `possible` after a gesture; subclasses clear what
    /// they tracked. Call `super`. Mirrors `UIGestureRecognizer.reset()`.
    open func reset() {}

    // MARK: Helpers for subclasses in the module

    /// The centroid of `touches` in window coordinates, summed in creation order.
    func centroid(of touches: [Touch]) -> Point {
        guard !touches.isEmpty else { return lastLocation }
        var x = 0.0
        var y = 0.0
        for touch in touches {
            x += touch.windowLocation.x
            y += touch.windowLocation.y
        }
        let n = Double(touches.count)
        return Point(x: x / n, y: y / n)
    }

    /// What a continuous recognizer does when its fingers move: while it is possible, `decide`
    /// runs (it may begin or fail it); once it began, every move is a change; in any other state
    /// the move changes nothing.
    final func moveContinuously(whilePossible decide: () -> Void) {
        switch state {
        case .possible:
            decide()
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// The window the recognizer's touches are in.
    var window: Window? { environment?.window ?? view?.window }

    /// Converts a point in window coordinates to `view`'s (unchanged for `nil`); (0, 0) when the
    /// conversion is not finite.
    func convertFromWindow(_ point: Point, to view: View?) -> Point {
        guard let view, let window else { return point }
        let converted = view.convert(point, from: window)
        return converted.isFinite ? converted : .zero
    }

    /// Converts a point in `view`'s coordinates (the window's for `nil`) to window coordinates, or
    /// `nil` when it is not finite.
    func convertToWindow(_ point: Point, from view: View?) -> Point? {
        guard let view, let window else { return point.isFinite ? point : nil }
        let converted = view.convert(point, to: window)
        return converted.isFinite ? converted : nil
    }

    /// Runs `body` on the window's run loop at media time `time` (seconds), unless the
    /// recognizer is reset first. Targets it triggers are called at that time.
    func schedule(at time: Double, _ body: @escaping () -> Void) {
        guard let window, let environment else { return }
        var token = 0
        token = window.schedule(at: time) { [weak self, weak environment] in
            guard let self, let environment else { return }
            self.timerTokens.removeAll { $0 == token }
            environment.dispatch(body)
        }
        timerTokens.append(token)
    }

    /// Cancels every timer scheduled with ``schedule(at:_:)``.
    func cancelTimers() {
        if let window {
            for token in timerTokens { window.cancelTimer(token) }
        }
        timerTokens.removeAll()
    }

    // MARK: Plumbing

    private func requestTransition(to newState: State) {
        if let environment {
            environment.transition(self, to: newState)
        } else {
            // Not receiving touches (no window yet): apply what UIKit allows, at once.
            guard GestureEnvironment.isAllowed(from: currentState, to: newState) else { return }
            currentState = newState
            stateObserver?(newState)
            if newState != .failed && newState != .possible { sendActions(reporting: newState) }
        }
    }

    /// Cancels or fails the recognizer and lets go of its touches (disabled or removed).
    func abandonTouches() {
        if let environment {
            environment.abandon(self)
        } else {
            resetNow()
        }
    }

    /// Calls every target with ``state`` reading `reported`.
    func sendActions(reporting reported: State) {
        targets.removeAll { $0.isOrphaned }
        let saved = reportedState
        reportedState = reported
        for target in targets { target.call(self) }
        reportedState = saved
    }

    /// Back to `possible` with no touches, timers or waiting recognition; calls ``reset()``.
    func resetNow() {
        cancelTimers()
        if !touches.isEmpty { lastLocation = centroid(of: touches) }
        touches.removeAll()
        sequenceTouches.removeAll()
        deferredState = nil
        let changed = currentState != .possible
        currentState = .possible
        if changed { stateObserver?(.possible) }
        reset()
    }
}

/// A recognizer held weakly (``GestureRecognizer/require(toFail:)`` does not retain).
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}

/// A target (held weakly) and its action, or a handler closure.
struct TargetAction {
    /// The target, for targets added with one.
    weak var target: AnyObject?
    /// Whether the entry was added with a target (it is dropped once the target is gone).
    let hasTarget: Bool
    let call: (GestureRecognizer) -> Void

    var isOrphaned: Bool { hasTarget && target == nil }
}
