import KinemaGeometry

/// libFuzzer's entry point: the bytes as a string into the CSS transform parser,
/// `Transform3D(css:)`; with a `|` in it, the two sides are parsed as the two ends of an
/// interpolation. A transform that parses is written back (`cssDescription`), inverted,
/// decomposed and recomposed, flattened to a homography, and interpolated (to the other side, or
/// to its inverse) at fractions inside, outside and at the edges of `0…1`. Preconditions check what
/// the doc comments promise: a parsed transform is finite, `Transform3D(css: t.cssDescription) ==
/// t`, and interpolation returns `from` at 0, NaN and −∞ and `to` at 1 and +∞, exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSSTransform(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let sides = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let from = parsed(sides[0]) else { return 0 }
    let inverse = from.inverted()
    let to = sides.count > 1 ? parsed(sides[1]) : inverse
    if let decomposition = from.decomposed() {
        _ = Transform3D(decomposition)
    }
    _ = from.translation
    _ = from.determinant
    let homography = Homography(flattening: from)
    _ = homography.apply(Point(x: 3, y: -7))
    _ = homography.inverted()
    if let inverse { _ = from.concatenating(inverse) }
    guard let to else { return 0 }
    precondition(Transform3D.interpolate(from: from, to: to, fraction: 0) == from, "interpolate at 0 is not `from`")
    precondition(Transform3D.interpolate(from: from, to: to, fraction: 1) == to, "interpolate at 1 is not `to`")
    precondition(Transform3D.interpolate(from: from, to: to, fraction: .nan) == from, "interpolate at NaN is not `from`")
    precondition(Transform3D.interpolate(from: from, to: to, fraction: -.infinity) == from, "interpolate at −∞ is not `from`")
    precondition(Transform3D.interpolate(from: from, to: to, fraction: .infinity) == to, "interpolate at +∞ is not `to`")
    for t in [0.25, 0.5, 0.999, 1.5, -0.5, 1e12] {
        _ = Transform3D.interpolate(from: from, to: to, fraction: t)
    }
    return 0
}

/// The transform `text` parses to, checked against the parser's promises, or `nil` when the
/// parser throws.
func parsed(_ text: String) -> Transform3D? {
    guard let t = try? Transform3D(css: text) else { return nil }
    // "NaN, infinities and numbers too large to be finite are rejected, as is a list whose
    // product is not finite."
    precondition(t.isFinite, "Transform3D(css: \(text)) is not finite: \(t.values)")
    let description = t.cssDescription
    let again: Transform3D
    do { again = try Transform3D(css: description) } catch {
        preconditionFailure("cssDescription of \(text) does not parse back: \(description): \(error)")
    }
    precondition(again == t, "Transform3D(css: t.cssDescription) != t for \(text): \(description)")
    return t
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
