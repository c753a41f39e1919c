// What the fuzz targets fed arbitrary numbers share: their input read as Doubles.

/// The input read as little-endian Doubles, 8 bytes each; 0 once the bytes run out.
public struct Doubles {
    public let bytes: UnsafeRawBufferPointer
    public var offset = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public var isAtEnd: Bool { offset + 8 > bytes.count }

    public mutating func next() -> Double {
        guard offset + 8 <= bytes.count else { return 0 }
        defer { offset += 8 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    /// One of `n` choices: the next Double's integer part when it is finite and small (so seeds
    /// can write 2.0 for the third), else its bits.
    public mutating func choice(_ n: Int) -> Int {
        let d = next()
        if d.isFinite, abs(d) < 1e15 { return Int(abs(d)) % n }
        return Int(d.bitPattern % UInt64(n))
    }

    /// Up to `limit` more Doubles (fewer when the input ends first).
    public mutating func list(_ limit: Int) -> [Double] {
        var result: [Double] = []
        while result.count < limit, !isAtEnd { result.append(next()) }
        return result
    }
}
