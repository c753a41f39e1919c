/// The pixels of a frame that have to be drawn again: a few rectangles, kept few by merging.
///
/// ```swift
/// var region = DamageRegion()
/// region.add(PixelRect(x: 10, y: 10, width: 40, height: 40))
/// region.add(PixelRect(x: 30, y: 30, width: 40, height: 40))   // overlaps: merged
/// region.rects                                                  // [(10, 10, 60×60)]
/// ```
///
/// A rectangle added is merged with a held one when their bounding box costs no more than
/// drawing the two apart (their areas plus ``mergeAllowance``); beyond ``maximumRectCount``
/// rectangles, the two whose bounding box adds the least area are merged. The rectangles may
/// overlap; together they cover every pixel added (and possibly more). The result depends only
/// on the rectangles added and their order.
public struct DamageRegion: Hashable, Sendable, CustomStringConvertible {
    /// The rectangles, none empty.
    public private(set) var rects: [PixelRect] = []

    /// The most rectangles held. Default 8.
    public static let maximumRectCount = 8
    /// The pixels a merge may add beyond the two rectangles' areas: the cost of drawing one more
    /// rectangle, roughly. 4096 (64 × 64).
    public static let mergeAllowance = 4096

    /// An empty region.
    public init() {}

    /// The region of `rect` (empty if `rect` is).
    public init(_ rect: PixelRect) {
        add(rect)
    }

    /// Whether nothing needs drawing.
    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle holding the whole region; ``PixelRect/zero`` when empty.
    public var bounds: PixelRect { rects.reduce(PixelRect.zero) { $0.union($1) } }

    /// The pixels drawn for the region: the rectangles' areas added up (overlaps count twice).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Whether pixel (x, y) is in one of the rectangles.
    public func contains(x: Int, y: Int) -> Bool {
        rects.contains { x >= $0.x && y >= $0.y && x < $0.maxX && y < $0.maxY }
    }

    /// Adds `rect`; an empty one changes nothing.
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var r = rect
        var i = 0
        while i < rects.count {
            if DamageRegion.mergeCost(rects[i], r) <= 0 {
                r = r.union(rects.remove(at: i))
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(r)
        while rects.count > DamageRegion.maximumRectCount { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    /// The region with each rectangle cut to `limit`.
    public func clipped(to limit: PixelRect) -> DamageRegion {
        var out = DamageRegion()
        for r in rects { out.add(r.intersection(limit)) }
        return out
    }

    public var description: String { rects.isEmpty ? "(empty)" : rects.map(\.description).joined(separator: " ") }

    /// The pixels merging `a` and `b` adds beyond drawing them apart, less the allowance.
    private static func mergeCost(_ a: PixelRect, _ b: PixelRect) -> Int {
        a.union(b).area - a.area - b.area - mergeAllowance
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, cost: Int.max)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = DamageRegion.mergeCost(rects[i], rects[j])
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(merged)
    }
}
