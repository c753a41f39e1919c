import KinemaGeometry

/// A layer that draws text. Mirrors `CATextLayer`. Layout and drawing happen in the renderer.
open class TextLayer: Layer {
    open override class var kind: LayerKind { .text }
    override class var initialKindProperties: KindProperties { .text(TextProperties()) }

    private var text: TextProperties {
        if case .text(let t) = model.kind { return t }
        return TextProperties()
    }

    private func setText(_ body: (inout TextProperties) -> Void) {
        var t = text
        body(&t)
        mutateModel { $0.kind = .text(t) }
    }

    /// The text. Default empty.
    public var string: String {
        get { text.string }
        set { setText { $0.string = newValue } }
    }
    /// The font name (family or face). Default "Helvetica".
    public var fontName: String {
        get { text.fontName }
        set { setText { $0.fontName = newValue } }
    }
    /// The font size, points. Animatable. Default 36.
    public var fontSize: Double {
        get { text.fontSize }
        set { change(.fontSize, to: .number(newValue)) }
    }
    /// The text colour. Animatable. Default opaque white.
    public var foregroundColor: Color? {
        get { text.foregroundColor }
        set { change(.foregroundColor, to: .color(newValue)) }
    }
    /// The alignment. Default natural.
    public var alignmentMode: TextAlignment {
        get { text.alignmentMode }
        set { setText { $0.alignmentMode = newValue } }
    }
    /// Whether text wraps to the bounds' width. Default `false`.
    public var isWrapped: Bool {
        get { text.isWrapped }
        set { setText { $0.isWrapped = newValue } }
    }
    /// Where text that does not fit is cut. Default none.
    public var truncationMode: TruncationMode {
        get { text.truncationMode }
        set { setText { $0.truncationMode = newValue } }
    }
}
