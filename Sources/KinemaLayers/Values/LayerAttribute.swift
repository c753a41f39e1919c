import KinemaGeometry

/// A layer property that is not animatable, by the name scene files and `kinema inspect` give it
/// (`"lineCap"`, `"maskedCorners"`, `"contents"`).
///
/// Each is declared once, in ``declaration``, as ``LayerProperty`` declares the animatable ones:
/// where the state stores it, the layer kind that has it, how a scene file writes it and what
/// changing it alters in the drawing. Scene decoding, `kinema inspect` and the renderer's
/// content cache read that row; adding a property is the row and its stored field (with the
/// layer class's accessor). The order of the cases is the order `kinema inspect` lists them in.
public enum LayerAttribute: String, Hashable, Sendable, CaseIterable {
    // Every layer
    case contentsGravity, geometryFlipped, contents, maskedCorners
    // TextLayer
    case string, font, alignmentMode, wrapped, truncationMode
    // ShapeLayer
    case lineCap, lineJoin, fillRule
    // GradientLayer
    case gradientType
    // Recorded by `display()`, never written by name
    case drawing

    /// The one declaration of each attribute (the compiler asks for a row for a new case).
    private func declare() -> LayerAttributeDeclaration {
        switch self {
        case .contentsGravity: .init(\.contentsGravity, affects: .content)
        case .geometryFlipped: .init(\.isGeometryFlipped, affects: .compositing)
        case .contents: .init(\.contents, affects: .content)
        case .maskedCorners: .init(\.maskedCorners, affects: [.content, .border])
        case .string: .init(\.kind.text.string, owner: .text, affects: .content)
        case .font: .init(\.kind.text.fontName, owner: .text, affects: .content)
        case .alignmentMode: .init(\.kind.text.alignmentMode, owner: .text, affects: .content)
        case .wrapped: .init(\.kind.text.isWrapped, owner: .text, affects: .content)
        case .truncationMode: .init(\.kind.text.truncationMode, owner: .text, affects: .content)
        case .lineCap: .init(\.kind.shape.lineCap, owner: .shape, affects: .content)
        case .lineJoin: .init(\.kind.shape.lineJoin, owner: .shape, affects: .content)
        case .fillRule: .init(\.kind.shape.fillRule, owner: .shape, affects: .content)
        case .gradientType: .init(\.kind.gradient.type, owner: .gradient, affects: .content)
        case .drawing: .init(unwritten: \.drawing, affects: .content)
        }
    }

    /// Every declaration, built once, in ``allCases`` order.
    private static let declarations: [LayerAttributeDeclaration] = allCases.map { $0.declare() }

    /// This attribute's declaration.
    package var declaration: LayerAttributeDeclaration {
        Self.declarations[Self.allCases.firstIndex(of: self)!]
    }

    /// The layer kind that has this attribute (`nil` for every layer).
    public var owningKind: LayerKind? { declaration.owningKind }

    /// What changing the attribute can alter in how the layer is drawn.
    package var effects: LayerEffects { declaration.effects }

    /// Whether a scene file can set the attribute by name (all but `drawing`).
    public var isWritable: Bool {
        if case .unwritten = declaration.format { false } else { true }
    }
}

/// A non-animatable property's value in the form a scene file writes it: a Boolean, a string (a
/// name, a text or a file path), an array of names (a set of options) or null (no contents).
public enum LayerAttributeValue: Hashable, Sendable {
    case bool(Bool)
    case string(String)
    case strings([String])
    case null
}

/// How a scene file writes a ``LayerAttribute``'s value.
package enum LayerAttributeFormat: Sendable, Equatable {
    /// `true` or `false`.
    case bool
    /// Any string.
    case string
    /// One of these names (an enumeration's raw values).
    case name([String])
    /// An array of these names (an option set); `noun` names one (`"corner"`) in messages.
    case names([String], noun: String)
    /// An image file's path, or `null` for none.
    case file
    /// Not written by name (a layer's recorded drawing).
    case unwritten
}

/// Everything Kinema knows about one ``LayerAttribute``: where the state stores it, the layer
/// kind that has it, how a scene file writes it and what changing it alters in the drawing.
package final class LayerAttributeDeclaration: Sendable {
    /// How a scene file writes the value.
    package var format: LayerAttributeFormat { storedFormat.format }
    /// ``format`` with its names in plain fields. A multi-payload enumeration keeps its case in
    /// the spare bits of its payload's pointer, which LeakSanitizer does not read as a pointer,
    /// so the names of this table (which lives as long as the process) would be reported as
    /// leaked by the fuzzers and `make asan`.
    private let storedFormat: StoredFormat
    /// The layer kind that has the attribute, or `nil` for every layer.
    package let owningKind: LayerKind?
    /// What changing the attribute can alter in how the layer is drawn.
    package let effects: LayerEffects
    /// How to reset it to its default, for ``LayerState/keeping(_:)``.
    let stateReset: LayerStateReset
    /// The value as a scene file writes it (`nil` when it is not written by name).
    let read: @Sendable (LayerState) -> LayerAttributeValue?
    /// Sets the value; `false` when it is not of the attribute's form.
    let write: @Sendable (inout LayerState, LayerAttributeValue) -> Bool

    private init<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<LayerState, Value> & Sendable, owner: LayerKind?, affects: LayerEffects,
        format: LayerAttributeFormat, encode: @escaping @Sendable (Value) -> LayerAttributeValue?,
        decode: @escaping @Sendable (LayerAttributeValue) -> Value?
    ) {
        storedFormat = StoredFormat(format)
        owningKind = owner
        effects = affects
        stateReset = LayerStateReset(keyPath, effects: affects, owningKind: owner)
        read = { encode($0[keyPath: keyPath]) }
        write = { state, value in
            guard let v = decode(value) else { return false }
            state[keyPath: keyPath] = v
            return true
        }
    }

    /// An enumeration written by its raw value.
    convenience init<Value: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ keyPath: WritableKeyPath<LayerState, Value> & Sendable, owner: LayerKind? = nil, affects: LayerEffects
    ) where Value.RawValue == String {
        self.init(
            keyPath, owner: owner, affects: affects, format: .name(Value.allCases.map(\.rawValue)),
            encode: { .string($0.rawValue) },
            decode: { if case .string(let s) = $0 { Value(rawValue: s) } else { nil } })
    }

    /// A Boolean.
    convenience init(_ keyPath: WritableKeyPath<LayerState, Bool> & Sendable, owner: LayerKind? = nil, affects: LayerEffects) {
        self.init(
            keyPath, owner: owner, affects: affects, format: .bool, encode: { .bool($0) },
            decode: { if case .bool(let b) = $0 { b } else { nil } })
    }

    /// A string.
    convenience init(_ keyPath: WritableKeyPath<LayerState, String> & Sendable, owner: LayerKind? = nil, affects: LayerEffects) {
        self.init(
            keyPath, owner: owner, affects: affects, format: .string, encode: { .string($0) },
            decode: { if case .string(let s) = $0 { s } else { nil } })
    }

    /// Corners, written as an array of their names (in ``CornerMask/names`` order).
    convenience init(_ keyPath: WritableKeyPath<LayerState, CornerMask> & Sendable, affects: LayerEffects) {
        self.init(
            keyPath, owner: nil, affects: affects, format: .names(CornerMask.names.map(\.name), noun: "corner"),
            encode: { mask in .strings(CornerMask.names.filter { mask.contains($0.corner) }.map(\.name)) },
            decode: { value in
                guard case .strings(let names) = value else { return nil }
                var mask: CornerMask = []
                for name in names {
                    guard let corner = CornerMask.names.first(where: { $0.name == name })?.corner else { return nil }
                    mask.insert(corner)
                }
                return mask
            })
    }

    /// An image, written as its file's path or `null`.
    convenience init(_ keyPath: WritableKeyPath<LayerState, LayerContents?> & Sendable, affects: LayerEffects) {
        self.init(
            keyPath, owner: nil, affects: affects, format: .file, encode: { $0.map { .string($0.source) } ?? .null },
            decode: { value in
                switch value {
                case .null: .some(nil)
                case .string(let source): LayerContents(source: source)
                default: nil
                }
            })
    }

    /// A value that is never written by name (it still has its effects on the drawing).
    convenience init<Value: Equatable & Sendable>(unwritten keyPath: WritableKeyPath<LayerState, Value> & Sendable, affects: LayerEffects) {
        self.init(keyPath, owner: nil, affects: affects, format: .unwritten, encode: { _ in nil }, decode: { _ in nil })
    }
}

extension CornerMask {
    /// Each corner's name in scene files (iOS's y-down names: `minXMinY` is the top-left).
    package static let names: [(name: String, corner: CornerMask)] = [
        ("minXMinY", .layerMinXMinYCorner), ("maxXMinY", .layerMaxXMinYCorner),
        ("minXMaxY", .layerMinXMaxYCorner), ("maxXMaxY", .layerMaxXMaxYCorner),
    ]
}

extension LayerState {
    /// The value of `attribute` as a scene file writes it, or `nil` when this layer kind lacks it
    /// or it is not written by name.
    package func value(of attribute: LayerAttribute) -> LayerAttributeValue? {
        let declaration = attribute.declaration
        guard declaration.owningKind == nil || declaration.owningKind == kind.layerKind else { return nil }
        return declaration.read(self)
    }

    /// Sets `attribute`; ignores a value not of its form and an attribute this layer kind lacks.
    /// Returns whether anything was set.
    @discardableResult
    package mutating func set(_ attribute: LayerAttribute, to value: LayerAttributeValue) -> Bool {
        let declaration = attribute.declaration
        guard declaration.owningKind == nil || declaration.owningKind == kind.layerKind else { return false }
        return declaration.write(&self, value)
    }
}

extension Layer {
    /// Sets a non-animatable property by name, as its setter does (no implicit action); ignores
    /// a value not of its form and an attribute this layer's kind lacks.
    package func set(_ attribute: LayerAttribute, to value: LayerAttributeValue) {
        var state = model
        guard state.set(attribute, to: value) else { return }
        mutateModel { $0 = state }
    }
}

/// A ``LayerAttributeFormat`` kept as plain fields (see ``LayerAttributeDeclaration/format``).
private struct StoredFormat: Sendable {
    enum Kind: Sendable { case bool, string, name, names, file, unwritten }
    let kind: Kind
    let names: [String]
    let noun: String

    init(_ format: LayerAttributeFormat) {
        switch format {
        case .bool: (kind, names, noun) = (.bool, [], "")
        case .string: (kind, names, noun) = (.string, [], "")
        case .name(let n): (kind, names, noun) = (.name, n, "")
        case .names(let n, let noun): (kind, names, self.noun) = (.names, n, noun)
        case .file: (kind, names, noun) = (.file, [], "")
        case .unwritten: (kind, names, noun) = (.unwritten, [], "")
        }
    }

    var format: LayerAttributeFormat {
        switch kind {
        case .bool: .bool
        case .string: .string
        case .name: .name(names)
        case .names: .names(names, noun: noun)
        case .file: .file
        case .unwritten: .unwritten
        }
    }
}
