import KinemaTiming

/// One animation attached to a layer, with its bookkeeping. Frames read only its evaluator,
/// which the layer also keeps in ``Layer/evaluators``.
final class AnimationEntry {
    /// The prepared form evaluated every frame.
    private(set) var evaluator: AnimationEvaluator
    /// `false` while `beginTime` waits to be set to the layer's time when it is first attached.
    private(set) var isBeginResolved: Bool
    let key: String?
    /// The animation as added (after the add-time defaults), in an array of one. Stored inline
    /// instead, it saved 150 bytes per layer of the 10,000-layer benchmark, but the benchmark ran
    /// 20 % slower, most likely because the evaluators a frame reads were allocated further apart.
    private var stored: [AnyAnimation]
    /// The animation as added (after the add-time defaults), what `animation(forKey:)` returns.
    var animation: AnyAnimation { stored[0] }
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
        self.stored = [animation]
        self.evaluator = AnimationEvaluator.make(animation)
        self.isBeginResolved = isBeginResolved
        self.transitionOldStorage = transitionOld.map { [$0] } ?? []
    }

    /// Sets `beginTime` of an animation added with 0 to `time` (layer time, seconds) plus the
    /// entry's begin offset.
    func resolveBegin(at time: Double) {
        stored[0].timing.beginTime = time + beginOffset
        evaluator = AnimationEvaluator.make(stored[0])
        isBeginResolved = true
    }
}
