import KinemaGeometry
import KinemaPhysics

/// Two shapes in a canonical order (lower slot first).
struct ShapePair: Hashable {
    let a: ShapeID
    let b: ShapeID

    init(_ x: ShapeID, _ y: ShapeID) {
        if (x.index, x.generation) <= (y.index, y.generation) {
            a = x
            b = y
        } else {
            a = y
            b = x
        }
    }
}

/// One collision behaviour's view of a touching item pair or item–boundary pair (counted over
/// shapes, so a group touching with two shapes reports one began and one ended).
struct PairKey: Hashable {
    let serial: Int
    let recordA: Int
    let recordB: Int
    let boundary: Int
}

/// A touching shape pair the animator reported to collision delegates.
struct ActiveContact {
    let pair: ShapePair
    let slotA: Int
    let recordA: Int
    /// The other item (`slotB >= 0`) or a boundary (`boundarySlot >= 0`).
    let slotB: Int
    let recordB: Int
    let boundarySlot: Int
    let boundaryID: Int
    /// Captured when the contact begins, so a contact that ends because its item or boundary was
    /// removed can still be reported.
    let itemA: any DynamicItem
    let itemB: (any DynamicItem)?
    let boundaryIdentifier: String?
    /// The collision behaviours that reported it.
    var behaviors: [CollisionBehavior]
}

extension DynamicAnimator {
    /// The world's filter: items collide when they share a collision behaviour whose mode
    /// includes `.items`; an item meets a boundary when it is in the boundary's behaviour and its
    /// mode includes `.boundaries`.
    func shouldCollide(_ a: ShapeID, _ b: ShapeID) -> Bool {
        let ua = world.userData(of: a)
        let ub = world.userData(of: b)
        if ua > 0, ub > 0 {
            guard let ra = itemRecord(userData: ua), let rb = itemRecord(userData: ub) else { return false }
            return sharesSerial(ra.itemCollisionSerials, rb.itemCollisionSerials)
        }
        if ua > 0, ub < 0 { return itemMeetsBoundary(ua, ub) }
        if ua < 0, ub > 0 { return itemMeetsBoundary(ub, ua) }
        return false
    }

    private func itemMeetsBoundary(_ itemData: Int, _ boundaryData: Int) -> Bool {
        guard let r = itemRecord(userData: itemData), let bnd = boundaryRecord(userData: boundaryData) else { return false }
        return r.boundaryCollisionSerials.contains(bnd.ownerSerial)
    }

    func itemRecord(userData: Int) -> ItemRecord? {
        let slot = userData - 1
        guard slot >= 0, slot < records.count else { return nil }
        return records[slot]
    }

    func boundaryRecord(userData: Int) -> BoundaryRecord? {
        let slot = -userData - 1
        guard slot >= 0, slot < boundaries.count else { return nil }
        return boundaries[slot]
    }

    private func sharesSerial(_ x: [Int], _ y: [Int]) -> Bool {
        var i = 0
        var j = 0
        while i < x.count, j < y.count {
            if x[i] == y[j] { return true }
            if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return false
    }

    /// The collision behaviours that currently make the contact count.
    private func responsibleBehaviors(_ c: ActiveContact) -> [CollisionBehavior]? {
        guard let ra = records[c.slotA], ra.id == c.recordA else { return nil }
        if c.slotB >= 0 {
            guard let rb = records[c.slotB], rb.id == c.recordB else { return nil }
            return sharedBehaviorList(CommonSerials(x: ra.itemCollisionSerials, y: rb.itemCollisionSerials))
        }
        guard c.boundarySlot < boundaries.count, let bnd = boundaries[c.boundarySlot], bnd.id == c.boundaryID else { return nil }
        guard ra.boundaryCollisionSerials.contains(bnd.ownerSerial) else { return [] }
        return sharedBehaviorList(CollectionOfOne(bnd.ownerSerial))
    }

    /// The collision behaviours of `serials`, as the array of the previous answer when it lists
    /// the same ones: contacts that begin and end all the time (a settling pile) then share one
    /// array instead of allocating two per contact.
    private func sharedBehaviorList<S: Sequence<Int>>(_ serials: S) -> [CollisionBehavior] {
        var k = 0
        var same = true
        for serial in serials {
            guard let b = collisionBehaviorsBySerial[serial] else { continue }
            if k < behaviorListCache.count, behaviorListCache[k] === b {
                k += 1
            } else {
                same = false
                break
            }
        }
        if same, k == behaviorListCache.count { return behaviorListCache }
        behaviorListCache = serials.compactMap { collisionBehaviorsBySerial[$0] }
        return behaviorListCache
    }

    /// Reports the world's begin and end events of the last step to collision delegates.
    func processContactEvents() {
        for e in world.contactBeginEvents { begin(e) }
        for e in world.contactEndEvents {
            if let i = activeContactIndex[ShapePair(e.shapeA, e.shapeB)] { endContact(at: i) }
        }
    }

    private func begin(_ e: ContactBeginEvent) {
        let pair = ShapePair(e.shapeA, e.shapeB)
        guard activeContactIndex[pair] == nil else { return }
        var ua = world.userData(of: e.shapeA)
        var ub = world.userData(of: e.shapeB)
        if ua < 0 { swap(&ua, &ub) }
        guard let ra = itemRecord(userData: ua) else { return }
        var contact: ActiveContact
        if ub > 0 {
            guard let rb = itemRecord(userData: ub) else { return }
            contact = ActiveContact(
                pair: pair, slotA: ra.slot, recordA: ra.id, slotB: rb.slot, recordB: rb.id, boundarySlot: -1, boundaryID: 0,
                itemA: ra.item, itemB: rb.item, boundaryIdentifier: nil, behaviors: [])
        } else {
            guard let bnd = boundaryRecord(userData: ub) else { return }
            contact = ActiveContact(
                pair: pair, slotA: ra.slot, recordA: ra.id, slotB: -1, recordB: 0, boundarySlot: -ub - 1, boundaryID: bnd.id,
                itemA: ra.item, itemB: nil, boundaryIdentifier: bnd.identifier, behaviors: [])
        }
        contact.behaviors = responsibleBehaviors(contact) ?? []
        activeContactIndex[pair] = activeContacts.count
        activeContacts.append(contact)
        for behavior in contact.behaviors {
            let key = pairKey(contact, behavior)
            let n = pairCounts[key, default: 0]
            pairCounts[key] = n + 1
            if n == 0 { reportBegan(contact, behavior, at: e.point) }
        }
    }

    private func pairKey(_ c: ActiveContact, _ behavior: CollisionBehavior) -> PairKey {
        if c.slotB >= 0 {
            return PairKey(
                serial: behavior.attachSerial, recordA: min(c.recordA, c.recordB), recordB: max(c.recordA, c.recordB), boundary: 0)
        }
        return PairKey(serial: behavior.attachSerial, recordA: c.recordA, recordB: 0, boundary: c.boundaryID)
    }

    private func reportBegan(_ c: ActiveContact, _ behavior: CollisionBehavior, at point: Point) {
        guard let delegate = behavior.collisionDelegate else { return }
        if let itemB = c.itemB {
            delegate.collisionBehavior(behavior, beganContactFor: c.itemA, with: itemB, at: point)
        } else {
            delegate.collisionBehavior(behavior, beganContactFor: c.itemA, withBoundaryIdentifier: c.boundaryIdentifier, at: point)
        }
    }

    /// Ends the contact for `behavior` only (the contact stays for the others).
    private func end(_ c: ActiveContact, for behavior: CollisionBehavior) {
        let key = pairKey(c, behavior)
        guard let n = pairCounts[key] else { return }
        if n > 1 {
            pairCounts[key] = n - 1
            return
        }
        pairCounts[key] = nil
        guard let delegate = behavior.collisionDelegate else { return }
        if let itemB = c.itemB {
            delegate.collisionBehavior(behavior, endedContactFor: c.itemA, with: itemB)
        } else {
            delegate.collisionBehavior(behavior, endedContactFor: c.itemA, withBoundaryIdentifier: c.boundaryIdentifier)
        }
    }

    private func endContact(at i: Int) {
        let c = activeContacts[i]
        removeContact(at: i)
        for behavior in c.behaviors { end(c, for: behavior) }
    }

    private func removeContact(at i: Int) {
        activeContactIndex[activeContacts[i].pair] = nil
        let last = activeContacts.count - 1
        if i != last {
            activeContacts[i] = activeContacts[last]
            activeContactIndex[activeContacts[i].pair] = i
        }
        activeContacts.removeLast()
    }

    /// After behaviours, items or boundaries changed: ends every reported contact whose item,
    /// boundary or behaviour is gone, or whose behaviour no longer makes it count.
    func revalidateContacts() {
        behaviorListCache = []
        var i = 0
        while i < activeContacts.count {
            let c = activeContacts[i]
            let now = responsibleBehaviors(c)
            let keep = c.behaviors.filter { b in now?.contains { $0 === b } ?? false }
            let dropped = c.behaviors.filter { b in !keep.contains { $0 === b } }
            if now == nil {
                removeContact(at: i)
            } else {
                activeContacts[i].behaviors = keep
                i += 1
            }
            for b in dropped { end(c, for: b) }
        }
    }
}

/// The common elements of two sorted lists of serials, in order (lazily: nothing is allocated).
struct CommonSerials: Sequence, IteratorProtocol {
    let x: [Int]
    let y: [Int]
    var i = 0
    var j = 0

    init(x: [Int], y: [Int]) {
        self.x = x
        self.y = y
    }

    mutating func next() -> Int? {
        while i < x.count, j < y.count {
            if x[i] == y[j] {
                defer {
                    i += 1
                    j += 1
                }
                return x[i]
            } else if x[i] < y[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return nil
    }
}
