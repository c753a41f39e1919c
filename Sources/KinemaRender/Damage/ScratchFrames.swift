import KinemaGraphics
import Synchronization

/// Bitmaps of a frame's size lent to the threads that draw parts of one frame at once (see
/// `FrameComposer.drawDirectly`), kept between frames so that a live window does not allocate
/// and clear one per thread per frame. At most ``capacity`` are kept; they are not counted
/// against the renderer's memory budget, like the frames themselves.
final class ScratchFrames: Sendable {
    /// The most bitmaps kept. 4.
    static let capacity = 4
    private let kept = Mutex<[Bitmap]>([])

    /// A bitmap of `width × height` pixels (its pixels are whatever was left in it).
    func take(width: Int, height: Int) throws(RenderError) -> Bitmap {
        if let b = kept.withLock({ list -> Bitmap? in
            guard let i = list.firstIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return list.remove(at: i)
        }) {
            return b
        }
        do { return try PixelBudget.withCurrent(nil) { () throws(GraphicsError) in try Bitmap(width: width, height: height) } } catch {
            throw .graphics(error)
        }
    }

    /// Takes back a bitmap from ``take(width:height:)``.
    func give(_ bitmap: Bitmap) {
        kept.withLock { list in
            list.removeAll { $0.width != bitmap.width || $0.height != bitmap.height }
            if list.count < ScratchFrames.capacity { list.append(bitmap) }
        }
    }
}
