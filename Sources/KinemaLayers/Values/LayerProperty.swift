/// A layer property that can be read and set by name and, where Core Animation says so, animated.
///
/// Raw values are Core Animation's key names (`"position"`, `"hidden"`, `"fillColor"`), which
/// scene files and key paths use. Each property is declared once, in ``declaration``: the place
/// to add one (with its stored value in ``LayerState`` and its accessor on the layer class).
public enum LayerProperty: String, Hashable, Sendable, CaseIterable {
    // Layer geometry
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    // Layer appearance
    case opacity, hidden, doubleSided, masksToBounds, backgroundColor, cornerRadius
    case borderWidth, borderColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case contentsRect, contentsScale, contentsCenter
    // ShapeLayer
    case path, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit
    case lineDashPhase, lineDashPattern
    // TextLayer
    case fontSize, foregroundColor
    // GradientLayer
    case colors, locations, startPoint, endPoint

    /// The one declaration of each property. Ranges are the ones Core Animation documents
    /// (`opacity` and `shadowOpacity` in [0, 1], `strokeStart`/`strokeEnd` fractions of the
    /// path) or that only make sense non-negative (widths, radii, sizes); the Swift API accepts
    /// any finite value, as Core Animation does, and the scene decoder enforces the ranges.
    private func declare() -> LayerPropertyDeclaration {
        switch self {
        case .bounds: .init(\.bounds, nonNegativeSize: true, affects: [.content, .border])
        case .position: .init(\.position, affects: .placement)
        case .zPosition: .init(\.zPosition, affects: .placement)
        case .anchorPoint: .init(\.anchorPoint, affects: .placement)
        case .anchorPointZ: .init(\.anchorPointZ, affects: .placement)
        case .transform: .init(\.transform, affects: .placement)
        case .sublayerTransform: .init(\.sublayerTransform, affects: .compositing)
        case .opacity: .init(\.opacity, minimum: 0, maximum: 1, affects: .compositing)
        case .hidden: .init(\.isHidden, affects: .compositing)
        case .doubleSided: .init(\.isDoubleSided, affects: .compositing)
        case .masksToBounds: .init(\.masksToBounds, affects: .content)
        case .backgroundColor: .init(\.backgroundColor, affects: .content)
        case .cornerRadius: .init(\.cornerRadius, minimum: 0, affects: [.content, .border])
        case .borderWidth: .init(\.borderWidth, minimum: 0, affects: .border)
        case .borderColor: .init(\.borderColor, affects: .border)
        case .shadowColor: .init(\.shadowColor, affects: .shadow)
        case .shadowOpacity: .init(\.shadowOpacity, minimum: 0, maximum: 1, affects: .shadow)
        case .shadowOffset: .init(\.shadowOffset, affects: .shadow)
        case .shadowRadius: .init(\.shadowRadius, minimum: 0, affects: .shadow)
        case .shadowPath: .init(\.shadowPath, implicitAction: false, affects: .shadow)
        case .contentsRect: .init(\.contentsRect, affects: .content)
        case .contentsScale: .init(\.contentsScale, minimum: 0, affects: .content)
        case .contentsCenter: .init(\.contentsCenter, affects: .content)
        case .path: .init(\.kind.shape.path, owner: .shape, implicitAction: false, affects: .content)
        case .fillColor: .init(\.kind.shape.fillColor, owner: .shape, affects: .content)
        case .strokeColor: .init(\.kind.shape.strokeColor, owner: .shape, affects: .content)
        case .strokeStart: .init(\.kind.shape.strokeStart, owner: .shape, minimum: 0, maximum: 1, affects: .content)
        case .strokeEnd: .init(\.kind.shape.strokeEnd, owner: .shape, minimum: 0, maximum: 1, affects: .content)
        case .lineWidth: .init(\.kind.shape.lineWidth, owner: .shape, minimum: 0, affects: .content)
        case .miterLimit: .init(\.kind.shape.miterLimit, owner: .shape, affects: .content)
        case .lineDashPhase: .init(\.kind.shape.lineDashPhase, owner: .shape, affects: .content)
        case .lineDashPattern: .init(\.kind.shape.lineDashPattern, owner: .shape, affects: .content)
        case .fontSize: .init(\.kind.text.fontSize, owner: .text, minimum: 0, affects: .content)
        case .foregroundColor: .init(\.kind.text.foregroundColor, owner: .text, affects: .content)
        case .colors: .init(\.kind.gradient.colors, owner: .gradient, affects: .content)
        case .locations: .init(\.kind.gradient.locations, owner: .gradient, affects: .content)
        case .startPoint: .init(\.kind.gradient.startPoint, owner: .gradient, affects: .content)
        case .endPoint: .init(\.kind.gradient.endPoint, owner: .gradient, affects: .content)
        }
    }

    /// Every declaration, built once, in ``allCases`` (declaration) order.
    private static let declarations: [LayerPropertyDeclaration] = allCases.map { $0.declare() }

    /// The case's position in ``allCases``: its tag. Swift gives the cases of an enum without
    /// payloads the tags 0, 1, 2, … in declaration order, in one byte when there are fewer than
    /// 256 (the Swift ABI's type layout, "Single-Payload and No-Payload Enums"); a test checks
    /// it. Presentation reads and writes properties per layer per frame, so this lookup is an
    /// array index rather than a hash.
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// This property's declaration. (Every case has one: ``declare()`` is exhaustive.)
    var declaration: LayerPropertyDeclaration { Self.declarations[ordinal] }

    /// The declarations again, unretained: ``declarations`` holds them for the life of the
    /// process, so a read on every layer of every frame need not count a reference on an object
    /// that all layers share.
    private static let unretainedDeclarations = declarations.map { Unmanaged.passUnretained($0) }

    /// Calls `body` with this property's declaration, without retaining it.
    @inline(__always)
    func withDeclaration<R>(_ body: (LayerPropertyDeclaration) -> R) -> R {
        Self.unretainedDeclarations.withUnsafeBufferPointer { $0[ordinal] }._withUnsafeGuaranteedRef(body)
    }

    /// The kind of value the property holds.
    public var valueKind: ValueKind { declaration.valueKind }

    /// The layer kind that has this property (`nil` for every layer).
    public var owningKind: LayerKind? { declaration.owningKind }

    /// Whether setting the property looks up an implicit action. `CGPath`-typed properties
    /// (`path`, `shadowPath`) animate only explicitly, as in Core Animation.
    public var hasImplicitAction: Bool { declaration.hasImplicitAction }

    /// The smallest value a scene file may give this numeric property, or `nil` for none.
    public var minimumValue: Double? { declaration.minimum }

    /// The largest value a scene file may give this numeric property, or `nil` for none.
    public var maximumValue: Double? { declaration.maximum }

    /// Whether a scene file's rectangle or size for this property must have a non-negative size
    /// (`bounds`).
    public var requiresNonNegativeSize: Bool { declaration.hasNonNegativeSize }

    /// What changing the property can alter in how the layer is drawn (what the renderer's
    /// content cache keys on).
    package var effects: LayerEffects { declaration.effects }
}

/// The kinds of layer, mirroring `CALayer` and its subclasses.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    /// `CALayer`.
    case layer
    /// `CAShapeLayer`.
    case shape
    /// `CATextLayer`.
    case text
    /// `CAGradientLayer`.
    case gradient
    /// `CATransformLayer`.
    case transform
}
