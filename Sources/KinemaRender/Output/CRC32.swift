/// The CRC-32 of PNG and zlib (polynomial 0xEDB88320, reflected), fed in pieces.
package struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private var state: UInt32 = 0xFFFF_FFFF

    package init() {}

    /// Adds `bytes` to the checksum.
    package mutating func update(_ bytes: [UInt8]) {
        var c = state
        for b in bytes { c = CRC32.table[Int((c ^ UInt32(b)) & 0xff)] ^ (c >> 8) }
        state = c
    }

    /// The checksum of everything added so far.
    package var value: UInt32 { state ^ 0xFFFF_FFFF }
}
