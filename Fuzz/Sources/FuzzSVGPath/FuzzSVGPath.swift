import KinemaGeometry

/// libFuzzer's entry point: the bytes as a string into the SVG path-data parser,
/// `Path(svgData:)`. A path that parses is measured (bounding boxes, length, a point and tangent
/// half way, hit testing), flattened at a tolerance scaled to its size, trimmed, transformed and interpolated,
/// and written back with `svgData`. Preconditions check what the doc comments promise: every
/// coordinate finite and a `moveTo` first (Path's invariants), `Path(svgData: p.svgData) == p`, and
/// interpolation's ends at NaN and ±∞.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let path = try? Path(svgData: text) else { return 0 }
    checkInvariants(path, "parsed")
    let written = path.svgData
    let reparsed: Path
    do { reparsed = try Path(svgData: written) } catch {
        preconditionFailure("svgData of a parsed path does not parse back: \(written): \(error)")
    }
    precondition(reparsed == path, "Path(svgData: p.svgData) != p for \(written)")

    let box = path.boundingBox
    let tight = path.boundingBoxOfPath
    precondition((box == nil) == path.isEmpty && (tight == nil) == path.isEmpty, "bounding box nil iff empty")
    let length = path.length
    _ = path.point(atLength: length / 2)
    _ = path.tangentAngle(atLength: length / 3)
    _ = path.point(atLength: .nan)
    if let box {
        let diagonal = (box.width * box.width + box.height * box.height).squareRoot()
        let tolerance = diagonal.isFinite && diagonal > 0 ? diagonal / 500 : 1
        _ = path.flattened(tolerance: tolerance)
        _ = path.contains(Point(x: box.midX, y: box.midY))
        _ = path.contains(Point(x: box.minX + box.width / 3, y: box.midY), fillRule: .evenOdd)
    }
    let trimmed = path.trimmed(from: 0.25, to: 0.75)
    checkInvariants(trimmed, "trimmed")
    let moved = path.applying(AffineTransform(a: 2, b: 0.5, c: -0.5, d: 1, tx: 10, ty: -3))
    checkInvariants(moved, "transformed")
    if let halfway = Path.interpolate(from: path, to: moved, fraction: 0.5) {
        checkInvariants(halfway, "interpolated")
        // "A NaN fraction or −∞ gives `from`, `+∞` gives `to`."
        precondition(Path.interpolate(from: path, to: moved, fraction: .nan) == path, "interpolate at NaN is not `from`")
        precondition(Path.interpolate(from: path, to: moved, fraction: -.infinity) == path, "interpolate at −∞ is not `from`")
        precondition(Path.interpolate(from: path, to: moved, fraction: .infinity) == moved, "interpolate at +∞ is not `to`")
    }
    return 0
}

/// Path's documented invariants: every coordinate is finite, and a non-empty path starts with a
/// `moveTo` (a drawing element always has a current point).
func checkInvariants(_ path: Path, _ what: String) {
    for element in path.elements {
        for p in element.points {
            precondition(p.x.isFinite && p.y.isFinite, "\(what) path has a non-finite point: \(element)")
        }
    }
    if let first = path.elements.first, case .moveTo = first {
    } else {
        precondition(path.elements.isEmpty, "\(what) path does not start with a moveTo: \(path.elements.prefix(2))")
    }
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
