/// A record that lives in a ``SlotStorage``: live or free, and how many times its slot was reused.
protocol Slot {
    var generation: UInt32 { get set }
    var isLive: Bool { get set }
}

/// Records addressed by index whose freed slots are reused, newest first (Box2D v3's arrays with
/// their id pools). A handle is an index and a generation; it names a live record only while the
/// slot's generation still matches. The bodies, shapes and joints of a ``PhysicsWorld`` are kept
/// this way (``BodyStore``, ``ShapeStore``, ``JointStore``).
///
/// The records are one contiguous array, `elements`: the solver's loops borrow it whole (a
/// buffer pointer, or swapped into a local) and never go through the subscript.
protocol SlotStorage {
    associatedtype Element: Slot
    /// Every slot, live or free, by index.
    var elements: [Element] { get set }
    /// Free slot indices, reused last in, first out.
    var free: [Int32] { get set }
}

extension SlotStorage {
    /// The record at `i`, live or not (read and modified in place).
    @inline(__always) subscript(i: Int) -> Element {
        get { elements[i] }
        _modify { yield &elements[i] }
    }

    /// Every slot, live or free.
    @inline(__always) var count: Int { elements.count }
    @inline(__always) var indices: Range<Int> { elements.indices }
    /// The number of live records.
    var liveCount: Int { elements.count - free.count }

    /// The index of the live record in slot `index` of `generation`, or `nil` for a stale or
    /// out-of-range handle.
    func liveIndex(_ index: Int32, generation: UInt32) -> Int? {
        let i = Int(index)
        guard i >= 0, i < elements.count, elements[i].isLive, elements[i].generation == generation else { return nil }
        return i
    }

    /// Stores `record` in the most recently freed slot (one generation on) or a new one, and
    /// returns its index.
    mutating func insert(_ record: Element) -> Int32 {
        var record = record
        if let slot = free.popLast() {
            record.generation = elements[Int(slot)].generation &+ 1
            elements[Int(slot)] = record
            return slot
        }
        elements.append(record)
        return Int32(elements.count - 1)
    }

    /// Marks the record at `i` dead and its slot free for reuse.
    mutating func release(_ i: Int) {
        elements[i].isLive = false
        free.append(Int32(i))
    }
}

/// The world's bodies (see ``Body``): pose, velocity, mass and the lists of their shapes and
/// joints. Owned by ``PhysicsWorld``; the public body API, every solver stage and sleep read it.
struct BodyStore: SlotStorage {
    var elements: [Body] = []
    var free: [Int32] = []
}

/// The world's joints (see ``Joint``): what the public API created and the per-step solver data
/// the joint stages fill in. Owned by ``PhysicsWorld``.
struct JointStore: SlotStorage {
    var elements: [Joint] = []
    var free: [Int32] = []
}

extension Body: Slot {}
extension Shape: Slot {}
extension Joint: Slot {}
