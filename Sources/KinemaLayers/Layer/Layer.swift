import KinemaGeometry
import KinemaTiming

/// A rectangle of content in a tree, positioned, transformed and animated. Mirrors `CALayer`.
///
/// A layer holds *model* values (``model``): what code sets. Its *presentation* at a time is
/// the model with the layer's animations applied (``presentation(at:)``), a pure function of the
/// model, the animations and the time. Setting an animatable property on a layer attached to a
/// ``LayerContext`` runs its implicit action (by default a 0.25 s animation from the old value)
/// unless the transaction disables actions or the delegate returns ``NullAction``.
///
/// Non-finite values (NaN, infinities) given to a property are ignored: they never reach the tree.
open class Layer {
    // What a frame reads of every animated layer comes first, so that it shares the cache line
    // of the object's header (which retaining the layer touches anyway) and the model follows
    // it: stored properties are laid out in the order they are declared.
    //
    // The properties a frame reads for every layer are `@exclusivity(unchecked)`: Swift checked
    // each access to a class's stored property at run time, which took about an eighth of a
    // frame with the layers in cache. Nothing holds an access to one of them across a call that could reach it
    // again: each is read or written whole, and the model is changed in place only by
    // `mutateModel`, whose closures change the value alone. `sublayers` stays checked: building a
    // frame reads it while a layer's `display()` runs, which could add a sublayer.

    /// ``superlayer``, kept unmanaged so that walking up the tree every frame (a layer's time is
    /// its ancestors') neither retains nor releases: with 10,000 layers under one root, the
    /// root's reference count was touched 20,000 times a frame.
    @exclusivity(unchecked) private(set) var superlayerReference: Unmanaged<Layer>?
    /// The sublayer in front of this one in the superlayer's ``sublayers`` (`nil` for the
    /// front-most and for a layer without a superlayer), unretained: the superlayer holds it.
    /// ``presentation(at:)`` starts loading it, since a caller asking for a layer's
    /// presentation usually asks for its siblings' next.
    @exclusivity(unchecked) var nextSiblingReference: Unmanaged<Layer>?
    /// When the layer's timeline begins, in the superlayer's time, seconds. Default 0.
    @exclusivity(unchecked) public var beginTime: Double = 0 { didSet { if !beginTime.isFinite { beginTime = oldValue } } }
    /// How fast the layer's time runs relative to its superlayer's. Default 1.
    @exclusivity(unchecked) public var speed: Double = 1 { didSet { if !speed.isFinite { speed = oldValue } } }
    /// An offset added to the layer's time, seconds. Default 0.
    @exclusivity(unchecked) public var timeOffset: Double = 0 { didSet { if !timeOffset.isFinite { timeOffset = oldValue } } }

    /// ``program``, unmanaged, for frames: reading it neither retains nor releases, so a frame
    /// does not wait for the program's first line to count a reference before loading it.
    @exclusivity(unchecked) private(set) var programReference: Unmanaged<AnimationProgram>?
    /// The program's ``AnimationProgram/extent``, kept beside it so that loading the program can
    /// start before its first byte has arrived.
    @exclusivity(unchecked) private(set) var programExtent = 0
    /// Whether an entry is a transition, so that building a frame's node looks through the
    /// entries only then.
    @exclusivity(unchecked) private(set) var hasTransition = false

    /// The layer ``mask`` belongs to, kept unmanaged as ``superlayerReference``.
    @exclusivity(unchecked) private(set) var maskOwnerReference: Unmanaged<Layer>?
    /// The animations of the entries whose begin time is resolved, compiled in order: all a
    /// frame reads of them, in one block (`nil` when there are none).
    private(set) var program: AnimationProgram? {
        didSet {
            programReference = program.map { Unmanaged.passUnretained($0) }
            programExtent = program?.extent ?? 0
        }
    }

    /// The model values.
    @exclusivity(unchecked) public internal(set) var model: LayerState

    /// A name for finding the layer (scene files use their layer ids). Default `nil`.
    @exclusivity(unchecked) public var name: String?

    /// How the layer, composited with its sublayers, combines with what is under it. Mirrors
    /// `compositingFilter` with Core Image's blend-mode filters (`multiplyBlendMode` is
    /// ``BlendMode/multiply``, and so on for the separable and non-separable modes); `nil` (the
    /// default) or ``BlendMode/normal`` composites over. Not animatable. A layer with a filter
    /// is drawn offscreen first, as Core Animation does.
    @exclusivity(unchecked) public var compositingFilter: BlendMode?

    /// How the mask's pixels let the layer through (Lottie's inverted and luminance mattes).
    /// Default: the mask's alpha, as Core Animation.
    @exclusivity(unchecked) package var maskMode: MaskMode = .alpha

    /// The superlayer, or `nil` for a root. Not retained; a layer clears its sublayers' and
    /// mask's back references when it goes away, so the reference never dangles.
    public internal(set) var superlayer: Layer? {
        get { superlayerReference?.takeUnretainedValue() }
        set { superlayerReference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// The sublayers, back to front.
    public internal(set) var sublayers: [Layer] = []

    /// Where the layer was last placed or found in its superlayer's ``sublayers``: a hint,
    /// checked before use, that makes finding the layer there O(1) unless siblings before it
    /// were inserted or removed since (see ``indexOfSublayer(_:)``).
    var sublayerIndexHint = 0

    /// How many sublayers ``indexOfSublayer(_:)`` compared beyond the hinted one, over the
    /// layer's life: what building, reordering and removing sublayers cost in searching.
    package internal(set) var sublayerSearchSteps = 0

    /// A layer whose alpha masks this layer's content and sublayers. Default `nil`.
    ///
    /// A mask that would put a layer more than ``maximumDepth`` levels below the root (the mask
    /// counts as a level below this layer) or that is this layer or one of its ancestors is not
    /// set: the mask stays `nil` and the layer's context reports why.
    public var mask: Layer? {
        didSet {
            oldValue?.maskOwner = nil
            if let mask, mask !== oldValue, isSelfOrAncestor(mask) || !canHold(mask) {
                report(
                    (isSelfOrAncestor(mask) ? LayerHierarchyError.cycle : .tooDeep(limit: Layer.maximumDepth)).description
                        + "; the mask was not set")
                self.mask = nil
                return
            }
            mask?.removeFromSuperlayer()
            mask?.maskOwner = self
            mask?.attach(to: context)
        }
    }
    /// The layer this layer masks, or `nil`. Not retained, as ``superlayer``.
    var maskOwner: Layer? {
        get { maskOwnerReference?.takeUnretainedValue() }
        set { maskOwnerReference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// The delegate, consulted first for actions. Held weakly. Default `nil`.
    public weak var delegate: (any LayerDelegate)?

    /// Actions by event name, searched after the delegate. Default empty.
    public var actions: [String: any Action] = [:]

    /// Default actions searched after ``actions``. Default `nil`.
    public var style: LayerStyle?

    /// Whether ``display()`` is due. Mirrors `CALayer.needsDisplay()`.
    @exclusivity(unchecked) public internal(set) var needsDisplay = false

    /// Whether a change of the bounds' size marks the layer as needing display. Default `false`
    /// (the old drawing is stretched as `contentsGravity` says). Mirrors
    /// `CALayer.needsDisplayOnBoundsChange`.
    public var needsDisplayOnBoundsChange = false

    /// Records the layer's content: creates a ``DrawingContext`` the size of the bounds, calls
    /// ``draw(in:)`` and keeps the result as the model's ``LayerState/drawing`` (without an
    /// implicit animation). Called by ``displayIfNeeded()``; override it to set the content
    /// another way. Mirrors `CALayer.display()`.
    open func display() {
        let ctx = DrawingContext(size: model.bounds.size)
        let origin = model.bounds.origin
        if origin != .zero { ctx.translateBy(x: -origin.x, y: -origin.y) }
        let setup = ctx.drawing.commands.count
        draw(in: ctx)
        let drawing = ctx.drawing.commands.count > setup ? ctx.drawing : nil
        guard drawing != model.drawing else { return }
        mutateModel { $0.drawing = drawing }
    }

    /// Draws the layer's content in bounds coordinates. The default calls the delegate's
    /// ``LayerDelegate/draw(_:in:)``. Override it in a subclass, or give the layer a delegate, as
    /// the Core Animation guide's "Providing a Layer's Contents" describes. Mirrors
    /// `CALayer.draw(in:)`.
    open func draw(in ctx: DrawingContext) {
        delegate?.draw(self, in: ctx)
    }

    /// The attached animations in the order they apply.
    var entries: [AnimationEntry] = [] {
        didSet { refreshProgram() }
    }

    /// Recompiles ``program`` after ``entries`` or an entry's begin time changed.
    func refreshProgram() {
        hasTransition = entries.contains { $0.key == Layer.transitionKey }
        program = AnimationProgram.make(entries.compactMap { $0.isBeginResolved ? $0.animation : nil })
    }
    /// The context of the layer's tree; held strongly (the context holds its root layers weakly).
    var context: LayerContext?
    /// Run once when the layer next joins a context (see ``whenAttached(_:)``).
    var attachHandlers: [(LayerContext) -> Void] = []

    /// A layer with Core Animation's default values.
    public required init() {
        model = LayerState()
        model.kind = Self.initialKindProperties
    }

    /// A sublayer (or the mask) that outlives its superlayer leaves the tree as if removed:
    /// detached from the context, its animations removed (their delegates hear `finished:
    /// false`). Without this, a view whose running animation's completion refers to it would
    /// keep itself, its layers and their context alive for ever once its window is gone; UIKit
    /// likewise removes the animations of a view that leaves its window.
    deinit {
        for sublayer in sublayers {
            sublayer.superlayer = nil
            sublayer.nextSiblingReference = nil
            sublayer.leaveReleasedTree()
        }
        mask?.maskOwner = nil
        mask?.leaveReleasedTree()
    }

    private func leaveReleasedTree() {
        guard context != nil else { return }
        attach(to: nil)
        removeAnimationsInSubtree()
    }

    /// The kind of layer (`CALayer`, `CAShapeLayer`, …).
    open class var kind: LayerKind { .layer }

    /// The kind-specific properties a new layer of this class starts with.
    class var initialKindProperties: KindProperties { .layer }

    /// The kind of this layer.
    public var kind: LayerKind { Self.kind }

    /// The context the layer's tree is attached to, if any.
    public var layerContext: LayerContext? { context }

    // MARK: Model properties

    /// The bounds, in the layer's own coordinates (points). Animatable. Default `.zero`.
    public var bounds: Rect {
        get { model.bounds }
        set {
            let oldSize = model.bounds.size
            change(.bounds, to: .rect(newValue))
            if needsDisplayOnBoundsChange, model.bounds.size != oldSize { setNeedsDisplay() }
        }
    }
    /// Where the anchor point sits in the superlayer (points). Animatable. Default `.zero`.
    public var position: Point {
        get { model.position }
        set { change(.position, to: .point(newValue)) }
    }
    /// The z position (points); orders siblings. Animatable. Default 0.
    public var zPosition: Double {
        get { model.zPosition }
        set { change(.zPosition, to: .number(newValue)) }
    }
    /// The anchor point in unit coordinates of the bounds. Animatable. Default (0.5, 0.5).
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { change(.anchorPoint, to: .point(newValue)) }
    }
    /// The anchor point's z (points). Animatable. Default 0.
    public var anchorPointZ: Double {
        get { model.anchorPointZ }
        set { change(.anchorPointZ, to: .number(newValue)) }
    }
    /// The transform about the anchor point. Animatable. Default identity.
    public var transform: Transform3D {
        get { model.transform }
        set { change(.transform, to: .transform(newValue)) }
    }
    /// The transform applied to sublayers about the bounds' anchor. Animatable. Default identity.
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { change(.sublayerTransform, to: .transform(newValue)) }
    }
    /// Opacity in `[0, 1]`. Animatable. Default 1.
    public var opacity: Double {
        get { model.opacity }
        set { change(.opacity, to: .number(newValue)) }
    }
    /// Whether the layer is hidden. Animatable. Default `false`.
    public var isHidden: Bool {
        get { model.isHidden }
        set {
            let old = model.isHidden
            change(.hidden, to: .bool(newValue))
            if old != newValue { post(newValue ? Layer.onOrderOut : Layer.onOrderIn) }
        }
    }
    /// Whether the back face shows. Animatable. Default `true`.
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { change(.doubleSided, to: .bool(newValue)) }
    }
    /// Whether sublayers are clipped to the bounds. Animatable. Default `false`.
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        set { change(.masksToBounds, to: .bool(newValue)) }
    }
    /// The background colour. Animatable. Default `nil`.
    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set { change(.backgroundColor, to: .color(newValue)) }
    }
    /// The corner radius, points. Animatable. Default 0.
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { change(.cornerRadius, to: .number(newValue)) }
    }
    /// Which corners are rounded. Not animatable. Default all.
    public var maskedCorners: CornerMask {
        get { model.maskedCorners }
        set { mutateModel { $0.maskedCorners = newValue } }
    }
    /// The border width, points. Animatable. Default 0.
    public var borderWidth: Double {
        get { model.borderWidth }
        set { change(.borderWidth, to: .number(newValue)) }
    }
    /// The border colour. Animatable. Default opaque black.
    public var borderColor: Color? {
        get { model.borderColor }
        set { change(.borderColor, to: .color(newValue)) }
    }
    /// The shadow colour. Animatable. Default opaque black.
    public var shadowColor: Color? {
        get { model.shadowColor }
        set { change(.shadowColor, to: .color(newValue)) }
    }
    /// The shadow opacity in `[0, 1]`. Animatable. Default 0.
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { change(.shadowOpacity, to: .number(newValue)) }
    }
    /// The shadow offset, points. Animatable. Default (0, −3).
    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { change(.shadowOffset, to: .size(newValue)) }
    }
    /// The shadow blur radius, points. Animatable. Default 3.
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { change(.shadowRadius, to: .number(newValue)) }
    }
    /// The shadow's shape. Animatable explicitly only (no implicit action). Default `nil`.
    public var shadowPath: Path? {
        get { model.shadowPath }
        set { change(.shadowPath, to: .path(newValue)) }
    }
    /// The image shown. Default `nil`.
    public var contents: LayerContents? {
        get { model.contents }
        set { mutateModel { $0.contents = newValue } }
    }
    /// Whether the sublayers' geometry is flipped vertically. Not animatable. Default `false`.
    /// Mirrors `isGeometryFlipped`.
    public var isGeometryFlipped: Bool {
        get { model.isGeometryFlipped }
        set { mutateModel { $0.isGeometryFlipped = newValue } }
    }
    /// How `contents` fits the bounds. Default resize.
    public var contentsGravity: ContentsGravity {
        get { model.contentsGravity }
        set { mutateModel { $0.contentsGravity = newValue } }
    }
    /// The part of `contents` shown (unit coordinates). Animatable. Default (0, 0, 1, 1).
    public var contentsRect: Rect {
        get { model.contentsRect }
        set { change(.contentsRect, to: .rect(newValue)) }
    }
    /// The stretchable centre of `contents` (unit coordinates). Animatable. Default (0, 0, 1, 1).
    public var contentsCenter: Rect {
        get { model.contentsCenter }
        set { change(.contentsCenter, to: .rect(newValue)) }
    }
    /// Pixels of `contents` per point. Animatable. Default 1.
    public var contentsScale: Double {
        get { model.contentsScale }
        set { change(.contentsScale, to: .number(newValue)) }
    }

    /// The default value of a property, or `nil` where Core Animation reports none. Mirrors
    /// `defaultValue(forKey:)`, which answers `nil` for properties whose default is zero
    /// (`bounds`, `position`, `zPosition`, …) and for `frame`, and the value otherwise
    /// (`anchorPoint` (0.5, 0.5), `opacity` 1, `transform` identity, `shadowOffset` (0, −3), …).
    open class func defaultValue(forKey key: String) -> AnimatableValue? {
        guard let property = LayerProperty(rawValue: key), property.owningKind == nil || property.owningKind == kind else {
            return nil
        }
        var defaults = LayerState()
        defaults.kind = initialKindProperties
        guard let value = defaults.value(of: property) else { return nil }
        switch value {
        case .number(0), .point(.zero), .size(.zero), .rect(.zero), .color(nil), .path(nil), .bool(false): return nil
        case .colors(let c) where c.isEmpty: return nil
        case .numbers(let n) where n.isEmpty: return nil
        default: return value
        }
    }

    /// The class's default action for `event`. `nil` for every key, as on current Apple systems.
    /// Mirrors `defaultAction(forKey:)`.
    open class func defaultAction(forKey event: String) -> (any Action)? { nil }

    /// Whether `point` (in the layer's coordinates) is inside the layer: by default inside the
    /// model bounds, minimum edges included, maximum edges excluded. Mirrors `contains(_:)`.
    /// Override it (or ``contains(_:bounds:)``) to give a layer another hit shape; ``hitTest(_:using:)``
    /// asks it.
    open func contains(_ point: Point) -> Bool {
        contains(point, bounds: model.bounds)
    }

    /// Whether `point` is inside the layer when its bounds are `bounds`. Hit testing with
    /// presentation values asks this with the presentation bounds; the default tests the
    /// half-open rectangle.
    open func contains(_ point: Point, bounds: Rect) -> Bool {
        bounds.contains(point)
    }

    /// The event posted when a layer becomes visible (`kCAOnOrderIn`).
    public static let onOrderIn = "onOrderIn"
    /// The event posted when a layer stops being visible (`kCAOnOrderOut`).
    public static let onOrderOut = "onOrderOut"
    /// The key transitions are stored under (`kCATransition`).
    public static let transitionKey = "transition"
}
