import KinemaGeometry
import KinemaTiming

/// One layer of a render tree: a value snapshot of its presentation at one time, with its
/// sublayers in drawing order. The renderer draws these and never touches live layers.
public struct RenderNode: Sendable, Hashable {
    /// The layer's name (a scene's layer id), if any.
    public var name: String?
    /// The kind of layer.
    public var kind: LayerKind
    /// The presentation values.
    public var state: LayerState
    /// The layer's local time, seconds.
    public var localTime: Double
    /// The 4×4 map from this layer's space to its superlayer's (anchor, transform, position,
    /// zPosition and the superlayer's `sublayerTransform`), before flattening.
    public var transformToSuperlayer: Transform3D
    /// The sublayers back to front (sorted by ``depthInSuperlayer``, then order).
    public var sublayers: [RenderNode]
    /// How the composited subtree combines with what is under it (``Layer/compositingFilter``);
    /// `nil` draws it over.
    public var compositingFilter: BlendMode?
    /// Which of the mask's pixels let the layer through.
    package var maskMode: MaskMode = .alpha
    private var maskStorage: [RenderNode]
    private var transitionStorage: [RenderTransition]

    public init(
        name: String?, kind: LayerKind, state: LayerState, localTime: Double,
        transformToSuperlayer: Transform3D, sublayers: [RenderNode], mask: RenderNode?, transition: RenderTransition?,
        compositingFilter: BlendMode? = nil
    ) {
        self.compositingFilter = compositingFilter
        self.name = name
        self.kind = kind
        self.state = state
        self.localTime = localTime
        self.transformToSuperlayer = transformToSuperlayer
        self.sublayers = sublayers
        self.maskStorage = mask.map { [$0] } ?? []
        self.transitionStorage = transition.map { [$0] } ?? []
    }

    /// The mask layer, if any.
    public var mask: RenderNode? { maskStorage.first }

    /// The transition in progress on this layer, if any.
    public var transition: RenderTransition? { transitionStorage.first }

    /// The depth (z, larger is nearer) of the layer's anchor point in its superlayer's space:
    /// what orders siblings.
    public var depthInSuperlayer: Double {
        Layer.depth(state: state, transformToSuperlayer: transformToSuperlayer)
    }

    /// Every node in the tree, depth first in drawing order (masks not included).
    public var flattened: [RenderNode] {
        [self] + sublayers.flatMap(\.flattened)
    }
}

/// Which of a mask layer's pixels let the masked layer through: its alpha (Core Animation's
/// `mask`), or, for Lottie's track mattes, the alpha inverted or the luminance (of the mask's
/// colour times its alpha), plain or inverted.
package enum MaskMode: Hashable, Sendable {
    case alpha, alphaInverted, luminance, luminanceInverted
}

/// A transition in progress: the old image of the subtree and how far the effect has gone.
public struct RenderTransition: Sendable, Hashable {
    /// The effect.
    public var type: TransitionType
    /// The direction.
    public var subtype: TransitionSubtype?
    /// Progress `q` in `[0, 1]` (after `startProgress`/`endProgress` and the curve).
    public var progress: Double
    /// The subtree as it was before the transaction that added the transition.
    public var old: RenderNode

    public init(type: TransitionType, subtype: TransitionSubtype?, progress: Double, old: RenderNode) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
        self.old = old
    }
}
