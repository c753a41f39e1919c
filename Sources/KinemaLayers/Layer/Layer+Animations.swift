import KinemaTiming

extension Layer {
    /// Adds a copy of `animation` under `key`, replacing any animation with the same key (whose
    /// delegate hears `finished: false`). Mirrors `add(_:forKey:)`.
    ///
    /// As Core Animation does on add: a duration ≤ 0 becomes the transaction's
    /// `animationDuration` (0.25 s by default); a transaction `animationTimingFunction` replaces
    /// the animation's curve; a `beginTime` of 0 becomes the layer's current local time (for a
    /// layer not yet attached to a context, when it is attached); transitions are stored under
    /// `"transition"` whatever `key` says. A `nil` key never replaces anything.
    public func add(_ animation: some Animation, forKey key: String?) {
        add(animation.erased, forKey: key)
    }

    /// Adds a copy of an animation of any kind; with the same rules as the generic `add(_:forKey:)`.
    public func add(_ animation: AnyAnimation, forKey key: String?) {
        add(animation, forKey: key, beginOffset: 0)
    }

    /// Adds `animation` to begin `delay` seconds (layer time) from now: from the layer's current
    /// local time when it is attached to a context, or from the moment it is attached when it is
    /// not yet (where Core Animation would start an animation added to a layer that joins the
    /// render tree later). The animation's own `beginTime` is replaced. What UIKit's `delay` does.
    package func add(_ animation: AnyAnimation, forKey key: String?, beginningAfter delay: Double) {
        var erased = animation
        let delay = delay.isFinite && delay > 0 ? delay : 0
        if let context {
            erased.timing.beginTime = localTime(atMediaTime: context.currentTime) + delay
            add(erased, forKey: key, beginOffset: 0)
        } else {
            erased.timing.beginTime = 0
            add(erased, forKey: key, beginOffset: delay)
        }
    }

    private func add(_ animation: AnyAnimation, forKey key: String?, beginOffset: Double) {
        var erased = animation
        var key = key
        let transaction = context?.transaction
        if erased.timing.duration <= 0 || !erased.timing.duration.isFinite {
            erased.timing.duration = transaction?.animationDuration ?? 0.25
        }
        if let curve = transaction?.animationTimingFunction {
            erased.timingFunction = curve
        }
        var transitionOld: RenderNode?
        if case .transition = erased {
            key = Layer.transitionKey
            transitionOld = snapshotBeforeTransaction()
        }
        if let keyPath = erased.keyPath, let problem = problem(animating: keyPath) { report(problem) }
        if let key { removeAnimation(forKey: key) }
        var isBeginResolved = erased.timing.beginTime != 0
        if !isBeginResolved, let context {
            erased.timing.beginTime = localTime(atMediaTime: context.currentTime)
            isBeginResolved = true
        }
        let entry = AnimationEntry(
            key: key, animation: erased, isBeginResolved: isBeginResolved, beginOffset: beginOffset, transitionOld: transitionOld)
        if let context {
            context.transaction.ensureOpen()
            entry.completionGroups = context.transaction.registerAnimation()
        }
        entries.append(entry)
    }

    /// The keys of the attached animations, in the order they apply. Mirrors `animationKeys()`.
    /// Animations added with a `nil` key are not listed.
    public func animationKeys() -> [String] {
        entries.compactMap(\.key)
    }

    /// A copy of the animation under `key`. Mirrors `animation(forKey:)`.
    public func animation(forKey key: String) -> AnyAnimation? {
        entries.first { $0.key == key }?.animation
    }

    /// All attached animations in the order they apply, with their keys (`nil` for unkeyed ones).
    public var animations: [(key: String?, animation: AnyAnimation)] {
        entries.map { ($0.key, $0.animation) }
    }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return }
        let entry = entries.remove(at: index)
        endEarly(entry)
    }

    /// Removes every animation; their delegates hear `finished: false`.
    public func removeAllAnimations() {
        let removed = entries
        entries.removeAll()
        for entry in removed { endEarly(entry) }
    }

    private func endEarly(_ entry: AnimationEntry) {
        if !entry.didStop {
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
        }
        for group in entry.completionGroups { group.animationEnded() }
    }

    func resolvePendingBeginTimes(now: Double) {
        guard entries.contains(where: { !$0.isBeginResolved }) else { return }
        let local = localTime(atMediaTime: now)
        for entry in entries where !entry.isBeginResolved {
            entry.resolveBegin(at: local)
        }
        refreshProgram()
    }

    /// Gathers start and stop events for this subtree at the context's current time and removes
    /// finished animations that are removed on completion.
    func collectEvents(into events: inout [() -> Void]) {
        if let context, !entries.isEmpty {
            let t = localTime(atMediaTime: context.currentTime)
            var index = 0
            while index < entries.count {
                let entry = entries[index]
                guard entry.isBeginResolved else { index += 1; continue }
                let resolution = entry.animation.timing.resolve(parentTime: t)
                let animation = entry.animation
                if !entry.didStart && resolution.phase != .before {
                    entry.didStart = true
                    if let d = animation.delegate { events.append { d.animationDidStart(animation) } }
                }
                if !entry.didStop && resolution.phase == .after {
                    entry.didStop = true
                    if let d = animation.delegate { events.append { d.animationDidStop(animation, finished: true) } }
                    let groups = entry.completionGroups
                    events.append { for g in groups { g.animationEnded() } }
                    entry.completionGroups = []
                }
                if entry.didStop && animation.isRemovedOnCompletion {
                    entries.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
        mask?.collectEvents(into: &events)
        for s in sublayers { s.collectEvents(into: &events) }
    }
}
