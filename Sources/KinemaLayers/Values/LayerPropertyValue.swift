import KinemaGeometry

/// A Swift type a layer property can hold, and how it converts to and from ``AnimatableValue``.
///
/// The declaration of a property (``LayerProperty``) takes its value kind from the type of the
/// key path it names, so the kind is never written twice.
protocol LayerPropertyValue: Sendable {
    /// The kind of ``AnimatableValue`` this type converts to.
    static var valueKind: ValueKind { get }
    /// The value as an ``AnimatableValue``.
    var animatableValue: AnimatableValue { get }
    /// The value held by `value`, or `nil` when `value` is of another kind.
    init?(animatableValue value: AnimatableValue)
}

/// A type whose optional is a layer property value (`Color?`, `Path?`: `nil` means none).
protocol NullableLayerPropertyValue: Sendable {
    static var valueKind: ValueKind { get }
    static func animatableValue(_ value: Self?) -> AnimatableValue
    /// `.some(nil)` for a `nil` value of the right kind; `nil` for another kind.
    static func nullable(from value: AnimatableValue) -> Self??
}

extension Optional: LayerPropertyValue where Wrapped: NullableLayerPropertyValue {
    static var valueKind: ValueKind { Wrapped.valueKind }
    var animatableValue: AnimatableValue { Wrapped.animatableValue(self) }
    init?(animatableValue value: AnimatableValue) {
        guard let unwrapped = Wrapped.nullable(from: value) else { return nil }
        self = unwrapped
    }
}

extension Double: LayerPropertyValue {
    static var valueKind: ValueKind { .number }
    var animatableValue: AnimatableValue { .number(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .number(let v) = value else { return nil }
        self = v
    }
}

extension Bool: LayerPropertyValue {
    static var valueKind: ValueKind { .bool }
    var animatableValue: AnimatableValue { .bool(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .bool(let v) = value else { return nil }
        self = v
    }
}

extension Point: LayerPropertyValue {
    static var valueKind: ValueKind { .point }
    var animatableValue: AnimatableValue { .point(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .point(let v) = value else { return nil }
        self = v
    }
}

extension Size: LayerPropertyValue {
    static var valueKind: ValueKind { .size }
    var animatableValue: AnimatableValue { .size(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .size(let v) = value else { return nil }
        self = v
    }
}

extension Rect: LayerPropertyValue {
    static var valueKind: ValueKind { .rect }
    var animatableValue: AnimatableValue { .rect(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .rect(let v) = value else { return nil }
        self = v
    }
}

extension Transform3D: LayerPropertyValue {
    static var valueKind: ValueKind { .transform }
    var animatableValue: AnimatableValue { .transform(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .transform(let v) = value else { return nil }
        self = v
    }
}

extension Array: LayerPropertyValue where Element: ArrayLayerPropertyElement {
    static var valueKind: ValueKind { Element.arrayValueKind }
    var animatableValue: AnimatableValue { Element.animatableValue(elements: self) }
    init?(animatableValue value: AnimatableValue) {
        guard let elements = Element.elements(from: value) else { return nil }
        self = elements
    }
}

/// An element type whose array is a layer property value (`[Color]`, `[Double]`).
protocol ArrayLayerPropertyElement: Sendable {
    static var arrayValueKind: ValueKind { get }
    static func animatableValue(elements: [Self]) -> AnimatableValue
    static func elements(from value: AnimatableValue) -> [Self]?
}

extension Color: NullableLayerPropertyValue, ArrayLayerPropertyElement {
    static var valueKind: ValueKind { .color }
    static func animatableValue(_ value: Color?) -> AnimatableValue { .color(value) }
    static func nullable(from value: AnimatableValue) -> Color?? {
        guard case .color(let v) = value else { return nil }
        return .some(v)
    }
    static var arrayValueKind: ValueKind { .colors }
    static func animatableValue(elements value: [Color]) -> AnimatableValue { .colors(value) }
    static func elements(from value: AnimatableValue) -> [Color]? {
        guard case .colors(let v) = value else { return nil }
        return v
    }
}

extension Path: NullableLayerPropertyValue {
    static var valueKind: ValueKind { .path }
    static func animatableValue(_ value: Path?) -> AnimatableValue { .path(value) }
    static func nullable(from value: AnimatableValue) -> Path?? {
        guard case .path(let v) = value else { return nil }
        return .some(v)
    }
}

extension Double: ArrayLayerPropertyElement {
    static var arrayValueKind: ValueKind { .numbers }
    static func animatableValue(elements value: [Double]) -> AnimatableValue { .numbers(value) }
    static func elements(from value: AnimatableValue) -> [Double]? {
        guard case .numbers(let v) = value else { return nil }
        return v
    }
}
