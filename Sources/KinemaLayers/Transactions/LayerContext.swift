import KinemaTiming

/// The world a layer tree lives in: the current media time, the transaction stack and the run
/// loop. Core Animation keeps these per thread; Kinema makes them an object you create, so tests
/// and scenes each have their own and nothing reads a clock.
///
/// ```swift
/// let context = LayerContext()           // media time 0
/// let root = Layer()
/// context.addRootLayer(root)
/// root.opacity = 0                        // implicit animation, 0.25 s, default curve
/// context.advance(to: 0.125)              // commits, fires delegate events, runs completions
/// root.presentation(at: 0.125).opacity    // 0.1976
/// ```
public final class LayerContext {
    /// The media time, in seconds: what `CACurrentMediaTime()` returns in Core Animation.
    /// Changes only through ``advance(to:)``.
    public private(set) var currentTime: Double

    /// The transaction stack (`CATransaction`).
    public private(set) lazy var transaction = Transaction(context: self)

    /// The root layers attached to this context that are still alive. The context does not keep
    /// its layers alive; each layer keeps its context alive instead, so a tree you hold always
    /// has its context.
    public var rootLayers: [Layer] { roots.compactMap(\.layer) }

    private struct WeakLayer {
        weak var layer: Layer?
    }
    private var roots: [WeakLayer] = []

    /// The problems reported in this context so far, oldest first (see ``LayerDiagnostic``).
    public internal(set) var diagnostics: [LayerDiagnostic] = []

    /// Called with each ``LayerDiagnostic`` as it is reported. Default: writes it to standard
    /// error. Set `nil` to only collect them in ``diagnostics``.
    public var diagnosticHandler: ((LayerDiagnostic) -> Void)? = LayerDiagnostic.printToStandardError

    var scheduledCompletions: [() -> Void] = []
    /// Layers marked by `setNeedsDisplay()`, displayed at the next run-loop turn.
    var pendingDisplay: [Layer] = []

    /// Creates a context whose media time starts at `time` seconds (default 0).
    public init(time: Double = 0) {
        self.currentTime = time.isFinite ? time : 0
    }

    /// Attaches `layer` (and its subtree) as a root of this context. Animations added to it
    /// before with `beginTime == 0` start now.
    public func addRootLayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        roots.removeAll { $0.layer == nil }
        guard !roots.contains(where: { $0.layer === layer }) else { return }
        roots.append(WeakLayer(layer: layer))
        layer.attach(to: self)
    }

    /// Detaches a root layer.
    public func removeRootLayer(_ layer: Layer) {
        roots.removeAll { $0.layer === layer || $0.layer == nil }
        layer.attach(to: nil)
    }

    /// One turn of the run loop at `time` seconds (ignored unless finite): sets the media time,
    /// commits the implicit transaction, delivers `animationDidStart`/`animationDidStop`, removes
    /// finished animations and runs due transaction completion blocks.
    public func advance(to time: Double) {
        if time.isFinite { currentTime = time }
        displayPendingLayers()
        transaction.commitImplicit()
        var events: [() -> Void] = []
        for root in rootLayers {
            root.collectEvents(into: &events)
        }
        for event in events { event() }
        runScheduledCompletions()
    }

    /// Runs `block` at the end of the next run-loop turn (the next ``advance(to:)``), after
    /// animation events and transaction completion blocks that are already due. Blocks run in
    /// the order they were scheduled; a block scheduled while they run runs in the same turn.
    /// What UIKit's completion handlers and `DispatchQueue.main.async` do on Apple's run loop.
    public func schedule(_ block: @escaping () -> Void) {
        scheduledCompletions.append(block)
    }

    func runScheduledCompletions() {
        while !scheduledCompletions.isEmpty {
            let due = scheduledCompletions
            scheduledCompletions.removeAll()
            for block in due { block() }
        }
    }
}
