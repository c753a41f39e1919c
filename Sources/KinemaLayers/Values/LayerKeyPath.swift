import KinemaGeometry

/// A typed animatable key path such as `position`, `position.x`, `transform.rotation.z` or
/// `bounds.size.width`.
///
/// Mirrors the string key paths of `CABasicAnimation(keyPath:)` and Core Animation's key-value
/// coding extensions. Parse user input with ``init(parsing:)``; string literals in code parse the
/// same way, and an invalid literal gives a key path whose ``isValid`` is `false`, which animates
/// nothing.
public struct LayerKeyPath: Hashable, Sendable {
    /// The layer property at the root of the path.
    public let property: LayerProperty
    /// The sub-field, if any (`x` in `position.x`).
    public let component: Component?
    private let invalidText: String?

    /// A key path for a whole property, or one of its sub-fields.
    public init(_ property: LayerProperty, _ component: Component? = nil) {
        self.property = property
        self.component = component
        self.invalidText = nil
    }

    /// Whether the key path names an animatable property (and a sub-field that property has).
    public var isValid: Bool { invalidText == nil }

    /// Parses a key path, throwing a ``KeyPathError`` that names what was expected.
    public init(parsing text: String) throws(KeyPathError) {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        guard let head = parts.first, let property = LayerProperty(rawValue: head) else {
            throw KeyPathError(text: text, message: "'\(text)' is not an animatable key path")
        }
        var component: Component?
        if parts.count == 2 {
            guard let c = Component(rawValue: parts[1]) else {
                let expected = Component.allCases.filter { $0.applies(to: property.valueKind) }.map {
                    "\(property.rawValue).\($0.rawValue)"
                }
                let hint =
                    expected.isEmpty ? "'\(property.rawValue)' has no sub-fields" : "expected one of \(expected.joined(separator: ", "))"
                throw KeyPathError(text: text, message: "'\(text)' is not an animatable key path (\(hint))")
            }
            guard c.applies(to: property.valueKind) else {
                throw KeyPathError(
                    text: text, message: "'\(property.rawValue)' is a \(property.valueKind.rawValue) and has no '\(c.rawValue)' field")
            }
            component = c
        }
        self.property = property
        self.component = component
        self.invalidText = nil
    }

    /// The kind of value the key path animates.
    public var valueKind: ValueKind { component?.valueKind ?? property.valueKind }

    /// The key path as a string (`"position.x"`).
    public var string: String {
        if let invalidText { return invalidText }
        guard let component else { return property.rawValue }
        return property.rawValue + "." + component.rawValue
    }

    /// The sub-fields a key path can name after its property.
    public enum Component: String, Hashable, Sendable, CaseIterable {
        case x, y, width, height
        case origin, originX = "origin.x", originY = "origin.y"
        case size, sizeWidth = "size.width", sizeHeight = "size.height"
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

        /// Whether a property of `kind` has this sub-field.
        public func applies(to kind: ValueKind) -> Bool {
            switch self {
            case .x, .y: kind == .point
            case .width, .height: kind == .size
            case .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight: kind == .rect
            default: kind == .transform
            }
        }

        /// The kind of value the sub-field holds.
        public var valueKind: ValueKind {
            switch self {
            case .origin: .point
            case .size, .translation: .size
            default: .number
            }
        }
    }
}

extension LayerKeyPath: ExpressibleByStringLiteral, CustomStringConvertible {
    /// Parses a literal key path; an invalid one animates nothing (see ``isValid``).
    public init(stringLiteral value: String) {
        if let parsed = try? LayerKeyPath(parsing: value) {
            self = parsed
        } else {
            self.property = .opacity
            self.component = nil
            self.invalidText = value
        }
    }

    public var description: String { string }
}

/// A key path that does not name an animatable property.
public struct KeyPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that failed to parse.
    public var text: String
    /// What was wrong and what was expected.
    public var message: String
    public var description: String { message }
}

extension AnimatableValue {
    /// The sub-field `component` of this value (`x` of a point, `rotation.z` of a transform).
    public func component(_ component: LayerKeyPath.Component) -> AnimatableValue? {
        switch (self, component) {
        case (.point(let p), .x): return .number(p.x)
        case (.point(let p), .y): return .number(p.y)
        case (.size(let s), .width): return .number(s.width)
        case (.size(let s), .height): return .number(s.height)
        case (.rect(let r), .origin): return .point(r.origin)
        case (.rect(let r), .originX): return .number(r.origin.x)
        case (.rect(let r), .originY): return .number(r.origin.y)
        case (.rect(let r), .size): return .size(r.size)
        case (.rect(let r), .sizeWidth): return .number(r.width)
        case (.rect(let r), .sizeHeight): return .number(r.height)
        case (.transform(let t), _): return TransformComponents.value(of: component, in: t)
        default: return nil
        }
    }

    /// This value with its sub-field `component` replaced by `value`; unchanged when the kinds do not fit.
    public func setting(_ component: LayerKeyPath.Component, to value: AnimatableValue) -> AnimatableValue {
        switch (self, component, value) {
        case (.point(var p), .x, .number(let v)): p.x = v; return .point(p)
        case (.point(var p), .y, .number(let v)): p.y = v; return .point(p)
        case (.size(var s), .width, .number(let v)): s.width = v; return .size(s)
        case (.size(var s), .height, .number(let v)): s.height = v; return .size(s)
        case (.rect(var r), .origin, .point(let v)): r.origin = v; return .rect(r)
        case (.rect(var r), .originX, .number(let v)): r.origin.x = v; return .rect(r)
        case (.rect(var r), .originY, .number(let v)): r.origin.y = v; return .rect(r)
        case (.rect(var r), .size, .size(let v)): r.size = v; return .rect(r)
        case (.rect(var r), .sizeWidth, .number(let v)): r.size.width = v; return .rect(r)
        case (.rect(var r), .sizeHeight, .number(let v)): r.size.height = v; return .rect(r)
        case (.transform(let t), _, _):
            return .transform(TransformComponents.setting(component, of: t, to: value) ?? t)
        default: return self
        }
    }
}
