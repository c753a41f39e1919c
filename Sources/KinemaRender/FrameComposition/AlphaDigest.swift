import KinemaGraphics

/// The alpha channel of a backing store's content, kept to compare with others: stores with
/// equal digests cast the same shadow, whatever their colours. (A sublayer that moves over an
/// opaque part of its superlayer leaves the superlayer's shadow as it was.)
struct AlphaDigest: Hashable, Sendable {
    /// The content's size, in pixels.
    let width: Int, height: Int
    /// The content's alpha, row by row.
    private let alpha: [UInt8]
    /// A 64-bit hash of `alpha`, computed once.
    private let summary: UInt64

    /// The digest of `store`'s content (its margin is transparent by definition).
    init(_ store: BackingStore) {
        let w = store.contentWidth, h = store.contentHeight
        width = w
        height = h
        alpha = [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
            for j in 0..<h {
                let row = store.bitmap.row(store.margin + j) + store.margin
                for i in 0..<w { buffer[j * w + i] = UInt8(truncatingIfNeeded: row[i] >> 24) }
            }
            count = w * h
        }
        summary = AlphaDigest.summary(of: alpha)
    }

    static func == (a: AlphaDigest, b: AlphaDigest) -> Bool {
        a.width == b.width && a.height == b.height && a.summary == b.summary && a.alpha == b.alpha
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(summary)
    }

    /// Eight bytes at a time, multiplied and rotated: quick, and equal for equal bytes.
    private static func summary(of bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9e37_79b9_7f4a_7c15
                h = h << 29 | h >> 35
                i += 8
            }
            while i < raw.count {
                h = (h ^ UInt64(raw[i])) &* 0x0000_0100_0000_01b3
                i += 1
            }
            return h
        }
    }
}
