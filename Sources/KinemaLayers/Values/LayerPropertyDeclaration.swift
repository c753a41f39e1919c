/// Everything Kinema knows about one layer property, declared once in
/// ``LayerProperty``'s table: where it is stored, its kind, the layer kind that has it, its valid
/// range, whether setting it runs an implicit action and what changing it alters in the drawing. Reading and writing a property by name,
/// animation lookup, `defaultValue(forKey:)` and the scene decoder's checks all follow from it.
/// A class, so that looking one up while animations are applied copies one reference rather
/// than its two closures.
final class LayerPropertyDeclaration: Sendable {
    /// The kind of value the property holds (from the type its key path names).
    let valueKind: ValueKind
    /// The layer kind that has the property, or `nil` for every layer.
    let owningKind: LayerKind?
    /// The smallest value a scene file may give (numbers only), or `nil` for none.
    let minimum: Double?
    /// The largest value a scene file may give (numbers only), or `nil` for none.
    let maximum: Double?
    /// Whether a scene file's rectangle or size for the property must have a non-negative size.
    let hasNonNegativeSize: Bool
    /// Whether setting the property looks up an implicit action.
    let hasImplicitAction: Bool
    /// What changing the property can alter in how the layer is drawn (what the renderer's
    /// content cache keys on).
    let effects: LayerEffects
    /// How to reset the property to its default, for ``LayerState/keeping(_:)``.
    let stateReset: LayerStateReset
    /// The property's value in a state whose kind has it.
    let read: @Sendable (LayerState) -> AnimatableValue
    /// Sets the property; `false` when the value is of another kind.
    let write: @Sendable (inout LayerState, AnimatableValue) -> Bool

    /// Declares a property stored at `keyPath`.
    ///
    /// - Parameters:
    ///   - keyPath: Where the model stores the value; its type gives the value kind.
    ///   - owner: The layer kind that has the property, or `nil` for every layer.
    ///   - minimum: The smallest number a scene file may give, or `nil`.
    ///   - maximum: The largest number a scene file may give, or `nil`.
    ///   - nonNegativeSize: Whether a scene file's size for it must be non-negative.
    ///   - implicitAction: Whether setting it runs an implicit action. Default `true`; Core
    ///     Animation's `CGPath`-typed properties animate only explicitly.
    ///   - affects: What changing it can alter in how the layer is drawn.
    init<Value: LayerPropertyValue & Equatable>(
        _ keyPath: WritableKeyPath<LayerState, Value> & Sendable, owner: LayerKind? = nil, minimum: Double? = nil,
        maximum: Double? = nil, nonNegativeSize: Bool = false, implicitAction: Bool = true, affects: LayerEffects
    ) {
        valueKind = Value.valueKind
        owningKind = owner
        self.minimum = minimum
        self.maximum = maximum
        hasNonNegativeSize = nonNegativeSize
        hasImplicitAction = implicitAction
        effects = affects
        stateReset = LayerStateReset(keyPath, effects: affects, owningKind: owner)
        read = { $0[keyPath: keyPath].animatableValue }
        write = { state, value in
            guard let v = Value(animatableValue: value) else { return false }
            state[keyPath: keyPath] = v
            return true
        }
    }
}
