import KinemaGraphics
import Synchronization

/// The box-downscaled copies of a backing store's content, built on demand and shared by all
/// copies of the store.
///
/// Level k has content `ceil(w / 2^k) × ceil(h / 2^k)` and a 2-pixel transparent margin; its
/// pixel (i, j) is the average of the 2 × 2 pixels of level k − 1 at (2i, 2j), with pixels past
/// the content counted as transparent. So level-k content coordinates are exactly the
/// content coordinates divided by 2^k, also for odd sizes.
final class MipLevels: Sendable {
    /// Levels 1, 2, … as built so far (level 0 is the store itself).
    private let built = Mutex<[Bitmap]>([])

    /// The margin of every derived level, in pixels.
    static let margin = 2

    /// Drops every derived level.
    func removeAll() { built.withLock { $0.removeAll() } }

    /// Level `k` (≥ 1) of `store` and its number, building the missing levels on the way. The
    /// number is below `k` only if a level could not be allocated.
    func level(_ k: Int, of store: BackingStore) -> (store: BackingStore, level: Int) {
        built.withLock { levels in
            while levels.count < k {
                let parent = levels.last.map { BackingStore(validBitmap: $0, margin: MipLevels.margin) } ?? store
                guard let next = MipLevels.halved(parent) else { break }
                levels.append(next)
            }
            let n = min(k, levels.count)
            return n == 0 ? (store, 0) : (BackingStore(validBitmap: levels[n - 1], margin: MipLevels.margin), n)
        }
    }

    /// The deepest useful level for content of this size: the one where both sides are 1 pixel.
    static func maximumLevel(width: Int, height: Int) -> Int {
        var k = 0
        var side = max(width, height)
        while side > 1 {
            side = (side + 1) / 2
            k += 1
        }
        return k
    }

    /// `store`'s content averaged over 2 × 2 blocks, rounding each premultiplied channel to
    /// nearest (ties up), in a new bitmap with a 2-pixel margin.
    static func halved(_ store: BackingStore) -> Bitmap? {
        let w = store.contentWidth, h = store.contentHeight
        let outW = (w + 1) / 2, outH = (h + 1) / 2
        let m = MipLevels.margin
        guard let out = try? Bitmap(width: outW + 2 * m, height: outH + 2 * m) else { return nil }
        let src = store.bitmap, sm = store.margin
        for j in 0..<outH {
            let row0 = src.row(sm + 2 * j) + sm
            let row1: UnsafeMutablePointer<UInt32>? = 2 * j + 1 < h ? src.row(sm + 2 * j + 1) + sm : nil
            let dst = out.row(m + j) + m
            for i in 0..<outW {
                let x0 = 2 * i, x1 = 2 * i + 1
                var p = (row0[x0], x1 < w ? row0[x1] : 0, UInt32(0), UInt32(0))
                if let row1 {
                    p.2 = row1[x0]
                    p.3 = x1 < w ? row1[x1] : 0
                }
                dst[i] = average(p.0, p.1, p.2, p.3)
            }
        }
        return out
    }

    /// The channel-wise average of four pixels, rounded to nearest.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        // Even and odd channels in separate 16-bit lanes, so four sums cannot carry over.
        let evenMask: UInt32 = 0x00ff_00ff
        let even = (a & evenMask) + (b & evenMask) + (c & evenMask) + (d & evenMask) + 0x0002_0002
        let odd = ((a >> 8) & evenMask) + ((b >> 8) & evenMask) + ((c >> 8) & evenMask) + ((d >> 8) & evenMask) + 0x0002_0002
        return ((even >> 2) & evenMask) | (((odd >> 2) & evenMask) << 8)
    }
}
