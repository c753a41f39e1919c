import KinemaLayers

/// The media timeline of an interactive transition: the container view's layer time, paused and
/// scrubbed while the transition is interactive (as UIKit's percent-driven interactive transitions
/// do, with Apple's Technical Q&A QA1673 pause), plus what the views looked like before, to undo a
/// cancelled transition.
///
/// ```
/// container local time   T0 ───────────── T0 + t ───────────── T0 + duration
///                        (paused at start) (scrubbed: t = p·d)   (animations end)
/// ```
///
/// Every animation added under the container while paused begins at local time `T0`, so setting
/// the container's `timeOffset` to `T0 + t` shows each of them `t` seconds in.
final class TransitionTimeline {
    private let layer: Layer
    /// The container's local time when the transition started, seconds.
    private let start: Double
    private let savedSpeed: Double
    /// Each layer's model and animation keys before the transition.
    private var before: [(layer: Layer, model: LayerState, keys: Set<String>)] = []

    /// Pauses `container`'s layer time and records the state of the layers under `container`
    /// and under `views` (the views the animator may move, wherever they are).
    init(container: View, views: [View]) {
        layer = container.layer
        savedSpeed = layer.speed
        let now = layer.layerContext?.currentTime ?? 0
        start = layer.localTime(atMediaTime: now)
        var seen = Set<ObjectIdentifier>()
        for root in [container] + views {
            for l in root.layer.subtree where seen.insert(ObjectIdentifier(l)).inserted {
                before.append((l, l.model, Set(l.animationKeys())))
            }
        }
        layer.speed = 0
        layer.timeOffset = start
    }

    /// Shows the transition `t` seconds in.
    func seek(to t: Double) {
        guard t.isFinite else { return }
        layer.timeOffset = start + t
    }

    /// Lets the container's time run again from where it shows now (at the speed it had before).
    func resume() {
        let now = layer.layerContext?.currentTime ?? 0
        let local = layer.timeOffset
        let parentNow = layer.superlayer?.localTime(atMediaTime: now) ?? now
        layer.speed = savedSpeed == 0 ? 1 : savedSpeed
        layer.beginTime = parentNow
        layer.timeOffset = local
    }

    /// Undoes the transition: every recorded layer gets its model values back (without
    /// animation), and the animations added since the start are removed (their delegates hear
    /// `finished: false`, so view-animation completions run with `false`).
    func revert() {
        let transaction = layer.layerContext?.transaction
        transaction?.begin()
        transaction?.disableActions = true
        for (l, model, _) in before where l.model != model {
            for property in LayerProperty.allCases {
                guard let old = model.value(of: property), l.model.value(of: property) != old else { continue }
                try? l.setValue(old, forKeyPath: LayerKeyPath(property))
            }
        }
        transaction?.commit()
        var known: [ObjectIdentifier: Set<String>] = [:]
        for (l, _, keys) in before { known[ObjectIdentifier(l)] = keys }
        var layers = before.map(\.layer)
        for l in layer.subtree where known[ObjectIdentifier(l)] == nil { layers.append(l) }
        for l in layers {
            let keys = known[ObjectIdentifier(l)] ?? []
            for key in l.animationKeys() where !keys.contains(key) {
                l.removeAnimation(forKey: key)
            }
        }
    }
}
