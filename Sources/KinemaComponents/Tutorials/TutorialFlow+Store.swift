import KinemaUI

extension TutorialFlow {
    /// Starts the flow if `store` allows `tutorial` at `time` (the caller's seconds), recording
    /// the display first. Answers whether the flow started: `false` when the flow is not idle or
    /// the store says no (already completed or closed, shown its maximum number of times, or
    /// within the display frequency). Mirrors showing a TipKit tip only while it is eligible.
    ///
    /// Call ``TutorialStore/recordFinish(_:skipped:at:)`` from the flow's ``completion`` so the
    /// tutorial is not offered again.
    @discardableResult
    public func start(recordingIn store: TutorialStore, as tutorial: TutorialItem, at time: Double) throws(TutorialStoreError) -> Bool {
        guard state == .idle, store.shouldDisplay(tutorial, at: time) else { return false }
        try store.recordDisplay(tutorial, at: time)
        return start()
    }
}

extension TutorialStore {
    /// Records that the tutorial (or tip) `item` finished at `time`: ends its display period and
    /// invalidates it, with ``TutorialInvalidationReason/closed`` when the person skipped and
    /// ``TutorialInvalidationReason/actionPerformed`` when they went through it. Writes the file.
    public func recordFinish(_ item: TutorialItem, skipped: Bool, at time: Double) throws(TutorialStoreError) {
        try recordDisplayEnded(item, at: time)
        try invalidate(item, reason: skipped ? .closed : .actionPerformed)
    }
}
