import KinemaTiming

/// Animates a change to a whole layer subtree with a visual effect. Mirrors `CATransition`.
///
/// When a transition is added (always under the key `"transition"`), the layer's subtree as it
/// was before the current transaction's changes is captured as the *old* image; while the
/// transition is active the renderer composites old and new according to ``type`` and
/// ``subtype`` at progress `q = startProgress + (endProgress − startProgress)·F(f)`.
public struct Transition: Animation {
    public var timing = MediaTimingParameters()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: (any AnimationDelegate)?
    /// The effect. Default ``TransitionType/fade``.
    public var type: TransitionType = .fade
    /// The direction for `moveIn`, `push` and `reveal`. Default `nil` (from the left, for those).
    public var subtype: TransitionSubtype?
    /// Where in the effect to start, in `[0, 1]`. Default 0. Stored as set; clamped when evaluated.
    public var startProgress: Double = 0
    /// Where in the effect to end, in `[0, 1]`, not below `startProgress`. Default 1.
    public var endProgress: Double = 1

    /// A fade transition with default timing.
    public init() {}

    /// A transition of `type` from `subtype`.
    public init(type: TransitionType, subtype: TransitionSubtype? = nil) {
        self.type = type
        self.subtype = subtype
    }

    public var erased: AnyAnimation { .transition(self) }

    /// The transition's progress for an eased fraction `f`, with `startProgress` and `endProgress`
    /// clamped to `[0, 1]` and an end below the start treated as the start.
    public func progress(easedFraction f: Double) -> Double {
        let s = min(max(startProgress, 0), 1)
        let e = max(min(max(endProgress, 0), 1), s)
        return s + (e - s) * f
    }
}

/// Transition effects. Mirrors `CATransitionType`.
public enum TransitionType: String, Hashable, Sendable, CaseIterable {
    /// Cross-dissolve: old fades out as new fades in.
    case fade
    /// New content slides in over the old.
    case moveIn
    /// New content pushes the old out.
    case push
    /// Old content slides away, revealing the new underneath.
    case reveal
}

/// Transition directions. Mirrors `CATransitionSubtype`.
///
/// `fromTop` enters from the layer's maximum-y edge, as Core Animation names edges in its own
/// y-up terms; on an iOS (y-down) screen that is the bottom edge. `fromBottom` is the opposite.
public enum TransitionSubtype: String, Hashable, Sendable, CaseIterable {
    case fromRight, fromLeft, fromTop, fromBottom

    /// The direction the content moves, as a unit vector in layer coordinates.
    public var direction: (dx: Double, dy: Double) {
        switch self {
        case .fromRight: (-1, 0)
        case .fromLeft: (1, 0)
        case .fromTop: (0, -1)
        case .fromBottom: (0, 1)
        }
    }
}
