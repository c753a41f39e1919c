import KinemaTiming

/// One animation attached to a layer, with its bookkeeping. Frames read only the layer's
/// ``Layer/program``, compiled from the entries.
final class AnimationEntry {
    /// `false` while `beginTime` waits to be set to the layer's time when it is first attached.
    private(set) var isBeginResolved: Bool
    let key: String?
    /// The animation as added (after the add-time defaults), what `animation(forKey:)` returns.
    private(set) var animation: AnyAnimation
    var didStart = false
    var didStop = false
    var completionGroups: [CompletionGroup] = []
    /// The subtree before the transaction that added a transition.
    var transitionOld: RenderNode? { transitionOldStorage.first }
    /// Boxed (empty or one node), so that entries without a transition stay small.
    private let transitionOldStorage: [RenderNode]

    /// Seconds added to the layer time at which a pending `beginTime` is resolved (a UIKit
    /// delay on a layer that was not attached when the animation was added).
    private let beginOffset: Double

    init(key: String?, animation: AnyAnimation, isBeginResolved: Bool, beginOffset: Double = 0, transitionOld: RenderNode?) {
        self.key = key
        self.beginOffset = beginOffset
        self.animation = animation
        self.isBeginResolved = isBeginResolved
        self.transitionOldStorage = transitionOld.map { [$0] } ?? []
    }

    /// Sets `beginTime` of an animation added with 0 to `time` (layer time, seconds) plus the
    /// entry's begin offset.
    func resolveBegin(at time: Double) {
        animation.timing.beginTime = time + beginOffset
        isBeginResolved = true
    }
}
