import Foundation
import KinemaGeometry
import KinemaGraphics

extension AlphaPlane {
    /// Columns or rows in a band of ``blurredAndColored(sigma:color:into:)``: 64 values, so that
    /// a band's three passes stay in the processor's cache.
    static let bandWidth = 64

    /// The plane blurred with standard deviation `sigma` pixels and turned into `color` at each
    /// value's coverage (as ``Shadow/colored(_:color:)`` does), written into `store`'s content:
    /// exactly the pixels of `colored(blurred(sigma:))`, with far less memory traffic.
    ///
    /// ``blurred(sigma:)`` runs each of its six passes over the whole plane (and transposes it
    /// twice). Every column of a vertical pass, and every row of a horizontal one, is computed on
    /// its own, by the same running sums in the same order; so the plane is cut into bands of
    /// ``bandWidth`` columns for the vertical passes, whose results go out transposed, and then
    /// into bands of as many rows for the horizontal ones, and each band goes through its three
    /// passes while it is in the cache. Bands run on up to four threads.
    ///
    /// - Precondition: `store`'s content is the plane's size, and `sigma` gives boxes.
    func blurredAndColored(sigma: Double, color: Color, into store: BackingStore) {
        let boxes = AlphaPlane.boxes(sigma: sigma)
        precondition(
            !boxes.isEmpty && store.contentWidth == width && store.contentHeight == height, "a blur into a store of the plane's size")
        let w = width, h = height
        // The vertical passes' result, transposed (value (x, y) at x·h + y), so that a band of
        // rows is a run of values in each of its columns.
        var transposed = [Float](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        values.withUnsafeBufferPointer { source in
            transposed.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let mid = target.baseAddress else { return }
                AlphaPlane.forEachBand(count: w, work: w * h) { xs, scratch in
                    let n = xs.count
                    AlphaPlane.threePasses(boxes, from: src + xs.lowerBound, stride: w, on: scratch, width: n, height: h)
                    AlphaPlane.transpose(scratch.a, width: n, height: h, into: mid + xs.lowerBound * h, stride: h)
                }
                let pixel = Bitmap.premultipliedPixel(color)
                AlphaPlane.forEachBand(count: h, work: w * h) { ys, scratch in
                    let n = ys.count
                    AlphaPlane.threePasses(boxes, from: mid + ys.lowerBound, stride: h, on: scratch, width: n, height: w)
                    AlphaPlane.color(scratch.a, width: n, height: w, pixel: pixel, into: store, rows: ys)
                }
            }
        }
    }

    /// Writes `pixel` at each coverage of the block (`width` values of row y of the store a line,
    /// `height` lines, one per column x) into the store's `rows`, four rows at a time. Values that
    /// round to no coverage are left as they are: transparent, in a new store.
    static func color(
        _ block: UnsafeMutablePointer<Float>, width n: Int, height w: Int, pixel: UInt32, into store: BackingStore, rows ys: Range<Int>
    ) {
        let rows = ys.map { store.bitmap.row(store.margin + $0) + store.margin }
        for x in 0..<w {
            let line = block + x * n
            var k = 0
            while k + 4 <= n {
                let v = UnsafeRawPointer(line + k).loadUnaligned(as: SIMD4<Float>.self)
                if any(v .>= 0.5) {
                    // Clamped to 0…255, so adding ½ and truncating rounds to nearest.
                    let c = v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255) + 0.5
                    let a = SIMD4<UInt32>(UInt32(c[0]), UInt32(c[1]), UInt32(c[2]), UInt32(c[3]))
                    let out = Shadow.tint(pixel, coverages: a)
                    rows[k][x] = out[0]
                    rows[k + 1][x] = out[1]
                    rows[k + 2][x] = out[2]
                    rows[k + 3][x] = out[3]
                }
                k += 4
            }
            for j in k..<n where line[j] >= 0.5 {
                let a = UInt32(truncatingIfNeeded: Int32(min(max(line[j], 0), 255) + 0.5))
                rows[j][x] = Shadow.tint(pixel, coverage: a)
            }
        }
    }

    /// Two scratch blocks for a band, of ``bandWidth`` × `length` values each; the band's
    /// values are in `a` before and after ``threePasses(_:on:width:height:)``.
    struct Scratch {
        var a: UnsafeMutablePointer<Float>
        var b: UnsafeMutablePointer<Float>
    }

    /// The three box passes of `boxes` down `width` columns of `height` rows read from `src`
    /// (rows `stride` values apart): the first into `scratch.a`, the second into `scratch.b`,
    /// the third back into `scratch.a` (rows `width` apart), where the result is.
    static func threePasses(
        _ boxes: [(before: Int, after: Int)], from src: UnsafePointer<Float>, stride: Int, on scratch: Scratch, width n: Int, height: Int
    ) {
        precondition(boxes.count == 3, "three boxes")
        blurColumns(src, stride: stride, into: scratch.a, stride: n, width: n, height: height, box: boxes[0])
        blurColumns(scratch.a, stride: n, into: scratch.b, stride: n, width: n, height: height, box: boxes[1])
        blurColumns(scratch.b, stride: n, into: scratch.a, stride: n, width: n, height: height, box: boxes[2])
    }

    /// Writes the `width × height` block (rows `width` apart) transposed: its column x becomes
    /// the run of `height` values at `target + x · stride`. Four by four, in registers.
    static func transpose(_ block: UnsafePointer<Float>, width n: Int, height h: Int, into target: UnsafeMutablePointer<Float>, stride: Int)
    {
        var y = 0
        while y + 4 <= h {
            var x = 0
            while x + 4 <= n {
                let r0 = UnsafeRawPointer(block + y * n + x).loadUnaligned(as: SIMD4<Float>.self)
                let r1 = UnsafeRawPointer(block + (y + 1) * n + x).loadUnaligned(as: SIMD4<Float>.self)
                let r2 = UnsafeRawPointer(block + (y + 2) * n + x).loadUnaligned(as: SIMD4<Float>.self)
                let r3 = UnsafeRawPointer(block + (y + 3) * n + x).loadUnaligned(as: SIMD4<Float>.self)
                for k in 0..<4 {
                    UnsafeMutableRawPointer(target + (x + k) * stride + y).storeBytes(
                        of: SIMD4(r0[k], r1[k], r2[k], r3[k]), as: SIMD4<Float>.self)
                }
                x += 4
            }
            for k in x..<n {
                for j in 0..<4 { target[k * stride + y + j] = block[(y + j) * n + k] }
            }
            y += 4
        }
        for j in y..<h {
            for k in 0..<n { target[k * stride + j] = block[j * n + k] }
        }
    }

    /// Runs `body` on the bands of ``bandWidth`` in `0..<count` (the last one shorter), each with
    /// scratch blocks for a band of `work / count` values a line; on up to four threads when the
    /// work pays for them. Bands do not overlap, so the result does not depend on the threads.
    static func forEachBand(count: Int, work: Int, _ body: (Range<Int>, Scratch) -> Void) {
        let band = bandWidth, length = work / max(count, 1)
        let bands = (count + band - 1) / band
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, 4, bands, max(work / (1 << 16), 1))
        withoutActuallyEscaping(body) { body in
            // Each thread takes every `threads`-th band, with blocks of its own.
            nonisolated(unsafe) let run = body
            let worker: @Sendable (Int) -> Void = { t in
                let a = UnsafeMutablePointer<Float>.allocate(capacity: band * length)
                let b = UnsafeMutablePointer<Float>.allocate(capacity: band * length)
                defer {
                    a.deallocate()
                    b.deallocate()
                }
                for i in stride(from: t, to: bands, by: threads) {
                    run(i * band..<min((i + 1) * band, count), Scratch(a: a, b: b))
                }
            }
            if threads > 1 { DispatchQueue.concurrentPerform(iterations: threads, execute: worker) } else { worker(0) }
        }
    }
}
