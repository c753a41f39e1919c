import KinemaGeometry

extension ScrollView {
    /// Runs `animation` from now on (replacing any other), on the display link.
    func run(_ animation: ScrollAnimation) {
        animationCount += 1
        var numbered = animation
        numbered.serial = animationCount
        self.animation = numbered
        startTicking()
    }

    /// Starts the display link that runs the animation and the indicators' fade, on the
    /// window's run loop (nothing runs outside a window).
    func startTicking() {
        guard let window else { return }
        if displayLink != nil && displayLinkWindow === window { return }
        displayLink?.invalidate()
        let link = DisplayLink { [weak self] link in
            guard let self else {
                link.invalidate()
                return
            }
            self.tick(at: link.timestamp)
        }
        link.add(to: window)
        displayLink = link
        displayLinkWindow = window
    }

    /// One frame at media time `time`: the animation's values at that time (ending it when it is
    /// over), then the indicators' opacity; the link stops once neither runs.
    func tick(at time: Double) {
        if let animation {
            applyAnimation(animation, at: time)
            // The delegate may have stopped or replaced it while it scrolled.
            if time >= animation.endTime, self.animation?.serial == animation.serial { finishAnimation(animation) }
        }
        fadeScrollIndicators(at: time)
        if animation == nil && indicatorFadeStart == nil {
            displayLink?.invalidate()
            displayLink = nil
            displayLinkWindow = nil
        }
    }

    /// Shows `animation` as it is at media time `time`.
    func applyAnimation(_ animation: ScrollAnimation, at time: Double) {
        if let zoom = animation.zoom {
            guard let view = zoomingView else { return }
            let scale = zoom.scale(at: time)
            let origin = view.frame.origin
            applyZoom(view, scale: scale, offset: time >= zoom.endTime ? zoom.finalOffset : zoom.offset(at: time, origin: origin))
        } else {
            let offset = animation.offset(at: time)
            // Without bounces a page's spring may not carry the content past an edge either.
            applyContentOffset(!bounces && animation.kind == .deceleration ? clampedOffset(offset) : offset)
        }
    }

    /// The animation reached its end: the delegate hears how it ended.
    private func finishAnimation(_ finished: ScrollAnimation) {
        animation = nil
        switch finished.kind {
        case .deceleration:
            isDecelerating = false
            scrollingDidStop()
            delegate?.scrollViewDidEndDecelerating(self)
        case .scrolling:
            scrollingDidStop()
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .zooming:
            isZoomBouncing = false
            scrollingDidStop()
            if let view = zoomingView { delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale) }
        }
    }

    /// The scroll view joined, left or changed windows: the display link follows it; outside a
    /// window an animation jumps to its end (there is no clock to run it).
    func windowDidChange() {
        guard displayLink != nil || animation != nil else { return }
        displayLink?.invalidate()
        displayLink = nil
        displayLinkWindow = nil
        if window != nil {
            startTicking()
        } else if let animation {
            applyAnimation(animation, at: animation.endTime)
            finishAnimation(animation)
            indicatorFadeStart = nil
        }
    }
}
