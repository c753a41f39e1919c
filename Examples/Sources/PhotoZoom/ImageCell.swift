import Foundation
import Kinema

/// A grid cell: an image view filling it, aspect-fill and clipped, as the post's sample's
/// `ImageCell` (a `UICollectionViewCell`) has.
public final class ImageCell: View {
    /// The cell's photo.
    public let imageView = ImageView()

    public override init(frame: Rect) {
        super.init(frame: frame)
        imageView.frame = bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        addSubview(imageView)
    }
}
