import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// Where the shadows of two versions of a layer (drawn alike themselves, in the same place)
    /// differ, as boxes in its bounds coordinates (offset included, reach of the resampling
    /// included); empty when they cast the same shadow.
    ///
    /// The shadows are compared part by part (``shadowParts(of:)``): a part in one version only
    /// is damaged whole; a part with the same extent in both, whose store is the same (stores
    /// are shared by equal alpha), not at all; otherwise where its new store's pixels differ from
    /// the old one's, which for a sublayer poking out of its superlayer is around the sublayer.
    func changedShadowParts(from old: RenderNode, to new: RenderNode) throws(RenderError) -> [Rect] {
        let offset = new.state.shadowOffset
        let before = try castParts(of: old), after = try castParts(of: new)
        var boxes: [Rect] = []
        for part in before where !after.contains(where: { $0.extent == part.extent }) {
            boxes.append(FrameComposer.box(of: part, offset: offset))
        }
        for part in after {
            guard let previous = before.first(where: { $0.extent == part.extent }) else {
                boxes.append(FrameComposer.box(of: part, offset: offset))
                continue
            }
            if let box = FrameComposer.changedBox(from: previous, to: part, offset: offset) { boxes.append(box) }
        }
        return boxes
    }

    /// The layer's shadow parts, cast (made, or from the cache).
    func castParts(of node: RenderNode) throws(RenderError) -> [CastShadow] {
        var parts: [CastShadow] = []
        for extent in shadowParts(of: node) {
            if let part = try castShadow(node, extent: extent) { parts.append(part) }
        }
        return parts
    }

    /// Everything a cast part can touch, in bounds coordinates.
    static func box(of part: CastShadow, offset: Size) -> Rect {
        let store = part.made.store
        return box(ofContentPixels: PixelRect(x: 0, y: 0, width: store.contentWidth, height: store.contentHeight), of: part, offset: offset)
    }

    /// The box, in bounds coordinates, that content pixels `r` of a part's store cover once
    /// composited, with a store pixel and the bilinear reach around them.
    static func box(ofContentPixels r: PixelRect, of part: CastShadow, offset: Size) -> Rect {
        let rs = part.scale, p = Double(part.made.padding), d = (1 + storeReach) / rs
        return Rect(
            x: part.extent.minX + offset.width + (Double(r.x) - p) / rs, y: part.extent.minY + offset.height + (Double(r.y) - p) / rs,
            width: Double(r.width) / rs, height: Double(r.height) / rs
        ).insetBy(dx: -d, dy: -d)
    }

    /// Where a part's pixels changed from `old` to `new` (the same extent): `nil` when not at all.
    static func changedBox(from old: CastShadow, to new: CastShadow, offset: Size) -> Rect? {
        let a = old.made.store, b = new.made.store
        guard a.bitmap !== b.bitmap else { return nil }
        guard old.made.padding == new.made.padding, a.margin == b.margin, a.bitmap.width == b.bitmap.width,
            a.bitmap.height == b.bitmap.height
        else { return box(of: old, offset: offset).union(box(of: new, offset: offset)) }
        guard let pixels = differingPixels(a.bitmap, b.bitmap) else { return nil }
        return box(
            ofContentPixels: PixelRect(x: pixels.x - a.margin, y: pixels.y - a.margin, width: pixels.width, height: pixels.height), of: new,
            offset: offset)
    }

    /// The smallest rectangle holding every pixel where two bitmaps of one size differ; `nil`
    /// when they are equal.
    static func differingPixels(_ a: Bitmap, _ b: Bitmap) -> PixelRect? {
        var x0 = a.width, x1 = -1, y0 = a.height, y1 = -1
        for y in 0..<a.height where memcmp(a.row(y), b.row(y), a.width * 4) != 0 {
            let p = a.row(y), q = b.row(y)
            var first = 0, last = a.width - 1
            while p[first] == q[first] { first += 1 }
            while p[last] == q[last] { last -= 1 }
            x0 = min(x0, first)
            x1 = max(x1, last)
            y0 = min(y0, y)
            y1 = y
        }
        return y1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
