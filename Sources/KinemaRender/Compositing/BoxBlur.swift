import Foundation

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
    ///
    /// Works in two scratch planes, each pass reading one and writing every value of the other.
    func blurred(sigma: Double) -> AlphaPlane {
        let boxes = AlphaPlane.boxes(sigma: sigma)
        guard !boxes.isEmpty else { return self }
        let count = values.count
        // Every value of a destination is written before it is read.
        var dst = [Float](unsafeUninitializedCapacity: count) { _, n in n = count }
        AlphaPlane.blurColumns(values, into: &dst, width: width, height: height, box: boxes[0])
        var src = dst
        dst = [Float](unsafeUninitializedCapacity: count) { _, n in n = count }
        for b in boxes.dropFirst() {
            AlphaPlane.blurColumns(src, into: &dst, width: width, height: height, box: b)
            swap(&src, &dst)
        }
        AlphaPlane.transpose(src, into: &dst, width: width, height: height)
        swap(&src, &dst)
        for b in boxes {
            AlphaPlane.blurColumns(src, into: &dst, width: height, height: width, box: b)
            swap(&src, &dst)
        }
        AlphaPlane.transpose(src, into: &dst, width: height, height: width)
        return AlphaPlane(width: width, height: height, values: dst)
    }

    /// A plane of `width × height` values, row-major.
    init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "a plane's values fill it")
        self.width = width
        self.height = height
        self.values = values
    }

    /// Writes into `dst` each value of `src` (`width × height`, row-major) replaced by the mean
    /// of the `box.before + 1 + box.after` values around it in its column, counting values past
    /// the edges as 0. Columns are independent, so bands of them run on several threads.
    static func blurColumns(_ src: [Float], into dst: inout [Float], width w: Int, height h: Int, box: (before: Int, after: Int)) {
        src.withUnsafeBufferPointer { srcBuffer in
            dst.withUnsafeMutableBufferPointer { dstBuffer in
                guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                AlphaPlane.inBands(of: w, work: w * h) { xs in
                    blurColumns(src, into: dst, width: w, height: h, columns: xs, box: box)
                }
            }
        }
    }

    /// ``blurColumns(_:into:width:height:box:)`` for the columns `xs` only.
    static func blurColumns(
        _ src: UnsafePointer<Float>, into dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int, columns xs: Range<Int>,
        box: (before: Int, after: Int)
    ) {
        blurColumns(src + xs.lowerBound, stride: w, into: dst + xs.lowerBound, stride: w, width: xs.count, height: h, box: box)
    }

    /// The box pass down `width` columns of `height` rows, read from rows `srcStride` values
    /// apart and written to rows `dstStride` apart: each output is the running sum times the
    /// box's reciprocal, then the entering row is added and the leaving one taken away.
    static func blurColumns(
        _ src: UnsafePointer<Float>, stride srcStride: Int, into dst: UnsafeMutablePointer<Float>, stride dstStride: Int, width n: Int,
        height h: Int, box: (before: Int, after: Int)
    ) {
        let scale = 1 / Float(box.before + 1 + box.after)
        let sum = UnsafeMutablePointer<Float>.allocate(capacity: n)
        defer { sum.deallocate() }
        sum.initialize(repeating: 0, count: n)
        // Whole rows at a time through row pointers, so the loops vectorise.
        for y in 0...min(box.after, h - 1) {
            let row = src + y * srcStride
            for x in 0..<n { sum[x] += row[x] }
        }
        for y in 0..<h {
            let target = dst + y * dstStride
            for x in 0..<n { target[x] = sum[x] * scale }
            let enter = y + 1 + box.after, leave = y - box.before
            if enter < h {
                let row = src + enter * srcStride
                for x in 0..<n { sum[x] += row[x] }
            }
            if leave >= 0 {
                let row = src + leave * srcStride
                for x in 0..<n { sum[x] -= row[x] }
            }
        }
    }

    /// Writes into `dst` the transpose of `src` (`width × height`, row-major), in 16 × 16 tiles,
    /// bands of rows on several threads.
    static func transpose(_ src: [Float], into dst: inout [Float], width w: Int, height h: Int) {
        let tile = 16
        src.withUnsafeBufferPointer { srcBuffer in
            dst.withUnsafeMutableBufferPointer { dstBuffer in
                guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                AlphaPlane.inBands(of: h, work: w * h) { ys in
                    for y0 in Swift.stride(from: ys.lowerBound, to: ys.upperBound, by: tile) {
                        for x0 in Swift.stride(from: 0, to: w, by: tile) {
                            for y in y0..<min(y0 + tile, ys.upperBound) {
                                let row = src + y * w
                                for x in x0..<min(x0 + tile, w) { dst[x * h + y] = row[x] }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` on bands of `0..<count` (multiples of 16 long, but the last), one per
    /// processor up to four, when `work` (values touched) is large enough to pay for the
    /// threads; else on the whole range on this thread. The bands do not overlap, so bodies
    /// that write only their band's values give the same result on any number of threads.
    static func inBands(of count: Int, work: Int, _ body: (Range<Int>) -> Void) {
        let bands = min(ProcessInfo.processInfo.activeProcessorCount, 4, count / 64, work / (1 << 16))
        guard bands > 1 else {
            body(0..<count)
            return
        }
        let step = (count / bands + 15) / 16 * 16
        withoutActuallyEscaping(body) { body in
            // The bands write disjoint values; the closure outlives none of them.
            nonisolated(unsafe) let run = body
            DispatchQueue.concurrentPerform(iterations: bands) { i in
                let lower = min(i * step, count), upper = i == bands - 1 ? count : min((i + 1) * step, count)
                if lower < upper { run(lower..<upper) }
            }
        }
    }
}
