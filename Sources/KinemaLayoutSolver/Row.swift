/// One non-zero entry of a ``Row``.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A sparse tableau row: `basic = constant + sum(cells[i].coefficient * cells[i].symbol)`, or,
/// for objective rows, `objective = constant + ...`.
///
/// Cells are kept sorted by symbol id, so iteration order is deterministic and adding rows is
/// a linear merge (no hashing). Coefficients that become near zero are dropped.
struct Row {
    var cells: [Cell] = []
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    /// Binary search: index of `symbol` or its insertion point.
    func find(_ symbol: Symbol) -> (found: Bool, index: Int) {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let id = cells[mid].symbol.id
            if id == symbol.id { return (true, mid) }
            if id < symbol.id { lo = mid + 1 } else { hi = mid }
        }
        return (false, lo)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (found, i) = find(symbol)
        return found ? cells[i].coefficient : 0
    }

    var isAllDummies: Bool { cells.allSatisfy { $0.symbol.kind == .dummy } }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (found, i) = find(symbol)
        if found {
            let value = cells[i].coefficient + coefficient
            if nearZero(value) { cells.remove(at: i) } else { cells[i].coefficient = value }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: i)
        }
    }

    /// `self += row * coefficient` (sorted merge).
    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        var unused: [Int] = []
        merge(row, coefficient, tracking: false, added: &unused)
    }

    /// `self += row * coefficient`, appending to `added` the id of each symbol that was not in
    /// this row and now is.
    mutating func insert(_ row: Row, _ coefficient: Double, added: inout [Int]) {
        merge(row, coefficient, tracking: true, added: &added)
    }

    @inline(__always)
    private mutating func merge(_ row: Row, _ coefficient: Double, tracking: Bool, added: inout [Int]) {
        constant += row.constant * coefficient
        if row.cells.isEmpty { return }
        // Unsafe buffers keep this hot loop fast in debug builds too.
        let a = cells, b = row.cells
        cells = [Cell](unsafeUninitializedCapacity: a.count + b.count) { out, count in
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    var i = 0, j = 0, n = 0
                    let na = pa.count, nb = pb.count
                    while i < na || j < nb {
                        let ida = i < na ? pa[i].symbol.id : Int.max
                        let idb = j < nb ? pb[j].symbol.id : Int.max
                        if ida < idb {
                            out.initializeElement(at: n, to: pa[i]); n += 1; i += 1
                        } else if idb < ida {
                            let v = pb[j].coefficient * coefficient
                            if !nearZero(v) {
                                out.initializeElement(at: n, to: Cell(symbol: pb[j].symbol, coefficient: v))
                                n += 1
                                if tracking { added.append(idb) }
                            }
                            j += 1
                        } else {
                            let v = pa[i].coefficient + pb[j].coefficient * coefficient
                            if !nearZero(v) { out.initializeElement(at: n, to: Cell(symbol: pa[i].symbol, coefficient: v)); n += 1 }
                            i += 1; j += 1
                        }
                    }
                    count = n
                }
            }
        }
    }

    mutating func remove(_ symbol: Symbol) {
        let (found, i) = find(symbol)
        if found { cells.remove(at: i) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = constant + a*symbol + rest` as `symbol = -(constant + rest)/a`.
    mutating func solve(for symbol: Symbol) {
        let (found, index) = find(symbol)
        precondition(found, "solve(for:) on a symbol not in the row")
        let coefficient = -1 / cells.remove(at: index).coefficient
        constant *= coefficient
        for i in cells.indices { cells[i].coefficient *= coefficient }
    }

    /// Rewrites `lhs = row` as `rhs = ...` (pivot).
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` if it occurs. Returns whether it occurred.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, _ row: Row) -> Bool {
        let (found, i) = find(symbol)
        guard found else { return false }
        let c = cells.remove(at: i).coefficient
        insert(row, c)
        return true
    }

    /// Replaces `symbol` by `row` if it occurs, appending to `added` the ids of the symbols that
    /// come into this row. Returns whether it occurred.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, _ row: Row, added: inout [Int]) -> Bool {
        let (found, i) = find(symbol)
        guard found else { return false }
        let c = cells.remove(at: i).coefficient
        insert(row, c, added: &added)
        return true
    }
}
