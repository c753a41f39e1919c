import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// Animates view property changes and lets you pause, scrub, reverse, stop and re-time them
/// while they run. Mirrors `UIViewPropertyAnimator`.
///
/// ```swift
/// let animator = ViewPropertyAnimator(duration: 0.6, curve: .easeInOut) {
///     card.center = Point(x: 300, y: 120)
/// }
/// animator.addCompletion { position in print(position) }   // .end, on a run-loop turn after 0.6 s
/// animator.startAnimation()
/// window.advance(to: 0.3)
/// animator.pauseAnimation()                 // frozen where it is
/// animator.fractionComplete = 0.8           // scrubbed (linearly, by default)
/// animator.isReversed = true
/// animator.startAnimation()                 // runs back to the start
/// ```
///
/// ## How it works
///
/// Animation blocks run when the animator starts (or is paused, or scrubbed, for the first
/// time); blocks added while it is active run at once. Each property they change becomes an
/// additive layer animation on top of the new model value, exactly as in
/// ``View/animate(withDuration:delay:options:animations:completion:)``, so
/// `Layer/presentation(at:)` and the renderer show the motion. The animator's clock is the
/// media time of the context its views' layers live in (the window's), so nothing reads a clock
/// and the same calls at the same times give the same frames. Completions run on the run-loop
/// turn at (or after) the end (`LayerContext/schedule(_:)`).
///
/// ## Interruptions
///
/// Pausing freezes every property where it shows. Continuing, reversing and
/// ``continueAnimation(withTimingParameters:durationFactor:)`` start a new motion from where each
/// property shows, so nothing jumps:
///
/// - resuming a pause that was not scrubbed or reversed carries on exactly where it stopped
///   (position and velocity);
/// - reversing a running curve retraces the curve (the speed changes sign, as in UIKit);
///   reversing a running spring keeps the velocity (a spring retargeted in absolute units,
///   `spec/transitions.md` § 3.5);
/// - continuing with ``SpringTimingParameters`` starts each axis at its
///   ``SpringTimingParameters/initialVelocity`` times the distance that axis still has to go.
///
/// ## Wrong calls
///
/// Where UIKit raises an exception (starting a stopped animator, finishing one that is not
/// stopped, pausing or stopping a running non-interruptible one, changing `isInterruptible` or
/// `isUserInteractionEnabled` while active), Kinema ignores the call; NaN and out-of-range
/// numbers are clamped. Each member documents its case.
public final class ViewPropertyAnimator: ViewImplicitlyAnimating {
    /// The animator's timing as it currently applies.
    enum Timing {
        case curve(TimingFunction)
        case spring(SpringTimingParameters)
    }

    /// One stretch of motion between interruptions: where `fractionComplete` goes and when.
    struct Segment {
        var id: Int
        /// Media times, seconds: the fraction holds `fromFraction` until `start` and moves
        /// linearly to `toFraction` at `end`.
        var start: Double
        var end: Double
        var fromFraction: Double
        var toFraction: Double

        func fraction(at t: Double) -> Double {
            guard end > start else { return t >= end ? toFraction : fromFraction }
            let u = min(max((t - start) / (end - start), 0), 1)
            return fromFraction + (toFraction - fromFraction) * u
        }
    }

    /// What a plain resume restores: the segment and the motion it had when paused.
    struct Resume {
        var segment: Segment
        var pausedAt: Double
        var terms: [[MotionTerm]]
        var isReversed: Bool
    }

    enum Phase {
        case inactive
        case running(Segment)
        case paused(fraction: Double, resume: Resume?)
        case stopped(fraction: Double)
    }

    // MARK: Configuration

    /// The timing the animator was created with. Mirrors `UIViewPropertyAnimator.timingParameters`
    /// (not optional here; ``continueAnimation(withTimingParameters:durationFactor:)`` does not
    /// change it).
    public let timingParameters: any TimingCurveProvider

    /// How long the animations run from start to end, seconds. The duration given to the
    /// initialiser (0 when it was not finite and ≥ 0), except for springs described by mass,
    /// stiffness and damping or by duration and bounce, which run for their own settling duration.
    /// Mirrors `UIViewPropertyAnimator.duration`.
    public let duration: Double

    /// The delay of the last ``startAnimation(afterDelay:)``, seconds. Default 0. Mirrors
    /// `UIViewPropertyAnimator.delay`.
    public private(set) var delay: Double = 0

    /// Whether the animations can be paused, stopped, reversed, scrubbed and continued while they
    /// run. Default `true`. Set it only while inactive: UIKit raises when it is set on an active
    /// animator, Kinema ignores the change. Mirrors `UIViewPropertyAnimator.isInterruptible`.
    public var isInterruptible: Bool {
        get { interruptible }
        set { if case .inactive = phase { interruptible = newValue } }
    }

    /// Whether the animated views take touches while the animator is active. Default `true`
    /// (UIKit's default, unlike `View.animate`, which blocks them). Set it only while inactive:
    /// UIKit raises when it is set on an active animator, Kinema ignores the change. Mirrors
    /// `UIViewPropertyAnimator.isUserInteractionEnabled`.
    public var isUserInteractionEnabled: Bool {
        get { userInteractionEnabled }
        set { if case .inactive = phase { userInteractionEnabled = newValue } }
    }

    /// Whether scrubbing ``fractionComplete`` while paused moves the properties linearly
    /// (`true`, the default) or along the timing curve (`false`; for springs, along the spring's
    /// progress without initial velocity). Mirrors `UIViewPropertyAnimator.scrubsLinearly`.
    public var scrubsLinearly = true

    /// Whether the animator pauses at the end instead of finishing: it stays active (so it can
    /// be reversed or scrubbed) and does not call its completions until it is stopped and
    /// finished. Default `false`. Mirrors `UIViewPropertyAnimator.pausesOnCompletion`.
    public var pausesOnCompletion = false

    // MARK: State

    /// The animator's state. Mirrors `UIViewPropertyAnimator.state`.
    public var state: ViewAnimatingState {
        switch phase {
        case .inactive: .inactive
        case .running, .paused: .active
        case .stopped: .stopped
        }
    }

    /// Whether the animations are running: active and not paused. Mirrors
    /// `UIViewPropertyAnimator.isRunning`.
    public var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    /// Whether the animations run back to their start values. Default `false`. Mirrors
    /// `UIViewPropertyAnimator.isReversed`.
    ///
    /// Changing it while running reverses at once without a jump (see the type's discussion);
    /// while inactive or paused it takes effect when the animations start or resume; while
    /// stopped, or while a non-interruptible animator runs, it is ignored. An animator started
    /// reversed from the beginning has nothing to play and finishes at ``ViewAnimatingPosition/start``
    /// on the next turn (after its start delay, if any). It returns to `false` when the animator
    /// becomes inactive.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            switch phase {
            case .inactive, .paused:
                reversed = newValue
            case .running(let segment):
                guard interruptible else { return }
                reversed = newValue
                reverseRunning(segment)
            case .stopped:
                return
            }
        }
    }

    /// How far the animations have come: 0 at the start, 1 at the end. Mirrors
    /// `UIViewPropertyAnimator.fractionComplete`.
    ///
    /// While running it moves linearly in time (before any curve): for curves and damping-ratio
    /// springs over the remaining duration, for other springs over their settling time. Setting
    /// it while paused scrubs the animations to that fraction (see ``scrubsLinearly``); setting
    /// it while inactive runs the animation blocks and pauses there. Values outside `[0, 1]` are
    /// clamped; NaN, and setting it while running or stopped, are ignored (as UIKit ignores the
    /// latter). Inactive animators answer 0.
    public var fractionComplete: Double {
        get {
            switch phase {
            case .inactive: 0
            case .running(let segment): segment.fraction(at: currentTime)
            case .paused(let fraction, _): fraction
            case .stopped(let fraction): fraction
            }
        }
        set {
            guard newValue.isFinite else { return }
            let f = min(max(newValue, 0), 1)
            switch phase {
            case .inactive:
                activate()
                scrub(to: f)
            case .paused:
                scrub(to: f)
            case .running, .stopped:
                return
            }
        }
    }

    // MARK: Storage

    var timing: Timing
    var phase: Phase = .inactive
    var tracks: [AnimatorTrack] = []
    private var reversed = false
    private var interruptible = true
    private var userInteractionEnabled = true
    /// Lay out the views a block changed inside the block (`ViewAnimationOptions.layoutSubviews`).
    var layoutsSubviews = false
    private var pendingBlocks: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    private var blockedViews: [View] = []
    private var segmentCount = 0

    // MARK: Creating an animator

    /// An inactive animator of `duration` seconds with `parameters` as its timing. Mirrors
    /// `UIViewPropertyAnimator(duration:timingParameters:)`.
    ///
    /// - Parameters:
    ///   - duration: seconds; values that are not finite and ≥ 0 read as 0 (the changes then
    ///     happen at once when the animator starts, and it finishes on the next turn). Springs
    ///     described by mass, stiffness and damping, or by duration and bounce, ignore it (see
    ///     ``duration``).
    ///   - parameters: a ``CubicTimingParameters``, a ``SpringTimingParameters`` or your own
    ///     provider.
    public init(duration: Double, timingParameters parameters: any TimingCurveProvider) {
        let d = duration.isFinite && duration > 0 ? duration : 0
        let timing = Self.resolve(parameters)
        self.timingParameters = parameters
        self.timing = timing
        if case .spring(let spring) = timing, spring.hasOwnDuration {
            self.duration = spring.makeSpring(duration: d).runningTime
        } else {
            self.duration = d
        }
    }

    /// An inactive animator with one of the standard curves and, optionally, a first animation
    /// block. Mirrors `UIViewPropertyAnimator(duration:curve:animations:)`.
    public convenience init(duration: Double, curve: ViewAnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An inactive animator with a custom cubic Bézier (control points in unit coordinates; see
    /// ``CubicTimingParameters/init(controlPoint1:controlPoint2:)`` for the clamping). Mirrors
    /// `UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:animations:)`.
    public convenience init(
        duration: Double, controlPoint1 point1: Point, controlPoint2 point2: Point, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An inactive animator with a spring of damping ratio `ratio` that settles in `duration`
    /// seconds. Mirrors `UIViewPropertyAnimator(duration:dampingRatio:animations:)`.
    public convenience init(duration: Double, dampingRatio ratio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: SpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates an animator with a standard curve and starts it at once (after `delay` seconds).
    /// Mirrors `UIViewPropertyAnimator.runningPropertyAnimator(withDuration:delay:options:animations:completion:)`.
    ///
    /// From `options` Kinema takes the curve, ``ViewAnimationOptions/allowUserInteraction``
    /// (without it the animated views do not take touches while the animator is active) and
    /// ``ViewAnimationOptions/layoutSubviews``; repeat, autoreverse and transition options are
    /// ignored, as UIKit documents. An animation block that changes no view in a window leaves
    /// no clock to wait for: the animator then finishes at once and `completion` runs before this
    /// method returns.
    public static func runningPropertyAnimator(
        withDuration duration: Double, delay: Double, options: ViewAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((ViewAnimatingPosition) -> Void)? = nil
    ) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        animator.userInteractionEnabled = options.contains(.allowUserInteraction)
        animator.layoutsSubviews = options.contains(.layoutSubviews)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    deinit {
        // UIKit treats releasing an active or stopped animator as an error; Kinema removes its
        // animations, so the views show their model values.
        for track in tracks { track.removeAnimations() }
        for view in blockedViews { view.interactionBlockingAnimations -= 1 }
    }

    static func resolve(_ provider: any TimingCurveProvider) -> Timing {
        switch provider.timingCurveType {
        case .builtin, .cubic:
            return .curve((provider.cubicTimingParameters ?? CubicTimingParameters()).timingFunction)
        case .spring, .composed:
            if let spring = provider.springTimingParameters { return .spring(spring) }
            if provider.timingCurveType == .composed, let cubic = provider.cubicTimingParameters {
                return .curve(cubic.timingFunction)
            }
            return .spring(SpringTimingParameters())
        }
    }

    // MARK: Animations and completions

    /// Adds an animation block. Mirrors `UIViewPropertyAnimator.addAnimations(_:)`.
    ///
    /// While inactive the block is kept and runs when the animator starts, over the whole
    /// duration. While active it runs at once: its changes start from the current model values
    /// and run over the remaining time with the animator's timing (while paused they wait; while
    /// running reversed they hold their old values, as they have no start to return to). Ignored
    /// while stopped.
    public func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds an animation block that starts after `delayFactor` times the remaining duration.
    /// Mirrors `UIViewPropertyAnimator.addAnimations(_:delayFactor:)`.
    ///
    /// - Parameters:
    ///   - animation: the property changes to animate.
    ///   - delayFactor: 0 to 1 (clamped; NaN reads as 0). On an inactive animator of 2 s, 0.5
    ///     starts the block's changes at 1 s; on one with 1 s to go, at 0.5 s from now. Delayed
    ///     changes end with the others.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double) {
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        switch phase {
        case .inactive:
            pendingBlocks.append((animation, factor))
        case .stopped:
            return
        case .paused(let fraction, _):
            let added = capture(animation, startFraction: fraction + factor * (1 - fraction))
            blockInteraction(for: added)
            for track in added {
                track.install([.constant(track.start, at: currentTime)])
                track.curveTime = curveOfTiming.map { ($0, 0) }
            }
            phase = .paused(fraction: fraction, resume: nil)
        case .running(let segment):
            let now = currentTime
            let fraction = segment.fraction(at: now)
            let added = capture(animation, startFraction: fraction + factor * (1 - fraction))
            blockInteraction(for: added)
            extendRunning(segment, with: added, fraction: fraction, now: now)
        }
    }

    /// Adds a completion, called once with the position the animations ended at: on the run-loop
    /// turn after they run to the end (``ViewAnimatingPosition/end``, or
    /// ``ViewAnimatingPosition/start`` when reversed), or from ``finishAnimation(at:)``. Not
    /// called after `stopAnimation(true)`, nor while ``pausesOnCompletion`` holds the animator.
    /// Mirrors `UIViewPropertyAnimator.addCompletion(_:)`.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Controlling the animations

    /// Starts the animations, or resumes them when paused. Mirrors
    /// `UIViewPropertyAnimator.startAnimation()`.
    ///
    /// Inactive: runs the animation blocks and animates their changes over ``duration``. Paused:
    /// resumes from where the properties show (exactly where they stopped, velocity included,
    /// unless the animator was scrubbed or reversed meanwhile; then a new motion over the
    /// remaining fraction of the duration). Running: nothing. Stopped: ignored (UIKit raises).
    public func startAnimation() {
        switch phase {
        case .inactive:
            begin(afterDelay: 0)
        case .paused(let fraction, let resume):
            resumeMotion(fraction: fraction, resume: resume, durationFactor: 0, timingChanged: false)
        case .running, .stopped:
            return
        }
    }

    /// Starts an inactive animator after `delay` seconds (negative or NaN read as 0); the old
    /// values show until then. Only for inactive animators: in other states Kinema ignores the
    /// call. Mirrors `UIViewPropertyAnimator.startAnimation(afterDelay:)`.
    public func startAnimation(afterDelay delay: Double) {
        guard case .inactive = phase else { return }
        begin(afterDelay: delay.isFinite && delay > 0 ? delay : 0)
    }

    /// Pauses the animations where they show. Mirrors `UIViewPropertyAnimator.pauseAnimation()`.
    ///
    /// Inactive: runs the animation blocks and holds their changes at the start (fraction 0).
    /// Running: freezes every property where it shows. Paused: nothing. Stopped, or running while
    /// not ``isInterruptible``: ignored (UIKit raises).
    public func pauseAnimation() {
        switch phase {
        case .inactive:
            activate()
            for track in tracks {
                track.install([.constant(track.start, at: currentTime)])
                track.curveTime = curveOfTiming.map { ($0, 0) }
            }
            phase = .paused(fraction: 0, resume: nil)
        case .running(let segment):
            guard interruptible else { return }
            freeze(segment)
        case .paused, .stopped:
            return
        }
    }

    /// Stops the animations where they show: the model takes the values on screen and the
    /// animations are removed. Mirrors `UIViewPropertyAnimator.stopAnimation(_:)`.
    ///
    /// With `withoutFinishing` `true` the animator becomes inactive and its completions are
    /// dropped; with `false` it becomes ``ViewAnimatingState/stopped`` and waits for
    /// ``finishAnimation(at:)``. Ignored while inactive or stopped, and while running if not
    /// ``isInterruptible`` (UIKit raises).
    public func stopAnimation(_ withoutFinishing: Bool) {
        let fraction: Double
        switch phase {
        case .running(let segment):
            guard interruptible else { return }
            fraction = segment.fraction(at: currentTime)
        case .paused(let f, _):
            fraction = f
        case .inactive, .stopped:
            return
        }
        setModel(to: .current)
        for track in tracks { track.clear() }
        unblockInteraction()
        if withoutFinishing {
            reset()
        } else {
            phase = .stopped(fraction: fraction)
        }
    }

    /// Finishes a stopped animator: sets the model to the end values, the start values, or leaves
    /// the current ones, then calls the completions with `finalPosition` (before returning) and
    /// becomes inactive. Only after `stopAnimation(false)`: in other states the call is ignored
    /// (UIKit raises). Mirrors `UIViewPropertyAnimator.finishAnimation(at:)`.
    public func finishAnimation(at finalPosition: ViewAnimatingPosition) {
        guard case .stopped = phase else { return }
        finish(at: finalPosition, settingModel: finalPosition != .current, completionsNow: true)
    }

    /// Resumes a paused (or running) animator with new timing and remaining duration. Mirrors
    /// `UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:)`.
    ///
    /// The motion starts from where each property shows, towards the end (or the start when
    /// reversed):
    ///
    /// - `parameters` `nil` keeps the current timing; with `durationFactor` 0 this is
    ///   ``startAnimation()``.
    /// - ``CubicTimingParameters`` run the new curve from its start over the remaining time (the
    ///   same curve continues from where it stood).
    /// - ``SpringTimingParameters`` start each axis at its ``SpringTimingParameters/initialVelocity``
    ///   times the distance it still has to go (an axis with no distance left gets no velocity).
    ///
    /// - Parameters:
    ///   - parameters: the timing for the rest of the motion.
    ///   - durationFactor: the remaining time in units of the original ``duration`` (0.5 with a
    ///     2 s animator: 1 s to go). 0, negative or not finite: the remaining fraction of the
    ///     duration, `(1 − fractionComplete) · duration` (`fractionComplete · duration` when
    ///     reversed). Springs with their own duration ignore it.
    ///
    /// A running animator is paused first (Kinema addition: UIKit documents the method for paused
    /// animators). Inactive or stopped animators, and running non-interruptible ones, ignore it.
    /// The new timing also applies to blocks added later; ``timingParameters`` keeps the original.
    public func continueAnimation(withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: Double) {
        let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 0
        switch phase {
        case .running(let segment):
            guard interruptible else { return }
            freeze(segment)
        case .paused:
            break
        case .inactive, .stopped:
            return
        }
        guard case .paused(let fraction, let resume) = phase else { return }
        if let parameters { timing = Self.resolve(parameters) }
        resumeMotion(fraction: fraction, resume: resume, durationFactor: factor, timingChanged: parameters != nil)
    }

    // MARK: Internals

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

    private func nextSegmentID() -> Int {
        segmentCount += 1
        return segmentCount
    }

    /// Runs the pending blocks (first start, pause or scrub) and blocks touches if asked.
    private func activate() {
        let blocks = pendingBlocks
        pendingBlocks = []
        for block in blocks {
            _ = capture(block.animations, startFraction: block.delayFactor)
        }
        blockInteraction(for: tracks)
    }

    /// Runs `animations` recording its changes; returns the new tracks (changes of one property
    /// merged into one track from the first old value to the last new one).
    private func capture(_ animations: () -> Void, startFraction: Double) -> [AnimatorTrack] {
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

    private func blockInteraction(for newTracks: [AnimatorTrack]) {
        guard !userInteractionEnabled else { return }
        for track in newTracks where !blockedViews.contains(where: { $0 === track.view }) {
            track.view.interactionBlockingAnimations += 1
            blockedViews.append(track.view)
        }
    }

    private func unblockInteraction() {
        for view in blockedViews { view.interactionBlockingAnimations -= 1 }
        blockedViews = []
    }

    /// Starts an inactive animator.
    private func begin(afterDelay delay: Double) {
        self.delay = delay
        activate()
        guard let context else {
            finishWithoutClock()
            return
        }
        let now = context.currentTime
        startSegment(
            fraction: 0, remaining: reversed ? 0 : duration, start: now + delay, now: now, keepsVelocity: false, retraces: false)
    }

    /// No view of the animator is in a context: nothing can animate or wait.
    private func finishWithoutClock() {
        let position: ViewAnimatingPosition = reversed ? .start : .end
        finish(at: position, settingModel: position == .start, completionsNow: true)
    }

    /// Freezes a running animator where it shows.
    private func freeze(_ segment: Segment) {
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
    private func resumeMotion(fraction: Double, resume: Resume?, durationFactor: Double, timingChanged: Bool) {
        guard let context else {
            finishWithoutClock()
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
    private func reverseRunning(_ segment: Segment) {
        let now = currentTime
        let fraction = segment.fraction(at: now)
        if let curve = curveOfTiming {
            for track in tracks { track.curveTime = track.forwardCurveTime(on: curve, at: now).map { (curve, $0) } }
        }
        let remaining = (reversed ? fraction : 1 - fraction) * duration
        startSegment(fraction: fraction, remaining: remaining, start: now, now: now, keepsVelocity: true, retraces: true)
    }

    /// Scrubs a paused animator to fraction `f`.
    private func scrub(to f: Double) {
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
    private func timingProgress(_ g: Double, of track: AnimatorTrack) -> Double {
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
            finishWithoutClock()
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
    private func extendRunning(_ segment: Segment, with added: [AnimatorTrack], fraction: Double, now: Double) {
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
    private func installClock(for segment: Segment, in context: LayerContext) {
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
    private func finish(at position: ViewAnimatingPosition, settingModel: Bool, completionsNow: Bool) {
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
    private func reset() {
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
    private func setModel(to position: ViewAnimatingPosition) {
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

/// The delegate of a segment's clock animation: reports the segment's end to the animator (which
/// it keeps alive while the segment runs, as UIKit keeps running animators alive).
final class SegmentClock: AnimationDelegate {
    let animator: ViewPropertyAnimator
    let id: Int

    init(animator: ViewPropertyAnimator, id: Int) {
        self.animator = animator
        self.id = id
    }

    func animationDidStop(_ animation: AnyAnimation, finished: Bool) {
        animator.segmentDidEnd(id)
    }
}
