/// How many times, and which way, a `LottieAnimationView` (KinemaLottieUI) plays its range. Mirrors lottie-ios's
/// `LottieLoopMode`.
public enum LottieLoopMode: Hashable, Sendable {
    /// Once, then stop on the last frame (the default).
    case playOnce
    /// Forever, from the start again at each end.
    case loop
    /// Forever, forwards then backwards.
    case autoReverse
    /// The given number of times forwards, then stop on the last frame.
    case `repeat`(Float)
    /// The given number of forward-and-back cycles, then stop on the first frame.
    case repeatBackwards(Float)

    /// How many ranges one pass covers (2 when it comes back) and how many passes play
    /// (`nil`: forever).
    var shape: (rangesPerPass: Double, passes: Double?) {
        switch self {
        case .playOnce: (1, 1)
        case .loop: (1, nil)
        case .autoReverse: (2, nil)
        case .repeat(let n): (1, Double(max(0, n)))
        case .repeatBackwards(let n): (2, Double(max(0, n)))
        }
    }

    /// Where a play is, as a fraction of the range from its start (0) to its end (1), after
    /// `ranges` ranges' worth of time, and whether it has finished.
    package func position(afterRanges ranges: Double) -> (fraction: Double, finished: Bool) {
        let (perPass, passes) = shape
        let elapsed = max(0, ranges)
        if let passes, elapsed >= passes * perPass {
            // Finished: a forward play rests at the end, a play that comes back at the start.
            return (perPass == 2 ? 0 : 1, true)
        }
        let inPass = elapsed.truncatingRemainder(dividingBy: perPass)
        return (inPass <= 1 ? inPass : 2 - inPass, false)
    }
}
