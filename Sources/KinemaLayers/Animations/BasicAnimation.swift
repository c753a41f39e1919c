import KinemaGeometry
import KinemaTiming

/// Interpolates one property between two values. Mirrors `CABasicAnimation`.
///
/// The eight `fromValue`/`toValue`/`byValue` combinations resolve against the underlying value
/// `U` (the model value with earlier animations applied), re-read every frame:
///
/// | from | to | by | animates |
/// |---|---|---|---|
/// | – | – | – | `U → U` (an implicit action captures the old value as `fromValue`) |
/// | F | – | – | `F → U` |
/// | – | T | – | `U → T` |
/// | – | – | B | `U → U + B` |
/// | F | T | any | `F → T` (`byValue` is ignored) |
/// | F | – | B | `F → F + B` |
/// | – | T | B | `T − B → T` |
public struct BasicAnimation: PropertyAnimation {
    public var timing = MediaTimingParameters()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: (any AnimationDelegate)?
    public var keyPath: LayerKeyPath
    public var isAdditive = false
    public var isCumulative = false
    public var valueFunction: ValueFunction?
    /// The start value, or `nil`. Default `nil`.
    public var fromValue: AnimatableValue?
    /// The end value, or `nil`. Default `nil`.
    public var toValue: AnimatableValue?
    /// The change relative to the start, or `nil`. Default `nil`.
    public var byValue: AnimatableValue?

    /// An animation of `keyPath` with no values and default timing.
    public init(keyPath: LayerKeyPath) {
        self.keyPath = keyPath
    }

    public var erased: AnyAnimation { .basic(self) }
}
