import Foundation
import KinemaGeometry
import KinemaLayers

/// What a cached backing store was made from. Two equal keys always give the same pixels, so a
/// store made by one thread can serve every other.
enum CacheKey: Hashable, Sendable {
    /// A layer's own content: its state with everything that does not change the pixels
    /// (position, transform, opacity, shadow, …) reset, the piece, the extent and the
    /// rasterisation scale.
    case content(LayerState, ContentPiece, extent: Rect, scale: Double)
    /// A shadow cast by an explicit path.
    case shadowPath(Path, extent: Rect, scale: Double, sigma: Double, color: Color)
    /// A shadow cast by a layer's content and sublayers (the normalised subtree).
    case shadowSubtree(RenderNode, extent: Rect, scale: Double, sigma: Double, color: Color)
    /// A shadow made from a source's alpha, blurred by `sigma` pixels: what a subtree's shadow
    /// is once its source is drawn, shared by every subtree with that alpha.
    case shadowOfAlpha(AlphaDigest, sigma: Double, color: Color)
}

extension CacheKey {
    /// Whether the key is for a shadow cast by a subtree (by its layers or by its alpha).
    var isSubtreeShadow: Bool {
        switch self {
        case .shadowSubtree, .shadowOfAlpha: true
        case .content, .shadowPath: false
        }
    }
}

/// Backing stores by what they were made from, shared by the frames a renderer draws and
/// evicted least-recently-used beyond a byte budget. Thread-safe.
///
/// A shadow cast by a subtree is made anew whenever anything under its layer changes (a
/// sublayer moving, say), and is then rarely needed again: one that no render used in the last
/// ``subtreeShadowLifetime`` renders is dropped, so that an animation does not fill the budget
/// with them (and its memory is used again, instead of fresh pages every frame).
///
/// Unless ``keepsUnreusedStores``, any store that no later render has used within
/// ``unreusedLifetime`` renders of being made is dropped too: the content of one frame of an
/// animation (a path or a colour in motion) is made for that frame alone, and a render going
/// forward through time would otherwise keep every one of them until the budget is full.
final class ContentCache: @unchecked Sendable {
    private struct Entry {
        var store: BackingStore
        var padding: Int
        var lastUse: Int
        var lastRender: Int
        var bytes: Int
        /// The renders finished when the store was made.
        var made: Int
        /// Whether a render that started after it was made used it.
        var reused = false
    }

    private let lock = NSLock()
    private var entries: [CacheKey: Entry] = [:]
    private var totalBytes = 0
    private var clock = 0
    /// Renders finished (calls to ``trim()``).
    private var renders = 0
    /// Renders a subtree's shadow is kept without being used. 4.
    static let subtreeShadowLifetime = 4
    /// Renders a store is kept when no later render uses it. 4.
    static let unreusedLifetime = 4
    /// The most bytes kept between frames. Default 512 MiB.
    let budget: Int
    /// Whether stores no later render used are kept (within the budget), for a renderer that
    /// goes back to earlier content, as a live window redrawing parts of the screen does.
    let keepsUnreusedStores: Bool

    init(budget: Int = 512 << 20, keepsUnreusedStores: Bool = false) {
        self.budget = budget
        self.keepsUnreusedStores = keepsUnreusedStores
    }

    /// The store for `key`, made by `make` on a miss (outside the lock; two threads may both
    /// make it, with identical results).
    func store(
        for key: CacheKey, make: () throws(RenderError) -> (store: BackingStore, padding: Int)
    ) throws(RenderError) -> (store: BackingStore, padding: Int) {
        lock.lock()
        clock += 1
        if var hit = entries[key] {
            hit.lastUse = clock
            hit.lastRender = renders
            if renders > hit.made { hit.reused = true }
            entries[key] = hit
            lock.unlock()
            return (hit.store, hit.padding)
        }
        lock.unlock()
        let made = try make()
        let bytes = made.store.bitmap.byteCount
        lock.lock()
        clock += 1
        if entries[key] == nil {
            entries[key] = Entry(
                store: made.store, padding: made.padding, lastUse: clock, lastRender: renders, bytes: bytes, made: renders)
            totalBytes += bytes
        }
        lock.unlock()
        return made
    }

    /// Whether a store for `key` is held (without counting as a use).
    func contains(_ key: CacheKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[key] != nil
    }

    /// Ends a render: drops the subtree shadows no render used lately and the stores no later
    /// render used (see the type's discussion), then evicts the least recently used stores until
    /// the cache fits its budget.
    func trim() {
        lock.lock()
        defer { lock.unlock() }
        renders += 1
        let dropsUnreused = !keepsUnreusedStores
        let stale = entries.compactMap { key, entry in
            (key.isSubtreeShadow && renders - entry.lastRender > ContentCache.subtreeShadowLifetime)
                || (dropsUnreused && !entry.reused && renders - entry.made > ContentCache.unreusedLifetime) ? key : nil
        }
        for key in stale { totalBytes -= entries.removeValue(forKey: key)?.bytes ?? 0 }
        guard totalBytes > budget else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[key] = nil
            totalBytes -= entry.bytes
            if totalBytes <= budget / 2 { break }
        }
    }

    /// Drops every store (those in use stay alive with their users).
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        totalBytes = 0
    }

    /// The number of stores held (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}

extension LayerState {
    /// The state with every property that does not change how the layer's own content looks
    /// reset to its default, so that a layer that only moves, turns or fades keeps hitting the
    /// cache: what `keeping([.content, .border])` gives from each property's declared effects
    /// (``LayerProperty``, ``LayerAttribute``).
    ///
    /// Written out rather than derived, because a frame computes it for every layer it draws
    /// and the derived form walks every property through a key path. It resets the properties
    /// declared to affect something else and keeps all others, so a new property that affects
    /// the content needs no line here. `ContentIdentityTests` changes every declared property
    /// and checks that these keys move exactly as the declarations say and equal the derived
    /// ones, so a property declared with other effects fails there until it has its line.
    var contentIdentity: LayerState {
        var s = withoutPlacement
        let d = LayerState.defaults
        s.sublayerTransform = d.sublayerTransform
        s.opacity = d.opacity
        s.isHidden = d.isHidden
        s.isDoubleSided = d.isDoubleSided
        s.shadowColor = d.shadowColor
        s.shadowOpacity = d.shadowOpacity
        s.shadowOffset = d.shadowOffset
        s.shadowRadius = d.shadowRadius
        s.shadowPath = d.shadowPath
        s.isGeometryFlipped = d.isGeometryFlipped
        return s
    }

    /// A state with every property at its default, made once: the keys above start from it or
    /// reset to it for every layer a frame draws.
    static let defaults = LayerState()

    /// What one piece of the layer's own content depends on: the border alone needs only what
    /// affects the border (bounds, corners and the border: `keeping(.border)`), and the part
    /// below it everything that affects the content (`keeping(.content)`). Written out for
    /// speed, and checked against the declarations, as ``contentIdentity`` is.
    func contentIdentity(for piece: ContentPiece) -> LayerState {
        switch piece {
        case .whole: return contentIdentity
        case .below:
            var s = contentIdentity
            let d = LayerState.defaults
            s.borderWidth = d.borderWidth
            s.borderColor = d.borderColor
            return s
        case .border:
            var s = LayerState.defaults
            s.bounds = bounds
            s.cornerRadius = cornerRadius
            s.maskedCorners = maskedCorners
            s.borderWidth = borderWidth
            s.borderColor = borderColor
            return s
        }
    }
}

extension RenderNode {
    /// The subtree with times, names and this node's own placement reset: what a shadow cast
    /// by the subtree depends on.
    var shadowIdentity: RenderNode {
        func strip(_ n: RenderNode, root: Bool) -> RenderNode {
            let state = root ? n.state.contentIdentity : n.state
            return RenderNode(
                name: nil, kind: n.kind, state: state, localTime: 0,
                transformToSuperlayer: root ? .identity : n.transformToSuperlayer,
                sublayers: n.sublayers.map { strip($0, root: false) }, mask: n.mask.map { strip($0, root: false) },
                transition: n.transition)
        }
        return strip(self, root: true)
    }
}
