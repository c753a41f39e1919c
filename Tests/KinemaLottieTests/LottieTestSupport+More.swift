import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// More Lottie JSON builders for the feature tests. Every builder returns JSON text; numbers
/// print as Swift doubles (`50.0`), which JSON accepts.
extension LottieJSON {
    /// A JSON list of numbers.
    static func list(_ values: [Double]) -> String { "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }

    /// An animated property from keyframe objects (see ``keyframe(_:_:o:i:hold:to:ti:)``).
    static func animated(_ keyframes: [String]) -> String { "{\"a\": 1, \"k\": [\(keyframes.joined(separator: ", "))]}" }

    /// One keyframe at frame `t` with start value `s`; `o`/`i` are the segment's easing handles
    /// (x, y), `hold` writes `h: 1`, `to`/`ti` are spatial tangents.
    static func keyframe(
        _ t: Double, _ s: [Double], o: (Double, Double)? = nil, i: (Double, Double)? = nil, hold: Bool = false,
        to: [Double]? = nil, ti: [Double]? = nil
    ) -> String {
        var fields = ["\"t\": \(t)", "\"s\": \(list(s))"]
        if let o { fields.append("\"o\": {\"x\": [\(o.0)], \"y\": [\(o.1)]}") }
        if let i { fields.append("\"i\": {\"x\": [\(i.0)], \"y\": [\(i.1)]}") }
        if hold { fields.append("\"h\": 1") }
        if let to { fields.append("\"to\": \(list(to))") }
        if let ti { fields.append("\"ti\": \(list(ti))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A property animated linearly through `(frame, value)` pairs: every segment has the
    /// explicit linear handles o (0, 0) and i (1, 1).
    static func linear(_ keys: [(Double, [Double])]) -> String {
        animated(
            keys.enumerated().map { n, key in
                n == keys.count - 1 ? keyframe(key.0, key.1) : keyframe(key.0, key.1, o: (0, 0), i: (1, 1))
            })
    }

    /// A transform object (`ks` of a layer); each argument is a property's JSON.
    static func transform(
        a: String? = nil, p: String? = nil, s: String? = nil, r: String? = nil, o: String? = nil, sk: String? = nil,
        sa: String? = nil, extra: [String] = []
    ) -> String {
        let pairs: [(String, String?)] = [("a", a), ("p", p), ("s", s), ("r", r), ("o", o), ("sk", sk), ("sa", sa)]
        let fields = pairs.compactMap { key, value in value.map { "\"\(key)\": \($0)" } } + extra
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A group transform item (`tr`); each argument is a property's JSON.
    static func groupTransform(
        a: String? = nil, p: String? = nil, s: String? = nil, r: String? = nil, o: String? = nil, sk: String? = nil,
        sa: String? = nil
    ) -> String {
        transform(a: a, p: p, s: s, r: r, o: o, sk: sk, sa: sa, extra: ["\"ty\": \"tr\""])
    }

    /// A layer with every timing field: `parent` and `hidden` are left out when `nil`/`false`.
    static func fullLayer(
        ty: Int, ind: Int, parent: Int? = nil, ks: String = "{}", ip: Double = 0, op: Double = 30, st: Double = 0,
        sr: Double? = nil, hidden: Bool = false, extra: [String] = []
    ) -> String {
        var fields = [
            "\"ty\": \(ty)", "\"ind\": \(ind)", "\"nm\": \"L\(ind)\"", "\"ip\": \(ip)", "\"op\": \(op)", "\"st\": \(st)", "\"ks\": \(ks)",
        ]
        if let parent { fields.append("\"parent\": \(parent)") }
        if let sr { fields.append("\"sr\": \(sr)") }
        if hidden { fields.append("\"hd\": true") }
        return "{" + (fields + extra).joined(separator: ", ") + "}"
    }

    /// A shape layer with every timing field.
    static func shapes(
        _ items: [String], ind: Int = 1, parent: Int? = nil, ks: String = "{}", ip: Double = 0, op: Double = 30, st: Double = 0,
        sr: Double? = nil, hidden: Bool = false
    ) -> String {
        fullLayer(
            ty: 4, ind: ind, parent: parent, ks: ks, ip: ip, op: op, st: st, sr: sr, hidden: hidden,
            extra: ["\"shapes\": [\(items.joined(separator: ", "))]"])
    }

    /// A null layer (`ty` 3): a transform only.
    static func null(ind: Int, parent: Int? = nil, ks: String, ip: Double = 0, op: Double = 30) -> String {
        fullLayer(ty: 3, ind: ind, parent: parent, ks: ks, ip: ip, op: op)
    }

    /// A precomposition layer (`ty` 0) showing asset `refId`, clipped to `w × h`.
    static func precomp(
        _ refId: String, w: Double = 100, h: Double = 100, ind: Int = 1, ks: String = "{}", ip: Double = 0, op: Double = 30,
        st: Double = 0, sr: Double? = nil
    ) -> String {
        fullLayer(
            ty: 0, ind: ind, ks: ks, ip: ip, op: op, st: st, sr: sr, extra: ["\"refId\": \"\(refId)\"", "\"w\": \(w)", "\"h\": \(h)"])
    }

    /// A precomposition asset.
    static func asset(_ id: String, _ layers: [String]) -> String {
        "{\"id\": \"\(id)\", \"layers\": [\(layers.joined(separator: ", "))]}"
    }

    /// A group whose transform item is `tr` (JSON of a `tr` item).
    static func group(_ items: [String], transform tr: String) -> String { group(items, tr: tr) }

    /// A bezier path item (`sh`) through `vertices` with tangents `inTangents`/`outTangents`
    /// (zero when `nil`); `closed` `nil` leaves `c` out. `d` 3 reverses it.
    static func path(
        _ vertices: [[Double]], inTangents: [[Double]]? = nil, outTangents: [[Double]]? = nil, closed: Bool? = true, d: Int? = nil
    ) -> String {
        let zero = vertices.map { _ in [0.0, 0.0] }
        func points(_ p: [[Double]]) -> String { "[" + p.map(list).joined(separator: ", ") + "]" }
        var shape = ["\"v\": \(points(vertices))", "\"i\": \(points(inTangents ?? zero))", "\"o\": \(points(outTangents ?? zero))"]
        if let closed { shape.append("\"c\": \(closed)") }
        let direction = d.map { ", \"d\": \($0)" } ?? ""
        return "{\"ty\": \"sh\"\(direction), \"ks\": {\"a\": 0, \"k\": {" + shape.joined(separator: ", ") + "}}}"
    }

    /// An open straight path from `a` to `b`.
    static func line(_ a: [Double], _ b: [Double]) -> String { path([a, b], closed: false) }

    /// A rectangle item with a direction (`d` 3 reverses it).
    static func rect(p: [Double], s: [Double], d: Int) -> String {
        "{\"ty\": \"rc\", \"d\": \(d), \"p\": \(value(p)), \"s\": \(value(s)), \"r\": \(value(0))}"
    }

    /// An ellipse item with a direction (`d` 3 reverses it).
    static func ellipse(p: [Double], s: [Double], d: Int) -> String {
        "{\"ty\": \"el\", \"d\": \(d), \"p\": \(value(p)), \"s\": \(value(s))}"
    }

    /// A polystar item: `sy` 1 star, 2 polygon.
    static func star(
        p: [Double], points: Double, outer: Double, inner: Double = 0, rotation: Double = 0, sy: Int = 1, d: Int? = nil
    ) -> String {
        var fields = [
            "\"ty\": \"sr\"", "\"sy\": \(sy)", "\"p\": \(value(p))", "\"pt\": \(value(points))", "\"or\": \(value(outer))",
            "\"os\": \(value(0))", "\"r\": \(value(rotation))",
        ]
        if sy == 1 { fields += ["\"ir\": \(value(inner))", "\"is\": \(value(0))"] }
        if let d { fields.append("\"d\": \(d)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A fill item whose colour and opacity are property JSON (for animated ones).
    static func fill(color: String, opacity: String = "{\"a\": 0, \"k\": 100}", evenOdd: Bool = false) -> String {
        "{\"ty\": \"fl\", \"c\": \(color), \"o\": \(opacity), \"r\": \(evenOdd ? 2 : 1)}"
    }

    /// A stroke item with every setting; `dashes` is a list of (`n`, value) pairs, and
    /// `dashOffset`, `colorProperty` and `widthProperty` are property JSON (for animated ones)
    /// that replace the plain values.
    static func strokeItem(
        _ rgb: [Double], width: Double, cap: Int = 1, join: Int = 1, miterLimit: Double? = nil, opacity: Double = 100,
        dashes: [(String, Double)] = [], dashOffset: String? = nil, colorProperty: String? = nil, widthProperty: String? = nil
    ) -> String {
        var fields = [
            "\"ty\": \"st\"", "\"c\": \(colorProperty ?? value(rgb))", "\"o\": \(value(opacity))",
            "\"w\": \(widthProperty ?? value(width))", "\"lc\": \(cap)", "\"lj\": \(join)",
        ]
        if let miterLimit { fields.append("\"ml\": \(miterLimit)") }
        var items = dashes.map { "{\"n\": \"\($0.0)\", \"nm\": \"\($0.0)\", \"v\": \(value($0.1))}" }
        if let dashOffset { items.append("{\"n\": \"o\", \"nm\": \"offset\", \"v\": \(dashOffset)}") }
        if !items.isEmpty { fields.append("\"d\": [" + items.joined(separator: ", ") + "]") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A trim path item; `s`, `e` in percent, `o` in degrees; `m` 1 simultaneously, 2 individually.
    static func trim(s: String, e: String, o: String = "{\"a\": 0, \"k\": 0}", m: Int? = nil) -> String {
        "{\"ty\": \"tm\", \"s\": \(s), \"e\": \(e), \"o\": \(o)" + (m.map { ", \"m\": \($0)" } ?? "") + "}"
    }

    /// A static trim path item.
    static func trim(_ s: Double, _ e: Double, offset: Double = 0) -> String {
        trim(s: value(s), e: value(e), o: value(offset))
    }

    /// A root animation written by a given Bodymovin version.
    static func animation(version: String, _ layers: [String]) -> String {
        """
        {"v": "\(version)", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "assets": [], "layers": [\(layers.joined(separator: ","))]}
        """
    }
}

/// Decodes `json`, or records the error and returns `nil`.
func decodeLottie(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> LottieAnimation? {
    do {
        return try LottieAnimation(data: Data(json.utf8))
    } catch {
        Issue.record("expected the animation to decode: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The problems of a file that must not decode, or `[]` (with an issue) when it decodes.
func decodingProblems(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [LottieProblem] {
    do {
        _ = try LottieAnimation(data: Data(json.utf8))
        Issue.record("expected decoding to fail", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.problems
    }
}

/// The JSON paths of `problems`, written as scene files' paths are (`layers[0].ks.p`, `$` for
/// the root); a leading `$.` is dropped so that either way of writing them compares equal.
func jsonPaths(_ problems: [LottieProblem]) -> [String] {
    problems.map { $0.path.hasPrefix("$.") ? String($0.path.dropFirst(2)) : $0.path }
}

/// Pixel expectations. Coordinates are whole pixels: (x, y) is the pixel whose centre is
/// (x + 0.5, y + 0.5) at one pixel per point.
enum Ink {
    /// Colour channels compared straight (unpremultiplied), within a few 8-bit steps.
    static let colorTolerance = 3.0 / 255
    /// "Clear" allows the faintest anti-aliasing from an edge more than a pixel away.
    static let clearAlpha = 0.02
}

/// Expects pixel (x, y) to be `expected` (straight colour and alpha) within `tolerance`.
/// Colour channels are only compared where the pixel is not nearly transparent.
func expectColor(
    _ bitmap: Bitmap, _ x: Int, _ y: Int, _ expected: Color, tolerance: Double = Ink.colorTolerance, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let c = bitmap.color(x: x, y: y)
    var ok = abs(c.alpha - expected.alpha) <= tolerance
    if expected.alpha > 0.05 {
        ok =
            ok && abs(c.red - expected.red) <= tolerance && abs(c.green - expected.green) <= tolerance
            && abs(c.blue - expected.blue) <= tolerance
    }
    #expect(
        ok,
        "pixel (\(x), \(y)) is \(describe(c)), expected \(describe(expected)) ± \(Int((tolerance * 255).rounded()))/255 \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects pixel (x, y) to be (nearly) transparent.
func expectClear(_ bitmap: Bitmap, _ x: Int, _ y: Int, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let c = bitmap.color(x: x, y: y)
    #expect(
        c.alpha <= Ink.clearAlpha, "pixel (\(x), \(y)) is \(describe(c)), expected clear \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects pixel (x, y) to be fully covered by opaque ink of any colour.
func expectInk(_ bitmap: Bitmap, _ x: Int, _ y: Int, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let c = bitmap.color(x: x, y: y)
    #expect(
        c.alpha >= 1 - Ink.clearAlpha, "pixel (\(x), \(y)) is \(describe(c)), expected opaque ink \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects `actual` within `tolerance` of `expected`.
func expectNear(
    _ actual: Double?, _ expected: Double, _ tolerance: Double, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual.map { abs($0 - expected) <= tolerance } ?? false,
        "got \(actual.map { String(format: "%.3f", $0) } ?? "nothing"), expected \(expected) ± \(tolerance) \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// A colour as `rgba(r, g, b, a)` in 8-bit steps.
func describe(_ c: Color) -> String {
    func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
    return "rgba(\(byte(c.red)), \(byte(c.green)), \(byte(c.blue)), \(byte(c.alpha)))"
}

extension Bitmap {
    /// The alpha-weighted centre of all ink, in points (pixel centres at + 0.5), or `nil` for a
    /// blank bitmap. For one small shape this is its centre to a small fraction of a pixel.
    var inkCentroid: Point? {
        var sum = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let a = Double(pixel(x: x, y: y) >> 24) / 255
                guard a > 0 else { continue }
                sum += a
                sx += (Double(x) + 0.5) * a
                sy += (Double(y) + 0.5) * a
            }
        }
        return sum > 0 ? Point(x: sx / sum, y: sy / sum) : nil
    }

    /// The sum of alpha over pixels `xs` of row `y`: the ink's width on that row, in points.
    func inkWidth(row y: Int, _ xs: ClosedRange<Int>? = nil) -> Double {
        (xs ?? 0...(width - 1)).reduce(0) { $0 + Double(pixel(x: $1, y: y) >> 24) / 255 }
    }

    /// The sum of alpha over pixels `ys` of column `x`: the ink's height there, in points.
    func inkHeight(column x: Int, _ ys: ClosedRange<Int>? = nil) -> Double {
        (ys ?? 0...(height - 1)).reduce(0) { $0 + Double(pixel(x: x, y: $1) >> 24) / 255 }
    }
}
