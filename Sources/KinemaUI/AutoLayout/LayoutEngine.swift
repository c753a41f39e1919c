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
    struct Variables {
        let x: LayoutVariable
        let y: LayoutVariable
        let w: LayoutVariable
        let h: LayoutVariable
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
        /// The user's constraint, for diagnostics.
        weak var source: LayoutConstraint?
        let name: String
    }

    /// What the solver holds for a key; `solver == nil` when it was broken.
    struct Held {
        var wanted: Wanted
        var solver: SolverConstraint?
    }

    private(set) var solver = LayoutSolver()
    private var variables: [ObjectIdentifier: Variables] = [:]
    private var held: [Key: Held] = [:]
    private var heldOrder: [Key] = []
    /// Solved frames (rounded to pixels) of the views whose constraints place them.
    private(set) var frames: [ObjectIdentifier: Rect] = [:]
    /// The user constraints the engine could not satisfy and ignores, in the order broken.
    private(set) var broken: [LayoutConstraint] = []
    /// The views in the engine at the last pass, in tree order.
    private(set) var views: [View] = []

    /// For ``View/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``:
    /// the root's size is pulled to this target at these priorities instead of being fixed to
    /// its bounds.
    var fitting: (size: Size, width: LayoutPriority, height: LayoutPriority)?

    /// Drops everything; the next pass rebuilds the solver from the tree.
    func reset() {
        solver = LayoutSolver()
        variables = [:]
        held = [:]
        heldOrder = []
        frames = [:]
        broken = []
        views = []
    }

    func variables(for item: AnyObject) -> Variables {
        let id = ObjectIdentifier(item)
        if let v = variables[id] { return v }
        let name = (item as? any LayoutItem)?.layoutName ?? "item"
        let v = Variables(
            x: LayoutVariable(name + ".minX"), y: LayoutVariable(name + ".minY"),
            w: LayoutVariable(name + ".width"), h: LayoutVariable(name + ".height"))
        variables[id] = v
        return v
    }

    /// The constraints the solver holds, in the order the last pass wanted them (broken ones
    /// left out).
    var solverConstraints: [SolverConstraint] { heldOrder.compactMap { held[$0]?.solver } }

    /// The solved values of an item's variables (its frame in its superview's coordinates,
    /// unrounded), or `nil` when the item is not in the engine.
    func solvedRect(of item: AnyObject) -> Rect? {
        guard let v = variables[ObjectIdentifier(item)] else { return nil }
        return Rect(x: v.x.value, y: v.y.value, width: v.w.value, height: v.h.value)
    }

    // MARK: The pass

    /// Runs the update-constraints pass, brings the solver in line with the tree under `root`,
    /// solves, and records the frames. Returns the views whose frames differ from the solved
    /// ones (their superviews need layout).
    @discardableResult
    func update(root: View) -> [View] {
        root.updateConstraintsPass()
        var tree: [View] = []
        var stack = [root]
        while let v = stack.popLast() {
            tree.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        // The users' constraints, with margin attributes resolved to the margins guide.
        var users: [(LayoutConstraint, any LayoutItem, LayoutConstraint.Attribute, (any LayoutItem)?, LayoutConstraint.Attribute)] = []
        var needed = Set<ObjectIdentifier>()
        func need(_ view: View) {
            var node: View? = view
            while let v = node, needed.insert(ObjectIdentifier(v)).inserted, v !== root { node = v.superview }
        }
        need(root)
        for v in tree {
            guard let state = v.layoutState else { continue }
            if !state.translatesAutoresizingMask || state.safeAreaGuide != nil || state.marginsGuide != nil
                || !state.guides.isEmpty
            {
                need(v)
            }
            for c in state.constraints {
                guard var first = c.firstItem else { continue }
                var a1 = c.firstAttribute
                if let plain = a1.withoutMargin, let view = first as? View {
                    first = view.layoutMarginsGuide
                    a1 = plain
                }
                var second = c.secondItem
                var a2 = c.secondAttribute
                if c.hasSecondItem {
                    guard let s = second else { continue }
                    if let plain = a2.withoutMargin, let view = s as? View {
                        second = view.layoutMarginsGuide
                        a2 = plain
                    }
                }
                guard let o1 = first.layoutOwner, o1.layoutRoot === root else { continue }
                if let o2 = second?.layoutOwner {
                    guard o2.layoutRoot === root else { continue }
                    need(o2)
                }
                need(o1)
                users.append((c, first, a1, second, a2))
            }
        }
        views = tree.filter { needed.contains(ObjectIdentifier($0)) }

        var wanted: [Wanted] = []
        for v in views { systemConstraints(of: v, root: root, into: &wanted) }
        for (c, first, a1, second, a2) in users {
            guard let w = userConstraint(c, first, a1, second, a2) else { continue }
            wanted.append(w)
        }
        synchronise(wanted)
        solver.updateVariables()
        return recordFrames(root: root)
    }

    private func systemConstraints(of v: View, root: View, into wanted: inout [Wanted]) {
        let id = ObjectIdentifier(v)
        let vars = variables(for: v)
        func add(_ slot: Int, _ e: LinearExpression, _ r: SolverRelation = .equal, _ p: Float = 1000, _ name: String) {
            wanted.append(Wanted(key: .system(id, slot), expression: e, relation: r, priority: p, source: nil, name: name))
        }
        let label = v.layoutDebugName
        if v === root {
            add(0, LinearExpression(vars.x), .equal, 1000, "\(label) root minX")
            add(1, LinearExpression(vars.y), .equal, 1000, "\(label) root minY")
            if let fitting {
                add(2, vars.w - fitting.size.width, .equal, fitting.width.rawValue, "\(label) fitting width")
                add(3, vars.h - fitting.size.height, .equal, fitting.height.rawValue, "\(label) fitting height")
            } else {
                add(2, vars.w - v.bounds.width, .equal, 1000, "\(label) root width")
                add(3, vars.h - v.bounds.height, .equal, 1000, "\(label) root height")
            }
        } else if v.translatesAutoresizingMaskIntoConstraints, let parent = v.superview {
            autoresizing(v, vars, parent: parent, label: label, add)
        } else {
            intrinsic(v, vars, label: label, add)
        }
        guard let state = v.layoutState else { return }
        if let guide = state.safeAreaGuide {
            guideConstraints(guide, owner: vars, insets: v.safeAreaInsets, base: 8, into: &wanted)
        }
        if let guide = state.marginsGuide {
            guideConstraints(guide, owner: vars, insets: v.layoutMargins, base: 12, into: &wanted)
        }
        for guide in state.guides { _ = variables(for: guide) }
    }

    private func autoresizing(
        _ v: View, _ vars: Variables, parent: View, label: String,
        _ add: (Int, LinearExpression, SolverRelation, Float, String) -> Void
    ) {
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
        add(0, vars.x - h.0 * pv.w - (origin.x - h.0 * p.width), .equal, 1000, "\(label) autoresizing minX")
        add(1, vars.w - h.1 * pv.w - (size.width - h.1 * p.width), .equal, 1000, "\(label) autoresizing width")
        add(2, vars.y - vert.0 * pv.h - (origin.y - vert.0 * p.height), .equal, 1000, "\(label) autoresizing minY")
        add(3, vars.h - vert.1 * pv.h - (size.height - vert.1 * p.height), .equal, 1000, "\(label) autoresizing height")
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
        _ v: View, _ vars: Variables, label: String,
        _ add: (Int, LinearExpression, SolverRelation, Float, String) -> Void
    ) {
        let size = v.cachedIntrinsicContentSize
        let state = v.makeLayoutState()
        // A fill stack view decides ties among its arranged views by their order.
        var bias: (Float, Float) = (0, 0)
        if let stack = v.superview as? StackView {
            let b = stack.tieBreakBias(for: v)
            bias = stack.axis == .horizontal ? (b, 0) : (0, b)
        }
        func raised(_ p: LayoutPriority, _ b: Float) -> Float { p.rawValue < 999 ? p.rawValue + b : p.rawValue }
        if size.width >= 0, size.width.isFinite {
            add(4, vars.w - size.width, .lessThanOrEqual, raised(state.hugging.0, bias.0), "\(label) hugging width")
            add(5, vars.w - size.width, .greaterThanOrEqual, raised(state.compression.0, bias.0), "\(label) compression width")
        }
        if size.height >= 0, size.height.isFinite {
            add(6, vars.h - size.height, .lessThanOrEqual, raised(state.hugging.1, bias.1), "\(label) hugging height")
            add(7, vars.h - size.height, .greaterThanOrEqual, raised(state.compression.1, bias.1), "\(label) compression height")
        }
    }

    private func guideConstraints(
        _ guide: LayoutGuide, owner: Variables, insets: EdgeInsets, base: Int, into wanted: inout [Wanted]
    ) {
        let g = variables(for: guide)
        let id = ObjectIdentifier(guide)
        let name = guide.debugName
        let rows: [LinearExpression] = [
            g.x - insets.left, g.y - insets.top,
            g.w - owner.w + (insets.left + insets.right), g.h - owner.h + (insets.top + insets.bottom),
        ]
        for (i, e) in rows.enumerated() {
            wanted.append(Wanted(key: .system(id, base + i), expression: e, relation: .equal, priority: 1000, source: nil, name: name))
        }
    }

    // MARK: Users' constraints

    private func userConstraint(
        _ c: LayoutConstraint, _ first: any LayoutItem, _ a1: LayoutConstraint.Attribute,
        _ second: (any LayoutItem)?, _ a2: LayoutConstraint.Attribute
    ) -> Wanted? {
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
        let relation: SolverRelation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        return Wanted(
            key: .user(ObjectIdentifier(c)), expression: lhs - rhs, relation: relation, priority: c.priority.rawValue,
            source: c, name: c.description)
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
    private func synchronise(_ wanted: [Wanted]) {
        var next: [Key: Held] = [:]
        var nextOrder: [Key] = []
        nextOrder.reserveCapacity(wanted.count)
        var wantedKeys = Set<Key>()
        for w in wanted { wantedKeys.insert(w.key) }
        var removedAny = false
        var failed: [Wanted] = []
        // Removals first, so that a replaced constraint never conflicts with its successor.
        var byKey: [Key: Wanted] = [:]
        for w in wanted { byKey[w.key] = w }
        for key in heldOrder {
            guard let h = held[key] else { continue }
            if let w = byKey[key], Self.same(h.wanted, w) { continue }
            if let s = h.solver {
                try? solver.remove(s)
                removedAny = true
            }
            held[key] = nil
        }
        for w in wanted {
            nextOrder.append(w.key)
            if var h = held[w.key] {
                // Unchanged. A broken one is tried again once something was removed.
                h.wanted = w
                if h.solver == nil, removedAny, let s = add(w, report: false) { h.solver = s }
                next[w.key] = h
                continue
            }
            let added = add(w, report: true)
            if added == nil { failed.append(w) }
            next[w.key] = Held(wanted: w, solver: added)
        }
        held = next
        heldOrder = nextOrder
        for w in failed { reportUnsatisfiable(w) }
        broken = nextOrder.compactMap { key in
            guard let h = held[key], h.solver == nil else { return nil }
            return h.wanted.source
        }
    }

    private func add(_ w: Wanted, report: Bool) -> SolverConstraint? {
        let s = SolverConstraint(w.expression, w.relation, priority: w.priority, name: w.name)
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
        for key in heldOrder {
            guard key != w.key, let h = held[key], h.solver != nil, h.wanted.priority >= 1000,
                h.wanted.expression.terms.contains(where: { ids.contains(ObjectIdentifier($0.variable)) })
            else { continue }
            related.append("    " + h.wanted.name)
        }
        related.append("    " + w.name)
        let message =
            "Unable to simultaneously satisfy constraints. At least one of these is probably one you don't want:\n"
            + related.joined(separator: "\n")
            + "\nWill attempt to recover by breaking constraint\n    \(w.name)"
        if let source = w.source {
            let layer = source.firstItem?.layoutOwner?.layer ?? source.secondItem?.layoutOwner?.layer
            layer?.report("Auto Layout: " + message)
        }
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

    private func recordFrames(root: View) -> [View] {
        frames.removeAll(keepingCapacity: true)
        var moved: [View] = []
        for v in views {
            let vars = variables(for: v)
            if let state = v.layoutState {
                for guide in [state.safeAreaGuide, state.marginsGuide].compactMap({ $0 }) + state.guides {
                    if let r = solvedRect(of: guide) { guide.layoutFrame = r.finiteOrZero }
                }
            }
            guard v !== root, !v.translatesAutoresizingMaskIntoConstraints else { continue }
            let scale = v.window?.screenScale ?? Window.defaultScale
            let frame = Self.rounded(
                Rect(x: vars.x.value, y: vars.y.value, width: vars.w.value, height: vars.h.value), scale: scale)
            frames[ObjectIdentifier(v)] = frame
            if frame != v.untransformedFrame { moved.append(v) }
        }
        return moved
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
