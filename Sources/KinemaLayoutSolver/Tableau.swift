/// Marker symbols of a constraint in the tableau (as in the paper / kiwi).
struct ConstraintTag {
    /// Slack (inequality), error+ (optional equality) or dummy (required equality).
    var marker: Symbol
    /// Error symbol of an optional inequality, error- of an optional equality.
    var other: Symbol?
}

struct ConstraintEntry {
    let constraint: SolverConstraint
    let tag: ConstraintTag
}

struct VariableEntry {
    let variable: LayoutVariable
    let symbol: Symbol
}

struct EditEntry {
    let constraint: SolverConstraint
    var constant: Double
}

/// The complete solver state, a value type so it can be snapshotted (copy-on-write) for
/// ambiguity probes. An `add` that fails in the artificial-variable phase is undone through the
/// rows' journal (``RowTable``) and what it changed besides, not through a snapshot.
struct Tableau {
    var rows = RowTable()
    /// Objective levels, sorted by descending priority.
    var levels: [ObjectiveLevel] = []
    /// Objective of the artificial-variable phase, when active.
    var artificial: Row?
    var infeasible: Set<Symbol> = []
    /// Per symbol id, the pass of ``lexEnteringSymbol()`` that last settled it.
    var settledMarks: [Int] = []
    var settledClock = 0
    var variables: [ObjectIdentifier: VariableEntry] = [:]
    var constraints: [ObjectIdentifier: ConstraintEntry] = [:]
    var edits: [ObjectIdentifier: EditEntry] = [:]

    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol { rows.makeSymbol(kind) }

    func value(of variable: LayoutVariable) -> Double? {
        guard let entry = variables[ObjectIdentifier(variable)] else { return nil }
        return rows[entry.symbol]?.constant ?? 0
    }

    // MARK: Levels

    func levelIndex(_ priority: Float) -> Int? { levels.firstIndex { $0.priority == priority } }

    mutating func levelIndexCreating(_ priority: Float) -> Int {
        if let i = levelIndex(priority) { return i }
        let i = levels.firstIndex { $0.priority < priority } ?? levels.count
        levels.insert(ObjectiveLevel(priority: priority, row: Row(), constraintCount: 0), at: i)
        return i
    }

    // MARK: Adding

    struct PreparedRow {
        var row: Row
        var tag: ConstraintTag
        var errors: [Symbol]
        var fresh: [(ObjectIdentifier, VariableEntry)]
        var freshIds: Set<Int>
    }

    /// Builds the constraint's row in terms of the current parametric symbols. Only new symbols
    /// are made; new variables are returned to be registered on commit.
    mutating func prepareRow(_ constraint: SolverConstraint, priority: Float) -> PreparedRow {
        let expr = constraint.expression
        var row = Row(constant: expr.constant)
        var fresh: [(ObjectIdentifier, VariableEntry)] = []
        var freshIds: Set<Int> = []
        for term in expr.terms {
            let oid = ObjectIdentifier(term.variable)
            let symbol: Symbol
            if let entry = variables[oid] {
                symbol = entry.symbol
            } else if let f = fresh.first(where: { $0.0 == oid }) {
                symbol = f.1.symbol
            } else {
                symbol = makeSymbol(.external)
                fresh.append((oid, VariableEntry(variable: term.variable, symbol: symbol)))
                freshIds.insert(symbol.id)
            }
            if let basic = rows[symbol] { row.insert(basic, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        // Room for the markers (new symbols, so they go last): appending them must not double an
        // array sized exactly by the merges above.
        row.cells.reserveCapacity(row.cells.count + 2)
        let required = priority >= SolverPriority.required
        var errors: [Symbol] = []
        let tag: ConstraintTag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            row.insert(slack, coefficient)
            if required {
                tag = ConstraintTag(marker: slack, other: nil)
            } else {
                let error = makeSymbol(.error)
                row.insert(error, -coefficient)
                errors.append(error)
                tag = ConstraintTag(marker: slack, other: error)
            }
        case .equal:
            if required {
                let dummy = makeSymbol(.dummy)
                row.insert(dummy)
                tag = ConstraintTag(marker: dummy, other: nil)
            } else {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                errors += [plus, minus]
                tag = ConstraintTag(marker: plus, other: minus)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return PreparedRow(row: row, tag: tag, errors: errors, fresh: fresh, freshIds: freshIds)
    }

    /// Subject choice (as in the Cassowary paper, Badros, Borning and Stuckey 2001, section 4, and kiwi), made deterministic: a fresh external (largest id,
    /// needs no substitution), else the external with the smallest id, else a marker with a
    /// negative coefficient.
    func chooseSubject(_ p: PreparedRow) -> Symbol? {
        var freshBest: Symbol?
        var externalBest: Symbol?
        for symbol in p.row.cells.lazy.map(\.symbol) where symbol.kind == .external {
            if p.freshIds.contains(symbol.id) {
                if freshBest == nil || symbol.id > freshBest!.id { freshBest = symbol }
            } else if externalBest == nil || symbol.id < externalBest!.id {
                externalBest = symbol
            }
        }
        if let s = freshBest ?? externalBest { return s }
        if p.tag.marker.isPivotable && p.row.coefficient(for: p.tag.marker) < 0 { return p.tag.marker }
        if let other = p.tag.other, other.isPivotable, p.row.coefficient(for: other) < 0 { return other }
        return nil
    }

    mutating func commit(_ p: PreparedRow, _ constraint: SolverConstraint, priority: Float) {
        for (oid, entry) in p.fresh { variables[oid] = entry }
        if !p.errors.isEmpty {
            let i = levelIndexCreating(priority)
            for e in p.errors { levels[i].row.insert(e, 1) }
            levels[i].constraintCount += 1
        }
        constraints[ObjectIdentifier(constraint)] = ConstraintEntry(constraint: constraint, tag: p.tag)
    }

    /// Adds a validated constraint. Returns `false` if it is unsatisfiable (state unchanged).
    mutating func add(_ constraint: SolverConstraint, priority: Float) throws(SolverError) -> Bool {
        var p = prepareRow(constraint, priority: priority)
        var subject = chooseSubject(p)
        if subject == nil && p.row.isAllDummies {
            if !nearZero(p.row.constant) { return false }
            subject = p.tag.marker
        }
        if let subject {
            commit(p, constraint, priority: priority)
            p.row.solve(for: subject)
            if subject.kind == .external && !p.freshIds.contains(subject.id) {
                substitute(subject, p.row)
            } else if p.errors.contains(subject) {
                for i in levels.indices { levels[i].row.substitute(subject, p.row) }
            }
            rows.set(subject, p.row)
            try optimize()
            return true
        }
        // The artificial-variable phase may fail; then everything it changed is put back.
        let savedLevels = levels, savedInfeasible = infeasible
        let mark = rows.beginJournal()
        commit(p, constraint, priority: priority)
        func rollBack() {
            rows.rollBack(to: mark)
            levels = savedLevels
            infeasible = savedInfeasible
            artificial = nil
            for (oid, _) in p.fresh { variables[oid] = nil }
            constraints[ObjectIdentifier(constraint)] = nil
        }
        do {
            guard try addWithArtificialVariable(p.row) else {
                rollBack()
                return false
            }
            rows.endJournal()
            try optimize()
        } catch {
            rollBack()
            throw error
        }
        return true
    }

    mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let art = makeSymbol(.slack)
        rows.set(art, row)
        artificial = row
        defer { artificial = nil }
        try optimize(artificialPhase: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if var artRow = rows.remove(art) {
            if artRow.cells.isEmpty { return success }
            var entering: Symbol?
            for s in artRow.cells.lazy.map(\.symbol) where s.isPivotable {
                if entering == nil || s.id < entering!.id { entering = s }
            }
            guard let entering else { return false }
            artRow.solve(for: art, entering)
            substitute(entering, artRow)
            rows.set(entering, artRow)
        }
        rows.removeEverywhere(art)
        for i in levels.indices { levels[i].row.remove(art) }
        return success
    }

    // MARK: Removing

    mutating func remove(_ constraint: SolverConstraint) throws(SolverError) {
        guard let entry = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw .unknownConstraint(constraint)
        }
        let tag = entry.tag
        var errors: [Symbol] = []
        if tag.marker.kind == .error { errors.append(tag.marker) }
        if let o = tag.other, o.kind == .error { errors.append(o) }
        if !errors.isEmpty, let i = levelIndex(entry.constraint.priority) {
            for e in errors {
                if let r = rows[e] { levels[i].row.insert(r, -1) } else { levels[i].row.insert(e, -1) }
            }
            levels[i].constraintCount -= 1
            if levels[i].constraintCount == 0 { levels.remove(at: i) }
        }
        if rows.remove(tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker) else {
                throw .internalError("no leaving row for marker of \(constraint)")
            }
            var row = rows.remove(leaving)!
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize()
    }

    mutating func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: (Double, Symbol)?, second: (Double, Symbol)?, third: Symbol?
        func better(_ cand: (Double, Symbol), _ cur: (Double, Symbol)?) -> Bool {
            guard let cur else { return true }
            return cand.0 < cur.0 || (cand.0 == cur.0 && cand.1.id < cur.1.id)
        }
        for id in rows.rows(containing: marker) {
            let basic = rows.symbols[id], row = rows.store[id]!
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            if basic.kind == .external {
                if third == nil || basic.id < third!.id { third = basic }
            } else if c < 0 {
                let r = -row.constant / c
                if better((r, basic), first) { first = (r, basic) }
            } else {
                let r = row.constant / c
                if better((r, basic), second) { second = (r, basic) }
            }
        }
        return first?.1 ?? second?.1 ?? third
    }

    // MARK: Simplex

    /// Replaces `symbol` by `row` in every row and objective; records newly infeasible rows.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        rows.substitute(symbol, row, infeasible: &infeasible)
        for i in levels.indices { levels[i].row.substitute(symbol, row) }
        artificial?.substitute(symbol, row)
    }

    mutating func pivot(leaving: Symbol, entering: Symbol) {
        var row = rows.remove(leaving)!
        row.solve(for: leaving, entering)
        substitute(entering, row)
        rows.set(entering, row)
    }

    var iterationLimit: Int { 10_000 + 50 * rows.count }

    /// The symbol the primal simplex brings into the basis (Bland's rule): the smallest id among
    /// the symbols, dummies aside, whose lexicographic objective coefficient is negative, that is
    /// whose coefficient in the highest level that has one (beyond `solverEpsilon`) is negative.
    /// One pass down the levels: a symbol met in a level is settled there, and lower levels no
    /// longer count for it.
    mutating func lexEnteringSymbol() -> Symbol? {
        var settled = settledMarks
        settledMarks = []
        defer { settledMarks = settled }
        if settled.count < rows.nextId { settled += repeatElement(0, count: rows.nextId - settled.count) }
        settledClock += 1
        let clock = settledClock
        var entering: Symbol?
        for level in levels {
            for cell in level.row.cells {
                let c = cell.coefficient
                guard c > solverEpsilon || c < -solverEpsilon else { continue }
                let id = cell.symbol.id
                guard settled[id] != clock else { continue }
                settled[id] = clock
                if c < 0, cell.symbol.kind != .dummy, entering == nil || id < entering!.id { entering = cell.symbol }
            }
        }
        return entering
    }

    /// Primal simplex with Bland's rule (smallest id) on the lexicographic objective.
    mutating func optimize(artificialPhase: Bool = false) throws(SolverError) {
        var iterations = 0
        while true {
            iterations += 1
            if iterations > iterationLimit { throw .internalError("primal simplex did not terminate") }
            var entering: Symbol?
            if artificialPhase {
                for cell in artificial!.cells where cell.symbol.kind != .dummy && cell.coefficient < 0 {
                    let s = cell.symbol
                    if entering == nil || s.id < entering!.id { entering = s }
                }
            } else {
                entering = lexEnteringSymbol()
            }
            guard let entering else { return }
            var best: (Double, Symbol)?
            for id in rows.columns[entering.id] {
                let basic = rows.symbols[id]
                guard basic.isRestricted else { continue }
                let c = rows.coefficient(row: id, of: entering)
                guard c < 0 else { continue }
                let r = -rows.store[id]!.constant / c
                if best == nil || r < best!.0 || (r == best!.0 && basic.id < best!.1.id) { best = (r, basic) }
            }
            guard let leaving = best?.1 else { throw .internalError("objective is unbounded") }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Dual simplex (the Cassowary paper, section 5): restores feasibility after edit constants changed.
    mutating func dualOptimize() throws(SolverError) {
        var iterations = 0
        while let leaving = infeasible.min(by: { $0.id < $1.id }) {
            infeasible.remove(leaving)
            iterations += 1
            if iterations > iterationLimit { throw .internalError("dual simplex did not terminate") }
            guard let row = rows[leaving], row.constant < 0, !nearZero(row.constant) else { continue }
            var entering: (Symbol, Double)?
            for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
                let s = cell.symbol, c = cell.coefficient
                if let e = entering, !levels.lexRatioLess(s, c, e.0, e.1) { continue }
                entering = (s, c)
            }
            guard let entering else { throw .internalError("dual simplex found no entering symbol") }
            pivot(leaving: leaving, entering: entering.0)
        }
    }

    // MARK: Edits

    mutating func suggest(_ variable: LayoutVariable, _ value: Double) throws(SolverError) {
        let oid = ObjectIdentifier(variable)
        guard var edit = edits[oid], let tag = constraints[ObjectIdentifier(edit.constraint)]?.tag else {
            throw .unknownEditVariable(variable)
        }
        let delta = value - edit.constant
        edit.constant = value
        edits[oid] = edit
        infeasible.removeAll()
        if rows[tag.marker] != nil {
            if rows.addToConstant(-delta, of: tag.marker) < 0 { infeasible.insert(tag.marker) }
        } else if let other = tag.other, rows[other] != nil {
            if rows.addToConstant(delta, of: other) < 0 { infeasible.insert(other) }
        } else {
            for id in rows.rows(containing: tag.marker) {
                let c = rows.coefficient(row: id, of: tag.marker)
                guard c != 0 else { continue }
                let basic = rows.symbols[id]
                if rows.addToConstant(c * delta, of: basic) < 0 && basic.isRestricted { infeasible.insert(basic) }
            }
        }
        try dualOptimize()
    }
}
