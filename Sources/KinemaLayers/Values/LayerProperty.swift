/// A layer property that can be read and set by name and, where Core Animation says so, animated.
///
/// Raw values are Core Animation's key names (`"position"`, `"hidden"`, `"fillColor"`), which
/// scene files and key paths use.
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

    /// The kind of value the property holds.
    public var valueKind: ValueKind {
        switch self {
        case .bounds, .contentsRect, .contentsCenter: .rect
        case .position, .anchorPoint, .startPoint, .endPoint: .point
        case .transform, .sublayerTransform: .transform
        case .hidden, .doubleSided, .masksToBounds: .bool
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor: .color
        case .shadowOffset: .size
        case .shadowPath, .path: .path
        case .colors: .colors
        case .locations, .lineDashPattern: .numbers
        case .zPosition, .anchorPointZ, .opacity, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius,
            .contentsScale, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase, .fontSize:
            .number
        }
    }

    /// The layer kind that has this property (`nil` for every layer).
    public var owningKind: LayerKind? {
        switch self {
        case .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase, .lineDashPattern:
            .shape
        case .fontSize, .foregroundColor: .text
        case .colors, .locations, .startPoint, .endPoint: .gradient
        default: nil
        }
    }

    /// Whether setting the property looks up an implicit action. `CGPath`-typed properties
    /// (`path`, `shadowPath`) animate only explicitly, as in Core Animation.
    public var hasImplicitAction: Bool { valueKind != .path }
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
