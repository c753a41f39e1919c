import KinemaGeometry
import KinemaLayoutSolver

/// The Auto Layout engine of one view tree, kept by its root (the window): the tree's
/// constraints in a Cassowary solver, and the frames they solve to.
///
/// Each pass (``update(root:)``) walks the tree, writes down every constraint the tree asks for
/// (the users' active constraints, each view's autoresizing or intrinsic-size constraints, the
/// safe-area and margins guides') and compares it with what the solver holds: only what changed
/// is removed and added, so changing a ``LayoutConstraint/constant`` costs one incremental
/// re-solve. A change of the hierarchy starts the solver afresh (``reset()``).
///
/// Each view and guide has four variables: the origin of its frame in its superview's (or its
/// owning view's) coordinates, and its size. An attribute of an item is expressed in the
/// coordinates of the common ancestor of the constraint's items by adding the origins of the
/// views between them, so `a.centerX == 0.5 × superview.centerX` places `a` at a quarter of the
/// superview's width, as in UIKit. Transforms take no part, as in UIKit.
final class LayoutEngine {
    /// An item's four variables: a class, so that a pass passes them on with one retain.
    final class Variables {
        let x: LayoutVariable
        let y: LayoutVariable
        let w: LayoutVariable
        let h: LayoutVariable

        init(x: LayoutVariable, y: LayoutVariable, w: LayoutVariable, h: LayoutVariable) {
            (self.x, self.y, self.w, self.h) = (x, y, w, h)
        }
    }

    /// What a solver constraint stands for: a user's constraint, or slot `n` of the system
    /// constraints of a view or guide.
    enum Key: Hashable {
        case user(ObjectIdentifier)
        case system(ObjectIdentifier, Int)
    }

    /// A constraint the tree asks for.
    struct Wanted {
        let key: Key
        let expression: LinearExpression
        let relation: SolverRelation
        let priority: Float
        /// The user's constraint, for diagnostics and ``LayoutEngine/broken``.
        let source: LayoutConstraint?
        /// What a system constraint of a view is ("hugging width"), named after the view when it
        /// is added or reported, not on every pass (a guide's are named after the guide).
        let what: StaticString
    }

    /// What the solver holds for a key; `solver == nil` when it was broken. A class, so that a
    /// pass reads and marks it in place instead of copying it out of the dictionary.
    final class Held {
        let key: Key
        let wanted: Wanted
        /// The wanted constraint's relation and priority, read on every pass without copying it.
        let relation: SolverRelation
        let priority: Float
        var solver: SolverConstraint?
        /// The name the solver's constraint and the diagnostics give it.
        let name: String
        /// The last pass that wanted it unchanged.
        var pass: Int
        /// The number its constant was made from (a user constraint's constant, an intrinsic
        /// length, an inset).
        let input: Double
        /// Whether its terms are fixed for as long as the engine is not reset, so that the same
        /// relation, priority and input mean the same constraint (see
        /// ``LayoutEngine/want(_:_:_:input:stable:what:source:build:)``).
        let stable: Bool
        /// For a user's constraint, the views that own its items (its first item's, and its
        /// second item's if it has one). An installed constraint's items stay in the tree, and
        /// the engine is reset when a view leaves it, so later passes need not load the items.
        let owners: (ItemRecord, ItemRecord?)?

        init(wanted: Wanted, solver: SolverConstraint?, name: String, pass: Int, pending: Pending) {
            key = wanted.key
            self.wanted = wanted
            relation = wanted.relation
            priority = wanted.priority
            self.solver = solver
            self.name = name
            self.pass = pass
            input = pending.input
            stable = pending.stable
            owners = pending.owners
        }
    }

    /// What a new or changed constraint is made from, besides the constraint itself.
    struct Pending {
        let input: Double
        let stable: Bool
        let owners: (ItemRecord, ItemRecord?)?
    }

    /// A view's or guide's variables, the system constraints held for it by slot, and a view's
    /// place in the tree at the last pass that met it.
    final class ItemRecord {
        private var made: Variables?
        /// Slots 0–7 a view's own (root, autoresizing or intrinsic), 8–15 a guide's.
        var system: [Held?] = []
        /// The view's place in `update(root:)`'s walk of the tree, valid when `seen` is that pass.
        var place = -1
        var seen = 0

        /// The item's variables, made (named after `item`) the first time they are asked for.
        func vars(_ item: AnyObject) -> Variables {
            if let made { return made }
            let name = (item as? any LayoutItem)?.layoutName ?? "item"
            let v = Variables(
                x: LayoutVariable(name + ".minX"), y: LayoutVariable(name + ".minY"),
                w: LayoutVariable(name + ".width"), h: LayoutVariable(name + ".height"))
            made = v
            return v
        }

        /// The variables, if made.
        var existingVars: Variables? { made }
    }

    private(set) var solver = LayoutSolver()
    private var items: [ObjectIdentifier: ItemRecord] = [:]
    /// The users' constraints held, by the constraint's identity.
    private var heldUsers: [ObjectIdentifier: Held] = [:]
    /// Everything held, in the order the last pass wanted it (`nil` where a wanted constraint
    /// was not added, being wanted twice).
    private var heldList: [Held?] = []
    /// Passes made, to mark what each still wants.
    private var pass = 0
    /// This pass's wanted constraints in order (`nil` where a new or changed one goes), the new
    /// or changed ones (with their place in `order`) and the places of the unchanged broken
    /// ones: kept between passes for their storage.
    private var order: [Held?] = []
    private var fresh: [(place: Int, wanted: Wanted)] = []
    private var brokenHeld: [Int] = []
    /// This pass's views and guides by identity, made when a system constraint needs a name.
    private var itemsByID: [ObjectIdentifier: AnyObject]?
    /// Solved frames (rounded to pixels) of the views whose constraints place them.
    private(set) var frames: [ObjectIdentifier: Rect] = [:]
    /// The user constraints the engine could not satisfy and ignores, in the order broken.
    private(set) var broken: [LayoutConstraint] = []
    /// Views whose solved frames changed and that no layout pass has taken yet.
    private var moved: [View] = []
    private var movedIDs = Set<ObjectIdentifier>()
    /// The views in the engine, in tree order, during a pass (empty between passes).
    private var views: [View] = []

    /// For ``View/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``:
    /// the root's size is pulled to this target at these priorities instead of being fixed to
    /// its bounds.
    var fitting: (size: Size, width: LayoutPriority, height: LayoutPriority)?

    /// Drops everything; the next pass rebuilds the solver from the tree.
    func reset() {
        solver = LayoutSolver()
        items = [:]
        heldUsers = [:]
        heldList = []
        itemsByID = nil
        frames = [:]
        broken = []
        moved = []
        movedIDs = []
    }

    func variables(for item: AnyObject) -> Variables { record(for: item).vars(item) }

    func record(for item: AnyObject) -> ItemRecord {
        let id = ObjectIdentifier(item)
        if let r = items[id] { return r }
        let r = ItemRecord()
        items[id] = r
        return r
    }

    /// What is held for `key`.
    private func held(_ key: Key) -> Held? {
        switch key {
        case .user(let id): return heldUsers[id]
        case .system(let id, let slot):
            guard let r = items[id], slot < r.system.count else { return nil }
            return r.system[slot]
        }
    }

    private func setHeld(_ key: Key, _ h: Held?) {
        switch key {
        case .user(let id): heldUsers[id] = h
        case .system(let id, let slot):
            guard let r = items[id] else { return }
            if slot >= r.system.count { r.system += repeatElement(nil, count: 16 - r.system.count) }
            r.system[slot] = h
        }
    }

    /// The constraints the solver holds, in the order the last pass wanted them (broken ones
    /// left out).
    var solverConstraints: [SolverConstraint] { heldList.compactMap { $0?.solver } }

    /// The solved values of an item's variables (its frame in its superview's coordinates,
    /// unrounded), or `nil` when the item is not in the engine.
    func solvedRect(of item: AnyObject) -> Rect? {
        guard let v = items[ObjectIdentifier(item)]?.existingVars else { return nil }
        return Rect(x: v.x.value, y: v.y.value, width: v.w.value, height: v.h.value)
    }

    // MARK: The pass

    /// Runs the update-constraints pass, brings the solver in line with the tree under `root`,
    /// solves, and records the frames; the views whose solved frames changed wait in
    /// ``takeMoved()`` for the layout pass.
    func update(root: View) {
        root.updateConstraintsPass()
        pass += 1
        // The tree in order (each view after its superview, subviews in order), with each
        // view's superview's place.
        var tree: [View] = []
        var parents: [Int] = []
        var treeRecords: [ItemRecord] = []
        var stack: [(View, Int)] = [(root, -1)]
        while let (v, parent) = stack.popLast() {
            let r = record(for: v)
            r.place = tree.count
            r.seen = pass
            treeRecords.append(r)
            parents.append(parent)
            let place = tree.count
            tree.append(v)
            for sub in v.subviews.reversed() { stack.append((sub, place)) }
        }
        // Every view of the tree gets a record; a view that left without resetting the engine
        // (one that took no part) leaves an empty one behind, dropped once they add up.
        if items.count > 2 * tree.count + 64 {
            items = items.filter { $0.value.seen == pass || $0.value.existingVars != nil || !$0.value.system.isEmpty }
        }
        // The views that take part: the root, the views placed by constraints or with guides,
        // the owners of the items of the constraints, and all their superviews.
        var needed = [Bool](repeating: false, count: tree.count)
        func need(_ place: Int) {
            var i = place
            while i >= 0, !needed[i] {
                needed[i] = true
                i = parents[i]
            }
        }
        func place(of record: ItemRecord) -> Int? { record.seen == pass ? record.place : nil }
        func place(of item: any LayoutItem) -> (Int, ItemRecord)? {
            let owner: View?
            if let view = item as? View { owner = view } else { owner = (item as? LayoutGuide)?.owningView }
            guard let owner, let r = items[ObjectIdentifier(owner)], let place = place(of: r) else { return nil }
            return (place, r)
        }
        need(0)
        // The users' constraints. One held from an earlier pass names its items' owners; a new
        // one's items are loaded, margin attributes resolved to the margins guide.
        var users: [(constraint: LayoutConstraint, held: Held?, owners: (ItemRecord, ItemRecord?))] = []
        for (i, v) in tree.enumerated() {
            guard let state = v.layoutState else { continue }
            if !state.translatesAutoresizingMask || state.safeAreaGuide != nil || state.marginsGuide != nil
                || !state.guides.isEmpty
            {
                need(i)
            }
            for c in state.constraints {
                let h = heldUsers[ObjectIdentifier(c)]
                if let h, let owners = h.owners, let p1 = place(of: owners.0) {
                    let p2 = owners.1.flatMap { place(of: $0) }
                    if owners.1 == nil || p2 != nil {
                        need(p1)
                        if let p2 { need(p2) }
                        users.append((c, h, owners))
                        continue
                    }
                }
                guard let (first, _, second, _) = Self.resolvedItems(c) else { continue }
                guard let (p1, o1) = place(of: first) else { continue }
                var o2: ItemRecord?
                if let second {
                    guard let (p2, owner) = place(of: second) else { continue }
                    need(p2)
                    o2 = owner
                }
                need(p1)
                users.append((c, h, (o1, o2)))
            }
        }
        views = []
        var viewParents: [View?] = []
        var records: [ItemRecord] = []
        for i in tree.indices where needed[i] {
            views.append(tree[i])
            viewParents.append(i > 0 ? tree[parents[i]] : nil)
            records.append(treeRecords[i])
        }

        order.removeAll(keepingCapacity: true)
        fresh.removeAll(keepingCapacity: true)
        brokenHeld.removeAll(keepingCapacity: true)
        for i in views.indices { systemConstraints(of: views[i], records[i], parent: viewParents[i], root: root) }
        for (c, h, owners) in users {
            // A baseline's place depends on the view's text and, in a stack view, on which view
            // is first: such a constraint is built every pass.
            func baseline(_ a: LayoutConstraint.Attribute) -> Bool { a == .firstBaseline || a == .lastBaseline }
            want(
                .user(ObjectIdentifier(c)), h, Self.relation(c.relation), c.priority.rawValue, input: c.constant,
                stable: !baseline(c.firstAttribute) && !baseline(c.secondAttribute), owners: owners, source: c
            ) {
                guard let (first, a1, second, a2) = Self.resolvedItems(c) else { return nil }
                return userConstraint(c, first, a1, second, a2)
            }
        }
        synchronise()
        solver.updateVariables()
        recordFrames(of: views, root: root, records: records)
        // Kept for this pass only: the root keeps the engine, so holding the views would keep
        // the root, and the tree, alive.
        views = []
    }

    /// The views whose solved frames changed since the last call, in tree order: their
    /// superviews need layout. As in UIKit, a frame set by hand on a constrained view stays
    /// until its superview lays out again for another reason.
    func takeMoved() -> [View] {
        defer {
            moved = []
            movedIDs = []
        }
        return moved
    }

    static func relation(_ r: LayoutConstraint.Relation) -> SolverRelation {
        switch r {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }

    /// This pass wants the constraint `key`: `relation`, `priority`, and the expression `build`
    /// makes. A constraint held with the same relation, priority and `input` is kept without
    /// building it again when its terms are `stable`: they depend only on which items and
    /// attributes it relates, its multiplier and the hierarchy, all fixed until the engine is
    /// reset (a view that leaves the tree resets it); what is left is its constant, made from
    /// `input` alone. Otherwise the expression is built and compared with what is held.
    private func want(
        _ key: Key, _ h: Held?, _ relation: SolverRelation, _ priority: Float, input: Double, stable: Bool,
        what: StaticString = "", owners: (ItemRecord, ItemRecord?)? = nil, source: LayoutConstraint? = nil,
        build: () -> LinearExpression?
    ) {
        if let h {
            if h.pass == pass { return }  // wanted twice: once is enough
            if stable, h.stable, h.input == input, h.relation == relation, h.priority == priority {
                keep(h)
                return
            }
        }
        guard let expression = build() else { return }
        let w = Wanted(key: key, expression: expression, relation: relation, priority: priority, source: source, what: what)
        if let h, Self.same(h.wanted, w) {
            keep(h)
            return
        }
        fresh.append((order.count, w))
        order.append(nil)
        pendingInputs.append(Pending(input: input, stable: stable, owners: owners))
    }

    /// Keeps a held constraint as it is, in this pass's order.
    private func keep(_ h: Held) {
        h.pass = pass
        if h.solver == nil { brokenHeld.append(order.count) }
        order.append(h)
    }

    /// The inputs of the constraints in `fresh`, in order.
    private var pendingInputs: [Pending] = []

    private func systemConstraints(of v: View, _ record: ItemRecord, parent: View?, root: View) {
        let id = ObjectIdentifier(v)
        let vars = record.vars(v)
        func add(
            _ slot: Int, _ r: SolverRelation, _ p: Float, input: Double, _ what: StaticString,
            _ build: () -> LinearExpression
        ) {
            let h = slot < record.system.count ? record.system[slot] : nil
            want(.system(id, slot), h, r, p, input: input, stable: true, what: what, build: build)
        }
        if v === root {
            add(0, .equal, 1000, input: 0, "root minX") { LinearExpression(vars.x) }
            add(1, .equal, 1000, input: 0, "root minY") { LinearExpression(vars.y) }
            if let fitting {
                let size = fitting.size
                add(2, .equal, fitting.width.rawValue, input: size.width, "fitting width") { vars.w - size.width }
                add(3, .equal, fitting.height.rawValue, input: size.height, "fitting height") { vars.h - size.height }
            } else {
                let size = v.bounds.size
                add(2, .equal, 1000, input: size.width, "root width") { vars.w - size.width }
                add(3, .equal, 1000, input: size.height, "root height") { vars.h - size.height }
            }
            // A view measured on its own keeps its intrinsic size (a label's text) in the fit.
            if fitting != nil { intrinsic(v, vars, parent: parent, add) }
        } else if v.translatesAutoresizingMaskIntoConstraints, let parent {
            autoresizing(v, record, parent: parent)
        } else {
            intrinsic(v, vars, parent: parent, add)
        }
        guard let state = v.layoutState else { return }
        if let guide = state.safeAreaGuide {
            guideConstraints(guide, owner: vars, insets: v.safeAreaInsets, base: 8)
        }
        if let guide = state.marginsGuide {
            guideConstraints(guide, owner: vars, insets: v.layoutMargins, base: 12)
        }
        for guide in state.guides { _ = variables(for: guide) }
    }

    private func autoresizing(_ v: View, _ record: ItemRecord, parent: View) {
        let id = ObjectIdentifier(v)
        let vars = record.vars(v)
        // The terms' coefficients depend on the frames: built every pass, compared with what is held.
        func add(_ slot: Int, _ e: LinearExpression, _ what: StaticString) {
            let h = slot < record.system.count ? record.system[slot] : nil
            want(.system(id, slot), h, .equal, 1000, input: 0, stable: false, what: what) { e }
        }
        let pv = variables(for: parent)
        let size = v.bounds.size
        let a = v.layer.anchorPoint
        let origin = Point(x: v.center.x - a.x * size.width, y: v.center.y - a.y * size.height)
        let p = parent.bounds.size
        let m = v.autoresizingMask
        let h = Self.shares(
            start: origin.x, length: size.width, end: p.width - origin.x - size.width,
            flexible: (m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth), m.contains(.flexibleRightMargin)))
        let vert = Self.shares(
            start: origin.y, length: size.height, end: p.height - origin.y - size.height,
            flexible: (m.contains(.flexibleTopMargin), m.contains(.flexibleHeight), m.contains(.flexibleBottomMargin)))
        // value = value0 + share × (superview size − superview size0), kept linear in the
        // superview's size variable: how an autoresizing mask shares a size change.
        add(0, vars.x - h.0 * pv.w - (origin.x - h.0 * p.width), "autoresizing minX")
        add(1, vars.w - h.1 * pv.w - (size.width - h.1 * p.width), "autoresizing width")
        add(2, vars.y - vert.0 * pv.h - (origin.y - vert.0 * p.height), "autoresizing minY")
        add(3, vars.h - vert.1 * pv.h - (size.height - vert.1 * p.height), "autoresizing height")
    }

    /// The share of a superview size change that goes to the start margin and to the length:
    /// the flexible parts share it in proportion to their lengths (equally when all are zero),
    /// as ``View/autoresizingMask`` does.
    static func shares(start: Double, length: Double, end: Double, flexible: (Bool, Bool, Bool)) -> (Double, Double) {
        let parts = [(flexible.0, max(0, start)), (flexible.1, max(0, length)), (flexible.2, max(0, end))]
        let count = parts.filter(\.0).count
        guard count > 0 else { return (0, 0) }
        let total = parts.filter(\.0).map(\.1).reduce(0, +)
        func share(_ i: Int) -> Double {
            guard parts[i].0 else { return 0 }
            return total > 0 ? parts[i].1 / total : 1 / Double(count)
        }
        return (share(0), share(1))
    }

    private func intrinsic(
        _ v: View, _ vars: Variables, parent: View?,
        _ add: (Int, SolverRelation, Float, _ input: Double, StaticString, () -> LinearExpression) -> Void
    ) {
        let size = v.cachedIntrinsicContentSize
        guard size.width >= 0 && size.width.isFinite || size.height >= 0 && size.height.isFinite else { return }
        let state = v.makeLayoutState()
        // A fill stack view decides ties among its arranged views by their order.
        var bias: (Float, Float) = (0, 0)
        if let stack = parent as? StackView {
            let b = stack.tieBreakBias(for: v)
            bias = stack.axis == .horizontal ? (b, 0) : (0, b)
        }
        func raised(_ p: LayoutPriority, _ b: Float) -> Float { p.rawValue < 999 ? p.rawValue + b : p.rawValue }
        if size.width >= 0, size.width.isFinite {
            add(4, .lessThanOrEqual, raised(state.hugging.0, bias.0), size.width, "hugging width") { vars.w - size.width }
            add(5, .greaterThanOrEqual, raised(state.compression.0, bias.0), size.width, "compression width") {
                vars.w - size.width
            }
        }
        if size.height >= 0, size.height.isFinite {
            add(6, .lessThanOrEqual, raised(state.hugging.1, bias.1), size.height, "hugging height") { vars.h - size.height }
            add(7, .greaterThanOrEqual, raised(state.compression.1, bias.1), size.height, "compression height") {
                vars.h - size.height
            }
        }
    }

    private func guideConstraints(_ guide: LayoutGuide, owner: Variables, insets: EdgeInsets, base: Int) {
        let record = record(for: guide)
        let g = record.vars(guide)
        let id = ObjectIdentifier(guide)
        let (across, down) = (insets.left + insets.right, insets.top + insets.bottom)
        func add(_ slot: Int, _ input: Double, _ build: () -> LinearExpression) {
            let h = base + slot < record.system.count ? record.system[base + slot] : nil
            want(.system(id, base + slot), h, .equal, 1000, input: input, stable: true, build: build)
        }
        add(0, insets.left) { g.x - insets.left }
        add(1, insets.top) { g.y - insets.top }
        add(2, across) { g.w - owner.w + across }
        add(3, down) { g.h - owner.h + down }
    }

    // MARK: Users' constraints

    /// A user's constraint's items and attributes, a margin attribute resolved to the view's
    /// margins guide; `nil` when an item was released.
    static func resolvedItems(
        _ c: LayoutConstraint
    ) -> (any LayoutItem, LayoutConstraint.Attribute, (any LayoutItem)?, LayoutConstraint.Attribute)? {
        guard var first = c.firstItem else { return nil }
        var a1 = c.firstAttribute
        if let plain = a1.withoutMargin, let view = first as? View {
            first = view.layoutMarginsGuide
            a1 = plain
        }
        var second = c.secondItem
        var a2 = c.secondAttribute
        if c.hasSecondItem {
            guard let s = second else { return nil }
            if let plain = a2.withoutMargin, let view = s as? View {
                second = view.layoutMarginsGuide
                a2 = plain
            }
        }
        return (first, a1, second, a2)
    }

    private func userConstraint(
        _ c: LayoutConstraint, _ first: any LayoutItem, _ a1: LayoutConstraint.Attribute,
        _ second: (any LayoutItem)?, _ a2: LayoutConstraint.Attribute
    ) -> LinearExpression? {
        guard let o1 = first.layoutOwner else { return nil }
        var ancestor = o1
        if let second {
            guard let o2 = second.layoutOwner, let common = View.nearestCommonAncestor(o1, o2) else { return nil }
            ancestor = common
        }
        guard let lhs = expression(first, a1, in: ancestor) else { return nil }
        var rhs = LinearExpression(c.constant)
        if let second {
            guard let e = expression(second, a2, in: ancestor) else { return nil }
            rhs = e * c.multiplier + c.constant
        }
        return lhs - rhs
    }

    /// The attribute of `item` in the coordinates of `ancestor`.
    private func expression(
        _ item: any LayoutItem, _ attribute: LayoutConstraint.Attribute, in ancestor: View
    )
        -> LinearExpression?
    {
        var target: AnyObject = item
        var attribute = attribute
        var baseline: (Double, Double)?
        if attribute == .firstBaseline || attribute == .lastBaseline, let view = item as? View {
            let first = attribute == .firstBaseline
            let b = first ? view.forFirstBaselineLayout : view.forLastBaselineLayout
            let t = b.isDescendant(of: view) ? b : view
            target = t
            baseline = t.baselineFromTop(first: first)
        } else if attribute == .firstBaseline || attribute == .lastBaseline {
            attribute = .bottom
        }
        let vars = variables(for: target)
        if attribute == .width { return LinearExpression(vars.w) }
        if attribute == .height { return LinearExpression(vars.h) }
        let horizontal = attribute.axis == .horizontal
        var terms: [LinearTerm] = []
        // The origins between the item and the ancestor.
        if let guide = target as? LayoutGuide {
            terms.append(LinearTerm(horizontal ? vars.x : vars.y))
            guard let owner = guide.owningView else { return nil }
            guard appendOrigins(from: owner, to: ancestor, horizontal: horizontal, into: &terms) else { return nil }
        } else if let view = target as? View {
            guard appendOrigins(from: view, to: ancestor, horizontal: horizontal, into: &terms) else { return nil }
        }
        var e = LinearExpression(terms)
        switch attribute {
        case .left, .leading, .top: break
        case .right, .trailing: e = e + vars.w
        case .bottom: e = e + vars.h
        case .centerX: e = e + vars.w * 0.5
        case .centerY: e = e + vars.h * 0.5
        case .firstBaseline, .lastBaseline:
            let (coefficient, constant) = baseline ?? (1, 0)
            e = e + vars.h * coefficient + constant
        default: return nil
        }
        return e
    }

    /// Adds the origin variable of `view` and of each ancestor below `ancestor`.
    private func appendOrigins(from view: View, to ancestor: View, horizontal: Bool, into terms: inout [LinearTerm]) -> Bool {
        var node: View? = view
        while let v = node, v !== ancestor {
            let vars = variables(for: v)
            terms.append(LinearTerm(horizontal ? vars.x : vars.y))
            node = v.superview
        }
        return node === ancestor
    }

    // MARK: Solver

    /// Removes from the solver what is no longer wanted or changed, then adds what is new, in
    /// the order wanted; a required constraint that cannot be added is broken and reported.
    /// What this pass wants unchanged was marked by ``want(_:_:_:input:stable:what:source:build:)``;
    /// what is held and not marked is removed, in the order it was wanted.
    private func synchronise() {
        itemsByID = nil
        // Removals first, so that a replaced constraint never conflicts with its successor.
        var removedAny = false
        for case let h? in heldList where h.pass != pass {
            if let s = h.solver {
                try? solver.remove(s)
                removedAny = true
            }
            if held(h.key) === h { setHeld(h.key, nil) }
        }
        // Adds in the order wanted; a broken one is tried again once something was removed.
        var failed: [Wanted] = []
        var brokenNow: [LayoutConstraint] = []
        var f = 0, b = 0
        while f < fresh.count || b < brokenHeld.count {
            if b < brokenHeld.count, f == fresh.count || brokenHeld[b] < fresh[f].place {
                let place = brokenHeld[b]
                b += 1
                guard let h = order[place] else { continue }
                if removedAny, let s = add(h.wanted, name: h.name, report: false) {
                    h.solver = s
                } else if let source = h.wanted.source {
                    brokenNow.append(source)
                }
                continue
            }
            let (place, w) = fresh[f]
            let pending = pendingInputs[f]
            f += 1
            if held(w.key)?.pass == pass { continue }  // wanted twice: added once
            let name = name(of: w)
            let added = add(w, name: name, report: true)
            if added == nil {
                failed.append(w)
                if let source = w.source { brokenNow.append(source) }
            }
            let h = Held(wanted: w, solver: added, name: name, pass: pass, pending: pending)
            setHeld(w.key, h)
            order[place] = h
        }
        swap(&heldList, &order)
        order.removeAll(keepingCapacity: true)
        fresh.removeAll(keepingCapacity: true)
        pendingInputs.removeAll(keepingCapacity: true)
        for w in failed { reportUnsatisfiable(w) }
        broken = brokenNow
        itemsByID = nil
    }

    /// The name of a wanted constraint: the user's constraint's description, or the view's (or
    /// guide's) debug name with what the system constraint is.
    private func name(of w: Wanted) -> String {
        if let source = w.source { return source.description }
        guard case .system(let id, _) = w.key else { return "(released)" }
        if itemsByID == nil {
            var items: [ObjectIdentifier: AnyObject] = [:]
            for v in views {
                items[ObjectIdentifier(v)] = v
                guard let state = v.layoutState else { continue }
                for g in state.guides { items[ObjectIdentifier(g)] = g }
                if let g = state.safeAreaGuide { items[ObjectIdentifier(g)] = g }
                if let g = state.marginsGuide { items[ObjectIdentifier(g)] = g }
            }
            itemsByID = items
        }
        switch itemsByID?[id] {
        case let guide as LayoutGuide: return guide.debugName
        case let view as View: return "\(view.layoutDebugName) \(w.what)"
        default: return "(released) \(w.what)"
        }
    }

    private func add(_ w: Wanted, name: String, report: Bool) -> SolverConstraint? {
        let s = SolverConstraint(w.expression, w.relation, priority: w.priority, name: name)
        do {
            try solver.add(s)
            return s
        } catch .unsatisfiable {
            return nil
        } catch {
            if report { w.source?.report("the engine refused it: \(error)") }
            return nil
        }
    }

    /// UIKit's log for a broken constraint, in Kinema's words: the required constraints that
    /// share a variable with it, then the one broken.
    private func reportUnsatisfiable(_ w: Wanted) {
        var ids = Set<ObjectIdentifier>()
        for t in w.expression.terms { ids.insert(ObjectIdentifier(t.variable)) }
        var related: [String] = []
        for case let h? in heldList {
            guard h.key != w.key, h.solver != nil, h.wanted.priority >= 1000,
                h.wanted.expression.terms.contains(where: { ids.contains(ObjectIdentifier($0.variable)) })
            else { continue }
            related.append("    " + h.name)
        }
        let name = held(w.key)?.name ?? name(of: w)
        related.append("    " + name)
        let message =
            "Unable to simultaneously satisfy constraints. At least one of these is probably one you don't want:\n"
            + related.joined(separator: "\n")
            + "\nWill attempt to recover by breaking constraint\n    \(name)"
        w.source?.reportAsIs(message)
    }

    private static func same(_ a: Wanted, _ b: Wanted) -> Bool {
        guard a.relation == b.relation, a.priority == b.priority, a.expression.constant == b.expression.constant,
            a.expression.terms.count == b.expression.terms.count
        else { return false }
        for (s, t) in zip(a.expression.terms, b.expression.terms) {
            guard s.variable === t.variable, s.coefficient == t.coefficient else { return false }
        }
        return true
    }

    // MARK: Frames

    /// Records the solved frames of `views` (`records` their records, in the same order); the
    /// views whose frames changed wait in ``takeMoved()``.
    private func recordFrames(of views: [View], root: View, records: [ItemRecord]) {
        let previous = frames
        frames.removeAll(keepingCapacity: true)
        // Every view here is in the root's window, if any.
        let scale = root.window?.screenScale ?? Window.defaultScale
        for (v, record) in zip(views, records) {
            let vars = record.vars(v)
            if let state = v.layoutState {
                func place(_ guide: LayoutGuide) {
                    if let r = solvedRect(of: guide) { guide.layoutFrame = Self.rounded(r, scale: scale) }
                }
                if let guide = state.safeAreaGuide { place(guide) }
                if let guide = state.marginsGuide { place(guide) }
                for guide in state.guides { place(guide) }
            }
            guard v !== root, !v.translatesAutoresizingMaskIntoConstraints else { continue }
            let frame = Self.rounded(
                Rect(x: vars.x.value, y: vars.y.value, width: vars.w.value, height: vars.h.value), scale: scale)
            let id = ObjectIdentifier(v)
            frames[id] = frame
            if previous[id] != frame, movedIDs.insert(id).inserted { moved.append(v) }
        }
    }

    /// The frame with each edge rounded to the nearest pixel (`1/scale` points), as UIKit
    /// rounds the frames it solves (950.25 → 950.5 at 2×); a negative size becomes zero.
    static func rounded(_ r: Rect, scale: Double) -> Rect {
        func round(_ x: Double) -> Double { (x * scale).rounded(.toNearestOrAwayFromZero) / scale }
        let r = r.finiteOrZero
        let (x, y) = (r.origin.x, r.origin.y)
        let minX = round(x)
        let minY = round(y)
        return Rect(
            x: minX, y: minY, width: max(0, round(x + r.size.width) - minX), height: max(0, round(y + r.size.height) - minY))
    }
}

extension Rect {
    /// The rectangle, or zero when any component is not finite.
    var finiteOrZero: Rect { isFinite ? self : .zero }
}

extension View {
    /// The constraints the engine of the view's tree holds in its solver after the last pass,
    /// in the order they were wanted: the system the tree asks for, exactly as solved. For the
    /// benchmarks, which give the same system to another solver (a separate package, so they
    /// see it through this SPI rather than `package` access).
    @_spi(LayoutEngineDump) public var layoutEngineSolverConstraints: [SolverConstraint] {
        layoutRoot.layoutState?.engine?.solverConstraints ?? []
    }
}
