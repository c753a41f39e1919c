import KinemaTiming

/// Runs several animations together in its own time space. Mirrors `CAAnimationGroup`.
///
/// Children run concurrently in the group's time (the group's eased basic time); their durations
/// are not scaled, they are clipped to the group's active duration. A child's delegate and
/// `isRemovedOnCompletion` are ignored, as Apple documents. A child with duration 0 takes the
/// group's duration (Kinema's choice; Apple's is unspecified).
public struct AnimationGroup: Animation {
    public var timing = MediaTimingParameters()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: (any AnimationDelegate)?
    /// The animations in the group. Default empty.
    public var animations: [AnyAnimation] = []

    /// An empty group.
    public init() {}

    /// A group of `animations`.
    public init(_ animations: [any Animation]) {
        self.animations = animations.map(\.erased)
    }

    public var erased: AnyAnimation { .group(self) }
}
