import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// A scene document brought to life: a `LayerContext` with the root layer and its tree, and
/// the script played up to a time.
///
/// Time only moves forwards inside one scene; ``SceneClock`` rebuilds the scene to go back, so
/// that any sequence of query times gives the same values, bit for bit.
public final class Scene {
    /// The document the scene was built from.
    public let document: SceneDocument
    /// The context: media time equals scene time.
    public let context: LayerContext
    /// The root layer (id `root`), with frame `(0, 0, width, height)`.
    public let rootLayer: Layer
    /// The layers by id, including those added by the script so far.
    public private(set) var layers: [String: Layer] = [:]
    /// The scene time the scene has been played to, seconds.
    public var time: Double { context.currentTime }
    private var nextStep = 0

    /// Builds the scene at time 0: the layer tree, with each layer's animations added at scene
    /// start. Script steps at time 0 run on the first ``advance(to:)``.
    public init(document: SceneDocument) {
        self.document = document
        context = LayerContext(time: 0)
        rootLayer = Layer()
        rootLayer.name = "root"
        rootLayer.bounds = Rect(x: 0, y: 0, width: document.size.width, height: document.size.height)
        rootLayer.position = Point(x: document.size.width / 2, y: document.size.height / 2)
        rootLayer.backgroundColor = document.background
        layers["root"] = rootLayer
        for spec in document.layers {
            try? rootLayer.addSublayer(build(spec))
        }
        context.addRootLayer(rootLayer)
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

    /// Plays the script up to scene time `t` (seconds) and runs the context's run loop there.
    /// Times before the current time are ignored (use ``SceneClock`` to go back).
    public func advance(to t: Double) {
        guard t.isFinite, t >= context.currentTime else { return }
        while nextStep < document.script.count, document.script[nextStep].at <= t {
            let step = document.script[nextStep]
            nextStep += 1
            context.advance(to: step.at)
            run(step)
        }
        context.advance(to: t)
    }

    private func run(_ step: ScriptStep) {
        let transaction = context.transaction
        transaction.begin()
        if let d = step.animationDuration { transaction.animationDuration = d }
        if let f = step.animationTimingFunction { transaction.animationTimingFunction = f }
        if let d = step.disableActions { transaction.disableActions = d }
        for action in step.actions {
            switch action {
            case .addLayer(let parent, let spec, let index):
                guard let p = layers[parent] else { continue }
                let layer = build(spec)
                try? p.insertSublayer(layer, at: index ?? p.sublayers.count)
            case .set(let id, let settings):
                guard let layer = layers[id] else { continue }
                for s in settings { s.apply(to: layer) }
            case .add(let id, let spec):
                layers[id]?.add(spec.animation, forKey: spec.key)
            case .remove(let id, let key):
                if let key { layers[id]?.removeAnimation(forKey: key) } else { layers[id]?.removeAllAnimations() }
            case .pause(let id):
                layers[id]?.pauseAnimations()
            case .resume(let id):
                layers[id]?.resumeAnimations()
            case .removeLayer(let id):
                guard let layer = layers[id] else { continue }
                layer.removeFromSuperlayer()
                for sub in layer.subtree { if let n = sub.name { layers[n] = nil } }
            }
        }
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
