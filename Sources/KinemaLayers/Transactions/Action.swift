import KinemaGeometry

/// Something a layer runs in response to a property change or event. Mirrors `CAAction`.
///
/// Every ``Animation`` is an action: running it adds a copy to the layer under the event's key.
public protocol Action {
    /// Runs the action for `event` (a property name such as `"position"`, or `"onOrderIn"`).
    func run(forKey event: String, object layer: Layer, arguments: [String: AnimatableValue]?)
}

/// The action that stops the action search and does nothing: Core Animation's `NSNull`.
///
/// Return it from ``LayerDelegate/action(for:forKey:)`` or store it in `actions` to switch off
/// an implicit animation. `action(forKey:)` converts it to `nil`.
public struct NullAction: Action {
    public init() {}
    public func run(forKey event: String, object layer: Layer, arguments: [String: AnimatableValue]?) {}
}

/// A layer's default actions and nested defaults. Mirrors the `actions` part of `CALayer.style`.
public struct LayerStyle {
    /// Actions by event name.
    public var actions: [String: any Action]
    /// A further style searched after this one, or `nil`. Default `nil`.
    public var style: LayerStyle? {
        get { next.first }
        set { next = newValue.map { [$0] } ?? [] }
    }
    /// Storage for ``style`` (a struct cannot hold itself directly).
    private var next: [LayerStyle]

    /// A style with `actions`, falling back to `style`.
    public init(actions: [String: any Action] = [:], style: LayerStyle? = nil) {
        self.actions = actions
        self.next = style.map { [$0] } ?? []
    }
}

/// The layer's delegate: supplies actions (and, for views, suppresses implicit animations).
/// Mirrors `CALayerDelegate`.
public protocol LayerDelegate: AnyObject {
    /// The action for `event`, `nil` to continue the search, or ``NullAction`` to stop it.
    func action(for layer: Layer, forKey event: String) -> (any Action)?
    /// Draws `layer`'s content in its bounds coordinates, when the layer displays. Mirrors
    /// `CALayerDelegate.draw(_:in:)`.
    func draw(_ layer: Layer, in ctx: DrawingContext)
}

extension LayerDelegate {
    public func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
    public func draw(_ layer: Layer, in ctx: DrawingContext) {}
}
