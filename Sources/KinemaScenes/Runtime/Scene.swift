import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI

/// A scene document brought to life: a ``Window`` of the document's size whose layer is the root
/// layer, the layer tree and the views in front of it, and the script played up to a time.
///
/// Time only moves forwards inside one scene; ``SceneClock`` rebuilds the scene to go back, so
/// that any sequence of query times gives the same values, bit for bit.
///
/// The window's run loop turns at every step and touch time, at the time asked for, and at the
/// end of every animation a view animation block added, so that completions (a `"then"`
/// animation) run exactly when their animation ends, whatever times the scene is asked for.
public final class Scene {
    /// The document the scene was built from.
    public let document: SceneDocument
    /// The window: its layer is the root layer, its subviews the document's views.
    public let window: Window
    /// The context: media time equals scene time.
    public var context: LayerContext { window.layerContext }
    /// The root layer (id `root`), with frame `(0, 0, width, height)`: the window's layer.
    public var rootLayer: Layer { window.layer }
    /// The layers by id, including those added by the script so far and the views' layers.
    public internal(set) var layers: [String: Layer] = [:]
    /// The views by id.
    public internal(set) var views: [String: View] = [:]
    /// The tooltips of the document's overlays by id, from their `showAt` on.
    public internal(set) var tooltips: [String: Tooltip] = [:]
    /// The tutorials of the document's overlays by id, from their `startAt` on.
    public internal(set) var tutorials: [String: Tutorial] = [:]
    /// The gesture recognizers by id (each is also named after its id).
    public internal(set) var gestureRecognizers: [String: GestureRecognizer] = [:]
    /// The views' Auto Layout constraints that have an id, by id (each also has it as its
    /// ``LayoutConstraint/identifier``).
    public internal(set) var constraints: [String: LayoutConstraint] = [:]
    /// Every constraint the views declare, in document order, with where it was declared.
    var declaredConstraints: [DeclaredConstraint] = []
    /// The dynamic animator and its behaviours, for a document with a `"dynamics"` section or
    /// dynamics steps; `nil` otherwise.
    public internal(set) var dynamics: SceneDynamics?
    /// The kind each gesture id was declared as.
    var gestureKinds: [String: GestureSpec.Kind] = [:]
    /// The delegate of the scene's scroll views: their first subview is the one that zooms.
    let scrollViewDelegate = SceneScrollViewDelegate()
    /// The document's transitions by id, each with the last detail it presented.
    public internal(set) var transitions: [String: SceneTransition] = [:]
    /// The controller the transitions present from (a clear view behind the scene's views), for
    /// a document with transitions.
    var transitionRoot: ViewController?
    /// The scene time the scene has been played to, seconds.
    public var time: Double { context.currentTime }

    /// Steps and touch samples in the order they happen.
    private let timeline: [TimelineEntry]
    private var nextEntry = 0

    private enum TimelineEntry {
        case step(ScriptStep)
        case touch(SceneTouch)
        case showOverlay(OverlaySpec, at: Double)
        case presentTransition(TransitionSpec, at: Double)
        case dismissOverlay(String, at: Double)

        var time: Double {
            switch self {
            case .step(let s): s.at
            case .touch(let t): t.time
            case .showOverlay(_, let t), .dismissOverlay(_, let t), .presentTransition(_, let t): t
            }
        }
    }

    /// Builds the scene at time 0: the layer tree, with each layer's animations added at scene
    /// start, then the views; then the views' constraints are activated and the window is laid
    /// out. Script steps at time 0 run on the first ``advance(to:)``.
    public convenience init(document: SceneDocument) {
        self.init(document: document, diagnosticHandler: LayerDiagnostic.printToStandardError)
    }

    /// Builds the scene with `diagnosticHandler` as its context's from the start, so that what
    /// building reports (a constraint the layout breaks) reaches it.
    init(document: SceneDocument, diagnosticHandler: ((LayerDiagnostic) -> Void)?) {
        self.document = document
        let context = LayerContext(time: 0)
        context.diagnosticHandler = diagnosticHandler
        let size = document.size
        window = SceneWindow(
            frame: Rect(x: 0, y: 0, width: size.width, height: size.height), scale: document.scale,
            safeAreaInsets: document.safeAreaInsets, context: context)
        timeline = Self.timeline(of: document.script, overlays: document.overlays, transitions: document.transitions)
        // The tree is built detached from the context, so that its settings never animate and
        // its animations start at scene time 0 when the root is attached.
        context.removeRootLayer(window.layer)
        rootLayer.name = "root"
        window.backgroundColor = document.background
        layers["root"] = rootLayer
        for spec in document.layers {
            try? rootLayer.addSublayer(build(spec))
        }
        for spec in document.views {
            window.addSubview(build(spec))
        }
        linkGestures(document.views)
        prepareTransitions()
        activateConstraints()
        context.addRootLayer(window.layer)
        startDynamics()
    }

    /// Steps at their times and touch samples at theirs, ordered by time, then by step (in
    /// script order), then by the sample's place in its step; a step comes before its own touches.
    /// Overlays show and dismiss after the script's steps and touches at the same time, in
    /// document order.
    private static func timeline(of script: [ScriptStep], overlays: [OverlaySpec], transitions: [TransitionSpec]) -> [TimelineEntry] {
        var keyed: [(time: Double, step: Int, sub: Int, entry: TimelineEntry)] = []
        for (i, step) in script.enumerated() {
            keyed.append((step.at, i, -1, .step(step)))
            for (j, touch) in step.touches.enumerated() { keyed.append((touch.time, i, j, .touch(touch))) }
        }
        for (i, overlay) in overlays.enumerated() {
            switch overlay.content {
            case .tooltip(let tip):
                keyed.append((tip.showAt, script.count + i, 0, .showOverlay(overlay, at: tip.showAt)))
                if let end = tip.dismissAt { keyed.append((end, script.count + i, 1, .dismissOverlay(overlay.id, at: end))) }
            case .tutorial(let tutorial):
                keyed.append((tutorial.startAt, script.count + i, 0, .showOverlay(overlay, at: tutorial.startAt)))
            }
        }
        for (i, transition) in transitions.enumerated() {
            if let t = transition.presentAt {
                keyed.append((t, script.count + overlays.count + i, 0, .presentTransition(transition, at: t)))
            }
        }
        keyed.sort { ($0.time, $0.step, $0.sub) < ($1.time, $1.step, $1.sub) }
        return keyed.map(\.entry)
    }

    /// Creates the layer for `spec` (and its subtree) with its settings and animations.
    func build(_ spec: LayerSpec) -> Layer {
        let layer = spec.type.makeLayer()
        layer.name = spec.id
        layers[spec.id] = layer
        for setting in spec.settings { setting.apply(to: layer) }
        if let m = spec.mask.first { layer.mask = build(m) }
        for sub in spec.sublayers { try? layer.addSublayer(build(sub)) }
        for a in spec.animations { layer.add(a.animation, forKey: a.key) }
        return layer
    }

    /// Plays the script up to scene time `t` (seconds) and runs the window's run loop there.
    /// Times before the current time are ignored (use ``SceneClock`` to go back).
    public func advance(to t: Double) {
        guard t.isFinite, t >= context.currentTime else { return }
        while nextEntry < timeline.count, timeline[nextEntry].time <= t {
            let entry = timeline[nextEntry]
            nextEntry += 1
            settleAnimations(before: entry.time)
            window.advance(to: entry.time)
            switch entry {
            case .step(let step):
                run(step)
                // A block with nothing to animate completes on the next turn: make it this one.
                if step.actions.contains(where: \.body.involvesViews) { window.advance(to: entry.time) }
            case .touch(let touch):
                deliver(touch)
                window.advance(to: entry.time)
            case .showOverlay(let spec, _):
                show(spec)
                window.advance(to: entry.time)
            case .dismissOverlay(let id, _):
                tooltips[id]?.dismiss()
                window.advance(to: entry.time)
            case .presentTransition(let spec, _):
                transitions[spec.id]?.present()
                window.advance(to: entry.time)
            }
        }
        settleAnimations(before: t)
        window.advance(to: t)
    }

    /// Turns the run loop at the end of each view-block animation that ends after the current
    /// time and before `limit`, earliest first, so their completions run at that exact time.
    /// Layer animations from the scene file have no delegate and add no turns.
    private func settleAnimations(before limit: Double) {
        while let end = nextAnimationEnd(), end < limit {
            window.advance(to: end)
        }
    }

    /// The earliest media time after now at which an animation with a delegate ends: the first
    /// time at which its timing reads "after", so that a turn there delivers its stop. (0.5 +
    /// 0.15 + 1 is 1.65, but 1.65 − 0.65 is just below 1: the end is then the next double.)
    private func nextAnimationEnd() -> Double? {
        let now = context.currentTime
        var earliest: Double?
        for layer in rootLayer.subtree {
            for (_, animation) in layer.animations where animation.delegate != nil {
                let timing = animation.timing
                var end = layer.convertTime(timing.endTime, to: nil)
                var steps = 0
                while end.isFinite, steps < 64, timing.resolve(parentTime: layer.localTime(atMediaTime: end)).phase != .after {
                    end = end.nextUp
                    steps += 1
                }
                if end.isFinite, end > now, end < (earliest ?? .infinity) { earliest = end }
            }
        }
        return earliest
    }

    private func run(_ step: ScriptStep) {
        let transaction = context.transaction
        transaction.begin()
        if let d = step.animationDuration { transaction.animationDuration = d }
        if let f = step.animationTimingFunction { transaction.animationTimingFunction = f }
        if let d = step.disableActions { transaction.disableActions = d }
        for action in step.actions { action.body.run(in: self) }
        transaction.commit()
    }
}

/// Gives a scene at any time, in any order: it plays forwards and rebuilds the scene from the
/// document when asked for an earlier time.
public final class SceneClock {
    /// The document scenes are built from.
    public let document: SceneDocument
    /// The scene as last played.
    public private(set) var scene: Scene

    /// Starts with the document's scene at time 0.
    public init(document: SceneDocument) {
        self.document = document
        self.scene = Scene(document: document)
    }

    /// The scene played to `t` seconds.
    public func scene(at t: Double) -> Scene {
        if t < scene.time { scene = Scene(document: document) }
        scene.advance(to: t)
        return scene
    }
}
