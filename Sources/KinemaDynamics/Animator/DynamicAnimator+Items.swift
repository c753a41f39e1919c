import Foundation
import KinemaGeometry
import KinemaPhysics

extension DynamicAnimator {
    // MARK: - Public item API

    /// The items whose collision shapes' bounds intersect `rect` (reference points), in the order
    /// their bodies were created. Members of a group are listed individually.
    public func items(in rect: Rect) -> [any DynamicItem] {
        reconcileIfNeeded()
        guard rect.isFinite else { return [] }
        var result: [any DynamicItem] = []
        for case let r? in records {
            if r.members.isEmpty {
                if let b = shapeBounds(r.shapes), b.intersectsClosed(rect) { result.append(r.item) }
            } else {
                for (m, s) in zip(r.members, r.shapes) {
                    if let b = world.bounds(of: s), b.intersectsClosed(rect) { result.append(m.item) }
                }
            }
        }
        return result
    }

    /// Re-reads the item's centre, rotation and size (after you moved or resized it) and puts its
    /// body there; velocities are kept. For a member of a group the whole group moves so the
    /// member is where it now is. Resumes the animator.
    public func updateItem(usingCurrentState item: any DynamicItem) {
        reconcileIfNeeded()
        let key = ObjectIdentifier(item)
        if let slot = recordSlotByItem[key], let r = records[slot] {
            if r.members.isEmpty {
                let (center, angle) = referenceSpace.state(of: item)
                guard center.isFinite, angle.isFinite else {
                    report("updateItem: ignored \(describe(item)): non-finite centre or rotation")
                    return
                }
                rebuildShapesIfNeeded(r)
                world.setTransform(r.body, position: center, angle: angle)
            } else if let first = r.members.first {
                moveGroup(r, toMatch: first)
            }
            syncPrevious(r)
        } else if let slot = groupSlotByMember[key], let r = records[slot],
            let member = r.members.first(where: { $0.item === item })
        {
            moveGroup(r, toMatch: member)
            syncPrevious(r)
        } else {
            return
        }
        resume()
    }

    /// The simulated state of an item, reference space: centre (points), rotation (radians),
    /// velocity of its centre (pt/s), angular velocity (rad/s) and whether it rests (asleep, or
    /// slower than 1 pt/s and 2°/s). `nil` if the item has no body in this animator.
    public func dynamicState(
        of item: any DynamicItem
    ) -> (center: Point, angle: Double, velocity: Vector, angularVelocity: Double, isAtRest: Bool)? {
        reconcileIfNeeded()
        guard let r = record(for: item) else { return nil }
        let pos = world.position(of: r.body)
        let angle = world.angle(of: r.body)
        var center = pos
        var itemAngle = angle
        if let m = r.members.first(where: { $0.item === item }) {
            center = pos + rotate(m.offset, by: angle)
            itemAngle = angle + m.angle
        }
        let com = world.worldCenterOfMass(of: r.body)
        let v = world.linearVelocity(of: r.body)
        let w = world.angularVelocity(of: r.body)
        let velocity = Vector(dx: v.dx - w * (center.y - com.y), dy: v.dy + w * (center.x - com.x))
        let resting = !world.isAwake(r.body) || (velocity.length < 1 && abs(w) < 2 * Double.pi / 180)
        return (center, itemAngle, velocity, w, resting)
    }

    // MARK: - Lookup

    /// The record whose body moves `item` (its own, or its group's).
    func record(for item: any DynamicItem) -> ItemRecord? {
        let key = ObjectIdentifier(item)
        if let slot = recordSlotByItem[key] { return records[slot] }
        if let slot = groupSlotByMember[key] { return records[slot] }
        return nil
    }

    func bodyID(for item: any DynamicItem) -> BodyID? { record(for: item)?.body }

    func charge(of item: any DynamicItem) -> Double { record(for: item)?.properties.charge ?? 0 }

    /// The body and the body-frame point for a point `offset` from the item's centre in the
    /// item's own (rotating) frame.
    func bodyAnchor(for item: any DynamicItem, offset: Point) -> (body: BodyID, local: Point)? {
        guard let r = record(for: item) else { return nil }
        if let m = r.members.first(where: { $0.item === item }) {
            return (r.body, m.offset + rotate(offset, by: m.angle).vector)
        }
        return (r.body, offset)
    }

    var hasItemBodies: Bool { records.contains { $0 != nil } }

    // MARK: - Reconcile

    /// Brings bodies, properties, joints and boundaries in line with the behaviours.
    func reconcileIfNeeded() {
        guard needsReconcile, !isReconciling else { return }
        isReconciling = true
        defer { isReconciling = false }
        needsReconcile = false

        flattenedBehaviors.removeAll(keepingCapacity: true)
        var stack = Array(behaviors.reversed())
        while let b = stack.popLast() {
            flattenedBehaviors.append(b)
            stack.append(contentsOf: b.childBehaviors.reversed())
        }

        var seen = Set<ObjectIdentifier>()
        var groups: [DynamicItemGroup] = []
        var plain: [any DynamicItem] = []
        for b in flattenedBehaviors {
            for item in b.ownItems where seen.insert(ObjectIdentifier(item)).inserted {
                if let g = item as? DynamicItemGroup { groups.append(g) } else { plain.append(item) }
            }
        }
        let referenced: [any DynamicItem] = groups + plain
        for case let r? in records { r.isReferenced = false }
        groupSlotByMember.removeAll(keepingCapacity: true)
        for g in groups {
            let r = recordSlotByItem[ObjectIdentifier(g)].flatMap { records[$0] } ?? makeGroupRecord(g, among: referenced)
            guard let r else { continue }
            r.isReferenced = true
            for m in r.members { groupSlotByMember[ObjectIdentifier(m.item)] = r.slot }
        }
        for item in plain {
            let key = ObjectIdentifier(item)
            if groupSlotByMember[key] != nil {
                if let slot = recordSlotByItem[key] { destroyRecord(at: slot) }
                reportOnce("\(describe(item)) is also in a DynamicItemGroup: behaviours act on the group's body")
                continue
            }
            let r = recordSlotByItem[key].flatMap { records[$0] } ?? makeItemRecord(item, among: referenced)
            r?.isReferenced = true
        }
        for case let r? in records where !r.isReferenced { destroyRecord(at: r.slot) }

        let filterChanged = applyItemProperties()
        for b in flattenedBehaviors where b.dynamicAnimator === self { b.reconcile(in: self) }
        for b in behaviorsToWake {
            for item in b.ownItems {
                if let body = bodyID(for: item), world.type(of: body) == .dynamic { world.setAwake(body, true) }
            }
        }
        behaviorsToWake.removeAll()
        // New shapes are filtered when they first overlap; only changed membership of existing
        // items needs the current contacts and pairs re-checked.
        if filterChanged { world.refilter() }
        revalidateContacts()
    }

    /// Resolves item properties, gravity and collision membership and applies them to bodies.
    /// Returns whether the collision membership of an item changed.
    func applyItemProperties() -> Bool {
        var gravity = [Vector](repeating: .zero, count: records.count)
        var oldItemSerials = [[Int]](repeating: [], count: records.count)
        var oldBoundarySerials = [[Int]](repeating: [], count: records.count)
        for case let r? in records {
            r.properties = ItemProperties()
            oldItemSerials[r.slot] = r.itemCollisionSerials
            oldBoundarySerials[r.slot] = r.boundaryCollisionSerials
            r.itemCollisionSerials.removeAll()
            r.boundaryCollisionSerials.removeAll()
        }
        let itemBehaviors = flattenedBehaviors.compactMap { $0 as? DynamicItemBehavior }.sorted { $0.attachSerial < $1.attachSerial }
        for ib in itemBehaviors {
            for item in ib.items {
                if let r = record(for: item) { ib.apply(to: &r.properties) }
            }
        }
        for b in flattenedBehaviors {
            if let g = b as? GravityBehavior {
                let v = g.accelerationVector
                for item in g.items {
                    if let r = record(for: item) { gravity[r.slot] += v }
                }
            } else if let c = b as? CollisionBehavior {
                for item in c.items {
                    guard let r = record(for: item) else { continue }
                    if c.collisionMode.contains(.items), !r.itemCollisionSerials.contains(c.attachSerial) {
                        r.itemCollisionSerials.append(c.attachSerial)
                    }
                    if c.collisionMode.contains(.boundaries), !r.boundaryCollisionSerials.contains(c.attachSerial) {
                        r.boundaryCollisionSerials.append(c.attachSerial)
                    }
                }
            }
        }
        var changed = false
        for case let r? in records {
            r.itemCollisionSerials.sort()
            r.boundaryCollisionSerials.sort()
            if !r.isNew, r.itemCollisionSerials != oldItemSerials[r.slot] || r.boundaryCollisionSerials != oldBoundarySerials[r.slot] {
                changed = true
            }
            r.isNew = false
            let p = r.properties
            world.setType(r.body, p.isAnchored ? .static : .dynamic)
            world.setFixedRotation(r.body, !p.allowsRotation)
            world.setDamping(r.body, linear: p.resistance, angular: p.angularResistance)
            for s in r.shapes {
                world.setDensity(s, p.density)
                world.setFriction(s, p.friction)
                world.setRestitution(s, min(max(p.elasticity, 0), 1))
            }
            world.setGravity(r.body, gravity[r.slot])
        }
        return changed
    }

    // MARK: - Bodies

    private func allocateSlot() -> Int {
        if let s = freeRecordSlots.popLast() { return s }
        records.append(nil)
        return records.count - 1
    }

    /// Checks size, state and the space's own rules; reports and returns `nil` if unusable.
    private func usableState(of item: any DynamicItem, among items: [any DynamicItem]) -> (center: Point, angle: Double)? {
        let size = item.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            reportOnce("skipped \(describe(item)): its size must be finite and greater than zero")
            return nil
        }
        let (center, angle) = referenceSpace.state(of: item)
        guard center.isFinite, angle.isFinite else {
            reportOnce("skipped \(describe(item)): its centre or rotation is not finite")
            return nil
        }
        if let problem = referenceSpace.problem(with: item, among: items) {
            reportOnce("skipped \(describe(item)): \(problem)")
            return nil
        }
        return (center, angle)
    }

    private func makeItemRecord(_ item: any DynamicItem, among items: [any DynamicItem]) -> ItemRecord? {
        guard let (center, angle) = usableState(of: item, among: items) else { return nil }
        guard let geometry = ItemShapes.geometry(for: item, offset: .zero, angle: 0, report: { self.reportOnce($0) }) else {
            return nil
        }
        let slot = allocateSlot()
        var def = BodyDefinition(type: .dynamic, position: center, angle: angle)
        def.userData = slot + 1
        guard let body = try? world.createBody(def) else {
            freeRecordSlots.append(slot)
            return nil
        }
        var shape = ShapeDefinition(geometry: geometry)
        shape.userData = slot + 1
        guard let s = try? world.createShape(on: body, shape) else {
            world.destroyBody(body)
            freeRecordSlots.append(slot)
            reportOnce("skipped \(describe(item)): its collision shape was rejected")
            return nil
        }
        let r = ItemRecord(item: item, id: nextRecordID, slot: slot, body: body, position: center, angle: angle)
        nextRecordID += 1
        r.shapes = [s]
        records[slot] = r
        recordSlotByItem[ObjectIdentifier(item)] = slot
        return r
    }

    private func makeGroupRecord(_ group: DynamicItemGroup, among items: [any DynamicItem]) -> ItemRecord? {
        var states: [(item: any DynamicItem, center: Point, angle: Double)] = []
        var union: Rect?
        for m in group.items {
            if m is DynamicItemGroup {
                reportOnce("skipped a DynamicItemGroup nested in another group: groups cannot contain groups")
                continue
            }
            guard let (c, a) = usableState(of: m, among: items) else { continue }
            states.append((m, c, a))
            let frame = rotatedFrame(center: c, size: m.bounds.size, angle: a)
            union = union.map { $0.union(frame) } ?? frame
        }
        guard let union, !states.isEmpty else {
            reportOnce("skipped a DynamicItemGroup with no usable items")
            return nil
        }
        let center = Point(x: union.midX, y: union.midY)
        let slot = allocateSlot()
        var def = BodyDefinition(type: .dynamic, position: center, angle: 0)
        def.userData = slot + 1
        guard let body = try? world.createBody(def) else {
            freeRecordSlots.append(slot)
            return nil
        }
        var shapes: [ShapeID] = []
        var members: [GroupMember] = []
        for s in states {
            let offset = Point(x: s.center.x - center.x, y: s.center.y - center.y)
            guard let g = ItemShapes.geometry(for: s.item, offset: offset, angle: s.angle, report: { self.reportOnce($0) }) else {
                continue
            }
            var shape = ShapeDefinition(geometry: g)
            shape.userData = slot + 1
            guard let id = try? world.createShape(on: body, shape) else { continue }
            shapes.append(id)
            members.append(GroupMember(item: s.item, offset: offset, angle: s.angle))
        }
        guard !shapes.isEmpty else {
            world.destroyBody(body)
            freeRecordSlots.append(slot)
            reportOnce("skipped a DynamicItemGroup with no usable items")
            return nil
        }
        let r = ItemRecord(item: group, id: nextRecordID, slot: slot, body: body, position: center, angle: 0)
        nextRecordID += 1
        r.shapes = shapes
        r.members = members
        records[slot] = r
        recordSlotByItem[ObjectIdentifier(group)] = slot
        group.center = center
        group.transform = .identity
        return r
    }

    func destroyRecord(at slot: Int) {
        guard let r = records[slot] else { return }
        world.destroyBody(r.body)
        records[slot] = nil
        recordSlotByItem[ObjectIdentifier(r.item)] = nil
        freeRecordSlots.append(slot)
    }

    private func rebuildShapesIfNeeded(_ r: ItemRecord) {
        guard let old = r.shapes.first, r.members.isEmpty else { return }
        let size = r.item.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            reportOnce("updateItem: kept the old size of \(describe(r.item)): the new size is zero or not finite")
            return
        }
        guard let g = ItemShapes.geometry(for: r.item, offset: .zero, angle: 0, report: { self.reportOnce($0) }) else { return }
        var def = ShapeDefinition(geometry: g)
        def.userData = r.slot + 1
        guard let s = try? world.createShape(on: r.body, def) else { return }
        world.destroyShape(old)
        r.shapes = [s]
        needsReconcile = true
    }

    private func moveGroup(_ r: ItemRecord, toMatch member: GroupMember) {
        let (c, a) = referenceSpace.state(of: member.item)
        guard c.isFinite, a.isFinite else { return }
        let bodyAngle = a - member.angle
        let p = c - rotate(member.offset, by: bodyAngle).vector
        world.setTransform(r.body, position: p, angle: bodyAngle)
    }

    private func syncPrevious(_ r: ItemRecord) {
        r.previousPosition = world.position(of: r.body)
        r.previousAngle = world.angle(of: r.body)
    }

    func savePreviousPoses() {
        for case let r? in records {
            r.previousPosition = world.position(of: r.body)
            r.previousAngle = world.angle(of: r.body)
        }
    }

    /// Writes interpolated poses back into the items through the reference space.
    func writeBackPoses() {
        let alpha = poseAlpha
        for case let r? in records {
            let p = world.position(of: r.body)
            let a = world.angle(of: r.body)
            let pos: Point
            let angle: Double
            if alpha >= 1 {
                pos = p
                angle = a
            } else {
                pos = Point(
                    x: r.previousPosition.x + (p.x - r.previousPosition.x) * alpha,
                    y: r.previousPosition.y + (p.y - r.previousPosition.y) * alpha)
                angle = r.previousAngle + wrapAngle(a - r.previousAngle) * alpha
            }
            if r.members.isEmpty {
                referenceSpace.setState(of: r.item, center: pos, angle: angle)
            } else {
                for m in r.members {
                    referenceSpace.setState(of: m.item, center: pos + rotate(m.offset, by: angle).vector, angle: angle + m.angle)
                }
                r.item.center = pos
                r.item.transform = KinemaGeometry.AffineTransform(rotationAngle: angle)
            }
        }
    }

    private func shapeBounds(_ shapes: [ShapeID]) -> Rect? {
        var result: Rect?
        for s in shapes {
            guard let b = world.bounds(of: s) else { continue }
            result = result.map { $0.union(b) } ?? b
        }
        return result
    }

    /// Reports a diagnostic only the first time it occurs.
    func reportOnce(_ message: String) {
        guard !reportedMessages.contains(message) else { return }
        reportedMessages.insert(message)
        report(message)
    }
}

/// `v` turned by `angle` radians (positive turns +x towards +y).
func rotate(_ v: Point, by angle: Double) -> Point {
    let c = cos(angle)
    let s = sin(angle)
    return Point(x: c * v.x - s * v.y, y: s * v.x + c * v.y)
}

extension Point {
    var vector: Vector { Vector(dx: x, dy: y) }
}

/// `a` wrapped into (−π, π].
func wrapAngle(_ a: Double) -> Double {
    var r = a.truncatingRemainder(dividingBy: 2 * .pi)
    if r > .pi { r -= 2 * .pi } else if r <= -.pi { r += 2 * .pi }
    return r
}

/// The axis-aligned frame of a `size` rectangle centred at `center` and turned by `angle`.
func rotatedFrame(center: Point, size: Size, angle: Double) -> Rect {
    let c = abs(cos(angle))
    let s = abs(sin(angle))
    let w = c * size.width + s * size.height
    let h = s * size.width + c * size.height
    return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
}

extension Rect {
    /// Whether the two rectangles overlap or touch.
    func intersectsClosed(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
