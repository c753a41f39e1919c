import KinemaGeometry
import KinemaUI

// Flights: to the source or back to the presented place, redirected on the way.
extension ZoomTransitionDriver {
    /// Starts a flight from `shown` moving at `velocity`: to the source (asked for again) or back
    /// to the presented place.
    func fly(toSource: Bool, from shown: ZoomVisual, velocity: ZoomVelocity) {
        guard let stage else { return }
        let t = now
        let target = toSource ? sourceTarget(asking: true) : stage.restingVisual
        let flight = ZoomFlight(from: shown, velocity: velocity, to: target, at: t, spring: options.spring)
        phase = toSource ? .dismissing(flight) : .cancelling(flight)
        stage.apply(flight.visual(at: t))
        scheduleLanding(at: flight.settleTime)
    }

    /// Where a flight to the source lands: the source's frame now (asking the provider first when
    /// `asking`), or the faded half-size copy at the container's centre when there is no source.
    func sourceTarget(asking: Bool) -> ZoomVisual {
        if asking { source.track(askSource()) }
        guard let stage, let container else { return ZoomVisual(frame: .zero, cornerRadius: 0, backgroundAlpha: 0, contentAlpha: 0) }
        return sourceVisual(in: container, resting: stage.restingVisual, backgroundAlpha: 0)
    }

    /// Turns the flight around, keeping position and velocity (``ViewController/Transition/reverse()``).
    func reverse() {
        guard let stage else { return }
        let t = now
        switch phase {
        case .dismissing(let flight):
            redirect(.cancelling(flight.retargeted(to: stage.restingVisual, at: t)))
        case .cancelling(let flight):
            redirect(.dismissing(flight.retargeted(to: sourceTarget(asking: true), at: t)))
        default:
            return
        }
    }

    /// Replaces the flight and moves its landing.
    private func redirect(_ newPhase: ZoomPhase) {
        guard let flight = newPhase.flight else { return }
        phase = newPhase
        scheduleLanding(at: flight.settleTime)
    }

    /// A flight to the source follows it: the provider is asked again (a list that scrolls may
    /// have put the photo in another cell), and when the source has moved or gone the flight is
    /// redirected from where it is, with its velocity.
    func followSource(at t: Double) {
        guard case .dismissing(let flight) = phase, let stage, let container else { return }
        source.track(askSource())
        let target = sourceVisual(in: container, resting: stage.restingVisual, backgroundAlpha: 0)
        let current = flight.target
        guard target.frame != current.frame || target.contentAlpha != current.contentAlpha else { return }
        redirect(.dismissing(flight.retargeted(to: target, at: t)))
    }

    // MARK: The clock

    /// Starts the display link that shows every frame of the zoom.
    func startClock() {
        guard link == nil, let window = container?.window else { return }
        let link = DisplayLink { [weak self] link in self?.tick(at: link.timestamp) }
        link.add(to: window)
        self.link = link
    }

    /// Stops the display link and the landing timer.
    func stopClock() {
        link?.invalidate()
        link = nil
        cancelLanding()
    }

    /// One frame at media time `t`.
    private func tick(at t: Double) {
        switch phase {
        case .presenting(let presentation):
            stage?.apply(presentation.visual(at: t))
        case .dismissing:
            followSource(at: t)
            if let flight = phase.flight { stage?.apply(flight.visual(at: t)) }
        case .cancelling(let flight):
            stage?.apply(flight.visual(at: t))
        default:
            break
        }
    }

    /// Lands the zoom at media time `time` exactly (a window timer: the same at any frame rate).
    func scheduleLanding(at time: Double) {
        cancelLanding()
        guard let window = container?.window else { return }
        let token = window.schedule(at: time) { [weak self] in self?.landNow() }
        settleTimer = (WeakWindow(window: window), token)
    }

    func cancelLanding() {
        if let settleTimer { settleTimer.window.window?.cancelTimer(settleTimer.token) }
        settleTimer = nil
    }

    /// The landing timer fired: snap to the target and end the stage.
    private func landNow() {
        settleTimer = nil
        switch phase {
        case .presenting:
            finishPresentation()
        case .dismissing(let flight):
            stage?.apply(flight.target)
            land(dismissed: true)
        case .cancelling(let flight):
            stage?.apply(flight.target)
            land(dismissed: false)
        default:
            break
        }
    }
}
