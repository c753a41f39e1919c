import KinemaGeometry
import KinemaUI

/// The rectangle arithmetic of a zoom: aspect-fit and aspect-fill placement, the crop a frame
/// shows of its content, and where to put a view so that one of its rectangles fills a frame.
///
/// Aspect fit and fill are the rules of `ContentMode.scaleAspectFit` and `.scaleAspectFill`: for
/// content of size `S` in a frame `F`, the scale is `min(F.w/S.w, F.h/S.h)` (fit) or `max(…)`
/// (fill) and the scaled content is centred on `F`. A zoom animates a clipping frame between the
/// thumbnail and the detail rect and fills it with the content at every instant, which is what a
/// clipped aspect-fill image view does; a plain scale-and-move transform is only right when both
/// ends have the same aspect ratio, otherwise the crop has to change as the frame does.
///
/// ```swift
/// let detail = ZoomGeometry.aspectFitRect(for: Size(width: 320, height: 480),
///                                         in: Rect(x: 0, y: 20, width: 375, height: 647))
/// // (0, 62.25, 375, 562.5)
/// ZoomGeometry.crop(showing: detail.size, in: Size(width: 80, height: 80))
/// // (0, 0.1667, 1, 0.6667): the middle two thirds of the photo's height
/// ```
///
/// Degenerate sizes (zero, negative or not finite) give the frame itself (fit and fill), the
/// whole content (crop) and a scale of 1 (placement), never NaN.
public enum ZoomGeometry {
    /// The rectangle content of `size` covers when fitted inside `rect`, centred.
    public static func aspectFitRect(for size: Size, in rect: Rect) -> Rect {
        guard let s = scale(of: size, in: rect.size, fill: false) else { return rect }
        return centred(Size(width: size.width * s, height: size.height * s), on: rect)
    }

    /// The rectangle content of `size` covers when it fills `rect` (and spills over), centred.
    public static func aspectFillRect(for size: Size, in rect: Rect) -> Rect {
        guard let s = scale(of: size, in: rect.size, fill: true) else { return rect }
        return centred(Size(width: size.width * s, height: size.height * s), on: rect)
    }

    /// The part of content of size `content` that a frame of size `frame` shows when the content
    /// fills it (aspect fill), as a unit rectangle of the content (a layer's `contentsRect`).
    public static func crop(showing content: Size, in frame: Size) -> Rect {
        guard let s = scale(of: content, in: frame, fill: true) else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        let w = min(1, frame.width / (content.width * s))
        let h = min(1, frame.height / (content.height * s))
        return Rect(x: (1 - w) / 2, y: (1 - h) / 2, width: w, height: h)
    }

    /// Where a view goes so that its rectangle `alignment` (in its bounds' coordinates) fills
    /// `frame` (in its superview's coordinates), scaled about the view's centre.
    public static func placement(of alignment: Rect, inBounds bounds: Rect, filling frame: Rect) -> ZoomPlacement {
        let s = scale(of: alignment.size, in: frame.size, fill: true).map { max($0, 1e-6) } ?? 1
        let visible = Size(width: frame.width / s, height: frame.height / s)
        let mask = Rect(
            x: alignment.midX - visible.width / 2, y: alignment.midY - visible.height / 2, width: visible.width,
            height: visible.height)
        let center = Point(x: frame.midX - s * (alignment.midX - bounds.midX), y: frame.midY - s * (alignment.midY - bounds.midY))
        return ZoomPlacement(scale: s, center: center, visibleRect: mask)
    }

    /// The scale that fits (or fills) `size` into `box`, or `nil` when either is degenerate.
    static func scale(of size: Size, in box: Size, fill: Bool) -> Double? {
        guard size.width > 0, size.height > 0, size.isFinite, box.width >= 0, box.height >= 0, box.isFinite else {
            return nil
        }
        let sx = box.width / size.width
        let sy = box.height / size.height
        return fill ? max(sx, sy) : min(sx, sy)
    }

    private static func centred(_ size: Size, on rect: Rect) -> Rect {
        Rect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }
}

/// Where ``ZoomGeometry/placement(of:inBounds:filling:)`` puts a view.
public struct ZoomPlacement: Hashable, Sendable {
    /// The view's uniform scale (its transform), about its centre.
    public var scale: Double
    /// The view's centre, superview coordinates.
    public var center: Point
    /// The part of the view that shows (the rest is masked), the view's bounds coordinates.
    public var visibleRect: Rect
}
