import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// A validated scene file (format version 1): a window of a given size whose layer is the root
/// layer, a tree of layers with animations, views in front of them, and a script of timed
/// changes, animations and touches. See `docs/scene-format.md`.
public struct SceneDocument: Sendable {
    /// The root layer's bounds size, in points.
    public var size: Size
    /// Pixels per point when rendering. Default 2.
    public var scale: Double
    /// The root layer's background. Default white.
    public var background: Color
    /// The window's safe area insets (`"safeAreaInsets": [top, left, bottom, right]`), in points:
    /// what a status bar, a notch or a home indicator would cover. Default zero.
    public var safeAreaInsets: EdgeInsets = .zero
    /// Seconds a render covers by default. Default 3.
    public var duration: Double
    /// The root's sublayers, back to front.
    public var layers: [LayerSpec]
    /// The window's subviews, back to front, in front of ``layers``.
    public var views: [ViewSpec]
    /// Timed changes, sorted by time (stable).
    public var script: [ScriptStep]
    /// Tooltips (and, later, tutorials) shown above the views for part of the scene, in
    /// document order (later ones in front).
    public var overlays: [OverlaySpec] = []
    /// The UIKit Dynamics animator and its behaviours at scene start (`"dynamics"`), or `nil`.
    public var dynamics: DynamicsSpec? = nil
    /// Detail screens presented from image views with a zoom (`"transitions"`).
    public var transitions: [TransitionSpec] = []
    /// The files the scene names (image `contents` of layers and views), resolved against the
    /// scene's folder, sorted, each once: what a live player watches besides the scene file.
    public var files: [String] = []
}

/// The kinds of layer a scene can declare.
public enum SceneLayerType: String, Sendable, CaseIterable {
    case layer, shape, text, gradient, image, transform

    /// The layer kind it creates (an image layer is a plain layer with `contents`).
    var layerKind: LayerKind {
        switch self {
        case .layer, .image: .layer
        case .shape: .shape
        case .text: .text
        case .gradient: .gradient
        case .transform: .transform
        }
    }

    func makeLayer() -> Layer {
        switch self {
        case .layer, .image: Layer()
        case .shape: ShapeLayer()
        case .text: TextLayer()
        case .gradient: GradientLayer()
        case .transform: TransformLayer()
        }
    }
}

/// One layer of a scene.
public struct LayerSpec: Sendable {
    /// The unique id (the layer's `name`).
    public var id: String
    /// The kind of layer.
    public var type: SceneLayerType
    /// Property settings in document order.
    public var settings: [LayerSetting]
    /// Sublayers, back to front.
    public var sublayers: [LayerSpec]
    /// The mask layer.
    public var mask: [LayerSpec]
    /// Animations added when the scene starts.
    public var animations: [AnimationSpec]
}

/// An animation with the key it is added under.
public struct AnimationSpec: @unchecked Sendable {
    /// The key (`nil` for none).
    public var key: String?
    /// The animation.
    public var animation: AnyAnimation
}

/// One setting of a layer property.
public enum LayerSetting: Sendable {
    /// An animatable property or sub-field.
    case value(LayerKeyPath, AnimatableValue)
    /// `frame` (sets position and bounds size).
    case frame(Rect)
    case beginTime(Double)
    case speed(Double)
    case timeOffset(Double)
    /// A property that is not animatable (`contents`, `lineCap`, `maskedCorners`…), in the form
    /// the scene file writes it (a `contents` path resolved against the scene's folder).
    case attribute(LayerAttribute, LayerAttributeValue)
}

/// One transaction of the script, committed at ``at`` scene seconds.
public struct ScriptStep: @unchecked Sendable {
    /// When, in scene seconds.
    public var at: Double
    /// The transaction's `animationDuration`, seconds, or `nil` for the default (0.25).
    public var animationDuration: Double?
    /// The transaction's `animationTimingFunction`, or `nil` for none.
    public var animationTimingFunction: TimingFunction?
    /// The transaction's `disableActions`, or `nil` for the default (`false`).
    public var disableActions: Bool?
    /// What happens, in order.
    public var actions: [ScriptAction]
    /// The touch input the step's `touch`, `tap` and `drag` give, in delivery order. A tap's
    /// and a drag's samples run on past ``at``; each is delivered at its own time.
    public var touches: [SceneTouch] = []
}
