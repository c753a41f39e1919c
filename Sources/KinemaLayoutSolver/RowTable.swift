/// The tableau's basic rows, by the id of their basic symbol, with an index from each symbol to
/// the rows it appears in.
///
/// - Rows live in an array indexed by symbol id (ids are dense: every symbol is made here), so
///   finding a row is an array access, not a hash.
/// - `columns[s]` lists the basic rows whose cells include symbol `s` (a dummy's rows are looked
///   for in every row instead, see ``allRows(containing:)``). Substituting a symbol,
///   choosing the row that leaves the basis, and finding a marker's rows visit only those rows
///   instead of every row of the tableau. The list is a superset: a row that loses the symbol,
///   leaves the basis or is listed twice stays listed until the list is next compacted, so every
///   use checks the row itself (``contains(_:_:)``). Entries are added whenever a cell is added.
/// - While journaling (an `add` that may fail and must leave the solver unchanged), each row's
///   value before its first change is kept, so ``rollBack(to:)`` restores exactly what changed
///   instead of the whole tableau being copied beforehand.
struct RowTable {
    /// Every symbol made, by id (id 0 is unused).
    private(set) var symbols: [Symbol] = [Symbol(id: 0, kind: .external)]
    /// The row of each basic symbol, by id; `nil` for parametric symbols.
    private(set) var store: [Row?] = [nil]
    /// For each symbol id, ids of basic rows that include it (a superset, see above).
    private(set) var columns: [[Int]] = [[]]
    /// The length at which a column is compacted next.
    private var columnLimits: [Int] = [0]
    /// Per row id, the pass of the last compaction that met it (to drop repeated ids).
    private var stamps: [Int] = [0]
    private var stampClock = 0
    /// The number of basic rows.
    private(set) var count = 0

    /// While journaling: the rows' values before their first change, and which ids are kept.
    private var journal: [(id: Int, row: Row?)] = []
    private var journaled: Set<Int> = []
    private var journaling = false

    /// The id the next symbol gets.
    var nextId: Int { symbols.count }

    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: symbols.count, kind: kind)
        symbols.append(symbol)
        store.append(nil)
        columns.append([])
        columnLimits.append(16)
        stamps.append(0)
        return symbol
    }

    /// The basic row of `symbol`, or `nil` when it is parametric.
    subscript(symbol: Symbol) -> Row? { store[symbol.id] }

    /// Whether basic row `id` exists and includes `symbol`.
    @inline(__always) func contains(_ id: Int, _ symbol: Symbol) -> Bool {
        coefficient(row: id, of: symbol) != 0
    }

    /// The coefficient of `symbol` in basic row `id` (0 when the row is missing or lacks it).
    @inline(__always) func coefficient(row id: Int, of symbol: Symbol) -> Double {
        guard id < store.count, let row = store[id] else { return 0 }
        return row.coefficient(for: symbol)
    }

    // MARK: Changing rows

    /// Makes `row` the row of the parametric `symbol`.
    mutating func set(_ symbol: Symbol, _ row: Row) {
        record(symbol.id)
        precondition(store[symbol.id] == nil, "set on a basic symbol")
        store[symbol.id] = row
        count += 1
        for cell in row.cells { note(symbol.id, in: cell.symbol.id) }
    }

    /// Removes and returns the row of `symbol`, if it is basic.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Row? {
        guard let row = store[symbol.id] else { return nil }
        record(symbol.id)
        store[symbol.id] = nil
        count -= 1
        return row
    }

    /// Adds `delta` to the constant of `symbol`'s row; returns the new constant.
    mutating func addToConstant(_ delta: Double, of symbol: Symbol) -> Double {
        record(symbol.id)
        store[symbol.id]!.constant += delta
        return store[symbol.id]!.constant
    }

    /// Replaces `symbol` by `row` in every basic row; `symbol` then appears in none. A restricted
    /// basic symbol whose row it changed to a negative constant goes into `infeasible`.
    mutating func substitute(_ symbol: Symbol, _ row: Row, infeasible: inout Set<Symbol>) {
        let ids = take(symbol)
        var added: [Int] = []
        for id in ids where contains(id, symbol) {
            record(id)
            added.removeAll(keepingCapacity: true)
            store[id]!.substitute(symbol, row, added: &added)
            for s in added { note(id, in: s) }
            let basic = symbols[id]
            if basic.isRestricted && store[id]!.constant < 0 { infeasible.insert(basic) }
        }
    }

    /// Removes `symbol` from every basic row.
    mutating func removeEverywhere(_ symbol: Symbol) {
        let ids = take(symbol)
        for id in ids where contains(id, symbol) {
            record(id)
            store[id]!.remove(symbol)
        }
    }

    /// The ids of the basic rows that include `symbol`, each once.
    mutating func rows(containing symbol: Symbol) -> [Int] {
        if symbol.kind == .dummy { return allRows(containing: symbol) }
        compact(symbol.id)
        return columns[symbol.id]
    }

    /// The ids of the basic rows that may include `symbol` (each to be checked), its column
    /// emptied: the symbol is about to leave every row.
    private mutating func take(_ symbol: Symbol) -> [Int] {
        if symbol.kind == .dummy { return allRows(containing: symbol) }
        let ids = columns[symbol.id]
        columns[symbol.id] = []
        columnLimits[symbol.id] = 16
        return ids
    }

    /// A dummy's rows, found by looking through every row. Dummies are left out of the index:
    /// a required equality's dummy spreads into the rows of everything that depends on it (a
    /// chain of n equalities puts n²/2 cells in the tableau), and it is looked for only when
    /// its constraint is removed.
    private func allRows(containing symbol: Symbol) -> [Int] {
        var ids: [Int] = []
        for id in store.indices where contains(id, symbol) { ids.append(id) }
        return ids
    }

    // MARK: The index

    /// Lists row `id` under symbol `s` (a cell for `s` was added to it). Dummies are not listed.
    @inline(__always) private mutating func note(_ id: Int, in s: Int) {
        if symbols[s].kind == .dummy { return }
        columns[s].append(id)
        if columns[s].count > columnLimits[s] { compact(s) }
    }

    /// Drops from column `s` the rows that no longer include the symbol and repeated ids.
    private mutating func compact(_ s: Int) {
        stampClock += 1
        let symbol = symbols[s]
        var list = columns[s]
        columns[s] = []
        var n = 0
        for i in list.indices {
            let id = list[i]
            // A stale id may be past the end (its symbol was rolled back): `contains` checks first.
            guard contains(id, symbol), stamps[id] != stampClock else { continue }
            stamps[id] = stampClock
            list[n] = id
            n += 1
        }
        list.removeLast(list.count - n)
        columnLimits[s] = max(16, 2 * n)
        columns[s] = list
    }

    // MARK: Journal

    /// Where a journal starts: what ``rollBack(to:)`` returns to.
    struct Mark {
        let symbolCount: Int
        let count: Int
    }

    /// Starts keeping each row's value before its first change.
    mutating func beginJournal() -> Mark {
        precondition(!journaling, "journals do not nest")
        journaling = true
        return Mark(symbolCount: symbols.count, count: count)
    }

    /// Keeps the changes made since ``beginJournal()``.
    mutating func endJournal() {
        journaling = false
        journal.removeAll()
        journaled.removeAll()
    }

    /// Undoes every change made since `mark`: the rows changed get their old values back and the
    /// symbols made since are forgotten.
    mutating func rollBack(to mark: Mark) {
        journaling = false
        var restored: [Int] = []
        for (id, row) in journal where id < mark.symbolCount {
            store[id] = row
            if row != nil { restored.append(id) }
        }
        journal.removeAll()
        journaled.removeAll()
        symbols.removeSubrange(mark.symbolCount...)
        store.removeSubrange(mark.symbolCount...)
        columns.removeSubrange(mark.symbolCount...)
        columnLimits.removeSubrange(mark.symbolCount...)
        stamps.removeSubrange(mark.symbolCount...)
        count = mark.count
        // A restored row's cells may have been taken out of their columns: list it again.
        for id in restored {
            for cell in store[id]!.cells { note(id, in: cell.symbol.id) }
        }
    }

    @inline(__always) private mutating func record(_ id: Int) {
        guard journaling, journaled.insert(id).inserted else { return }
        journal.append((id, store[id]))
    }
}
