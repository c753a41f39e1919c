import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import TestSupport

/// Shared content, transforms and measurements for the compositing tests.
enum Fixture {
    /// A backing store whose content pixel (i, j) is `pixel(i, j)` (premultiplied `0xAARRGGBB`).
    static func store(width: Int, height: Int, margin: Int = 2, _ pixel: (Int, Int) -> UInt32) -> BackingStore? {
        guard let s = try? BackingStore(contentWidth: width, contentHeight: height, margin: margin) else { return nil }
        for j in 0..<height {
            let row = s.bitmap.row(margin + j) + margin
            for i in 0..<width { row[i] = pixel(i, j) }
        }
        return s
    }

    /// An opaque content of one colour.
    static func opaque(width: Int, height: Int, pixel: UInt32 = 0xff20_60c0) -> BackingStore? {
        store(width: width, height: height) { _, _ in pixel }
    }

    /// Text-like content: an opaque white card with a dark 3-pixel border, 1-pixel black and
    /// white stripes along every edge and glyph-like blocks, all of it high contrast.
    static func detailed(width: Int, height: Int) -> BackingStore? {
        store(width: width, height: height) { i, j in
            let edge = min(i, j, width - 1 - i, height - 1 - j)
            if edge < 3 { return 0xff10_2080 }
            if edge < 9 { return (i + j) % 2 == 0 ? 0xff00_0000 : 0xffff_ffff }
            let glyph = (i / 3 + j / 5) % 3 == 0 && (j / 5) % 2 == 0
            return glyph ? 0xff00_0000 : 0xffff_ffff
        }
    }

    /// Pseudo-random opaque grey noise, one independent value per pixel.
    static func noise(width: Int, height: Int, seed: UInt64) -> BackingStore? {
        var g = SeededGenerator(seed: seed)
        var values: [UInt32] = []
        for _ in 0..<(width * height) { values.append(UInt32(g.next() >> 56)) }
        return store(width: width, height: height) { i, j in
            let v = values[j * width + i]
            return 0xff00_0000 | v << 16 | v << 8 | v
        }
    }

    /// The homography of a layer of `size` with its anchor at its centre, `transform` applied
    /// about the anchor, and the anchor placed at `position` (Core Animation's layer geometry).
    static func layer(width: Double, height: Double, transform: Transform3D, position: Point) -> Homography {
        let t = Transform3D.makeTranslation(-width / 2, -height / 2, 0).concatenating(transform)
            .concatenating(.makeTranslation(position.x, position.y, 0))
        return Homography(flattening: t)
    }

    /// A rotation about y by `degrees` seen with perspective m34 = −1/500.
    static func rotationY(_ degrees: Double) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        return Transform3D.makeRotation(degrees * .pi / 180, 0, 1, 0).concatenating(p)
    }

    /// A destination of `width × height` transparent pixels.
    static func destination(_ width: Int, _ height: Int) -> Bitmap? { try? Bitmap(width: width, height: height) }

    /// The alpha of pixel (x, y), 0…255.
    static func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixel(x: x, y: y) >> 24) }

    /// The destination's alpha bilinearly interpolated at point `p` (pixel centres at +0.5).
    static func alpha(_ b: Bitmap, at p: Point) -> Double {
        let x = p.x - 0.5, y = p.y - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func a(_ i: Int, _ j: Int) -> Double { Double(alpha(b, i, j)) }
        return (a(x0, y0) * (1 - fx) + a(x0 + 1, y0) * fx) * (1 - fy) + (a(x0, y0 + 1) * (1 - fx) + a(x0 + 1, y0 + 1) * fx) * fy
    }

    /// The signed distance of the rendered edge from the line `a → b`, measured by integrating
    /// the destination's alpha across the edge at fraction `t` of the way: positive when the
    /// rendered edge lies outside (on the side of `outward`).
    static func edgeOffset(_ dst: Bitmap, from a: Point, to b: Point, at t: Double, outward: Point) -> Double {
        let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        let step = 0.125, reach = 4.0
        var sum = 0.0
        var s = -reach + step / 2
        while s < reach {
            sum += alpha(dst, at: Point(x: p.x + outward.x * s, y: p.y + outward.y * s)) / 255 * step
            s += step
        }
        return sum - reach
    }

    /// The unit normal of `a → b` pointing away from `centre`.
    static func outwardNormal(from a: Point, to b: Point, centre: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        var n = Point(x: dy / len, y: -dx / len)
        let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        if (mid.x - centre.x) * n.x + (mid.y - centre.y) * n.y < 0 { n = Point(x: -n.x, y: -n.y) }
        return n
    }

    /// The distance from `p` to the convex polygon `poly` (0 inside).
    static func distance(from p: Point, toConvex poly: [Point]) -> Double {
        guard poly.count >= 3 else { return .infinity }
        let c = Point(x: poly.map(\.x).reduce(0, +) / Double(poly.count), y: poly.map(\.y).reduce(0, +) / Double(poly.count))
        var inside = true
        var best = Double.infinity
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            let n = outwardNormal(from: a, to: b, centre: c)
            if (p.x - a.x) * n.x + (p.y - a.y) * n.y > 0 { inside = false }
            let dx = b.x - a.x, dy = b.y - a.y
            let t = min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy), 0), 1)
            best = min(best, Point(x: a.x + t * dx, y: a.y + t * dy).distance(to: p))
        }
        return inside ? 0 : best
    }

    /// How far `p` lies inside the convex polygon `poly`: the least distance to an edge's line,
    /// negative outside.
    static func depth(of p: Point, inConvex poly: [Point]) -> Double {
        guard poly.count >= 3 else { return -.infinity }
        let c = Point(x: poly.map(\.x).reduce(0, +) / Double(poly.count), y: poly.map(\.y).reduce(0, +) / Double(poly.count))
        var depth = Double.infinity
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            let n = outwardNormal(from: a, to: b, centre: c)
            depth = min(depth, -((p.x - a.x) * n.x + (p.y - a.y) * n.y))
        }
        return depth
    }

    /// Pixels that are not transparent although their centre lies more than `margin` pixels
    /// outside the convex polygon `poly`.
    static func strayPixels(_ dst: Bitmap, outside poly: [Point], margin: Double = 1) -> Int {
        var count = 0
        for y in 0..<dst.height {
            let row = dst.row(y)
            for x in 0..<dst.width where row[x] != 0 {
                if distance(from: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), toConvex: poly) > margin { count += 1 }
            }
        }
        return count
    }

    /// `round(a · b / 255)` for 8-bit values, pixman's exact multiplication.
    static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 0x80
        return ((t >> 8) + t) >> 8
    }

    /// `source` (premultiplied) over `dest`, each channel as pixman computes it.
    static func over(_ source: UInt32, _ dest: UInt32) -> UInt32 {
        let inverse = 255 - (source >> 24)
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let s = (source >> UInt32(shift)) & 0xff, d = (dest >> UInt32(shift)) & 0xff
            out |= min(s + mul(d, inverse), 255) << UInt32(shift)
        }
        return out
    }

    /// Every channel of `p` multiplied by `alpha / 255`, as pixman does.
    static func scaled(_ p: UInt32, by alpha: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) { out |= mul((p >> UInt32(shift)) & 0xff, alpha) << UInt32(shift) }
        return out
    }

    /// Writes `b` as raw BGRA to /tmp/kinema-composite when KINEMA_DUMP is set, for viewing
    /// (`ffmpeg -f rawvideo -pix_fmt bgra -s WxH -i FILE out.png`).
    static func dump(_ b: Bitmap, _ name: String) {
        guard ProcessInfo.processInfo.environment["KINEMA_DUMP"] != nil else { return }
        let url = URL(fileURLWithPath: "/tmp/kinema-composite/\(name)-\(b.width)x\(b.height).bgra")
        try? Data(b.bytes).write(to: url)
    }
}
