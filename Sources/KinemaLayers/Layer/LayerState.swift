import KinemaGeometry

/// Every property value of one layer at one moment: the model values, or the presentation values
/// at a time. A `Sendable` snapshot; the renderer reads only these.
///
/// Defaults are Core Animation's (`CALayer.h`).
public struct LayerState: Hashable, Sendable {
    /// The layer's own coordinate rectangle, in points. Default `.zero`.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer, in points. Default `.zero`.
    public var position: Point = .zero
    /// The z component of the position, in points; orders siblings (higher is in front). Default 0.
    public var zPosition: Double = 0
    /// The anchor point in unit coordinates of the bounds. Default (0.5, 0.5).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The z of the anchor point, in points. Default 0.
    public var anchorPointZ: Double = 0
    /// A transform about the anchor point. Default identity.
    public var transform: Transform3D = .identity
    /// Opacity in `[0, 1]`. Default 1.
    public var opacity: Double = 1
    /// Whether the layer is hidden. Default `false`.
    public var isHidden = false
    /// Whether the back face shows when the layer faces away from the viewer. Default `true`.
    public var isDoubleSided = true
    /// Whether sublayers are clipped to the bounds (and corner radius). Default `false`.
    public var masksToBounds = false
    /// The background fill, or `nil` for none. Default `nil`.
    public var backgroundColor: Color?
    /// The corner radius of the background and border, in points. Default 0.
    public var cornerRadius: Double = 0
    /// The border width, in points, drawn inside the bounds above the sublayers. Default 0.
    public var borderWidth: Double = 0
    /// The properties of shape, text and gradient layers (shared storage, copied on write).
    public var kind: KindProperties = .layer
    /// Properties that are rarely animated, kept in shared storage so that a state stays small
    /// to copy (copied on write). A state whose rare properties were never set holds no storage
    /// for them at all: 10,000 layers saved about 350 bytes each, and copying such a state (every
    /// layer's, every frame) counts no reference.
    private var cold = CopyOnWrite<ColdLayerProperties>()

    /// A transform applied to the sublayers, about the bounds' anchor. Default identity.
    public var sublayerTransform: Transform3D {
        get { cold.value.sublayerTransform }
        set { cold.value.sublayerTransform = newValue }
    }
    /// The border colour. Default opaque black.
    public var borderColor: Color? {
        get { cold.value.borderColor }
        set { cold.value.borderColor = newValue }
    }
    /// The shadow colour. Default opaque black.
    public var shadowColor: Color? {
        get { cold.value.shadowColor }
        set { cold.value.shadowColor = newValue }
    }
    /// The shadow opacity in `[0, 1]`. Default 0 (no shadow).
    public var shadowOpacity: Double {
        get { cold.value.shadowOpacity }
        set { cold.value.shadowOpacity = newValue }
    }
    /// The shadow offset, in points. Default (0, −3), as Core Animation's.
    public var shadowOffset: Size {
        get { cold.value.shadowOffset }
        set { cold.value.shadowOffset = newValue }
    }
    /// The shadow blur radius, in points. Default 3.
    public var shadowRadius: Double {
        get { cold.value.shadowRadius }
        set { cold.value.shadowRadius = newValue }
    }
    /// An explicit shadow shape, or `nil` to derive it from the content. Default `nil`.
    public var shadowPath: Path? {
        get { cold.value.shadowPath }
        set { cold.value.shadowPath = newValue }
    }
    /// The image the layer shows, or `nil`. Default `nil`.
    public var contents: LayerContents? {
        get { cold.value.contents }
        set { cold.value.contents = newValue }
    }
    /// How `contents` fits the bounds. Default ``ContentsGravity/resize``.
    public var contentsGravity: ContentsGravity {
        get { cold.value.contentsGravity }
        set { cold.value.contentsGravity = newValue }
    }
    /// The part of `contents` shown, in unit coordinates. Default (0, 0, 1, 1).
    public var contentsRect: Rect {
        get { cold.value.contentsRect }
        set { cold.value.contentsRect = newValue }
    }
    /// The stretchable centre of `contents`, in unit coordinates. Default (0, 0, 1, 1).
    public var contentsCenter: Rect {
        get { cold.value.contentsCenter }
        set { cold.value.contentsCenter = newValue }
    }
    /// Pixels of `contents` per point. Default 1.
    public var contentsScale: Double {
        get { cold.value.contentsScale }
        set { cold.value.contentsScale = newValue }
    }
    /// Whether the sublayers' geometry is flipped vertically (the renderer draws them upside
    /// down about the bounds' centre). Not animatable. Default `false`.
    public var isGeometryFlipped: Bool {
        get { cold.value.isGeometryFlipped }
        set { cold.value.isGeometryFlipped = newValue }
    }
    /// Which corners `cornerRadius` rounds. Default all four.
    public var maskedCorners: CornerMask {
        get { cold.value.maskedCorners }
        set { cold.value.maskedCorners = newValue }
    }

    /// What the layer's `draw(in:)` recorded the last time it was displayed, or `nil`. Core
    /// Animation keeps this as the layer's backing store (its `contents`); Kinema keeps the
    /// recorded drawing, which the renderer rasterises once and caches. Not animatable.
    /// Default `nil`.
    public var drawing: Drawing? {
        get { cold.value.drawing }
        set { cold.value.drawing = newValue }
    }

    /// Creates a state with Core Animation's defaults.
    public init() {}

    /// The value of `property`, or `nil` when this layer kind lacks it.
    public func value(of property: LayerProperty) -> AnimatableValue? {
        let layerKind = kind.layerKind
        return property.withDeclaration { declaration in
            Self.has(declaration, layerKind) ? declaration.read(self) : nil
        }
    }

    /// Whether a layer of `layerKind` has the property `declaration` declares.
    private static func has(_ declaration: LayerPropertyDeclaration, _ layerKind: LayerKind?) -> Bool {
        declaration.owningKind == nil || declaration.owningKind == layerKind
    }

    /// The value at `keyPath` (a property or one of its sub-fields), or `nil` when this layer
    /// kind lacks it.
    public func value(at keyPath: LayerKeyPath) -> AnimatableValue? {
        guard keyPath.isValid else { return nil }
        if let component = keyPath.component, let matrix = transformValue(keyPath.property) {
            return TransformComponents.value(of: component, in: matrix)
        }
        guard let whole = value(of: keyPath.property) else { return nil }
        guard let component = keyPath.component else { return whole }
        return whole.component(component)
    }

    /// Sets `property`; ignores values of the wrong kind, non-finite values, and properties this
    /// layer kind lacks. Returns whether anything was set.
    @discardableResult
    public mutating func set(_ property: LayerProperty, to value: AnimatableValue) -> Bool {
        // The layer kind read first: calling a method of `self` inside the closure, which holds
        // `self` to write it, copied the whole state.
        let layerKind = kind.layerKind
        return property.withDeclaration { declaration in
            guard value.kind == declaration.valueKind, value.isFinite, Self.has(declaration, layerKind) else { return false }
            return declaration.write(&self, value)
        }
    }

    /// The matrix of a transform-valued property, without boxing it in an ``AnimatableValue``.
    private func transformValue(_ property: LayerProperty) -> Transform3D? {
        switch property {
        case .transform: transform
        case .sublayerTransform: sublayerTransform
        default: nil
        }
    }

    /// Sets the value at `keyPath`, rebuilding the whole property from a sub-field.
    @discardableResult
    public mutating func set(_ keyPath: LayerKeyPath, to value: AnimatableValue) -> Bool {
        guard keyPath.isValid else { return false }
        guard let component = keyPath.component else { return set(keyPath.property, to: value) }
        if let matrix = transformValue(keyPath.property) {
            guard value.kind == component.valueKind, value.isFinite,
                let rebuilt = TransformComponents.setting(component, of: matrix, to: value), rebuilt.isFinite
            else { return false }
            if keyPath.property == .transform { transform = rebuilt } else { sublayerTransform = rebuilt }
            return true
        }
        guard let whole = self.value(of: keyPath.property), value.kind == component.valueKind, value.isFinite else {
            return false
        }
        return set(keyPath.property, to: whole.setting(component, to: value))
    }
}

struct ColdLayerProperties: Hashable, Sendable {
    var sublayerTransform: Transform3D = .identity
    var borderColor: Color? = .black
    var shadowColor: Color? = .black
    var shadowOpacity: Double = 0
    var shadowOffset: Size = Size(width: 0, height: -3)
    var shadowRadius: Double = 3
    var shadowPath: Path? = nil
    var contents: LayerContents? = nil
    var contentsGravity: ContentsGravity = .resize
    var contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var maskedCorners: CornerMask = .all
    var isGeometryFlipped = false
    var drawing: Drawing? = nil
}

extension ColdLayerProperties: SharedDefault {
    static let sharedDefault = ColdLayerProperties()
}

/// A type with a value that ``CopyOnWrite`` holds without storage.
protocol SharedDefault {
    static var sharedDefault: Self { get }
}

/// A value in shared storage, copied when written while shared. Until it is first written it
/// holds `Value.sharedDefault` and no storage, so copying it touches no reference count.
struct CopyOnWrite<Value: Hashable & Sendable & SharedDefault>: Hashable, @unchecked Sendable {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// `nil` until the value is first written.
    private var box: Box?

    init() {}

    var value: Value {
        _read {
            if let box { yield box.value } else { yield Value.sharedDefault }
        }
        set {
            if isKnownUniquelyReferenced(&box) {
                box!.value = newValue
            } else {
                box = Box(newValue)
            }
        }
    }

    static func == (a: CopyOnWrite, b: CopyOnWrite) -> Bool { a.box === b.box || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Which corners of a layer `cornerRadius` rounds. Mirrors `CACornerMask`; the names follow iOS
/// (y down): `minXMinY` is the top-left corner.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top-left corner on an iOS (y-down) screen.
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// All four corners (the default).
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// How a layer's `contents` image fits its bounds. Mirrors `CALayerContentsGravity`.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// The image a layer shows. Kinema keeps a reference (a file path and its pixel size, or the
/// image file's bytes held in memory); the graphics module decodes it when rendering.
public struct LayerContents: Hashable, Sendable {
    /// Where the image comes from (a file path, absolute or relative to the scene). When
    /// ``encoded`` holds the image, only its name in errors (`archive:images/img_0.png`).
    public var source: String
    /// The image's size in pixels, when known.
    public var pixelSize: Size?
    /// The image file's bytes, for an image that is not a file of its own (one embedded in a
    /// Lottie file or its `.lottie` archive); `nil` (the default) reads the file at ``source``.
    /// Contents holding the same instance show one image, which a renderer decodes once.
    public var encoded: EncodedImage?

    public init(source: String, pixelSize: Size? = nil, encoded: EncodedImage? = nil) {
        self.source = source
        self.pixelSize = pixelSize
        self.encoded = encoded
    }
}

/// An image file's bytes (PNG or JPEG) held in memory and shared by reference: every
/// ``LayerContents`` holding the same instance shows the same image, so a renderer decodes it
/// once and keeps one copy of its pixels however many layers show it. Equal only to itself, so
/// comparing two is immediate whatever their size.
public final class EncodedImage: Hashable, Sendable {
    /// The file's bytes, as a `.png` or `.jpg` file holds them.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public static func == (a: EncodedImage, b: EncodedImage) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension LayerState {
    /// The frame these values give in the superlayer: the bounding box of the bounds mapped by the
    /// anchor point, transform and position.
    public var frame: Rect { Layer.frame(of: self) }
}
