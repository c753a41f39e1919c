/// What changing a layer property can alter in how the layer is drawn: the distinctions the
/// renderer's content cache makes. Each property (``LayerProperty``, ``LayerAttribute``)
/// declares its effects once; the cache keys a backing store by the state with every property
/// that cannot change the store's pixels reset (``LayerState/keeping(_:)``), so a property
/// declared with the wrong effects shows at once in the test that changes each one.
package struct LayerEffects: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Where the layer sits in its superlayer (position, anchor point, transform): moves the
    /// layer's pixels without changing them.
    package static let placement = LayerEffects(rawValue: 1)
    /// How the layer's drawing is composited and its sublayers placed (opacity, hidden, back
    /// face, sublayer transform, flipped geometry), not the pixels of its own content.
    package static let compositing = LayerEffects(rawValue: 2)
    /// The layer's shadow.
    package static let shadow = LayerEffects(rawValue: 4)
    /// The layer's own content below its border: background, image, a kind's drawing.
    package static let content = LayerEffects(rawValue: 8)
    /// The layer's border, drawn above its sublayers.
    package static let border = LayerEffects(rawValue: 16)

    /// Every effect.
    package static let all: LayerEffects = [.placement, .compositing, .shadow, .content, .border]
}

/// One property's part in ``LayerState/keeping(_:)``: how to reset it, what it affects and the
/// layer kind that has it.
struct LayerStateReset: Sendable {
    let effects: LayerEffects
    let owningKind: LayerKind?
    let reset: @Sendable (inout LayerState) -> Void

    init<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<LayerState, Value> & Sendable, effects: LayerEffects, owningKind: LayerKind?
    ) {
        self.effects = effects
        self.owningKind = owningKind
        let defaultValue = LayerState()[keyPath: keyPath]
        // Written only when it differs: most states keep most defaults, and writing a rarely
        // set property would give the state storage of its own for them (an allocation).
        reset = { if $0[keyPath: keyPath] != defaultValue { $0[keyPath: keyPath] = defaultValue } }
    }
}

extension LayerState {
    /// Every property's reset, from the declarations of ``LayerProperty`` and ``LayerAttribute``.
    private static let resets: [LayerStateReset] =
        LayerProperty.allCases.map(\.declaration.stateReset) + LayerAttribute.allCases.map(\.declaration.stateReset)

    /// For each set of effects (by raw value), the resets of the properties that affect none of
    /// them, and whether a kind's properties are kept.
    private static let plans: [(resets: [LayerStateReset], keepsKind: Bool)] = (0...LayerEffects.all.rawValue).map { raw in
        let kept = LayerEffects(rawValue: raw)
        let keepsKind = resets.contains { $0.owningKind != nil && !$0.effects.isDisjoint(with: kept) }
        // A kind's properties go with the kind when none of them is kept.
        let dropped = resets.filter { $0.effects.isDisjoint(with: kept) && (keepsKind || $0.owningKind == nil) }
        return (dropped, keepsKind)
    }

    /// The state with every property whose declared effects lie outside `effects` reset to its
    /// default (and a kind's properties dropped when none of them is kept): what the parts of
    /// the drawing that `effects` name depend on. Two states with the same result draw those
    /// parts alike.
    package func keeping(_ effects: LayerEffects) -> LayerState {
        let plan = Self.plans[Int(effects.rawValue)]
        var s = self
        let kind = kind.layerKind
        // A kind's property is reset only on a layer of that kind (writing it would make any
        // other layer one).
        for r in plan.resets where r.owningKind == nil || r.owningKind == kind { r.reset(&s) }
        if !plan.keepsKind { s.kind = .layer }
        return s
    }
}
