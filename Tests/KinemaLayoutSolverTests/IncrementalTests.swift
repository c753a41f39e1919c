import KinemaLayoutSolver
import Testing

/// A random scenario whose optimum is unique: every optional constraint has its own
/// priority and every variable has a weak stay at its own (lowest) priority.
struct Scenario {
    var vars: [LayoutVariable]
    var stays: [SolverConstraint]
    var pool: [SolverConstraint]
    var editPriorities: [Float]

    init(_ rng: inout SplitMix64) {
        let n = rng.int(2...5)
        vars = (0..<n).map { LayoutVariable("v\($0)") }
        stays = vars.enumerated().map { i, v in
            SolverConstraint(v, .equal, Double(rng.int(-30...30)), priority: 1 + Float(i) * 0.125)
        }
        var free = Array(2...999).map { Float($0) }
        func take(_ rng: inout SplitMix64) -> Float { free.remove(at: rng.int(0...(free.count - 1))) }
        let vs = vars
        pool = (0..<rng.int(3...10)).map { _ in
            let required = rng.int(0...2) == 0
            return SolverConstraint(
                randomExpression(&rng, vs), randomRelation(&rng),
                priority: required ? 1000 : take(&rng))
        }
        editPriorities = vars.map { _ in take(&rng) }
    }
}

@Suite struct IncrementalTests {
    @Test func incrementalEqualsFromScratch() throws {
        var rng = SplitMix64(seed: 2026)
        for round in 0..<60 {
            let sc = Scenario(&rng)
            let s = LayoutSolver()
            for c in sc.stays { try s.add(c) }
            var present: [SolverConstraint] = []
            var edits: [Int: Double] = [:]
            for _ in 0..<40 {
                switch rng.int(0...5) {
                case 0, 1:
                    let c = sc.pool[rng.int(0...(sc.pool.count - 1))]
                    if s.hasConstraint(c) { continue }
                    do { try s.add(c); present.append(c) } catch { #expect(isUnsatisfiable(error, c)) }
                case 2:
                    guard !present.isEmpty else { continue }
                    try s.remove(present.remove(at: rng.int(0...(present.count - 1))))
                case 3:
                    let i = rng.int(0...(sc.vars.count - 1))
                    if edits[i] == nil {
                        try s.addEditVariable(sc.vars[i], priority: sc.editPriorities[i])
                        edits[i] = s.value(of: sc.vars[i])
                    } else {
                        try s.removeEditVariable(sc.vars[i]); edits[i] = nil
                    }
                default:
                    guard let i = edits.keys.sorted().first(where: { _ in rng.bool() }) else { continue }
                    let v = Double(rng.int(-60...60))
                    try s.suggestValue(sc.vars[i], v); edits[i] = v
                }
            }
            // From scratch with the final set.
            let fresh = LayoutSolver()
            for c in sc.stays { try fresh.add(c) }
            for c in present { try fresh.add(c) }
            for i in edits.keys.sorted() {
                try fresh.addEditVariable(sc.vars[i], priority: sc.editPriorities[i])
                try fresh.suggestValue(sc.vars[i], edits[i]!)
            }
            for (j, v) in sc.vars.enumerated() {
                #expect(close(s.value(of: v), fresh.value(of: v)), "round \(round) v\(j)")
                #expect(!s.isAmbiguous(v), "round \(round) v\(j)")
            }
            for c in present where c.isRequired { #expect(holds(c, s)) }
        }
    }
}
