import KinemaGeometry
import KinemaLayers

/// Shows an ``Image``, fitted to the bounds by ``View/contentMode``. Mirrors `UIImageView`.
///
/// The image is the layer's contents: ``ContentMode/scaleToFill`` (the default) stretches it,
/// ``ContentMode/scaleAspectFit`` letterboxes it, ``ContentMode/scaleAspectFill`` covers the
/// bounds (set ``View/clipsToBounds`` to crop what spills over, as in UIKit), and the positional
/// modes place it unscaled. An image view does not take touches by default.
open class ImageView: View {
    /// The image shown, `nil` for none. Mirrors `UIImageView.image`.
    public var image: Image? {
        didSet {
            updateContents()
            invalidateIntrinsicContentSize()
            if let button = superview as? Button, button.imageView === self { button.invalidateIntrinsicContentSize() }
        }
    }
    /// The image shown while ``isHighlighted`` is `true`, `nil` to keep ``image``. Mirrors
    /// `UIImageView.highlightedImage`.
    public var highlightedImage: Image? { didSet { updateContents() } }
    /// Whether the highlighted image shows. Default `false`. Mirrors `UIImageView.isHighlighted`.
    public var isHighlighted = false { didSet { updateContents() } }

    /// An image view the size of `image` (in points) at the origin. Mirrors `UIImageView(image:)`.
    public convenience init(image: Image?) {
        self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        updateContents()  // observers do not run for assignments in an initialiser
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The image's size in points (zero without an image). Mirrors `UIImageView.sizeThatFits(_:)`.
    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }

    /// The image's size in points, or no intrinsic size without one.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    private func updateContents() {
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        layer.contents = shown?.contents
        if let shown { layer.contentsScale = shown.scale }
    }
}
