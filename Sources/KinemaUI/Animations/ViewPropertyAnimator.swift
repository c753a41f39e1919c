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
///   reversing a running spring keeps the velocity (a spring retargeted in absolute units
///   from its position and velocity on screen);
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
    public internal(set) var delay: Double = 0

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
        return waitingForWindow != nil
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
                guard waitingForWindow == nil else { return }
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
    var reversed = false
    var interruptible = true
    var userInteractionEnabled = true
    /// Lay out the views a block changed inside the block (`ViewAnimationOptions.layoutSubviews`).
    var layoutsSubviews = false
    var pendingBlocks: [(animations: () -> Void, delayFactor: Double)] = []
    var completions: [(ViewAnimatingPosition) -> Void] = []
    var blockedViews: [View] = []
    var segmentCount = 0
    /// Started (or resumed) while none of its views was in a window: what to run when the first
    /// of them is attached. The animator counts as running meanwhile, held at where it was.
    var waitingForWindow: (() -> Void)?

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
        case .paused:
            waitingForWindow = nil
        case .stopped:
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
        waitingForWindow = nil
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
