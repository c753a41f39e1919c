import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// A bitmap image from a file, with its size in points. Mirrors `UIImage`.
///
/// Kinema keeps a reference to the file and its pixel size; the renderer decodes it when it
/// draws. PNG files are read.
public struct Image: Hashable, Sendable {
    /// The file the image comes from.
    public let source: String
    /// The size in pixels.
    public let pixelSize: Size
    /// Pixels per point. Default 1; a file name ending in `@2x.png` or `@3x.png` gives 2 or 3.
    /// Mirrors `UIImage.scale`.
    public let scale: Double

    /// The size in points (pixels divided by ``scale``). Mirrors `UIImage.size`.
    public var size: Size { Size(width: pixelSize.width / scale, height: pixelSize.height / scale) }

    /// Reads the PNG file at `path`; `nil` when it cannot be read or decoded. Mirrors
    /// `UIImage(contentsOfFile:)`.
    public init?(contentsOfFile path: String) {
        guard let bitmap = try? Bitmap(pngFile: path) else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let scale: Double = name.hasSuffix("@3x.png") ? 3 : name.hasSuffix("@2x.png") ? 2 : 1
        self.init(source: path, pixelSize: Size(width: Double(bitmap.width), height: Double(bitmap.height)), scale: scale)
    }

    /// An image of a file whose pixel size is known, without reading it. `scale` must be finite
    /// and positive (otherwise 1).
    public init(source: String, pixelSize: Size, scale: Double = 1) {
        self.source = source
        self.pixelSize = pixelSize.isFinite ? Size(width: max(0, pixelSize.width), height: max(0, pixelSize.height)) : .zero
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The image as layer contents.
    var contents: LayerContents { LayerContents(source: source, pixelSize: pixelSize) }
}
