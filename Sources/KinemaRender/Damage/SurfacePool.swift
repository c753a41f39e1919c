import KinemaGraphics
import Synchronization

/// Offscreen group surfaces kept from one live frame to the next: a group drawn every frame (a
/// photo dragged off the pixel grid, say) would otherwise allocate and clear a surface of its
/// size every frame, and fault its pages in afresh. Sizes are rounded up to ``granule`` pixels so
/// that a group whose box changes by a few pixels finds last frame's surface. At most
/// ``capacity`` are kept; they stay counted against the memory budget they were made under.
final class SurfacePool: Sendable {
    /// The most surfaces kept. 4.
    static let capacity = 4
    /// Widths and heights are rounded up to a multiple of this. 64 pixels.
    static let granule = 64
    private let kept = Mutex<[Bitmap]>([])

    /// A surface at least `width × height` pixels, transparent in `used` (the only pixels its
    /// user draws and reads; elsewhere it holds whatever it held), made by `make` when none of
    /// that size is kept.
    func take(width: Int, height: Int, used: PixelRect, make: (Int, Int) throws(RenderError) -> Bitmap) throws(RenderError) -> Bitmap {
        let w = SurfacePool.rounded(width), h = SurfacePool.rounded(height)
        let reused = kept.withLock { list -> Bitmap? in
            guard let i = list.firstIndex(where: { $0.width == w && $0.height == h }) else { return nil }
            return list.remove(at: i)
        }
        guard let reused else { return try make(w, h) }
        FrameComposer.fill(reused, with: .clear, in: used)
        return reused
    }

    /// Takes back a surface from ``take(width:height:used:make:)``.
    func give(_ surface: Bitmap) {
        kept.withLock { list in
            if list.count >= SurfacePool.capacity { list.removeFirst() }
            list.append(surface)
        }
    }

    /// Drops every kept surface (when a frame ran out of memory budget).
    func removeAll() {
        kept.withLock { $0.removeAll() }
    }

    /// The number of surfaces kept (for tests).
    var count: Int { kept.withLock { $0.count } }

    static func rounded(_ n: Int) -> Int {
        (n + granule - 1) / granule * granule
    }
}
