import KinemaGeometry
import KinemaLayers

/// A tappable control with a title and an image that runs an action on tap. Mirrors `UIButton`.
///
/// Titles, title colours and images are kept per ``Control/State``; the one for the current state
/// shows, falling back to `.normal`. A ``ButtonType/system`` button draws its title in the tint
/// colour and dims it while highlighted.
///
/// ```swift
/// let button = Button(type: .system, primaryAction: ControlAction(title: "Next") { _ in advanceTutorial() })
/// button.sizeToFit()
/// ```
open class Button: Control {
    /// The kinds of button. Mirrors `UIButton.ButtonType`.
    public enum ButtonType: String, Sendable, Hashable, CaseIterable {
        /// No styling: white title, no dimming.
        case custom
        /// Tint-coloured title that dims while highlighted (the default).
        case system
    }

    /// The button's type. Mirrors `UIButton.buttonType`.
    public let buttonType: ButtonType
    /// The label that shows the title. Mirrors `UIButton.titleLabel`.
    public let titleLabel = Label()
    /// The image view that shows the image. Mirrors `UIButton.imageView`.
    public let imageView = ImageView()
    /// The colour of a system button's title. Default system blue (#007AFF). Mirrors `UIView.tintColor`.
    public var tintColor = Color(red: 0, green: 122 / 255, blue: 1) { didSet { stateDidChange() } }
    /// Space around the title and image, points. Default 6 above and below, 0 at the sides
    /// (UIKit's system button is 30 points tall with a 15-point title).
    public var contentEdgeInsets = EdgeInsets(top: 6, left: 0, bottom: 6, right: 0) {
        didSet {
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
    }

    private var titles: [Control.State: String] = [:]
    private var titleColors: [Control.State: Color] = [:]
    private var images: [Control.State: Image] = [:]

    /// A button of `type` at a zero frame. Mirrors `UIButton(type:)`.
    public init(type: ButtonType) {
        buttonType = type
        super.init(frame: .zero)
        titleLabel.font = .systemFont(ofSize: Font.buttonFontSize)
        titleLabel.textAlignment = .center
        addSubview(imageView)
        addSubview(titleLabel)
        stateDidChange()
    }

    /// A system button with a frame.
    public override convenience init(frame: Rect) {
        self.init(type: .system)
        self.frame = frame
    }

    /// A button of `type` whose title is the action's and which runs it on tap. Mirrors
    /// `UIButton(type:primaryAction:)`.
    public convenience init(type: ButtonType = .system, primaryAction: ControlAction) {
        self.init(type: type)
        if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
        addAction(primaryAction, for: .primaryActionTriggered)
    }

    /// Sets the title shown in `state`. Mirrors `UIButton.setTitle(_:for:)`.
    public func setTitle(_ title: String?, for state: Control.State) {
        titles[state] = title
        stateDidChange()
    }
    /// The title for `state` (falling back to `.normal`). Mirrors `UIButton.title(for:)`.
    public func title(for state: Control.State) -> String? { titles[state] ?? titles[.normal] }
    /// Sets the title colour in `state`. Mirrors `UIButton.setTitleColor(_:for:)`.
    public func setTitleColor(_ color: Color?, for state: Control.State) {
        titleColors[state] = color
        stateDidChange()
    }
    /// The title colour for `state`. Mirrors `UIButton.titleColor(for:)`.
    public func titleColor(for state: Control.State) -> Color? {
        titleColors[state] ?? titleColors[.normal] ?? (buttonType == .system ? tintColor : .white)
    }
    /// Sets the image shown in `state`. Mirrors `UIButton.setImage(_:for:)`.
    public func setImage(_ image: Image?, for state: Control.State) {
        images[state] = image
        stateDidChange()
    }
    /// The image for `state`. Mirrors `UIButton.image(for:)`.
    public func image(for state: Control.State) -> Image? { images[state] ?? images[.normal] }
    /// The title showing now. Mirrors `UIButton.currentTitle`.
    public var currentTitle: String? { title(for: state) }

    open override func stateDidChange() {
        titleLabel.text = title(for: state)
        titleLabel.textColor = titleColor(for: state) ?? .white
        imageView.image = image(for: state)
        let dimmed = buttonType == .system && (isHighlighted || !isEnabled)
        titleLabel.alpha = dimmed ? (isEnabled ? 0.2 : 0.35) : 1
        imageView.alpha = titleLabel.alpha
        setNeedsLayout()
    }

    /// The image and title side by side, centred, plus ``contentEdgeInsets``.
    open override func sizeThatFits(_ size: Size) -> Size {
        let title = titleLabel.sizeThatFits(Size(width: 0, height: 0))
        let image = imageView.image?.size ?? .zero
        let insets = contentEdgeInsets
        return Size(
            width: title.width + image.width + insets.left + insets.right,
            height: max(title.height, image.height) + insets.top + insets.bottom)
    }

    open override var intrinsicContentSize: Size { sizeThatFits(.zero) }

    /// Centres the image and title side by side in the bounds.
    open override func layoutSubviews() {
        let title = titleLabel.sizeThatFits(.zero)
        let image = imageView.image?.size ?? .zero
        let b = bounds
        let total = title.width + image.width
        var x = b.midX - total / 2
        imageView.frame = Rect(x: x, y: b.midY - image.height / 2, width: image.width, height: image.height)
        x += image.width
        titleLabel.frame = Rect(x: x, y: b.midY - title.height / 2, width: title.width, height: title.height)
    }
}
