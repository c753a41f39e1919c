import KinemaGeometry

/// A value of an animatable layer property, typed by its kind.
///
/// Core Animation passes property values as `id` (NSNumber, NSValue, CGColor, …); Kinema uses
/// this enum instead. Number literals convert, so `animation.toValue = 100` works.
public enum AnimatableValue: Hashable, Sendable {
    /// A scalar (`opacity`, `cornerRadius`, `position.x`, `transform.rotation.z` in radians, …).
    case number(Double)
    /// A point (`position`, `anchorPoint`, gradient `startPoint`), in points or unit coordinates.
    case point(Point)
    /// A size (`bounds.size`, `shadowOffset`), in points.
    case size(Size)
    /// A rectangle (`bounds`, `contentsRect`), in points or unit coordinates.
    case rect(Rect)
    /// A colour, or `nil` for none (`backgroundColor`, `fillColor`, …).
    case color(Color?)
    /// A 3D transform (`transform`, `sublayerTransform`). Boxed, so that values of the other
    /// kinds stay small.
    indirect case transform(Transform3D)
    /// A Boolean (`hidden`, `masksToBounds`, `doubleSided`); switches at the halfway point.
    case bool(Bool)
    /// A path, or `nil` for none (`path`, `shadowPath`). Boxed too: a path (42 bytes) made every
    /// value 48 bytes in arrays, where the largest other kind, a colour, needs 33.
    indirect case path(Path?)
    /// An array of colours (gradient `colors`).
    case colors([Color])
    /// An array of numbers (gradient `locations`, `lineDashPattern`).
    case numbers([Double])

    /// The kind of this value.
    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        case .path: .path
        case .colors: .colors
        case .numbers: .numbers
        }
    }

    /// Whether every number inside is finite (NaN and infinities never reach a layer).
    public var isFinite: Bool {
        switch self {
        case .number(let v): v.isFinite
        case .point(let p): p.isFinite
        case .size(let s): s.isFinite
        case .rect(let r): r.isFinite
        case .color(let c): c.map(\.componentsAreFinite) ?? true
        case .transform(let t): t.isFinite
        case .bool: true
        case .path(let p): p.map { $0.elements.allSatisfy(\.isFinite) } ?? true
        case .colors(let cs): cs.allSatisfy(\.componentsAreFinite)
        case .numbers(let ns): ns.allSatisfy(\.isFinite)
        }
    }

    /// The scalar, when this is a number.
    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    /// The point, when this is a point.
    public var point: Point? { if case .point(let v) = self { v } else { nil } }
    /// The transform, when this is a transform.
    public var transform: Transform3D? { if case .transform(let v) = self { v } else { nil } }
}

/// The kinds of ``AnimatableValue``.
public enum ValueKind: String, Hashable, Sendable, CaseIterable {
    case number, point, size, rect, color, transform, bool, path, colors, numbers
}

extension AnimatableValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PathElement {
    var isFinite: Bool {
        switch self {
        case .moveTo(let p), .lineTo(let p): p.isFinite
        case .quadCurveTo(let p, let c): p.isFinite && c.isFinite
        case .curveTo(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
        case .closeSubpath: true
        }
    }
}

extension Color {
    var componentsAreFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
}
