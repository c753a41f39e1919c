import KinemaGraphics

/// libFuzzer's entry point: the bytes as PNG data into `Bitmap(pngData:)` (the header check, then
/// cairo's decoder, libpng), under a 256 MiB `PixelBudget` as a renderer would decode it. A small
/// image that decodes is encoded again with `pngData()` and decoded once more; the precondition
/// checks what the doc comment promises: the same pixels come back (the decoded pixels were
/// drawn by cairo, so they are valid premultiplied values). Huge declared dimensions must give
/// a clean error, not a huge allocation: scripts/fuzz.sh runs this target with a malloc limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let budget = PixelBudget(limit: 256 << 20)
    PixelBudget.withCurrent(budget) {
        guard let bitmap = try? Bitmap(pngData: bytes) else { return }
        precondition(
            (1...GraphicsError.maximumDimension).contains(bitmap.width)
                && (1...GraphicsError.maximumDimension).contains(bitmap.height),
            "decoded a \(bitmap.width)×\(bitmap.height) bitmap")
        guard bitmap.width * bitmap.height <= 256 * 256 else { return }
        let encoded: [UInt8]
        do { encoded = try bitmap.pngData() } catch { preconditionFailure("a decoded bitmap does not encode: \(error)") }
        let again: Bitmap
        do { again = try Bitmap(pngData: encoded) } catch {
            preconditionFailure("a re-encoded \(bitmap.width)×\(bitmap.height) bitmap does not decode: \(error)")
        }
        precondition(again.hasSamePixels(as: bitmap), "decode → encode → decode changed the pixels")
    }
    return 0
}

/// The standard library's `precondition`, but printing its message in this optimized build (with
/// -O the standard library's prints nothing), so that a finding's report says what broke. A
/// violation is a crash libFuzzer reports.
func precondition(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) {
    if !condition() { fatalError(message(), file: file, line: line) }
}

/// `preconditionFailure` that prints its message in this optimized build.
func preconditionFailure(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message(), file: file, line: line)
}
