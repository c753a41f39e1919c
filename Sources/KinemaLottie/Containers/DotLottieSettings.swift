/// How a dotLottie file asks for its animation to be played: the playback fields of the
/// animation's entry in `manifest.json` (dotlottie.io's structure page). Fields the manifest leaves
/// out keep their defaults; version 2 manifests keep playback in state machines instead, so theirs
/// are all defaults.
///
/// lottie-ios's `DotLottieFile` maps them onto its player: a bounce mode plays forwards then
/// backwards forever (`.autoReverse`), otherwise `loop` chooses `.loop` or `.playOnce`, and the
/// speed is ``speed`` × ``direction`` (``signedSpeed``).
public struct DotLottieSettings: Hashable, Sendable {
    /// How each pass of the animation runs.
    public enum PlayMode: String, Hashable, Sendable {
        /// From start to end (then again from the start when looping).
        case normal
        /// From start to end, then back from end to start.
        case bounce
    }

    /// The animation's `id` in the manifest, which names its JSON file. No default: every
    /// animation has one.
    public var animationID: String
    /// The playback rate (`speed`), 1 being the file's own frame rate. Default 1.
    public var speed: Double
    /// Whether playback repeats (`loop`). Default `false`. Some tools write a loop count instead;
    /// a positive count reads as `true`.
    public var loop: Bool
    /// 1 to play forwards, −1 backwards (`direction`). Default 1.
    public var direction: Int
    /// Normal or bounce (`playMode`, or `mode` as lottie-ios's manifest model names it).
    /// Default ``PlayMode/normal``.
    public var playMode: PlayMode
    /// Whether playback starts as soon as the animation is shown (`autoplay`). Default `false`.
    public var autoplay: Bool

    public init(
        animationID: String, speed: Double = 1, loop: Bool = false, direction: Int = 1, playMode: PlayMode = .normal, autoplay: Bool = false
    ) {
        self.animationID = animationID
        self.speed = speed
        self.loop = loop
        self.direction = direction
        self.playMode = playMode
        self.autoplay = autoplay
    }

    /// ``speed`` × ``direction``: negative plays backwards (lottie-ios's `animationSpeed`).
    public var signedSpeed: Double { speed * Double(direction) }
}
