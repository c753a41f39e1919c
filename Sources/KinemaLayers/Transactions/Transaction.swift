import KinemaGeometry
import KinemaTiming

/// Batches layer-tree changes into atomic updates. Mirrors `CATransaction`'s class methods, on a
/// ``LayerContext`` instead of a thread.
///
/// Transactions nest; values read from the innermost transaction that set them, and setting a
/// value sets it in the innermost one. A change to a layer while no transaction is open opens an
/// *implicit* transaction, committed by the next ``LayerContext/advance(to:)``.
public final class Transaction {
    unowned let context: LayerContext
    private var stack: [Level] = []

    final class Level {
        var values: [String: Any] = [:]
        var completion: CompletionGroup?
        let isImplicit: Bool
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    /// Layer states as they were before the outermost open transaction changed them, for
    /// transitions' old images. Each record holds its layer, so an identifier cannot be reused
    /// by another layer before the commit clears the records.
    var before: [ObjectIdentifier: (layer: Layer, state: LayerState, sublayers: [Layer])] = [:]

    init(context: LayerContext) {
        self.context = context
    }

    /// Whether any transaction (explicit or implicit) is open.
    public var isOpen: Bool { !stack.isEmpty }

    /// Begins a transaction; nests.
    public func begin() {
        stack.append(Level(isImplicit: false))
    }

    /// Commits the innermost transaction. With none open this does nothing (as Apple's main
    /// thread, which always has an implicit transaction).
    public func commit() {
        guard let level = stack.popLast() else { return }
        level.completion?.seal()
        if stack.isEmpty { before.removeAll() }
    }

    /// Commits the implicit transaction if no explicit one is open inside it.
    public func flush() {
        commitImplicit()
    }

    func commitImplicit() {
        if stack.count == 1, stack[0].isImplicit { commit() }
    }

    /// Opens the implicit transaction when none is open.
    func ensureOpen() {
        if stack.isEmpty { stack.append(Level(isImplicit: true)) }
    }

    /// The value for `key` from the innermost transaction that set it, or `nil`.
    public func value(forKey key: String) -> Any? {
        for level in stack.reversed() {
            if let v = level.values[key] { return v }
        }
        return nil
    }

    /// Sets `value` for `key` in the innermost transaction (opening the implicit one if needed).
    public func setValue(_ value: Any?, forKey key: String) {
        ensureOpen()
        stack[stack.count - 1].values[key] = value
    }

    /// The default duration of animations added to layers, seconds. Default 0.25.
    public var animationDuration: Double {
        get { (value(forKey: Key.animationDuration) as? Double) ?? 0.25 }
        set { if newValue.isFinite { setValue(newValue, forKey: Key.animationDuration) } }
    }

    /// When set, every animation added to a layer gets this curve. Default `nil`.
    public var animationTimingFunction: TimingFunction? {
        get { value(forKey: Key.animationTimingFunction) as? TimingFunction }
        set { setValue(newValue, forKey: Key.animationTimingFunction) }
    }

    /// Whether property changes skip the action search (no implicit animations). Default `false`.
    public var disableActions: Bool {
        get { (value(forKey: Key.disableActions) as? Bool) ?? false }
        set { setValue(newValue, forKey: Key.disableActions) }
    }

    /// A block run once every animation added in this transaction afterwards has completed or
    /// been removed: after the commit, on a later run-loop turn; right away on the next turn if
    /// no animations were added. Setting another block closes the current one's group.
    public var completionBlock: (() -> Void)? {
        get { value(forKey: Key.completionBlock) as? () -> Void }
        set {
            ensureOpen()
            let level = stack[stack.count - 1]
            if let group = level.completion { group.seal() }
            level.completion = newValue.map { CompletionGroup(block: $0, context: context) }
            level.values[Key.completionBlock] = newValue
        }
    }

    /// Registers an animation just added: every open level's completion group waits for it.
    func registerAnimation() -> [CompletionGroup] {
        stack.compactMap(\.completion).map { group in
            group.pending += 1
            return group
        }
    }

    /// Records a layer's state before its first change in the outermost transaction.
    func recordBefore(_ layer: Layer) {
        guard !stack.isEmpty else { return }
        let id = ObjectIdentifier(layer)
        if before[id] == nil { before[id] = (layer, layer.model, layer.sublayers) }
    }

    /// The keys of the standard transaction values (`kCATransactionAnimationDuration`, …).
    public enum Key {
        public static let animationDuration = "animationDuration"
        public static let animationTimingFunction = "animationTimingFunction"
        public static let disableActions = "disableActions"
        public static let completionBlock = "completionBlock"
    }
}

/// The animations one completion block waits for.
final class CompletionGroup {
    let block: () -> Void
    unowned let context: LayerContext
    var pending = 0
    private var sealed = false
    private var fired = false

    init(block: @escaping () -> Void, context: LayerContext) {
        self.block = block
        self.context = context
    }

    func seal() {
        sealed = true
        fireIfDone()
    }

    func animationEnded() {
        pending -= 1
        fireIfDone()
    }

    private func fireIfDone() {
        guard sealed, pending <= 0, !fired else { return }
        fired = true
        context.scheduledCompletions.append(block)
    }
}
