import KinemaTiming

extension Layer {
    /// The layer's local time for a parent time `t`: `(t − beginTime)·speed + timeOffset`.
    func localTime(fromParentTime t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// The parent time for a local time `t` (the inverse; with `speed == 0`, `t` unchanged).
    func parentTime(fromLocalTime t: Double) -> Double {
        speed == 0 ? t : (t - timeOffset) / speed + beginTime
    }

    /// The layer's local time at media time `t`, through every ancestor's timing.
    public func localTime(atMediaTime t: Double) -> Double {
        guard let parent = superlayerReference ?? maskOwnerReference else { return localTime(fromParentTime: t) }
        return localTime(fromParentTime: parent._withUnsafeGuaranteedRef { $0.localTime(atMediaTime: t) })
    }

    /// The media time at which the layer's local time is `t`.
    func mediaTime(fromLocalTime t: Double) -> Double {
        let p = parentTime(fromLocalTime: t)
        return (superlayer ?? maskOwner)?.mediaTime(fromLocalTime: p) ?? p
    }

    /// Converts `t` from `layer`'s time space (media time when `nil`) to this layer's.
    /// Mirrors `convertTime(_:from:)`.
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        let media = layer?.mediaTime(fromLocalTime: t) ?? t
        return localTime(atMediaTime: media)
    }

    /// Converts `t` from this layer's time space to `layer`'s (media time when `nil`).
    /// Mirrors `convertTime(_:to:)`.
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        let media = mediaTime(fromLocalTime: t)
        return layer?.localTime(atMediaTime: media) ?? media
    }

    /// Pauses the layer's time at the context's current time, as Apple's Technical Q&A QA1673:
    /// `timeOffset = convertTime(now, from: nil)`, `speed = 0`.
    public func pauseAnimations() {
        let now = context?.currentTime ?? 0
        let paused = convertTime(now, from: nil)
        speed = 0
        timeOffset = paused
    }

    /// Resumes a layer paused with ``pauseAnimations()``, as QA1673: local time continues from
    /// where it stopped.
    public func resumeAnimations() {
        let now = context?.currentTime ?? 0
        let paused = timeOffset
        speed = 1
        timeOffset = 0
        beginTime = 0
        beginTime = convertTime(now, from: nil) - paused
    }
}
