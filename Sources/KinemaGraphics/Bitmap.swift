import KinemaGeometry

#if canImport(Glibc)
    import Glibc
#endif

/// A rectangle of pixels in cairo's and pixman's native format: premultiplied 32-bit ARGB, one
/// `UInt32` per pixel (`0xAARRGGBB`, so B, G, R, A bytes in memory on little-endian machines),
/// rows `stride` bytes apart. New bitmaps are transparent black.
///
/// A bitmap is a reference: drawing into it through a ``GraphicsContext`` or the compositor
/// changes it in place. It is `Sendable` so that a finished frame can be handed to another
/// thread; do not write to one bitmap from two threads at once.
public final class Bitmap: @unchecked Sendable {
    /// The width, in pixels.
    public let width: Int
    /// The height, in pixels.
    public let height: Int
    /// Bytes from one row to the next (a multiple of 4; `width * 4`, except in a view).
    public let stride: Int
    /// The pixel memory: ``byteCount`` bytes, 64-byte aligned (except in a ``view(x:y:width:height:)``).
    public let data: UnsafeMutableRawPointer
    /// The budget the bitmap's memory is counted against until it is released.
    private let budget: PixelBudget?
    /// The bitmap whose memory this one shows part of (see ``view(of:)``), or `nil` when the
    /// memory is its own.
    private let viewed: Bitmap?

    /// A transparent bitmap of `width × height` pixels, counted against
    /// ``PixelBudget/current`` while it lives.
    ///
    /// - Throws: ``GraphicsError/invalidSize(width:height:)`` unless both are in
    ///   `1...GraphicsError.maximumDimension`; ``GraphicsError/overBudget(width:height:limit:)``
    ///   when the current budget has no room for it.
    public convenience init(width: Int, height: Int) throws(GraphicsError) {
        guard (1...GraphicsError.maximumDimension).contains(width), (1...GraphicsError.maximumDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        let budget = PixelBudget.current
        if let budget, !budget.reserve(width * 4 * height) {
            throw .overBudget(width: width, height: height, limit: budget.limit)
        }
        self.init(validWidth: width, height: height, budget: budget)
    }

    private init(validWidth width: Int, height: Int, budget: PixelBudget?) {
        self.width = width
        self.height = height
        self.budget = budget
        viewed = nil
        stride = width * 4
        data = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    }

    private init(viewing parent: Bitmap, x: Int, y: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        budget = nil
        viewed = parent
        stride = parent.stride
        data = parent.data + y * parent.stride + x * 4
    }

    deinit {
        guard viewed == nil else { return }
        data.deallocate()
        budget?.release(stride * height)
    }

    /// The pixels `x ..< x + width` by `y ..< y + height` of this bitmap as a bitmap that shares
    /// their memory (rows ``stride`` bytes apart, as here): drawing into either changes both.
    /// The view keeps this bitmap alive and counts against no budget.
    ///
    /// - Precondition: the rectangle is inside the bitmap and not empty.
    package func view(x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height)
        return Bitmap(viewing: self, x: x, y: y, width: width, height: height)
    }

    /// The number of bytes of pixel memory, from the first pixel to one past the last
    /// (`stride * height` unless the bitmap is a view, whose rows have gaps between them).
    public var byteCount: Int { stride * (height - 1) + width * 4 }

    /// The pixel memory as bytes (B, G, R, A per pixel on little-endian machines; in a view,
    /// with the viewed bitmap's pixels between rows).
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: data, count: byteCount) }

    /// The first pixel of row `y`.
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (data + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The premultiplied pixel at (x, y) as `0xAARRGGBB`; `0` outside the bitmap.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return row(y)[x]
    }

    /// The colour at (x, y), un-premultiplied; transparent black outside the bitmap.
    public func color(x: Int, y: Int) -> Color {
        let p = pixel(x: x, y: y)
        let a = Double(p >> 24)
        guard a > 0 else { return .clear }
        return Color(
            red: Double((p >> 16) & 0xff) / a, green: Double((p >> 8) & 0xff) / a, blue: Double(p & 0xff) / a, alpha: a / 255)
    }

    /// Sets every pixel to `color` (premultiplied and rounded to 8 bits).
    public func fill(_ color: Color) {
        let value = Bitmap.premultipliedPixel(color)
        for y in 0..<height {
            row(y).update(repeating: value, count: width)
        }
    }

    /// Sets every pixel to transparent black.
    public func clear() {
        if stride == width * 4 {
            data.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        } else {
            for y in 0..<height { row(y).update(repeating: 0, count: width) }
        }
    }

    /// A copy with its own memory.
    public func copy() -> Bitmap {
        // A copy is a result kept by the caller, not a working surface: not counted.
        let c = Bitmap(validWidth: width, height: height, budget: nil)
        for y in 0..<height {
            (c.data + y * c.stride).copyMemory(from: data + y * stride, byteCount: width * 4)
        }
        return c
    }

    /// A 64-bit FNV-1a hash of the visible pixels, row by row: equal for equal images on every
    /// machine and run (for determinism tests).
    public var contentHash: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for y in 0..<height {
            let r = UnsafeRawBufferPointer(start: data + y * stride, count: width * 4)
            for b in r {
                h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3
            }
        }
        return h
    }

    /// Whether two bitmaps have the same size and the same pixels.
    public func hasSamePixels(as other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(data + y * stride, other.data + y * other.stride, width * 4) != 0 {
            return false
        }
        return true
    }

    /// `color` as a premultiplied `0xAARRGGBB` pixel, each channel rounded to 8 bits.
    public static func premultipliedPixel(_ color: Color) -> UInt32 {
        let a = color.alpha
        func channel(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return channel(a) << 24 | channel(color.red * a) << 16 | channel(color.green * a) << 8 | channel(color.blue * a)
    }
}
