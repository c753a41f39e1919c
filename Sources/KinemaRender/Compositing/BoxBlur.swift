/// A Gaussian blur of a single channel, approximated by three box blurs in each direction
/// (the SVG / Filter Effects recipe for `feGaussianBlur`), with transparent edges.
///
/// Box size `d = floor(σ · 3 · √(2π) / 4 + 0.5)`. An odd d gives three centred boxes of d; an
/// even d gives a box of d shifted left, one shifted right and a centred box of d + 1. The
/// vertical passes keep running column sums over whole rows (which the compiler vectorises);
/// the horizontal passes run the same code on a transposed copy. The largest error against a
/// true Gaussian is about 7.5/255, at the corner of a hard-edged square at σ = 4.
struct AlphaPlane {
    /// Columns and rows.
    let width: Int, height: Int
    /// Row-major values, 0…255.
    var values: [Float]

    /// A zero plane.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [Float](repeating: 0, count: width * height)
    }

    /// The three boxes for `sigma`, as (rows before, rows after) each pixel.
    static func boxes(sigma: Double) -> [(before: Int, after: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3) }
        return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// The plane blurred with standard deviation `sigma` pixels.
    func blurred(sigma: Double) -> AlphaPlane {
        let boxes = AlphaPlane.boxes(sigma: sigma)
        guard !boxes.isEmpty else { return self }
        var p = self
        for b in boxes { p.blurColumns(b) }
        var t = p.transposed()
        for b in boxes { t.blurColumns(b) }
        return t.transposed()
    }

    /// Replaces every value by the mean of the `box.before + 1 + box.after` values around it in
    /// its column, counting values past the edges as 0.
    mutating func blurColumns(_ box: (before: Int, after: Int)) {
        let w = width, h = height
        let scale = 1 / Float(box.before + 1 + box.after)
        var sums = [Float](repeating: 0, count: w)
        var out = [Float](repeating: 0, count: w * h)
        values.withUnsafeBufferPointer { src in
            sums.withUnsafeMutableBufferPointer { sum in
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0...min(box.after, h - 1) {
                        for x in 0..<w { sum[x] += src[y * w + x] }
                    }
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w { dst[row + x] = sum[x] * scale }
                        let enter = y + 1 + box.after, leave = y - box.before
                        if enter < h {
                            let e = enter * w
                            for x in 0..<w { sum[x] += src[e + x] }
                        }
                        if leave >= 0 {
                            let l = leave * w
                            for x in 0..<w { sum[x] -= src[l + x] }
                        }
                    }
                }
            }
        }
        values = out
    }

    /// The plane with rows and columns swapped, in 16 × 16 tiles.
    func transposed() -> AlphaPlane {
        var t = AlphaPlane(width: height, height: width)
        let w = width, h = height, tile = 16
        values.withUnsafeBufferPointer { src in
            t.values.withUnsafeMutableBufferPointer { dst in
                for y0 in Swift.stride(from: 0, to: h, by: tile) {
                    for x0 in Swift.stride(from: 0, to: w, by: tile) {
                        for y in y0..<min(y0 + tile, h) {
                            for x in x0..<min(x0 + tile, w) { dst[x * h + y] = src[y * w + x] }
                        }
                    }
                }
            }
        }
        return t
    }
}
