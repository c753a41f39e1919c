import KinemaGeometry

/// The gesture machinery of one window: delivers an event's touches to the recognizers and then
/// to the views, arbitrates between recognizers and calls their targets.
///
/// Everything that changes recognizers runs inside ``dispatch(_:)``; when the outermost dispatch
/// ends, ``finish()`` settles the consequences in this order, until nothing is left:
///
/// 1. views get `touchesCancelled` for the touches a recognizer took (``cancelInView(_:)``);
/// 2. held `touchesBegan` (then held `touchesEnded`) go out once no recognizer that delays them
///    is still deciding;
/// 3. targets are called, one transition at a time, in the order the transitions happened;
/// 4. lifted touches leave their recognizers;
/// 5. once every finger is up, recognizers still `possible` with nothing scheduled fail;
/// 6. recognizers in a final state with no touch down are reset.
///
/// Arbitration, for a recognizer `r` asking to leave `possible` for `began` or `ended`:
///
/// - it fails if a recognizer sharing a touch has already recognized and may prevent it;
/// - it fails if a recognizer it requires to fail has recognized; it waits (reading `possible`)
///   while one is still `possible`, and asks again when that one fails;
/// - it fails if its delegate says it should not begin;
/// - otherwise it recognizes, and every recognizer that shares a touch with it and is still
///   `possible` fails (unless either delegate allows simultaneous recognition), as does every
///   recognizer waiting for it to fail.
///
/// Deterministic: recognizers and touches are kept in arrays in a fixed order (touches by
/// creation), never iterated from a `Set` or a dictionary where order matters.
final class GestureEnvironment {
    typealias State = GestureRecognizer.State

    weak var window: Window?
    /// Recognizers that received touches (or wait for taps or for others) since their last reset.
    private(set) var active: [GestureRecognizer] = []
    /// Recognizers whose recognition waits for required recognizers to fail.
    private var pending: [GestureRecognizer] = []
    /// Transitions whose targets are still to be called, in order.
    private var actions: [(recognizer: GestureRecognizer, state: State)] = []
    /// Touches whose views are still to get `touchesCancelled`.
    private var viewCancellations: [Touch] = []
    /// Lifted touches whose `touchesEnded` is delayed by a deciding recognizer.
    private var heldTouches: [Touch] = []
    /// Touches whose `touchesBegan` is delayed by a deciding recognizer, in creation order.
    private var heldBegins: [Touch] = []
    private var depth = 0
    private var isDraining = false
    /// Inputs sent while an event was being delivered: delivered once it is done.
    var queuedInputs: [[TouchInput]] = []
    /// The event being delivered, if any.
    private var currentEvent: Event?
    private var touchSerial = 0
    /// The last lifted tap, for ``Touch/tapCount``.
    private var lastTap: (time: Double, location: Point, count: Int)?

    init(window: Window) {
        self.window = window
    }

    /// Whether an event or a transition is being processed.
    var isDispatching: Bool { depth > 0 }

    /// A new touch serial number (creation order).
    func nextSerial() -> Int {
        touchSerial += 1
        return touchSerial
    }

    // MARK: Dispatch

    /// Runs `body`; when it is the outermost dispatch, settles everything it caused (``finish()``).
    func dispatch(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
        if depth == 0 { finish() }
    }

    private func finish() {
        depth += 1
        var settled = false
        while !settled {
            settled = true
            if flushViewCancellations() { settled = false }
            if releaseHeldBegins() { settled = false }
            if releaseHeldTouches() { settled = false }
            while !actions.isEmpty {
                let (recognizer, state) = actions.removeFirst()
                recognizer.sendActions(reporting: state)
                settled = false
            }
            dropLiftedTouches()
            if failUndecidedOnceAllFingersAreUp() { settled = false }
            if resetFinishedRecognizers() { settled = false }
        }
        currentEvent = nil
        depth -= 1
        drainQueuedInputs()
    }

    private func drainQueuedInputs() {
        guard !isDraining, let window else { return }
        isDraining = true
        while !queuedInputs.isEmpty {
            window.deliverTouches(queuedInputs.removeFirst())
        }
        isDraining = false
    }

    /// The event to pass to views and recognizers: the one being delivered, or a new one at the
    /// current time with the touches that are down (timers, disabling).
    private func eventForDelivery() -> Event {
        if let currentEvent { return currentEvent }
        let event = Event(timestamp: window?.currentTime ?? 0, allTouches: Set(window?.activeTouches.values.map { $0 } ?? []))
        currentEvent = event
        return event
    }

    // MARK: Delivering an event

    /// Delivers `event`: `began` are new touches (hit-tested, with their recognizers), `changed`
    /// the touches that moved, lifted or were cancelled. Recognizers first, phase by phase, then
    /// the views.
    func deliver(_ event: Event, began: [Touch], changed: [Touch]) {
        dispatch {
            currentEvent = event
            let touches = (began + changed).inCreationOrder
            var recognizers: [GestureRecognizer] = []
            for touch in touches {
                for recognizer in touch.gestureRecognizers where !recognizers.contains(where: { $0 === recognizer }) {
                    recognizers.append(recognizer)
                }
            }
            for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                let inPhase = touches.filter { $0.phase == phase }
                guard !inPhase.isEmpty else { continue }
                for recognizer in recognizers {
                    deliver(inPhase, in: phase, to: recognizer, event: event)
                }
            }
            flushViewCancellations()
            deliverToViews(touches, event: event)
            for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
                if window?.activeTouches[touch.identifier] === touch { window?.activeTouches[touch.identifier] = nil }
                lastTap = touch.isTap ? (event.timestamp, touch.windowLocation, touch.tapCount) : nil
            }
        }
    }

    private func deliver(_ inPhase: [Touch], in phase: Touch.Phase, to recognizer: GestureRecognizer, event: Event) {
        let receives = recognizer.isEnabled && !recognizer.currentState.isFinal
        let mine: [Touch]
        if phase == .began {
            mine = inPhase.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
            guard receives else {
                for touch in mine { touch.gestureRecognizers.removeAll { $0 === recognizer } }
                return
            }
            guard !mine.isEmpty else { return }
            attach(mine, to: recognizer)
        } else {
            guard receives else { return }
            mine = inPhase.filter { recognizer.touches.contains($0) }
            guard !mine.isEmpty else { return }
        }
        let set = Set(mine)
        switch phase {
        case .began:
            recognizer.touchesBegan(set, with: event)
            takeFromView(mine, by: recognizer)
        case .moved: recognizer.touchesMoved(set, with: event)
        case .ended: recognizer.touchesEnded(set, with: event)
        case .cancelled: recognizer.touchesCancelled(set, with: event)
        case .stationary: break
        }
    }

    /// Starts giving `touches` to `recognizer`.
    private func attach(_ touches: [Touch], to recognizer: GestureRecognizer) {
        activate(recognizer)
        for touch in touches {
            if !recognizer.touches.contains(touch) { recognizer.touches.append(touch) }
            if !recognizer.sequenceTouches.contains(touch) { recognizer.sequenceTouches.append(touch) }
        }
    }

    /// A recognizer that has already begun and cancels touches in its view takes the touches that
    /// just came down from the view, once it has seen them: those it ignored
    /// (``GestureRecognizer/ignore(_:for:)``, a pinch's third finger) stay with the view, as
    /// Apple documents that ignored touches are not cancelled in the view.
    private func takeFromView(_ newTouches: [Touch], by recognizer: GestureRecognizer) {
        guard recognizer.cancelsTouchesInView, recognizer.currentState == .began || recognizer.currentState == .changed
        else { return }
        cancelInView(newTouches.filter { recognizer.touches.contains($0) })
    }

    private func deliverToViews(_ touches: [Touch], event: Event) {
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            var groups: [(view: View, touches: [Touch])] = []
            for touch in touches where touch.phase == phase {
                guard let view = touch.view else { continue }
                switch phase {
                case .began:
                    guard touch.viewDelivery == .none else { continue }
                    if isBeganDelayed(touch) {
                        touch.viewDelivery = .beganHeld
                        heldBegins.append(touch)
                        continue
                    }
                    if !view.isMultipleTouchEnabled && isDeliveringAnotherTouch(than: touch, to: view) {
                        touch.viewDelivery = .done
                        continue
                    }
                    touch.viewDelivery = .delivering
                case .moved:
                    guard touch.viewDelivery == .delivering else { continue }
                case .ended:
                    guard touch.viewDelivery == .delivering else { continue }
                    if isEndDelayed(touch) {
                        touch.viewDelivery = .endHeld
                        heldTouches.append(touch)
                        continue
                    }
                    touch.viewDelivery = .done
                case .cancelled:
                    guard touch.viewDelivery == .delivering else { continue }
                    touch.viewDelivery = .done
                case .stationary:
                    continue
                }
                Self.append(touch, for: view, to: &groups)
            }
            for (view, group) in groups {
                let set = Set(group)
                switch phase {
                case .began: view.touchesBegan(set, with: event)
                case .moved: view.touchesMoved(set, with: event)
                case .ended: view.touchesEnded(set, with: event)
                case .cancelled: view.touchesCancelled(set, with: event)
                case .stationary: break
                }
            }
        }
    }

    private func isDeliveringAnotherTouch(than touch: Touch, to view: View) -> Bool {
        window?.activeTouches.values.contains { $0 !== touch && $0.view === view && $0.viewDelivery == .delivering } ?? false
    }

    private static func append(_ touch: Touch, for view: View, to groups: inout [(view: View, touches: [Touch])]) {
        if let i = groups.firstIndex(where: { $0.view === view }) {
            groups[i].touches.append(touch)
        } else {
            groups.append((view, [touch]))
        }
    }

    /// The tap count of a touch coming down at `location` at `time` (see ``Touch/tapCount``).
    func tapCount(at location: Point, time: Double) -> Int {
        guard let last = lastTap, time - last.time <= Touch.multipleTapInterval,
            last.location.distance(to: location) <= Touch.multipleTapDistance
        else { return 1 }
        return last.count + 1
    }

    // MARK: Views

    /// Takes `touches` from their views: views that received them get `touchesCancelled` (when
    /// the dispatch settles) and nothing more; views that did not will never hear of them.
    func cancelInView(_ touches: [Touch]) {
        for touch in touches {
            switch touch.viewDelivery {
            case .none:
                touch.viewDelivery = .done
            case .beganHeld:
                touch.viewDelivery = .done
                heldBegins.removeAll { $0 === touch }
            case .delivering, .endHeld:
                touch.viewDelivery = .done
                heldTouches.removeAll { $0 === touch }
                viewCancellations.append(touch)
            case .done:
                break
            }
        }
    }

    @discardableResult
    private func flushViewCancellations() -> Bool {
        guard !viewCancellations.isEmpty else { return false }
        let touches = viewCancellations
        viewCancellations.removeAll()
        var groups: [(view: View, touches: [Touch])] = []
        for touch in touches {
            if let view = touch.view { Self.append(touch, for: view, to: &groups) }
        }
        let event = eventForDelivery()
        for (view, group) in groups { view.touchesCancelled(Set(group), with: event) }
        return true
    }

    /// Whether a recognizer that delays `touchesEnded` is still deciding about `touch`.
    private func isEndDelayed(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { recognizer in
            recognizer.delaysTouchesEnded && recognizer.currentState == .possible && recognizer.sequenceTouches.contains(touch)
        }
    }

    /// Whether a recognizer that delays `touchesBegan` is still deciding about `touch`.
    private func isBeganDelayed(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { recognizer in
            recognizer.delaysTouchesBegan && recognizer.currentState == .possible && recognizer.sequenceTouches.contains(touch)
        }
    }

    /// Delivers the held `touchesBegan` no recognizer delays any more; a touch that lifted (or was
    /// cancelled) meanwhile then ends at once, unless its `touchesEnded` is delayed in turn.
    private func releaseHeldBegins() -> Bool {
        let ready = heldBegins.filter { !isBeganDelayed($0) }
        guard !ready.isEmpty else { return false }
        heldBegins.removeAll { touch in ready.contains(touch) }
        var began: [(view: View, touches: [Touch])] = []
        for touch in ready {
            guard let view = touch.view, view.isMultipleTouchEnabled || !isDeliveringAnotherTouch(than: touch, to: view) else {
                touch.viewDelivery = .done
                continue
            }
            touch.viewDelivery = .delivering
            Self.append(touch, for: view, to: &began)
        }
        let event = eventForDelivery()
        for (view, group) in began { view.touchesBegan(Set(group), with: event) }
        var ended: [(view: View, touches: [Touch])] = []
        var cancelled: [(view: View, touches: [Touch])] = []
        for touch in ready where touch.viewDelivery == .delivering {
            guard let view = touch.view, touch.phase == .ended || touch.phase == .cancelled else { continue }
            if touch.phase == .ended && isEndDelayed(touch) {
                touch.viewDelivery = .endHeld
                heldTouches.append(touch)
                continue
            }
            touch.viewDelivery = .done
            if touch.phase == .ended {
                Self.append(touch, for: view, to: &ended)
            } else {
                Self.append(touch, for: view, to: &cancelled)
            }
        }
        for (view, group) in ended { view.touchesEnded(Set(group), with: event) }
        for (view, group) in cancelled { view.touchesCancelled(Set(group), with: event) }
        return true
    }

    private func releaseHeldTouches() -> Bool {
        let ready = heldTouches.filter { !isEndDelayed($0) }
        guard !ready.isEmpty else { return false }
        heldTouches.removeAll { touch in ready.contains(touch) }
        var groups: [(view: View, touches: [Touch])] = []
        for touch in ready {
            touch.viewDelivery = .done
            if let view = touch.view { Self.append(touch, for: view, to: &groups) }
        }
        let event = eventForDelivery()
        for (view, group) in groups { view.touchesEnded(Set(group), with: event) }
        return true
    }

    // MARK: Transitions

    /// Whether UIKit allows a recognizer to go from `old` to `new`.
    static func isAllowed(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed),
            (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
            (.began, .cancelled), (.changed, .cancelled):
            true
        default:
            false
        }
    }

    /// A recognizer (its subclass code) sets its state to `new`.
    func transition(_ recognizer: GestureRecognizer, to new: State) {
        dispatch {
            if recognizer.deferredState != nil {
                switch new {
                case .ended: recognizer.deferredState = .ended
                case .failed, .cancelled: fail(recognizer)
                case .possible, .began, .changed: break
                }
                return
            }
            switch (recognizer.currentState, new) {
            case (.possible, .began), (.possible, .ended):
                attemptRecognition(recognizer, as: new)
            case (.possible, .failed), (.possible, .cancelled):
                fail(recognizer)
            case (.began, .failed), (.changed, .failed):
                apply(recognizer, .cancelled)
            default:
                if Self.isAllowed(from: recognizer.currentState, to: new) { apply(recognizer, new) }
            }
        }
    }

    /// The recognizer is disabled or removed: cancel or fail it and let go of its touches.
    func abandon(_ recognizer: GestureRecognizer) {
        guard active.contains(where: { $0 === recognizer }) else { return }
        dispatch {
            switch recognizer.currentState {
            case .possible: fail(recognizer)
            case .began, .changed: apply(recognizer, .cancelled)
            case .ended, .cancelled, .failed: break
            }
            for touch in recognizer.sequenceTouches { touch.gestureRecognizers.removeAll { $0 === recognizer } }
            if !recognizer.touches.isEmpty { recognizer.lastLocation = recognizer.centroid(of: recognizer.touches) }
            recognizer.touches.removeAll()
            recognizer.sequenceTouches.removeAll()
        }
    }

    private func activate(_ recognizer: GestureRecognizer) {
        recognizer.environment = self
        if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
    }

    private func attemptRecognition(_ recognizer: GestureRecognizer, as target: State) {
        activate(recognizer)
        for other in active where other !== recognizer && other.currentState.hasRecognized {
            if overlaps(recognizer, other) && !simultaneous(recognizer, other) && other.canPrevent(recognizer)
                && recognizer.canBePrevented(by: other)
            {
                fail(recognizer)
                return
            }
        }
        var waits = false
        for other in active where other !== recognizer && requires(recognizer, toFail: other) {
            switch other.currentState {
            case .began, .changed, .ended, .cancelled:
                fail(recognizer)
                return
            case .possible:
                // A recognizer that itself waits for this one would never decide: don't wait for it.
                if !isWaiting(other, on: recognizer, visited: []) { waits = true }
            case .failed:
                break
            }
        }
        if waits {
            recognizer.deferredState = target
            if !pending.contains(where: { $0 === recognizer }) { pending.append(recognizer) }
            return
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            fail(recognizer)
            return
        }
        recognize(recognizer, as: target)
    }

    private func recognize(_ recognizer: GestureRecognizer, as target: State) {
        recognizer.deferredState = nil
        pending.removeAll { $0 === recognizer }
        apply(recognizer, target)
        for other in active where other !== recognizer && other.currentState == .possible {
            if overlaps(recognizer, other) && !simultaneous(recognizer, other) && recognizer.canPrevent(other)
                && other.canBePrevented(by: recognizer)
            {
                fail(other)
            }
        }
        for waiting in pending where requires(waiting, toFail: recognizer) {
            fail(waiting)
        }
        if recognizer.cancelsTouchesInView { cancelInView(recognizer.sequenceTouches) }
    }

    private func fail(_ recognizer: GestureRecognizer) {
        guard recognizer.currentState == .possible else { return }
        activate(recognizer)
        recognizer.deferredState = nil
        pending.removeAll { $0 === recognizer }
        apply(recognizer, .failed)
        for waiting in pending where requires(waiting, toFail: recognizer) {
            guard let target = waiting.deferredState else { continue }
            waiting.deferredState = nil
            pending.removeAll { $0 === waiting }
            attemptRecognition(waiting, as: target)
        }
    }

    private func apply(_ recognizer: GestureRecognizer, _ new: State) {
        recognizer.currentState = new
        recognizer.stateObserver?(new)
        if new.isFinal { recognizer.cancelTimers() }
        if new != .failed { actions.append((recognizer, new)) }
    }

    // MARK: Relations

    /// Whether two recognizers received a touch in common since their last reset.
    private func overlaps(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.sequenceTouches.contains { b.sequenceTouches.contains($0) }
    }

    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether `a` must wait for `b` to fail: ``GestureRecognizer/require(toFail:)``, either
    /// recognizer's subclass, or either delegate.
    private func requires(_ a: GestureRecognizer, toFail b: GestureRecognizer) -> Bool {
        a.failureRequirements.contains { $0.recognizer === b } || a.shouldRequireFailure(of: b)
            || b.shouldBeRequiredToFail(by: a)
            || a.delegate?.gestureRecognizer(a, shouldRequireFailureOf: b) == true
            || b.delegate?.gestureRecognizer(b, shouldBeRequiredToFailBy: a) == true
    }

    /// Whether `waiting` is deferred, directly or through others, until `other` fails.
    private func isWaiting(_ waiting: GestureRecognizer, on other: GestureRecognizer, visited: [GestureRecognizer]) -> Bool {
        guard waiting.deferredState != nil, !visited.contains(where: { $0 === waiting }) else { return false }
        for next in active where next !== waiting && next.currentState == .possible && requires(waiting, toFail: next) {
            if next === other || isWaiting(next, on: other, visited: visited + [waiting]) { return true }
        }
        return false
    }

    // MARK: Settling

    private func dropLiftedTouches() {
        for recognizer in active {
            let lifted = recognizer.touches.filter { $0.phase == .ended || $0.phase == .cancelled }
            guard !lifted.isEmpty else { continue }
            recognizer.lastLocation = recognizer.centroid(of: recognizer.touches)
            recognizer.touches.removeAll { lifted.contains($0) }
        }
    }

    /// With every finger up, a recognizer that is still `possible`, has no touch and nothing
    /// scheduled can never decide: it fails (so that those waiting for it can go on).
    private func failUndecidedOnceAllFingersAreUp() -> Bool {
        guard let window, window.activeTouches.isEmpty else { return false }
        var changed = false
        for recognizer in active
        where recognizer.currentState == .possible && recognizer.deferredState == nil && recognizer.touches.isEmpty
            && recognizer.timerTokens.isEmpty
        {
            fail(recognizer)
            changed = true
        }
        return changed
    }

    private func resetFinishedRecognizers() -> Bool {
        let finished = active.filter { $0.currentState.isFinal && $0.touches.isEmpty }
        guard !finished.isEmpty else { return false }
        active.removeAll { recognizer in finished.contains { $0 === recognizer } }
        pending.removeAll { recognizer in finished.contains { $0 === recognizer } }
        for recognizer in finished { recognizer.resetNow() }
        return true
    }
}
