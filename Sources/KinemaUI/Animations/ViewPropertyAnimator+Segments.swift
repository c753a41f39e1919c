import KinemaGeometry
import KinemaLayers
import KinemaTiming

// The animator's machinery: segments of motion, the clock, and the model at the end.
extension ViewPropertyAnimator {
    /// The layer context the animated views live in: the animator's clock.
    var context: LayerContext? {
        for track in tracks {
            if let context = track.layer.layerContext { return context }
        }
        return nil
    }

    /// The context's media time, seconds (0 without one).
    var currentTime: Double { context?.currentTime ?? 0 }

    /// The animator's Bézier, when its timing is a curve.
    var curveOfTiming: TimingFunction? {
        if case .curve(let c) = timing { return c }
        return nil
    }

    func nextSegmentID() -> Int {
        segmentCount += 1
        return segmentCount
    }

    /// Runs the pending blocks (first start, pause or scrub) and blocks touches if asked.
    func activate() {
        let blocks = pendingBlocks
        pendingBlocks = []
        for block in blocks {
            _ = capture(block.animations, startFraction: block.delayFactor)
        }
        blockInteraction(for: tracks)
    }

    /// Runs `animations` recording its changes; returns the new tracks (changes of one property
    /// merged into one track from the first old value to the last new one).
    func capture(_ animations: () -> Void, startFraction: Double) -> [AnimatorTrack] {
        let recorder = ChangeRecorder()
        let block = ViewAnimationBlock(kind: .capture(recorder), tracker: nil)
        let layout = layoutsSubviews
        ViewAnimationBlock.run(block) {
            animations()
            if layout {
                for view in block.touchedViews { view.layoutIfNeeded() }
            }
        }
        var merged: [PropertyChange] = []
        for change in recorder.changes {
            if let i = merged.firstIndex(where: { $0.layer === change.layer && $0.keyPath == change.keyPath }) {
                let first = merged[i]
                merged[i] = PropertyChange(view: first.view, layer: first.layer, keyPath: first.keyPath, from: first.from, to: change.to)
            } else {
                merged.append(change)
            }
        }
        let added = merged.compactMap { AnimatorTrack(change: $0, startFraction: min(max(startFraction, 0), 1)) }
        tracks += added
        return added
    }

    func blockInteraction(for newTracks: [AnimatorTrack]) {
        guard !userInteractionEnabled else { return }
        for track in newTracks where !blockedViews.contains(where: { $0 === track.view }) {
            track.view.interactionBlockingAnimations += 1
            blockedViews.append(track.view)
        }
    }

    func unblockInteraction() {
        for view in blockedViews { view.interactionBlockingAnimations -= 1 }
        blockedViews = []
    }

    /// Starts an inactive animator.
    func begin(afterDelay delay: Double) {
        self.delay = delay
        activate()
        guard let context else {
            waitForWindow(holdingAt: 0) { [self] in begin(afterDelay: delay) }
            return
        }
        let now = context.currentTime
        startSegment(
            fraction: 0, remaining: reversed ? 0 : duration, start: now + delay, now: now, keepsVelocity: false, retraces: false)
    }

    /// No view of the animator is in a window: the animator holds at `fraction` (paused inside,
    /// running to its users) and runs `resume` when the first of its views is attached, as
    /// UIKit's animations reach the screen with the view. With no view at all there is nothing
    /// to wait for, and the animator finishes at once.
    func waitForWindow(holdingAt fraction: Double, then resume: @escaping () -> Void) {
        guard !tracks.isEmpty else {
            let position: ViewAnimatingPosition = reversed ? .start : .end
            finish(at: position, settingModel: position == .start, completionsNow: true)
            return
        }
        switch phase {
        case .paused: break  // resumed while detached: stays where it was paused
        case .inactive, .running, .stopped: phase = .paused(fraction: fraction, resume: nil)
        }
        let token = nextSegmentID()
        waitingForWindow = resume
        for track in tracks {
            track.layer.whenAttached { [weak self] _ in
                guard let self, self.segmentCount == token, let resume = self.waitingForWindow else { return }
                self.waitingForWindow = nil
                resume()
            }
        }
    }

    /// Freezes a running animator where it shows.
    func freeze(_ segment: Segment) {
        let now = currentTime
        let saved = tracks.map(\.terms)
        let curve = curveOfTiming
        for track in tracks {
            let shown = track.value(at: now)
            track.curveTime = curve.flatMap { c in track.forwardCurveTime(on: c, at: now).map { (c, $0) } }
            track.install(shown == track.end ? [] : [.constant(shown, at: now)])
        }
        let resume = Resume(segment: segment, pausedAt: now, terms: saved, isReversed: reversed)
        phase = .paused(fraction: segment.fraction(at: now), resume: resume)
    }

    /// Continues a paused animator: exactly where it stopped when nothing changed meanwhile,
    /// otherwise with a new motion from where each property shows.
    func resumeMotion(fraction: Double, resume: Resume?, durationFactor: Double, timingChanged: Bool) {
        guard let context else {
            waitForWindow(holdingAt: fraction) { [self] in
                resumeMotion(fraction: fraction, resume: resume, durationFactor: durationFactor, timingChanged: timingChanged)
            }
            return
        }
        let now = context.currentTime
        if let resume, !timingChanged, durationFactor == 0, resume.isReversed == reversed, resume.terms.count == tracks.count {
            let dt = now - resume.pausedAt
            var segment = resume.segment
            segment.start += dt
            segment.end += dt
            segment.id = nextSegmentID()
            for (track, terms) in zip(tracks, resume.terms) {
                track.install(
                    terms.map { term in
                        var shifted = term
                        shifted.begin += dt
                        return shifted
                    })
            }
            phase = .running(segment)
            installClock(for: segment, in: context)
            return
        }
        let remaining = durationFactor > 0 ? durationFactor * duration : (reversed ? fraction : 1 - fraction) * duration
        startSegment(fraction: fraction, remaining: remaining, start: now, now: now, keepsVelocity: false, retraces: false)
    }

    /// Reverses a running animator without a jump.
    func reverseRunning(_ segment: Segment) {
        let now = currentTime
        let fraction = segment.fraction(at: now)
        if let curve = curveOfTiming {
            for track in tracks { track.curveTime = track.forwardCurveTime(on: curve, at: now).map { (curve, $0) } }
        }
        let remaining = (reversed ? fraction : 1 - fraction) * duration
        startSegment(fraction: fraction, remaining: remaining, start: now, now: now, keepsVelocity: true, retraces: true)
    }

    /// Scrubs a paused animator to fraction `f`.
    func scrub(to f: Double) {
        let now = currentTime
        let curve = curveOfTiming
        for track in tracks {
            let a = track.startFraction
            let g = a >= 1 ? (f >= 1 ? 1 : 0) : min(max((f - a) / (1 - a), 0), 1)
            let progress = scrubsLinearly ? g : timingProgress(g, of: track)
            let shown = AnimatableValue.interpolate(from: track.start, to: track.end, fraction: progress)
            track.install(g >= 1 ? [] : [.constant(shown, at: now)])
            track.curveTime = curve.map { ($0, g) }
        }
        phase = .paused(fraction: f, resume: nil)
    }

    /// The progress the timing gives a track at its own time fraction `g`.
    func timingProgress(_ g: Double, of track: AnimatorTrack) -> Double {
        switch timing {
        case .curve(let curve):
            return curve.evaluate(g)
        case .spring(let parameters):
            let (spring, runningTime) = parameters.makeSpring(duration: (1 - track.startFraction) * duration)
            return spring.value(at: g * runningTime)
        }
    }

    /// Starts a new running segment from where every track shows.
    ///
    /// - Parameters:
    ///   - fraction: the animator fraction now; the segment moves it to 1 (0 when reversed).
    ///   - remaining: seconds the motion should take (tracks still waiting for their start
    ///     fraction begin later and end with the others).
    ///   - start: media time the motion starts (after a start delay).
    ///   - keepsVelocity: hand each spring track's current velocity to its new motion (reversal).
    ///   - retraces: curve tracks retrace their curve at their own pace (reversal).
    func startSegment(fraction: Double, remaining: Double, start: Double, now: Double, keepsVelocity: Bool, retraces: Bool) {
        guard let context else {
            // Reached only through begin and resume, which wait for a window themselves.
            waitForWindow(holdingAt: fraction) { [self] in
                let now = currentTime
                startSegment(
                    fraction: fraction, remaining: remaining, start: now, now: now, keepsVelocity: keepsVelocity,
                    retraces: retraces)
            }
            return
        }
        var trackEnds: [Double] = []
        var moves = false
        for track in tracks {
            var span = remaining
            if retraces, track.terms.count == 1, case .curve = track.terms[0].pacing, track.terms[0].from != track.terms[0].to {
                span = track.terms[0].localTime(at: now)
            }
            let motion = makeTerms(
                for: track, fraction: fraction, remaining: span, start: start, now: now, keepsVelocity: keepsVelocity)
            track.install(motion.terms)
            if !motion.terms.isEmpty && motion.terms.contains(where: { $0.from != $0.to }) {
                moves = true
                trackEnds.append(motion.end)
            }
        }
        var end = start + remaining
        if case .spring(let parameters) = timing, parameters.hasOwnDuration, moves { end = start }
        end = max(end, trackEnds.max() ?? end)
        let segment = Segment(
            id: nextSegmentID(), start: start, end: end, fromFraction: fraction, toFraction: reversed ? 0 : 1)
        phase = .running(segment)
        installClock(for: segment, in: context)
    }

    /// Gives tracks added while running their motion over the rest of the segment.
    func extendRunning(_ segment: Segment, with added: [AnimatorTrack], fraction: Double, now: Double) {
        guard !added.isEmpty else { return }
        if reversed {
            for track in added { track.install([.constant(track.start, at: now)]) }
            return
        }
        let start = max(now, segment.start)
        var end = segment.end
        for track in added {
            let motion = makeTerms(
                for: track, fraction: fraction, remaining: max(segment.end - start, 0), start: start, now: now, keepsVelocity: false)
            track.install(motion.terms)
            end = max(end, motion.end)
        }
        if end > segment.end, let context {
            var extended = segment
            extended.end = end
            extended.id = nextSegmentID()
            phase = .running(extended)
            installClock(for: extended, in: context)
        }
    }

    /// Schedules the end of `segment`: an invisible additive animation (opacity + 0) on one of
    /// the animated layers whose delegate reports the end, or the next turn when it is already
    /// over.
    func installClock(for segment: Segment, in context: LayerContext) {
        let now = context.currentTime
        let id = segment.id
        guard segment.end > now, let layer = tracks.first(where: { $0.layer.layerContext === context })?.layer else {
            context.schedule { [self] in segmentDidEnd(id) }
            return
        }
        var clock = BasicAnimation(keyPath: LayerKeyPath(.opacity))
        clock.fromValue = 0
        clock.toValue = 0
        clock.isAdditive = true
        clock.timing.beginTime = layer.animationBeginTime(atMediaTime: now)
        clock.timing.duration = segment.end - now
        clock.delegate = SegmentClock(animator: self, id: id)
        layer.add(clock, forKey: nil)
    }

    /// The running segment `id` reached its end (or its clock was removed).
    func segmentDidEnd(_ id: Int) {
        guard case .running(let segment) = phase, segment.id == id else { return }
        if pausesOnCompletion {
            let now = currentTime
            for track in tracks {
                track.install(reversed ? [.constant(track.start, at: now)] : [])
                track.curveTime = curveOfTiming.map { ($0, reversed ? 0 : 1) }
            }
            phase = .paused(fraction: reversed ? 0 : 1, resume: nil)
            return
        }
        let position: ViewAnimatingPosition = reversed ? .start : .end
        finish(at: position, settingModel: position == .start, completionsNow: false)
    }

    /// Ends the animator at `position`: removes the animations, sets the model if asked, becomes
    /// inactive and calls the completions (now, or on the context's run loop).
    func finish(at position: ViewAnimatingPosition, settingModel: Bool, completionsNow: Bool) {
        let context = self.context
        for track in tracks { track.removeAnimations() }
        if settingModel { setModel(to: position) }
        unblockInteraction()
        let handlers = completions
        reset()
        guard !handlers.isEmpty else { return }
        if !completionsNow, let context {
            context.schedule {
                for handler in handlers { handler(position) }
            }
        } else {
            for handler in handlers { handler(position) }
        }
    }

    /// Back to a fresh inactive animator (configuration kept).
    func reset() {
        for track in tracks { track.clear() }
        tracks = []
        pendingBlocks = []
        completions = []
        phase = .inactive
        reversed = false
    }

    /// Sets the model of every animated property to its value at `position`: the first old
    /// value (start), the last new value (end), or what the animator's tracks show now on top of
    /// the model (current; other animations on the layer are not folded in).
    func setModel(to position: ViewAnimatingPosition) {
        struct Key: Hashable {
            let layer: ObjectIdentifier
            let keyPath: LayerKeyPath
        }
        let now = currentTime
        var order: [Key] = []
        var values: [Key: AnimatableValue] = [:]
        var owners: [Key: AnimatorTrack] = [:]
        for track in tracks {
            let key = Key(layer: ObjectIdentifier(track.layer), keyPath: track.keyPath)
            if owners[key] == nil {
                order.append(key)
                owners[key] = track
            }
            switch position {
            case .start:
                if values[key] == nil { values[key] = track.modelFrom }
            case .end:
                values[key] = track.modelTo
            case .current:
                let shown = track.value(at: now)
                if track.isAdditive {
                    guard let base = values[key] ?? track.layer.model.value(at: track.keyPath) else { continue }
                    values[key] = .add(base, shown)
                } else {
                    values[key] = shown
                }
            }
        }
        for key in order {
            guard let track = owners[key], let value = values[key] else { continue }
            Self.setModelValue(value, of: track)
        }
    }

    /// Sets one model value without animation (bounds parts through the view, so that
    /// autoresizing follows).
    private static func setModelValue(_ value: AnimatableValue, of track: AnimatorTrack) {
        guard value.isFinite else { return }
        View.performWithoutAnimation {
            let view = track.view
            switch (track.keyPath.property, track.keyPath.component, value) {
            case (.bounds, .origin?, .point(let origin)):
                view.bounds = Rect(origin: origin, size: view.bounds.size)
            case (.bounds, .size?, .size(let size)):
                view.bounds = Rect(origin: view.bounds.origin, size: size)
            default:
                try? track.layer.setValue(value, forKeyPath: track.keyPath)
            }
        }
    }
}
