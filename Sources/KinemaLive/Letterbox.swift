import KinemaGeometry

/// Where a live window shows its picture when the window is not the picture's size: the picture
/// keeps its aspect ratio, scaled to the largest size that fits and centred, with bars on the two
/// other sides (letterboxing, as a phone app shown on a larger screen). The scene's window keeps
/// its bounds: a phone screen has one size, so layout does not follow the window.
///
/// At the window's own size (its size when opened) the picture fills it pixel for pixel.
public struct Letterbox: Equatable, Sendable {
    /// The picture's size in pixels.
    public var pictureWidth: Int, pictureHeight: Int
    /// The window's drawable size in pixels.
    public var windowWidth: Int, windowHeight: Int

    /// The letterbox of a `pictureWidth` × `pictureHeight` picture in a `windowWidth` ×
    /// `windowHeight` window (pixels; sizes below 1 count as 1).
    public init(pictureWidth: Int, pictureHeight: Int, windowWidth: Int, windowHeight: Int) {
        self.pictureWidth = max(1, pictureWidth)
        self.pictureHeight = max(1, pictureHeight)
        self.windowWidth = max(1, windowWidth)
        self.windowHeight = max(1, windowHeight)
    }

    /// Window pixels per picture pixel: the largest that fits both ways.
    public var zoom: Double {
        min(Double(windowWidth) / Double(pictureWidth), Double(windowHeight) / Double(pictureHeight))
    }

    /// The picture's rectangle in the window, in whole pixels, centred.
    public var pictureRect: (x: Int, y: Int, width: Int, height: Int) {
        let width = min(windowWidth, max(1, Int((Double(pictureWidth) * zoom).rounded())))
        let height = min(windowHeight, max(1, Int((Double(pictureHeight) * zoom).rounded())))
        return ((windowWidth - width) / 2, (windowHeight - height) / 2, width, height)
    }

    /// The picture pixel under window pixel `point`. Points in the bars map outside the picture
    /// (a drag that leaves the picture keeps going).
    public func picturePixel(atWindow point: Point) -> Point {
        let r = pictureRect
        return Point(
            x: (point.x - Double(r.x)) * Double(pictureWidth) / Double(r.width),
            y: (point.y - Double(r.y)) * Double(pictureHeight) / Double(r.height))
    }
}
