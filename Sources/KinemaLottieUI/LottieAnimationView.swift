import KinemaGeometry
import KinemaLayers
import KinemaLottie
import KinemaUI

/// A view that plays a ``LottieAnimation``. Mirrors lottie-ios's `LottieAnimationView`.
///
/// ```swift
/// let spinner = LottieAnimationView(animation: try LottieAnimation(contentsOf: url))
/// spinner.frame = Rect(x: 0, y: 0, width: 64, height: 64)
/// spinner.loopMode = .loop
/// spinner.play()
/// ```
///
/// The animation is scaled into the view's bounds by ``View/contentMode`` (default
/// `scaleAspectFit`, as lottie-ios). Playing follows the window's clock: once per window frame
/// the view shows the frame its play has reached (as lottie-ios's main-thread engine does with a
/// display link), so a window advanced to a time shows the same frame however it got there.
/// Without a window the view stays on its current frame.
open class LottieAnimationView: View {
    /// The animation shown, or `nil`. Setting it shows its first frame and stops any play.
    public var animation: LottieAnimation? {
        didSet { animationDidChange() }
    }
    /// How ``play(completion:)`` repeats. Default ``LottieLoopMode/playOnce``. Setting it
    /// changes a play under way too, as in lottie-ios.
    public var loopMode: LottieLoopMode = .playOnce {
        didSet { playback?.loopMode = loopMode }
    }
    /// Playback speed: 1 is the file's frame rate; negative plays backwards. Default 1. A play
    /// under way goes on from its current frame at the new speed (its direction is kept).
    public var animationSpeed: Double = 1 {
        didSet { speedDidChange() }
    }

    /// The layer the animation's tree is in: scaled into the bounds, its time stopped at the
    /// frame shown.
    private let player = Layer()
    private var content: Layer?
    private var shownFrame: Double = 0
    private var playback: Playback?
    private var link: DisplayLink?

    /// One call to `play`: the range, its loop mode and speed, when it started (window time,
    /// `nil` until the first window frame), and its completion.
    private struct Playback {
        var from: Double
        var to: Double
        var loopMode: LottieLoopMode
        var speed: Double
        var start: Double?
        /// Ranges already covered when the play began (a play of the whole animation from a
        /// frame inside it starts there; its later loops cover the whole range).
        var offset: Double
        var completion: ((Bool) -> Void)?
    }

    /// A view showing `animation`'s first frame, sized to it.
    public convenience init(animation: LottieAnimation?) {
        self.init(frame: Rect(origin: .zero, size: animation?.size ?? .zero))
        self.animation = animation
        animationDidChange()
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        contentMode = .scaleAspectFit
        player.anchorPoint = .zero
        player.speed = 0
        try? layer.addSublayer(player)
    }

    /// Whether a play is under way. Mirrors `isAnimationPlaying`.
    public var isAnimationPlaying: Bool { playback != nil }

    /// The frame shown (composition frames). Setting it stops any play there. Mirrors
    /// `currentFrame`.
    public var currentFrame: Double {
        get { shownFrame }
        set {
            finishPlayback(completed: false)
            show(frame: newValue)
        }
    }

    /// The frame shown as a fraction from the start (0) to the end frame (1). Setting it stops
    /// any play there. Mirrors `currentProgress`.
    public var currentProgress: Double {
        get { animation.map { $0.progressTime(forFrame: shownFrame) } ?? 0 }
        set { currentFrame = animation?.frameTime(forProgress: newValue) ?? 0 }
    }

    /// The time of the frame shown, seconds from the start frame. Setting it stops any play
    /// there. Mirrors `currentTime`.
    public var currentTime: Double {
        get { animation.map { $0.time(forFrame: shownFrame) } ?? 0 }
        set { currentFrame = animation?.frameTime(forTime: newValue) ?? 0 }
    }

    /// Plays the whole animation from the current frame's place in it, with ``loopMode``.
    /// Mirrors `play(completion:)`: the completion hears `true` when a finite play ends, `false`
    /// when it is paused, stopped or replaced.
    public func play(completion: ((Bool) -> Void)? = nil) {
        guard let animation else { return }
        let inside = (animation.startFrame...animation.endFrame).contains(shownFrame)
        begin(
            from: animation.startFrame, to: animation.endFrame, at: inside ? shownFrame : nil, loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromProgress` (`nil`: the current frame) to `toProgress`, both fractions of
    /// the animation. Mirrors `play(fromProgress:toProgress:loopMode:completion:)`.
    public func play(
        fromProgress: Double? = nil, toProgress: Double, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil
    ) {
        guard let animation else { return }
        play(
            fromFrame: fromProgress.map(animation.frameTime(forProgress:)), toFrame: animation.frameTime(forProgress: toProgress),
            loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromFrame` (`nil`: the current frame) to `toFrame`. Mirrors
    /// `play(fromFrame:toFrame:loopMode:completion:)`.
    public func play(fromFrame: Double? = nil, toFrame: Double, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil) {
        guard animation != nil, toFrame.isFinite, fromFrame?.isFinite ?? true else { return }
        let from = fromFrame ?? shownFrame
        begin(from: from, to: toFrame, at: nil, loopMode: loopMode ?? self.loopMode, completion: completion)
    }

    /// Plays from one marker to another (`nil`: from the current frame). Mirrors
    /// `play(fromMarker:toMarker:loopMode:completion:)`; an unknown marker plays nothing.
    public func play(fromMarker: String? = nil, toMarker: String, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil) {
        guard let animation, let to = animation.markers.first(where: { $0.name == toMarker }) else { return }
        var from: Double?
        if let fromMarker {
            guard let marker = animation.markers.first(where: { $0.name == fromMarker }) else { return }
            from = marker.frame
        }
        play(fromFrame: from, toFrame: to.frame, loopMode: loopMode, completion: completion)
    }

    /// Stops at the current frame. Mirrors `pause()`.
    public func pause() {
        finishPlayback(completed: false)
    }

    /// Stops and goes back to the start frame. Mirrors `stop()`.
    public func stop() {
        finishPlayback(completed: false)
        show(frame: animation?.startFrame ?? 0)
    }

    open override var intrinsicContentSize: Size {
        animation?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size { animation?.size ?? .zero }

    open override func layoutSubviews() {
        super.layoutSubviews()
        fitPlayer()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        updateLink()
    }

    // MARK: Playing

    /// Plays the range `from`…`to`, starting at frame `current` inside it when given.
    private func begin(from: Double, to: Double, at current: Double?, loopMode: LottieLoopMode, completion: ((Bool) -> Void)?) {
        finishPlayback(completed: false)
        // A negative speed plays the range backwards, as lottie-ios swaps its ends.
        var (a, b) = (from, to)
        if animationSpeed < 0 { (a, b) = (b, a) }
        let offset = current.map { b != a ? min(max(($0 - a) / (b - a), 0), 1) : 0 } ?? 0
        show(frame: a + (b - a) * offset)
        guard animationSpeed.isFinite, animationSpeed != 0 else { return }
        playback = Playback(
            from: a, to: b, loopMode: loopMode, speed: abs(animationSpeed), start: window?.currentTime, offset: offset,
            completion: completion)
        updateLink()
    }

    /// Ranges of the play covered at window time `now`.
    private func ranges(of play: Playback, at now: Double) -> Double {
        guard let animation else { return 0 }
        let span = abs(play.to - play.from)
        let frames = (now - (play.start ?? now)) * animation.framerate * play.speed
        return span > 0 ? play.offset + frames / span : .infinity
    }

    private func speedDidChange() {
        guard var play = playback else { return }
        let speed = animationSpeed.isFinite ? abs(animationSpeed) : 0
        if let now = window?.currentTime, play.start != nil {
            play.offset = ranges(of: play, at: now)
            play.start = now
        }
        play.speed = speed
        playback = play
    }

    /// Called once per window frame while playing.
    private func step(_ link: DisplayLink) {
        guard var play = playback, animation != nil else { return }
        if play.start == nil {
            play.start = link.timestamp
            playback = play
        }
        let (fraction, finished) = play.loopMode.position(afterRanges: ranges(of: play, at: link.timestamp))
        show(frame: play.from + (play.to - play.from) * fraction)
        if finished { finishPlayback(completed: true) }
    }

    private func finishPlayback(completed: Bool) {
        guard let play = playback else { return }
        playback = nil
        updateLink()
        play.completion?(completed)
    }

    private func updateLink() {
        // A play asked for before the view was in a window starts when it joins one.
        if playback?.start == nil, let window { playback?.start = window.currentTime }
        if playback != nil, let window {
            if link == nil {
                let link = DisplayLink(target: self, action: LottieAnimationView.step)
                link.add(to: window)
                self.link = link
            }
        } else {
            link?.invalidate()
            link = nil
        }
    }

    // MARK: Showing

    private func animationDidChange() {
        finishPlayback(completed: false)
        content?.removeFromSuperlayer()
        content = nil
        guard let animation else { return }
        let root = animation.makeLayer()
        try? player.addSublayer(root)
        content = root
        player.bounds = animation.bounds
        show(frame: animation.startFrame)
        fitPlayer()
        invalidateIntrinsicContentSizeIfAvailable()
    }

    private func show(frame: Double) {
        guard frame.isFinite else { return }
        shownFrame = frame
        player.timeOffset = animation?.time(forFrame: frame) ?? 0
    }

    /// Places the animation in the bounds by ``View/contentMode``.
    private func fitPlayer() {
        guard let size = animation?.size, size.width > 0, size.height > 0 else { return }
        let b = bounds
        var sx = b.width / size.width, sy = b.height / size.height
        switch contentMode {
        case .scaleAspectFit: sx = min(sx, sy); sy = sx
        case .scaleAspectFill: sx = max(sx, sy); sy = sx
        case .scaleToFill, .redraw: break
        default: (sx, sy) = (1, 1)
        }
        let w = size.width * sx, h = size.height * sy
        var x = b.minX + (b.width - w) / 2, y = b.minY + (b.height - h) / 2
        switch contentMode {
        case .top, .topLeft, .topRight: y = b.minY
        case .bottom, .bottomLeft, .bottomRight: y = b.maxY - h
        default: break
        }
        switch contentMode {
        case .left, .topLeft, .bottomLeft: x = b.minX
        case .right, .topRight, .bottomRight: x = b.maxX - w
        default: break
        }
        let context = layer.layerContext
        let wasDisabled = context?.transaction.disableActions ?? false
        context?.transaction.disableActions = true
        player.position = Point(x: x, y: y)
        player.transform = .makeScale(sx, sy, 1)
        context?.transaction.disableActions = wasDisabled
    }

    private func invalidateIntrinsicContentSizeIfAvailable() {
        setNeedsLayout()
    }
}
