import CZlib

/// Raw Deflate (RFC 1951) decompression and CRC-32, both by zlib. ZIP entries and gzip members
/// hold raw Deflate data (no zlib header), hence zlib's negative window bits.
enum Inflate {
    /// The data inflated from `input[range]`, which must be one complete Deflate stream of exactly
    /// `expectedSize` bytes; `consumed` is how many input bytes the stream took.
    ///
    /// Never writes more than `expectedSize` bytes, so a stream that expands beyond what its
    /// container declared (a decompression bomb) stops there and is an error.
    ///
    /// - Throws: ``LottieError`` at `path` when the data is corrupt, ends early, or inflates to
    ///   more or fewer bytes than declared.
    static func raw(
        _ input: [UInt8], _ range: Range<Int>, expectedSize: Int, path: String
    ) throws(LottieError) -> (
        bytes: [UInt8], consumed: Int
    ) {
        var stream = z_stream()
        guard kinema_inflateInitRaw(&stream) == Z_OK else { throw LottieError(path, "zlib cannot start inflating") }
        defer { inflateEnd(&stream) }
        // One spare byte shows whether the stream goes on past the declared size.
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + range.lowerBound })
                stream.avail_in = UInt32(range.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        let declared = ContainerLimits.describe(expectedSize)
        switch status {
        case Z_STREAM_END where produced == expectedSize:
            output.removeLast()
            return (output, Int(stream.total_in))
        case Z_STREAM_END where produced < expectedSize:
            throw LottieError(path, "inflates to \(ContainerLimits.describe(produced)), expected the declared \(declared)")
        case Z_STREAM_END:  // produced > expectedSize
            throw LottieError(path, "inflates to more than the declared \(declared)")
        case Z_BUF_ERROR where stream.avail_out == 0:
            throw LottieError(path, "inflates to more than the declared \(declared)")
        case Z_BUF_ERROR:
            throw LottieError(path, "compressed data ends early (truncated): expected a complete Deflate stream")
        case Z_MEM_ERROR:
            throw LottieError(path, "out of memory while inflating")
        default:
            let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw LottieError(path, "corrupt Deflate data (\(reason))")
        }
    }

    /// The CRC-32 (ISO 3309, as in ZIP and gzip) of `bytes[range]`.
    static func crc32(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            Int(CZlib.crc32(0, buffer.baseAddress.map { $0 + range.lowerBound }, UInt32(range.count)) & 0xFFFF_FFFF)
        }
    }
}
