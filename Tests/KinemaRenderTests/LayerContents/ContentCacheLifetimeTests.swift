import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Testing

@testable import KinemaRender

/// A store no later render uses is dropped after a few renders, unless the cache keeps them (a
/// live window's); stores that later renders use stay.
@Suite("Content cache lifetimes")
struct ContentCacheLifetimeTests {
    static func key(_ n: Int) -> CacheKey {
        var s = LayerState()
        s.bounds = Rect(x: 0, y: 0, width: Double(n + 1), height: 1)
        return .content(s, .whole, extent: s.bounds, scale: 1)
    }

    static func make() throws(RenderError) -> (store: BackingStore, padding: Int) {
        (try BackingStore(contentWidth: 4, contentHeight: 4), 0)
    }

    @Test(arguments: [false, true])
    func unreusedStoresLastFourRendersUnlessKept(keeps: Bool) throws {
        let cache = ContentCache(keepsUnreusedStores: keeps)
        // Render 0 makes a still store (used by every render after) and a one-frame store.
        _ = try cache.store(for: Self.key(0), make: Self.make)
        _ = try cache.store(for: Self.key(1), make: Self.make)
        cache.trim()
        for render in 1...6 {
            _ = try cache.store(for: Self.key(0), make: Self.make)
            cache.trim()
            let expected = keeps || render < ContentCache.unreusedLifetime
            #expect(cache.contains(Self.key(1)) == expected, "after render \(render)")
            #expect(cache.contains(Self.key(0)), "the still store, after render \(render)")
        }
    }

    /// Used again by one later render, a store is kept however long it then goes unused (the
    /// budget's LRU still applies).
    @Test func aStoreUsedByALaterRenderIsKept() throws {
        let cache = ContentCache()
        _ = try cache.store(for: Self.key(2), make: Self.make)
        cache.trim()
        _ = try cache.store(for: Self.key(2), make: Self.make)
        for _ in 0..<10 { cache.trim() }
        #expect(cache.contains(Self.key(2)))
    }

    /// An offline render of frames going forward leaves the cache holding what it reuses, not
    /// every frame's moving content; a retained (live) frame's renderer keeps them.
    @Test func aRenderGoingForwardDropsEachFramesMovingContent() throws {
        let renderer = Renderer()
        let still = Build.layer(Rect(0, 0, 30, 20), .blue) { $0.cornerRadius = 4 }
        let moving = Build.shape(Rect(30, 0, 30, 40), Path(rect: Rect(0, 0, 10, 10)), fill: .red)
        let root = try Build.adding([still, moving], to: Build.layer(Rect(0, 0, 60, 40)))
        for i in 0..<12 {
            moving.path = Path(ellipseIn: Rect(0, 0, 10 + Double(i), 10 + Double(i)))
            let tree = root.renderTree(at: 0)
            _ = try renderer.render(tree, size: Size(width: 60, height: 40), scale: 2)
        }
        // The still layer, and the moving one's last few paths.
        #expect(renderer.cache.count <= 1 + ContentCache.unreusedLifetime + 1, "\(renderer.cache.count) stores")
        #expect(try RetainedFrame(size: Size(width: 60, height: 40)).renderer.cache.keepsUnreusedStores)
    }
}
