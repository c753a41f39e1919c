/// The world's contacts: one per pair of shapes whose fat bounds overlap, in a deterministic
/// order (appended as the broad phase finds pairs, swap-removed when they end), with the index
/// that finds a pair's contact. Owned by ``PhysicsWorld``: the broad phase adds contacts, the
/// narrow phase updates their manifolds, the contact solver reads them and stores the impulses
/// back, islands link bodies through the touching ones.
struct ContactStore {
    /// Every contact, by index.
    var elements: [Contact] = []
    /// Contact index by pair key (``Contact/key``).
    var indexByPair: [UInt64: Int32] = [:]
    /// End events raised between steps (a shape destroyed, a refilter), reported after the next
    /// step.
    var pendingEndEvents: [ContactEndEvent] = []

    @inline(__always) subscript(i: Int) -> Contact {
        get { elements[i] }
        _modify { yield &elements[i] }
    }

    @inline(__always) var count: Int { elements.count }
    @inline(__always) var isEmpty: Bool { elements.isEmpty }
    @inline(__always) var indices: Range<Int> { elements.indices }
    var first: Contact? { elements.first }

    /// Whether the shapes with indices `a` and `b` have a contact.
    func contains(_ a: Int32, _ b: Int32) -> Bool { indexByPair[Contact.key(a, b)] != nil }

    /// Appends `contact` and indexes its pair.
    mutating func add(_ contact: Contact) {
        indexByPair[contact.key] = Int32(elements.count)
        // Grow by an eighth rather than doubling: contacts are the largest storage of a pile.
        if elements.count == elements.capacity { elements.reserveCapacity(elements.count + elements.count / 8 + 16) }
        elements.append(contact)
    }

    /// Swap-removes the contact at `i` (the last contact takes its index) and returns it.
    mutating func remove(at i: Int) -> Contact {
        let c = elements[i]
        indexByPair[c.key] = nil
        let last = elements.count - 1
        if i != last {
            elements[i] = elements[last]
            indexByPair[elements[i].key] = Int32(i)
        }
        elements.removeLast()
        return c
    }
}
