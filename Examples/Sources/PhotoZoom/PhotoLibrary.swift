import Foundation
import Kinema

/// The grid's "photos": Kinema's demo landscapes (``DemoPhotos``), 320 × 480 points like the
/// post's sample images, written as PNG files at 2 pixels per point, since a Kinema ``Image`` is
/// a file.
///
/// The post's sample draws its images with `UIGraphicsBeginImageContextWithOptions` (three
/// random circles on light grey, drawn anew each time a cell is shown); here the same index
/// always gives the same picture.
public enum PhotoLibrary {
    /// The size of every photo, points.
    public static let photoSize = DemoPhotos.photoSize
    /// Pixels per point of the files.
    public static let scale = DemoPhotos.scale
    /// How many photos there are.
    public static let count = 24

    /// The folder the files go to: `kinema-photo-zoom` in the temporary directory.
    public static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-photo-zoom")

    /// The photos, written once per process on first use (each file only if it is missing). A
    /// photo that cannot be written stays missing: the renderer then reports its path.
    public static let photos: [Image] = {
        _ = try? DemoPhotos.write(count: count, to: folder.path)
        return (0..<count).map { index in
            let path = folder.appendingPathComponent(DemoPhotos.fileName(index: index)).path
            return Image(
                source: path, pixelSize: Size(width: photoSize.width * scale, height: photoSize.height * scale), scale: scale)
        }
    }()

    /// Photo `index` as a bitmap, 640 × 960 pixels.
    public static func makeBitmap(index: Int) throws -> Bitmap { try DemoPhotos.bitmap(index: index) }
}
