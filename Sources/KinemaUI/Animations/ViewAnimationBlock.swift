import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// The animation block that is running its `animations` closure, if any: how property changes
/// made inside it turn into layer animations (the view, as its layer's delegate, answers the
/// action search with an additive animation inside a block and with no action outside one, as
/// UIKit does).
///
/// Blocks nest through a task-local value, so the stack belongs to the code running the block
/// (no global mutable state), exactly as UIKit's per-thread animation stack.
final class ViewAnimationBlock: @unchecked Sendable {
    // @unchecked: a block is created, used and dropped on the thread that runs `View.animate`.

    /// What property changes inside the block do.
    enum Kind {
        /// Changes take effect without animation (`performWithoutAnimation`, duration ≤ 0).
        case disabled
        /// Changes animate with a curve or a spring.
        case animate(ViewAnimationParameters)
        /// Changes are recorded for keyframes (`animateKeyframes`).
        case keyframes(KeyframeRecorder)
        /// Changes are recorded, not animated (a property animator collecting its animations).
        case capture(ChangeRecorder)
    }

    let kind: Kind
    let tracker: CompletionTracker?
    /// Views whose properties changed inside the block (for the `layoutSubviews` option).
    var touchedViews: [View] = []

    init(kind: Kind, tracker: CompletionTracker?) {
        self.kind = kind
        self.tracker = tracker
    }

    @TaskLocal static var current: ViewAnimationBlock?

    /// Whether changes made in the block animate (or are recorded to animate).
    var animates: Bool {
        if case .disabled = kind { return false }
        return true
    }

    /// Runs `body` with `block` as the current block.
    static func run(_ block: ViewAnimationBlock, _ body: () -> Void) {
        $current.withValue(block) { body() }
    }

    /// The layer delegate's answer for `event` on a view's layer (see `View.action(for:forKey:)`).
    static func action(for view: View, layer: Layer, event: String) -> (any Action)? {
        guard let block = current else { return NullAction() }
        block.tracker?.note(layer.layerContext)
        guard let property = LayerProperty(rawValue: event), property.hasImplicitAction,
            let old = layer.model.value(of: property)
        else { return NullAction() }
        switch block.kind {
        case .disabled: return NullAction()
        case .animate, .keyframes, .capture:
            return BlockAction(block: block, view: view, property: property, oldValue: old)
        }
    }

    /// Called by ``BlockAction`` once the model holds the new value.
    func propertyChanged(view: View, layer: Layer, property: LayerProperty, from old: AnimatableValue, to new: AnimatableValue) {
        if !touchedViews.contains(where: { $0 === view }) { touchedViews.append(view) }
        tracker?.note(layer.layerContext)
        switch kind {
        case .disabled: break
        case .animate(let parameters):
            for (keyPath, from, to) in Self.split(property, from: old, to: new) {
                addAnimation(parameters, view: view, layer: layer, keyPath: keyPath, from: from, to: to)
            }
        case .keyframes(let recorder):
            for (keyPath, from, to) in Self.split(property, from: old, to: new) {
                recorder.record(view: view, layer: layer, keyPath: keyPath, from: from, to: to)
            }
        case .capture(let recorder):
            for (keyPath, from, to) in Self.split(property, from: old, to: new) {
                recorder.changes.append(PropertyChange(view: view, layer: layer, keyPath: keyPath, from: from, to: to))
            }
        }
    }

    /// UIKit animates `bounds` as `bounds.origin` and `bounds.size` (only the parts that changed).
    static func split(
        _ property: LayerProperty, from old: AnimatableValue, to new: AnimatableValue
    ) -> [(LayerKeyPath, AnimatableValue, AnimatableValue)] {
        guard property == .bounds, case .rect(let a) = old, case .rect(let b) = new else {
            return [(LayerKeyPath(property), old, new)]
        }
        var parts: [(LayerKeyPath, AnimatableValue, AnimatableValue)] = []
        if a.origin != b.origin { parts.append((LayerKeyPath(.bounds, .origin), .point(a.origin), .point(b.origin))) }
        if a.size != b.size { parts.append((LayerKeyPath(.bounds, .size), .size(a.size), .size(b.size))) }
        return parts
    }

    private func addAnimation(
        _ p: ViewAnimationParameters, view: View, layer: Layer, keyPath: LayerKeyPath, from old: AnimatableValue,
        to new: AnimatableValue
    ) {
        guard keyPath.valueKind != .bool, keyPath.valueKind != .path else { return }
        let additive = ViewAnimationBlock.isAdditive(keyPath.valueKind)
        var from: AnimatableValue
        let to: AnimatableValue
        if additive {
            from = AnimatableValue.subtract(old, new)
            to = AnimatableValue.subtract(new, new)
        } else {
            // What shows now: an animation of this property in flight replaces the model value,
            // so start from it (no jump); otherwise from the old model value.
            // (So `beginFromCurrentState` is what non-additive kinds always do.)
            from = old
            if let context = layer.layerContext,
                layer.animations.contains(where: { $0.animation.keyPath?.property == keyPath.property }),
                let shown = layer.presentationValue(forKeyPath: keyPath, at: context.currentTime)
            {
                from = shown
            }
            to = new
        }
        let animation = p.makeAnimation(keyPath: keyPath, from: from, to: to, additive: additive)
        add(animation, to: layer, view: view, delay: p.delay, blocksInteraction: !p.options.contains(.allowUserInteraction))
    }

    /// Adds `animation` under a fresh key (`position`, then `position-1`, …, so additive
    /// animations of one property run side by side) with the block's completion tracking, to
    /// begin `delay` seconds from now. On a layer that is not in a window yet the animation
    /// waits there and begins (after the delay) when the layer is attached, as on iOS, where
    /// it reaches the render tree with the transaction that puts the view on screen.
    func add(_ animation: AnyAnimation, to layer: Layer, view: View?, delay: Double, blocksInteraction: Bool) {
        var animation = animation
        if delay > 0 {
            var t = animation.timing
            t.fillMode = t.fillMode == .forwards || t.fillMode == .both ? .both : .backwards
            animation.timing = t
        }
        let observer = AnimationObserver(tracker: tracker, view: blocksInteraction ? view : nil, layer: layer)
        animation.delegate = observer
        tracker?.pending += 1
        if let view, blocksInteraction { view.interactionBlockingAnimations += 1 }
        let key = ViewAnimationBlock.freeKey(for: animation.keyPath?.string ?? "transition", on: layer)
        layer.add(animation, forKey: key, beginningAfter: delay)
    }

    static func freeKey(for base: String, on layer: Layer) -> String {
        let keys = Set(layer.animationKeys())
        if !keys.contains(base) { return base }
        var n = 1
        while keys.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }

    /// Whether values of this kind animate additively (old − new → 0 on top of the model), as
    /// UIKit does since iOS 8. Colours do not: their components are clamped to `0…1`, so the
    /// offset `old − new` cannot be represented; a colour animation starts from what shows.
    static func isAdditive(_ kind: ValueKind) -> Bool {
        switch kind {
        case .number, .point, .size, .rect, .transform, .numbers: true
        case .color, .colors, .bool, .path: false
        }
    }
}

/// The action a view answers inside a block: remembers the old value, and once the model holds
/// the new one, hands both to the block.
struct BlockAction: Action {
    let block: ViewAnimationBlock
    let view: View
    let property: LayerProperty
    let oldValue: AnimatableValue

    func run(forKey event: String, object layer: Layer, arguments: [String: AnimatableValue]?) {
        guard let new = layer.model.value(of: property), new != oldValue else { return }
        block.propertyChanged(view: view, layer: layer, property: property, from: oldValue, to: new)
    }
}

/// One property change made inside a capturing block.
struct PropertyChange {
    let view: View
    let layer: Layer
    let keyPath: LayerKeyPath
    let from: AnimatableValue
    let to: AnimatableValue
}

/// Collects changes for a property animator.
final class ChangeRecorder {
    var changes: [PropertyChange] = []
}

/// Duration, delay, curve or spring, and options of an animating block.
struct ViewAnimationParameters {
    enum Timing {
        case curve(TimingFunction)
        /// A spring with a fixed duration: UIKit's duration and damping-ratio mapping, or a given
        /// spring.
        case spring(Spring)
    }

    var duration: Double
    var delay: Double
    var options: ViewAnimationOptions
    var timing: Timing

    package func makeAnimation(keyPath: LayerKeyPath, from: AnimatableValue, to: AnimatableValue, additive: Bool) -> AnyAnimation {
        var animation: AnyAnimation
        switch timing {
        case .curve(let curve):
            var a = BasicAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.isAdditive = additive
            a.timingFunction = curve
            animation = .basic(a)
        case .spring(let spring):
            var a = SpringAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.isAdditive = additive
            a.spring = spring
            animation = .spring(a)
        }
        var t = animation.timing
        t.duration = duration
        if options.contains(.repeat) { t.repeatCount = .infinity }
        t.autoreverses = options.contains(.autoreverse)
        animation.timing = t
        return animation
    }
}

/// Counts a block's running animations and calls its completion once they have all stopped:
/// on the next run-loop turn of the context they ran in, with `finished` false when any of them
/// was removed before it completed.
final class CompletionTracker {
    let completion: ((Bool) -> Void)?
    /// Work that waits for the block's animations, run just before ``completion`` (a stack
    /// view hides an arranged view collapsed in the block here).
    var whenDone: [() -> Void] = []
    var pending = 0
    var finished = true
    private var isSealed = false
    private var didFire = false
    private(set) weak var context: LayerContext?

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// Remembers the context the block's changes happened in.
    func note(_ context: LayerContext?) {
        if self.context == nil { self.context = context }
    }

    /// The block's closure has returned: no more animations will be added.
    func seal() {
        isSealed = true
        fireIfDone()
    }

    func animationStopped(finished: Bool) {
        pending -= 1
        self.finished = self.finished && finished
        fireIfDone()
    }

    private func fireIfDone() {
        guard isSealed, pending <= 0, !didFire else { return }
        didFire = true
        guard completion != nil || !whenDone.isEmpty else { return }
        let finished = self.finished
        let (completion, whenDone) = (self.completion, self.whenDone)
        let fire = {
            for work in whenDone { work() }
            completion?(finished)
        }
        if let context {
            context.schedule(fire)
        } else {
            // No view in a window changed: there is no run loop to wait for.
            fire()
        }
    }
}

/// The delegate of one animation a block added.
final class AnimationObserver: AnimationDelegate {
    let tracker: CompletionTracker?
    weak var view: View?
    /// The layer the animation runs on: its context, once it has one, runs the completion.
    weak var layer: Layer?
    private var stopped = false

    init(tracker: CompletionTracker?, view: View?, layer: Layer?) {
        self.tracker = tracker
        self.view = view
        self.layer = layer
    }

    func animationDidStop(_ animation: AnyAnimation, finished: Bool) {
        guard !stopped else { return }
        stopped = true
        if let view { view.interactionBlockingAnimations -= 1 }
        tracker?.note(layer?.layerContext)
        tracker?.animationStopped(finished: finished)
    }
}
