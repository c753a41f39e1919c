import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// One golden-image case: a tree to render, the frame it is rendered into, the tolerance its
/// golden file is compared with, and pixel probes that hold whatever the golden file says (so a
/// wrongly recorded golden is caught).
struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// The case's name: the golden file is `<test>.<name>.png`.
    var name: String
    /// The frame, in points.
    var size = Size(width: 96, height: 64)
    /// Pixels per point.
    var scale = 1.0
    /// The colour under everything.
    var background: Color? = .white
    /// How far the image may drift from its golden file.
    var tolerance: ImageTolerance = .rendering
    /// Assertions about single pixels, in frame pixels (after `scale`).
    var probes: [Probe] = []
    /// Builds the layers and returns their snapshot.
    var tree: @Sendable () throws -> RenderNode

    var testDescription: String { name }

    /// Renders the case with `renderer`.
    func render(with renderer: Renderer = Renderer()) throws -> Bitmap {
        try renderer.render(tree(), size: size, scale: scale, background: background)
    }

    /// Renders the case, checks every probe and compares the image with the golden file
    /// `<suite>/<test>.<name>.png`.
    func verify(suite: String, test: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bitmap = try render()
        for probe in probes {
            if let failure = probe.failure(in: bitmap, background: background) {
                Issue.record("\(name): \(failure)", sourceLocation: sourceLocation)
            }
        }
        let result = GoldenImage.check(bitmap, suite: suite, name: "\(test).\(name)", tolerance: tolerance)
        #expect(result == .matches, "\(name): \(result)", sourceLocation: sourceLocation)
    }
}

/// A frame pixel.
struct At: Sendable, CustomStringConvertible {
    var x: Int
    var y: Int
    init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }
    var description: String { "(\(x), \(y))" }
}

/// A rectangle of frame pixels, `x0..<x1` × `y0..<y1`.
struct Region: Sendable, CustomStringConvertible {
    var x0: Int, y0: Int, x1: Int, y1: Int
    init(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }
    var description: String { "[\(x0)..<\(x1)] × [\(y0)..<\(y1)]" }
}

/// A pixel assertion, independent of any golden file.
enum Probe: Sendable {
    /// The pixel is `color` (compared premultiplied, channel by channel) within `within` 8-bit steps.
    case color(At, Color, within: Int = 2)
    /// The pixel is the background colour, exactly.
    case untouched(At)
    /// Two pixels agree within `within` 8-bit steps on every channel.
    case same(At, At, within: Int = 2)
    /// The pixels differ by more than `by` 8-bit steps on some channel.
    case differ(At, At, by: Int = 24)
    /// The first pixel's luminance is lower than the second's by at least `by` (0…1).
    case darker(At, than: At, by: Double)
    /// Whether some pixel of the region differs from the background by more than 24 steps.
    case ink(Region, Bool)
    /// The first column has more inked pixels (see `ink`) than the second, between rows `rows`.
    case taller(column: Int, than: Int, rows: Region)

    /// `nil` when the probe holds in `b`, otherwise what was wrong.
    func failure(in b: Bitmap, background: Color?) -> String? {
        let bg = Probe.premultiplied(background ?? .clear)
        switch self {
        case .color(let p, let c, let within):
            let d = Probe.difference(Probe.channels(b.pixel(x: p.x, y: p.y)), Probe.premultiplied(c))
            return d <= within ? nil : "pixel \(p) is \(Probe.hex(b, p)), expected \(c) within \(within) (off by \(d))"
        case .untouched(let p):
            let d = Probe.difference(Probe.channels(b.pixel(x: p.x, y: p.y)), bg)
            return d == 0 ? nil : "pixel \(p) is \(Probe.hex(b, p)), expected the background"
        case .same(let p, let q, let within):
            let d = Probe.difference(Probe.channels(b.pixel(x: p.x, y: p.y)), Probe.channels(b.pixel(x: q.x, y: q.y)))
            return d <= within ? nil : "pixels \(p) \(Probe.hex(b, p)) and \(q) \(Probe.hex(b, q)) differ by \(d)"
        case .differ(let p, let q, let by):
            let d = Probe.difference(Probe.channels(b.pixel(x: p.x, y: p.y)), Probe.channels(b.pixel(x: q.x, y: q.y)))
            return d > by ? nil : "pixels \(p) \(Probe.hex(b, p)) and \(q) \(Probe.hex(b, q)) differ by only \(d)"
        case .darker(let p, let q, let by):
            let lp = Probe.luminance(b, p), lq = Probe.luminance(b, q)
            return lq - lp >= by ? nil : "pixel \(p) (luminance \(lp)) is not darker than \(q) (\(lq)) by \(by)"
        case .ink(let r, let expected):
            let found = Probe.inked(b, r, background: bg) > 0
            return found == expected ? nil : expected ? "nothing drawn in \(r)" : "something drawn in \(r)"
        case .taller(let c1, let c2, let rows):
            let h1 = Probe.inked(b, Region(c1, rows.y0, c1 + 1, rows.y1), background: bg)
            let h2 = Probe.inked(b, Region(c2, rows.y0, c2 + 1, rows.y1), background: bg)
            return h1 > h2 ? nil : "column \(c1) has \(h1) inked pixels, column \(c2) has \(h2)"
        }
    }

    /// Premultiplied channels (a, r, g, b), 0…255.
    static func channels(_ p: UInt32) -> [Int] {
        [24, 16, 8, 0].map { Int((p >> UInt32($0)) & 0xff) }
    }

    static func premultiplied(_ c: Color) -> [Int] {
        let a = c.alpha
        return [a, c.red * a, c.green * a, c.blue * a].map { Int(($0 * 255).rounded()) }
    }

    static func difference(_ a: [Int], _ b: [Int]) -> Int {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    static func hex(_ b: Bitmap, _ p: At) -> String {
        "0x" + String(b.pixel(x: p.x, y: p.y), radix: 16)
    }

    /// Rec. 709 luminance of the premultiplied pixel, 0…1.
    static func luminance(_ b: Bitmap, _ p: At) -> Double {
        let c = channels(b.pixel(x: p.x, y: p.y))
        return (0.2126 * Double(c[1]) + 0.7152 * Double(c[2]) + 0.0722 * Double(c[3])) / 255
    }

    /// How many pixels of `r` differ from `background` by more than 24 steps.
    static func inked(_ b: Bitmap, _ r: Region, background: [Int]) -> Int {
        let x0 = max(r.x0, 0), x1 = min(r.x1, b.width), y0 = max(r.y0, 0), y1 = min(r.y1, b.height)
        guard x1 > x0, y1 > y0 else { return 0 }
        var n = 0
        for y in y0..<y1 {
            for x in x0..<x1 where difference(channels(b.pixel(x: x, y: y)), background) > 24 { n += 1 }
        }
        return n
    }
}
