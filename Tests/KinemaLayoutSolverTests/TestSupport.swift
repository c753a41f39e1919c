import KinemaLayoutSolver
import TestSupport

/// The repository's seeded generator (SplitMix64), under the name these tests use.
typealias SplitMix64 = SeededGenerator

extension SeededGenerator {
    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func bool() -> Bool { next() & 1 == 1 }
}

/// Value of `expression` with the solver's current values.
func evaluate(_ expression: LinearExpression, _ solver: LayoutSolver) -> Double {
    expression.terms.reduce(expression.constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
}

/// Scale used for tolerances: `max(1, sum |c_i * v_i| + |constant|)`.
func scale(_ expression: LinearExpression, _ solver: LayoutSolver) -> Double {
    max(1, expression.terms.reduce(abs(expression.constant)) { $0 + abs($1.coefficient * solver.value(of: $1.variable)) })
}

/// Whether the constraint holds within `1e-9` relative tolerance.
func holds(_ c: SolverConstraint, _ solver: LayoutSolver, tolerance: Double = 1e-9) -> Bool {
    let v = evaluate(c.expression, solver)
    let tol = tolerance * scale(c.expression, solver)
    switch c.relation {
    case .equal: return abs(v) <= tol
    case .lessThanOrEqual: return v <= tol
    case .greaterThanOrEqual: return v >= -tol
    }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
}

/// Independent Gaussian elimination with partial pivoting. Returns nil when a pivot is
/// smaller than `minPivot` (treated as singular / ill-conditioned).
func gaussianSolve(_ a: [[Double]], _ b: [Double], minPivot: Double = 0.5) -> [Double]? {
    let n = b.count
    var m = a, r = b
    for col in 0..<n {
        var p = col
        for row in col..<n where abs(m[row][col]) > abs(m[p][col]) { p = row }
        if abs(m[p][col]) < minPivot { return nil }
        m.swapAt(col, p); r.swapAt(col, p)
        for row in (col + 1)..<n {
            let f = m[row][col] / m[col][col]
            if f == 0 { continue }
            for k in col..<n { m[row][k] -= f * m[col][k] }
            r[row] -= f * r[col]
        }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
        var s = r[row]
        for k in (row + 1)..<n { s -= m[row][k] * x[k] }
        x[row] = s / m[row][row]
    }
    return x
}

/// A random linear expression over `vars` with small integer coefficients.
func randomExpression(_ rng: inout SplitMix64, _ vars: [LayoutVariable], maxTerms: Int = 3) -> LinearExpression {
    var e = LinearExpression(Double(rng.int(-20...20)))
    for _ in 0..<rng.int(1...maxTerms) {
        var c = rng.int(-4...4)
        if c == 0 { c = 1 }
        e = e + vars[rng.int(0...(vars.count - 1))] * Double(c)
    }
    return e
}

func randomRelation(_ rng: inout SplitMix64) -> SolverRelation {
    switch rng.int(0...2) {
    case 0: return .equal
    case 1: return .lessThanOrEqual
    default: return .greaterThanOrEqual
    }
}

func isUnsatisfiable(_ error: SolverError, _ c: SolverConstraint) -> Bool {
    if case .unsatisfiable(let named) = error { return named === c }
    return false
}
