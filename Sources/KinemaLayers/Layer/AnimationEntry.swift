import KinemaTiming

/// One animation attached to a layer, with its bookkeeping.
struct AnimationEntry {
    var key: String?
    var animation: AnyAnimation
    /// `false` while `beginTime` waits to be set to the layer's time when it is first attached.
    var isBeginResolved: Bool
    var didStart = false
    var didStop = false
    var completionGroups: [CompletionGroup] = []
    /// The subtree before the transaction that added a transition.
    var transitionOld: RenderNode?
}
