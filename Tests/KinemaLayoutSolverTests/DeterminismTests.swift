import KinemaLayoutSolver
import Testing

/// Runs a fixed pseudo-random sequence of adds, removes and suggestions; returns bit patterns.
func deterministicRun(seed: UInt64) -> [UInt64] {
    var rng = SplitMix64(seed: seed)
    let s = LayoutSolver()
    let vars = (0..<8).map { LayoutVariable("d\($0)") }
    var present: [SolverConstraint] = []
    var out: [UInt64] = []
    try? s.addEditVariable(vars[0], priority: 600)
    try? s.addEditVariable(vars[1], priority: 400)
    for step in 0..<300 {
        switch rng.int(0...4) {
        case 0, 1:
            let p: Float = rng.bool() ? 1000 : Float(rng.int(1...999))
            let c = SolverConstraint(randomExpression(&rng, vars, maxTerms: 4), randomRelation(&rng), priority: p)
            if (try? s.add(c)) != nil { present.append(c) }
        case 2:
            if !present.isEmpty { try? s.remove(present.remove(at: rng.int(0...(present.count - 1)))) }
        default:
            try? s.suggestValue(vars[rng.int(0...1)], Double(rng.int(-100...100)) / 3)
        }
        if step % 10 == 0 { out += vars.map { s.value(of: $0).bitPattern } }
    }
    s.updateVariables()
    return out + vars.map { $0.value.bitPattern }
}

@Suite struct DeterminismTests {
    @Test func sameSequenceGivesBitIdenticalValues() {
        for seed: UInt64 in [1, 2, 3, 99] {
            let a = deterministicRun(seed: seed), b = deterministicRun(seed: seed)
            #expect(a == b, "seed \(seed)")
            #expect(a.allSatisfy { Double(bitPattern: $0).isFinite })
        }
        // Printed so runs in separate processes (different hash seeds) can be compared.
        let digest = deterministicRun(seed: 5).reduce(UInt64(14695981039346656037)) { ($0 ^ $1) &* 1099511628211 }
        print("determinism digest: \(digest)")
    }
}
