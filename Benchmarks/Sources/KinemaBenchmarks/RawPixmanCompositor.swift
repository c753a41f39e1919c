import CPixmanBench
import Kinema

/// The peer: pixman used the naïve way, as a program would without our compositor. Per layer,
/// the inverse of the content-to-frame map, normalised to w = 1 and converted to 16.16, is set
/// on the source image; the filter is bilinear; one `OVER` covers the bounding box of the
/// transformed bitmap. For perspective this is pixman's plain projective path, which has the
/// precision loss and the sign bug that our compositor works around (docs/rendering-notes.md).
final class RawPixmanCompositor {
    private var sources: [OpaquePointer] = []
    private let frame: OpaquePointer

    init?(contents: [BackingStore], frame bitmap: Bitmap) {
        for c in contents {
            guard
                let image = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(c.bitmap.width), Int32(c.bitmap.height), c.bitmap.data.assumingMemoryBound(to: UInt32.self),
                    Int32(c.bitmap.stride))
            else { return nil }
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            sources.append(image)
        }
        guard
            let f = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(bitmap.width), Int32(bitmap.height), bitmap.data.assumingMemoryBound(to: UInt32.self),
                Int32(bitmap.stride))
        else { return nil }
        frame = f
    }

    deinit {
        for s in sources { pixman_image_unref(s) }
        pixman_image_unref(frame)
    }

    /// Composites content `index` (a bitmap with `margin`) with `transform` (content pixels →
    /// frame pixels) over the frame.
    func composite(_ index: Int, margin: Int, transform: Homography, frameSize: (width: Int, height: Int)) {
        let m = Double(margin)
        let toFrame = Homography(translationX: -m, y: -m).concatenating(transform)
        guard let inverse = toFrame.inverted(), inverse.m.8 != 0 else { return }
        let k = 1 / inverse.m.8
        let e = inverse.m
        let rows = [(e.0, e.3, e.6), (e.1, e.4, e.7), (e.2, e.5, e.8)].map { ($0.0 * k, $0.1 * k, $0.2 * k) }
        func fixed(_ v: Double) -> Int32 { Int32(max(min((v * 65536).rounded(), 2e9), -2e9)) }
        var t = pixman_transform_t()
        t.matrix = (
            (fixed(rows[0].0), fixed(rows[0].1), fixed(rows[0].2)), (fixed(rows[1].0), fixed(rows[1].1), fixed(rows[1].2)),
            (fixed(rows[2].0), fixed(rows[2].1), 65536)
        )
        pixman_image_set_transform(sources[index], &t)
        // The bounding box of the transformed bitmap, clipped to the frame.
        let w = Double(frameSize.width), h = Double(frameSize.height)
        let side = Double(CompositeScene.contentSide) + 2 * m
        var x0 = w, y0 = h, x1 = 0.0, y1 = 0.0
        for c in [Point(x: 0, y: 0), Point(x: side, y: 0), Point(x: 0, y: side), Point(x: side, y: side)] {
            guard let p = toFrame.apply(c) else { return }
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        let bx0 = Int(max(x0, 0).rounded(.down)), by0 = Int(max(y0, 0).rounded(.down))
        let bx1 = Int(min(x1, w).rounded(.up)), by1 = Int(min(y1, h).rounded(.up))
        guard bx1 > bx0, by1 > by0 else { return }
        pixman_image_composite32(
            PIXMAN_OP_OVER, sources[index], nil, frame, Int32(bx0), Int32(by0), 0, 0, Int32(bx0), Int32(by0), Int32(bx1 - bx0),
            Int32(by1 - by0))
    }
}
