import KinemaGeometry

extension Window {
    /// Delivers one scripted finger change: see `send(_:)` for several fingers.
    public func send(_ input: TouchInput) {
        send([input])
    }

    /// Delivers the fingers that changed in one event (one input per finger), the way a touch
    /// screen reports them.
    ///
    /// 1. When the latest finite timestamp is later than ``currentTime``, the run loop first
    ///    advances to it (``advance(to:)``: timers due before it fire at their own times, such as a
    ///    long press that begins). The event happens at ``currentTime``: inputs with older
    ///    timestamps are delivered now.
    /// 2. A `.began` finger is hit-tested (``View/hitTest(_:with:)`` on the window); the touch's
    ///    ``Touch/view`` is the result and its ``Touch/gestureRecognizers`` are the enabled
    ///    recognizers of that view and of its ancestors up to the window, the hit view's first,
    ///    that are not waiting to reset and whose delegates accept the touch.
    /// 3. The recognizers see the touches first, phase by phase (began, moved, ended,
    ///    cancelled), and may change state.
    /// 4. The hit views get `touchesBegan`, `touchesMoved`, `touchesEnded` and `touchesCancelled`,
    ///    grouped by view (what a view does not handle goes on up the responder chain, through
    ///    ``Responder/next``, to its view controller, its superview and so on), except for touches a recognizer took (a recognizer that recognized with
    ///    ``GestureRecognizer/cancelsTouchesInView``: the view gets `touchesCancelled` instead and
    ///    nothing more) and lifted touches whose `touchesEnded` a deciding recognizer delays
    ///    (``GestureRecognizer/delaysTouchesEnded``). A view whose
    ///    ``View/isMultipleTouchEnabled`` is `false` gets only the first of the touches that are
    ///    down in it at once.
    /// 5. Targets of recognizers that changed state are called, then recognizers that are done
    ///    are reset.
    ///
    /// Fingers that are down and not in `inputs` are `.stationary` in the event. Bad input never
    /// traps; it is dropped:
    ///
    /// - `.began` with a non-finite location, or for an identifier whose finger is down: ignored
    ///   (the finger that is down carries on);
    /// - `.moved`, `.stationary`, `.ended` or `.cancelled` for an identifier that is not down:
    ///   ignored;
    /// - `.moved` with a non-finite location: ignored; `.ended` or `.cancelled` with one: the
    ///   finger lifts where it last was;
    /// - a second input for the same identifier in one call: ignored (the first counts);
    /// - a non-finite timestamp: the event happens now.
    ///
    /// Called while an event is being delivered (from a target or a `touches…` override), the
    /// inputs are delivered once that event is done.
    public func send(_ inputs: [TouchInput]) {
        let environment = gestureEnvironment
        guard !environment.isDispatching else {
            environment.queuedInputs.append(inputs)
            return
        }
        deliverTouches(inputs)
    }

    /// Validates `inputs`, updates the touches and hands the event to the gesture environment.
    func deliverTouches(_ inputs: [TouchInput]) {
        let environment = gestureEnvironment
        if let latest = inputs.lazy.map(\.timestamp).filter(\.isFinite).max(), latest > currentTime {
            advance(to: latest)
        }
        let now = currentTime
        var began: [Touch] = []
        var changed: [Touch] = []
        var seen: Set<Int> = []
        for input in inputs where !seen.contains(input.identifier) {
            let live = activeTouches[input.identifier]
            switch input.phase {
            case .began:
                guard live == nil, input.location.isFinite else { continue }
                began.append(
                    Touch(
                        identifier: input.identifier, location: input.location, timestamp: now, window: self,
                        serial: environment.nextSerial()))
            case .moved:
                guard let live, input.location.isFinite else { continue }
                live.update(phase: .moved, location: input.location, time: now)
                changed.append(live)
            case .stationary:
                guard let live else { continue }
                live.update(phase: .stationary, location: nil, time: now)
            case .ended, .cancelled:
                guard let live else { continue }
                live.update(phase: input.phase, location: input.location.isFinite ? input.location : nil, time: now)
                changed.append(live)
            }
            seen.insert(input.identifier)
        }
        guard !began.isEmpty || !changed.isEmpty else { return }
        for touch in activeTouches.values where !changed.contains(touch) {
            touch.phase = .stationary
        }
        for touch in began { activeTouches[touch.identifier] = touch }
        let event = Event(timestamp: now, allTouches: Set(activeTouches.values))
        for touch in began {
            touch.view = hitTest(touch.windowLocation, with: event)
            touch.tapCount = environment.tapCount(at: touch.windowLocation, time: now)
            touch.gestureRecognizers = receivingRecognizers(for: touch)
        }
        environment.deliver(event, began: began, changed: changed)
    }

    /// The recognizers of the touch's view and its ancestors that take it, the hit view's first.
    private func receivingRecognizers(for touch: Touch) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var node = touch.view
        while let view = node {
            for recognizer in view.gestureRecognizers where recognizer.isEnabled && !recognizer.currentState.isFinal {
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) { continue }
                result.append(recognizer)
            }
            node = view.superview
        }
        return result
    }
}
