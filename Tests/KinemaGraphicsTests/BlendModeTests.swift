import Foundation
import KinemaGeometry
import KinemaGraphics
import Testing

/// A destination and a source colour (straight, not premultiplied) to blend.
struct BlendPair: CustomTestStringConvertible, Sendable {
    let name: String
    let destination: Color
    let source: Color
    var testDescription: String { name }

    static let all = [
        BlendPair(
            name: "translucent", destination: Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8),
            source: Color(red: 0.9, green: 0.3, blue: 0.5, alpha: 0.6)),
        BlendPair(
            name: "opaque", destination: Color(red: 0.7, green: 0.25, blue: 0.4, alpha: 1),
            source: Color(red: 0.35, green: 0.8, blue: 0.55, alpha: 1)),
    ]
}

/// The result of `mode` for premultiplied `s` over premultiplied `d` (RGBA in `0…1`), from the
/// formulas `CGBlendMode` documents (Porter–Duff) and the W3C Compositing and Blending
/// specification (separable and non-separable modes).
func expectedBlend(_ mode: BlendMode, source s: [Double], destination d: [Double]) -> [Double] {
    let (sa, da) = (s[3], d[3])
    func porterDuff(_ fs: Double, _ fd: Double) -> [Double] { (0..<4).map { (i: Int) -> Double in min(1, s[i] * fs + d[i] * fd) } }
    func separable(_ b: (Double, Double) -> Double) -> [Double] {
        let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }, cd = (0..<3).map { da > 0 ? d[$0] / da : 0 }
        return blended(zip(cs, cd).map(b))
    }
    /// Composites a blended straight colour `b` the W3C way.
    func blended(_ b: [Double]) -> [Double] {
        var r: [Double] = []
        for i in 0..<3 {
            let onlySource: Double = (1 - da) * s[i]
            let onlyDestination: Double = (1 - sa) * d[i]
            r.append(onlySource + onlyDestination + sa * da * b[i])
        }
        r.append(sa + da - sa * da)
        return r
    }
    func nonSeparable(_ b: ([Double], [Double]) -> [Double]) -> [Double] {
        let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }, cd = (0..<3).map { da > 0 ? d[$0] / da : 0 }
        return blended(b(cs, cd))
    }
    func screenOf(_ a: Double, _ b: Double) -> Double { a + b - a * b }
    func hardLight(_ cs: Double, _ cd: Double) -> Double { cs <= 0.5 ? cd * 2 * cs : screenOf(cd, 2 * cs - 1) }
    switch mode {
    case .normal: return porterDuff(1, 1 - sa)
    case .clear: return [0, 0, 0, 0]
    case .copy: return s
    case .sourceIn: return porterDuff(da, 0)
    case .sourceOut: return porterDuff(1 - da, 0)
    case .sourceAtop: return porterDuff(da, 1 - sa)
    case .destinationOver: return porterDuff(1 - da, 1)
    case .destinationIn: return porterDuff(0, sa)
    case .destinationOut: return porterDuff(0, 1 - sa)
    case .destinationAtop: return porterDuff(1 - da, sa)
    case .xor: return porterDuff(1 - da, 1 - sa)
    case .plusLighter: return porterDuff(1, 1)
    case .multiply: return separable { $0 * $1 }
    case .screen: return separable(screenOf)
    case .overlay: return separable { cs, cd in hardLight(cd, cs) }
    case .darken: return separable(min)
    case .lighten: return separable(max)
    case .colorDodge: return separable { cs, cd in cd == 0 ? 0 : cs >= 1 ? 1 : min(1, cd / (1 - cs)) }
    case .colorBurn: return separable { cs, cd in cd >= 1 ? 1 : cs <= 0 ? 0 : 1 - min(1, (1 - cd) / cs) }
    case .hardLight: return separable(hardLight)
    case .softLight:
        return separable { cs, cd in
            if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
            let dd = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
            return cd + (2 * cs - 1) * (dd - cd)
        }
    case .difference: return separable { abs($0 - $1) }
    case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
    case .hue: return nonSeparable { cs, cd in setLum(setSat(cs, sat(cd)), lum(cd)) }
    case .saturation: return nonSeparable { cs, cd in setLum(setSat(cd, sat(cs)), lum(cd)) }
    case .color: return nonSeparable { cs, cd in setLum(cs, lum(cd)) }
    case .luminosity: return nonSeparable { cs, cd in setLum(cd, lum(cs)) }
    }
}

// The W3C non-separable helpers.
private func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
private func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
private func clipColor(_ c: [Double]) -> [Double] {
    let l = lum(c), n = c.min()!, x = c.max()!
    var c = c
    if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
    return c
}
private func setLum(_ c: [Double], _ l: Double) -> [Double] {
    let d = l - lum(c)
    return clipColor(c.map { $0 + d })
}
private func setSat(_ c: [Double], _ s: Double) -> [Double] {
    let order = c.indices.sorted { c[$0] < c[$1] }
    let (lo, mid, hi) = (order[0], order[1], order[2])
    var r = [0.0, 0, 0]
    if c[hi] > c[lo] {
        r[mid] = (c[mid] - c[lo]) * s / (c[hi] - c[lo])
        r[hi] = s
    }
    return r
}

/// Premultiplied RGBA in `0…1` of a `0xAARRGGBB` pixel.
func components(_ p: UInt32) -> [Double] {
    [16, 8, 0, 24].map { Double((p >> UInt32($0)) & 0xff) / 255 }
}

@Suite("Blend modes")
struct BlendModeTests {
    /// Plays `drawing` into a new 20 × 10 bitmap.
    func play(_ drawing: Drawing) throws -> Bitmap {
        let bitmap = try Bitmap(width: 20, height: 10)
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.draw(drawing) { _ in nil }
        ctx.flush()
        return bitmap
    }

    /// The destination fills the bitmap, the source the left half under `mode`: the left half
    /// holds the formula's result (computed from the 8-bit destination and source cairo
    /// stores), the right half the untouched destination, for every mode (Core Graphics'
    /// modes act only where the shape covers).
    @Test(arguments: BlendMode.allCases, BlendPair.all)
    func fillMatchesTheFormula(mode: BlendMode, pair: BlendPair) throws {
        let recorder = DrawingContext(size: Size(width: 20, height: 10))
        recorder.setFillColor(pair.destination)
        recorder.fill(Rect(x: 0, y: 0, width: 20, height: 10))
        recorder.setBlendMode(mode)
        recorder.setFillColor(pair.source)
        recorder.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        let bitmap = try play(recorder.drawing)

        let d = components(Bitmap.premultipliedPixel(pair.destination))
        let s = components(Bitmap.premultipliedPixel(pair.source))
        let want = expectedBlend(mode, source: s, destination: d)
        let got = components(bitmap.pixel(x: 5, y: 5))
        let worst = zip(want, got).map { abs($0 - $1) * 255 }.max()!
        #expect(worst <= 2, "\(mode) \(pair.name): got \(got.map { ($0 * 255).rounded() }), expected \(want.map { $0 * 255 })")
        #expect(
            channelDifference(bitmap.pixel(x: 15, y: 5), Bitmap.premultipliedPixel(pair.destination)) <= 1,
            "outside the source, \(mode) changed the destination to \(hex(bitmap.pixel(x: 15, y: 5)))")
    }

    /// A stroke under the modes cairo would apply to the whole clip changes only the pixels the
    /// line covers.
    @Test(arguments: [BlendMode.sourceIn, .sourceOut, .destinationIn, .destinationAtop, .copy, .clear])
    func strokeActsOnlyUnderTheLine(mode: BlendMode) throws {
        let destination = Color(red: 0.1, green: 0.5, blue: 0.8, alpha: 0.9)
        let source = Color(red: 1, green: 0.6, blue: 0, alpha: 0.7)
        let recorder = DrawingContext(size: Size(width: 20, height: 10))
        recorder.setFillColor(destination)
        recorder.fill(Rect(x: 0, y: 0, width: 20, height: 10))
        recorder.setBlendMode(mode)
        recorder.setStrokeColor(source)
        recorder.setLineWidth(4)
        recorder.move(to: Point(x: 0, y: 5))
        recorder.addLine(to: Point(x: 20, y: 5))
        recorder.strokePath()
        let bitmap = try play(recorder.drawing)
        let want = expectedBlend(
            mode, source: components(Bitmap.premultipliedPixel(source)),
            destination: components(Bitmap.premultipliedPixel(destination)))
        let under = components(bitmap.pixel(x: 10, y: 4))
        #expect(
            zip(want, under).allSatisfy { abs($0 - $1) * 255 <= 2 },
            "under the line: \(hex(bitmap.pixel(x: 10, y: 4))), expected \(want.map { $0 * 255 })")
        for y in [0, 1, 8, 9] {
            #expect(
                channelDifference(bitmap.pixel(x: 10, y: y), Bitmap.premultipliedPixel(destination)) <= 1,
                "row \(y), off the line, is \(hex(bitmap.pixel(x: 10, y: y)))")
        }
    }

    /// The blend mode is part of the saved state, in the recording and in the playback.
    @Test func restoreBringsBackTheMode() throws {
        let recorder = DrawingContext(size: Size(width: 20, height: 10))
        recorder.setFillColor(.blue)
        recorder.fill(Rect(x: 0, y: 0, width: 20, height: 10))
        recorder.saveGState()
        recorder.setBlendMode(.clear)
        #expect(recorder.blendMode == .clear)
        recorder.restoreGState()
        #expect(recorder.blendMode == .normal)
        recorder.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        recorder.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        let bitmap = try play(recorder.drawing)
        // Source over: half red over blue.
        expectPixel(bitmap, 5, 5, Color(red: 0.5, green: 0, blue: 0.5, alpha: 1), tolerance: 1)
        #expect(recorder.drawing.usesBlendModes)
    }

    /// A drawing that only ever sets `normal` needs no layer of its own.
    @Test func normalAloneIsNotABlendMode() {
        let recorder = DrawingContext(size: Size(width: 4, height: 4))
        recorder.fill(Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(!recorder.drawing.usesBlendModes)
        recorder.setBlendMode(.normal)
        #expect(!recorder.drawing.usesBlendModes)
        recorder.setBlendMode(.multiply)
        #expect(recorder.drawing.usesBlendModes)
    }
}
