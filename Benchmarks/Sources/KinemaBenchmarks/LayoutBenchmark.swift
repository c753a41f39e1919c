// The layout benchmark: Auto Layout on views and the Cassowary solver under it, beside
// kiwisolver (a C++ Cassowary, through its Python binding) given the same constraint systems.
// - a: the 1,001 views of `LayoutStackTree` laid out from scratch (the window's first
//   `layoutIfNeeded()`);
// - b: one constant changed on that tree (the column's leading constraint, 0 and 16 in turn)
//   and `layoutIfNeeded()` again, re-solved incrementally;
// - c: a chain of 10,000 required constraints (x0 == 0, x[i+1] == x[i] + 1) solved from
//   scratch with `LayoutSolver` directly;
// - d: `layoutIfNeeded()` on the 500 views of `LayoutCardList` after one constant change,
//   median and p99 over many rounds (the goal is 1 ms).
// kiwi is given, for a and b, the very constraints the engine's solver holds (read through the
// engine's dump, `View.layoutEngineSolverConstraints`), and times only its solve; Kinema's
// solver is timed alone on the same systems too, so the engine's own share shows.
import CMallocCounter
import Foundation
@_spi(LayoutEngineDump) import Kinema

enum LayoutBenchmark {
    static let clock = ContinuousClock()

    static func run(rounds: Int, chainRounds: Int, chainLength: Int, screenRounds: Int) throws {
        let kiwi = try KiwiPeer()
        print("layout: Kinema's Auto Layout and LayoutSolver beside kiwisolver (the same systems), one thread")
        try stackTree(kiwi: kiwi, rounds: rounds)
        if chainRounds > 0 { try chain(kiwi: kiwi, rounds: chainRounds, length: chainLength) }
        try cardList(rounds: screenRounds)
    }

    // MARK: a and b

    static func stackTree(kiwi: KiwiPeer, rounds: Int) throws {
        // The system, from a tree laid out once, and kiwi's solution of it beside Kinema's.
        let probe = LayoutStackTree()
        probe.window.layoutIfNeeded()
        try checkStackTree(probe)
        let system = DumpedSystem(probe.window.layoutEngineSolverConstraints)
        let (kiwiVariables, kiwiConstraints) = try kiwi.load(system)
        guard kiwiVariables == system.variables.count, kiwiConstraints == system.constraints.count else {
            throw CommandLineError("kiwi read \(kiwiVariables) variables and \(kiwiConstraints) constraints")
        }
        _ = try kiwi.solve()
        let gap = zip(system.variables.map(\.value), try kiwi.values()).map { abs($0 - $1) }.max() ?? 0
        let counts = system.priorities.map { "\($0.1) at \(format($0.0))" }.joined(separator: ", ")
        print(
            "a. \(probe.viewCount) views in nested stack views (LayoutStackTree), laid out from scratch: "
                + "\(system.constraints.count) constraints on \(system.variables.count) variables (\(counts)); "
                + "largest difference between Kinema's and kiwi's values \(format(gap)) pt")

        var engineTimes: [Double] = [], solverTimes: [Double] = [], kiwiTimes: [Double] = []
        var engineHeap = 0.0, solverHeap = 0.0, kiwiHeap = 0.0
        for round in 1...max(rounds, 1) {
            for turn in 0..<3 {
                switch (turn + round) % 3 {
                case 0:
                    let tree = LayoutStackTree()
                    let before = Double(kinema_heap_and_mapped_in_use())
                    let start = clock.now
                    tree.window.layoutIfNeeded()
                    engineTimes.append(seconds(clock.now - start))
                    engineHeap = Double(kinema_heap_and_mapped_in_use()) - before
                    try checkStackTree(tree)
                case 1:
                    let copy = system.copy()
                    let before = Double(kinema_heap_and_mapped_in_use())
                    let start = clock.now
                    let solver = LayoutSolver()
                    for c in copy.constraints { try solver.add(c) }
                    solver.updateVariables()
                    solverTimes.append(seconds(clock.now - start))
                    solverHeap = Double(kinema_heap_and_mapped_in_use()) - before
                    withExtendedLifetime(solver) {}
                default:
                    let (time, heap) = try kiwi.solve()
                    kiwiTimes.append(time)
                    kiwiHeap = heap
                }
            }
            print(
                "   round \(round): layoutIfNeeded() \(ms(engineTimes.last!)) ms, its system in LayoutSolver alone "
                    + "\(ms(solverTimes.last!)) ms, kiwi \(ms(kiwiTimes.last!)) ms"
                    + " (\(ratio(engineTimes.last!, kiwiTimes.last!)), solver alone \(ratio(solverTimes.last!, kiwiTimes.last!)))")
        }
        let n = Double(system.constraints.count)
        print(
            "   median: layoutIfNeeded() \(ms(median(engineTimes))) ms, LayoutSolver alone \(ms(median(solverTimes))) ms, "
                + "kiwi \(ms(median(kiwiTimes))) ms: Kinema / kiwi = \(ratio(median(engineTimes), median(kiwiTimes))) "
                + "(the solver alone \(ratio(median(solverTimes), median(kiwiTimes))))")
        print(
            "   heap held per constraint: the engine after its first pass \(bytes(engineHeap / n)), "
                + "LayoutSolver alone \(bytes(solverHeap / n)), kiwi's solver \(bytes(kiwiHeap / n))")

        try constantEdit(system: system, kiwi: kiwi, rounds: rounds)
    }

    /// The tree laid out as `LayoutStackTree` says.
    static func checkStackTree(_ tree: LayoutStackTree) throws {
        let row = tree.rows[0], last = tree.boxes[LayoutStackTree.boxesPerRow - 1]
        let want = Rect(x: 0, y: 0, width: 375 - tree.leading.constant, height: 28)
        guard row.frame == want, last.frame.maxX == want.width, tree.column.frame.height == 3_592 else {
            throw CommandLineError("the stack tree is laid out wrong: row 0 \(row.frame), its last box \(last.frame)")
        }
    }

    /// Case b: the column's leading constant, 0 and 16 in turn.
    static func constantEdit(system: DumpedSystem, kiwi: KiwiPeer, rounds: Int) throws {
        let tree = LayoutStackTree()
        tree.window.layoutIfNeeded()
        let held = tree.window.layoutEngineSolverConstraints
        tree.leading.constant = 16
        tree.window.layoutIfNeeded()
        try checkStackTree(tree)
        let edited = tree.window.layoutEngineSolverConstraints
        // The constraint the edit replaced: the one place where the solver holds a new object.
        let changed = zip(held, edited).enumerated().filter { $0.element.0 !== $0.element.1 }.map(\.offset)
        guard held.count == edited.count, changed.count == 1, let index = changed.first else {
            throw CommandLineError("the edit changed \(changed.count) of the solver's constraints")
        }
        let constants = [held[index].expression.constant, edited[index].expression.constant]

        // kiwi, from the same solution, makes the same edit; then their values are compared.
        _ = try kiwi.solve()
        _ = try kiwi.edit(index, constant: constants[1])
        let values = try kiwi.values()
        let editedSystem = DumpedSystem(edited)
        let gap = zip(editedSystem.variables.map(\.value), values).map { abs($0 - $1) }.max() ?? 0
        print(
            "b. one constant of that tree changed (the column's leading, 0 and 16 in turn), then layoutIfNeeded(): "
                + "the solver's constraint \(index) replaced; largest difference between Kinema's and kiwi's values "
                + "\(format(gap)) pt")

        // LayoutSolver alone, on a copy of the system solved the same way.
        let copy = system.copy()
        let solver = LayoutSolver()
        for c in copy.constraints { try solver.add(c) }
        func replaced(_ c: SolverConstraint, constant: Double) -> SolverConstraint {
            SolverConstraint(
                LinearExpression(c.expression.terms, constant: constant), c.relation, priority: c.priority, name: c.name)
        }

        // Kinema's tree and kiwi are at the edited constant; so is this solver before the rounds.
        var current = replaced(copy.constraints[index], constant: constants[1])
        try solver.remove(copy.constraints[index])
        try solver.add(current)

        let editsPerRound = 100
        var engineTimes: [Double] = [], solverTimes: [Double] = [], kiwiTimes: [Double] = []
        var step = 0
        var allocations = 0
        for round in 1...max(rounds, 1) {
            var e: [Double] = [], s: [Double] = [], k: [Double] = []
            for _ in 0..<editsPerRound {
                let which = step % 2
                step += 1
                for turn in 0..<3 {
                    switch (turn + round) % 3 {
                    case 0:
                        tree.leading.constant = which == 0 ? 0 : 16
                        kinema_malloc_reset()
                        kinema_malloc_counting(1)
                        let start = clock.now
                        tree.window.layoutIfNeeded()
                        e.append(seconds(clock.now - start))
                        kinema_malloc_counting(0)
                        allocations = Int(kinema_malloc_count())
                    case 1:
                        let next = replaced(current, constant: constants[which])
                        let start = clock.now
                        try solver.remove(current)
                        try solver.add(next)
                        solver.updateVariables()
                        s.append(seconds(clock.now - start))
                        current = next
                    default:
                        k.append(try kiwi.edit(index, constant: constants[which]))
                    }
                }
            }
            try checkStackTree(tree)
            print(
                "   round \(round), \(editsPerRound) edits, medians: layoutIfNeeded() \(us(median(e))) µs, "
                    + "LayoutSolver alone \(us(median(s))) µs, kiwi \(us(median(k))) µs "
                    + "(\(ratio(median(e), median(k))), solver alone \(ratio(median(s), median(k))))")
            engineTimes += e
            solverTimes += s
            kiwiTimes += k
        }
        print(
            "   median of all edits: layoutIfNeeded() \(us(median(engineTimes))) µs (p99 \(us(quantile(engineTimes, 0.99))) µs, "
                + "\(allocations) allocations), LayoutSolver alone \(us(median(solverTimes))) µs, kiwi \(us(median(kiwiTimes))) µs: "
                + "Kinema / kiwi = \(ratio(median(engineTimes), median(kiwiTimes))) "
                + "(the solver alone \(ratio(median(solverTimes), median(kiwiTimes))))")
    }

    // MARK: c

    static func chain(kiwi: KiwiPeer, rounds: Int, length: Int) throws {
        print("c. a chain of \(length) required constraints (x0 == 0, x[i+1] == x[i] + 1), solved from scratch:")
        var kinemaTimes: [Double] = [], kiwiTimes: [Double] = []
        for round in 1...max(rounds, 1) {
            var kinemaHeap = 0.0, kiwiHeap = 0.0
            for turn in 0..<2 {
                if (turn + round) % 2 == 0 {
                    let xs = (0..<length).map { LayoutVariable("x\($0)") }
                    let constraints =
                        [SolverConstraint(xs[0], .equal, 0)]
                        + (0..<(length - 1)).map { SolverConstraint(LinearExpression(xs[$0 + 1]), .equal, xs[$0] + 1) }
                    let before = Double(kinema_heap_and_mapped_in_use())
                    let start = clock.now
                    let solver = LayoutSolver()
                    for c in constraints { try solver.add(c) }
                    solver.updateVariables()
                    kinemaTimes.append(seconds(clock.now - start))
                    kinemaHeap = Double(kinema_heap_and_mapped_in_use()) - before
                    withExtendedLifetime(solver) {}
                    guard xs[length - 1].value == Double(length - 1) else {
                        throw CommandLineError("Kinema's chain ends at \(xs[length - 1].value)")
                    }
                } else {
                    let (time, heap, last) = try kiwi.chain(length)
                    guard last == Double(length - 1) else { throw CommandLineError("kiwi's chain ends at \(last)") }
                    kiwiTimes.append(time)
                    kiwiHeap = heap
                }
            }
            let n = Double(length)
            print(
                "   round \(round): LayoutSolver \(ms(kinemaTimes.last!)) ms, kiwi \(ms(kiwiTimes.last!)) ms "
                    + "(\(ratio(kinemaTimes.last!, kiwiTimes.last!))); heap held per constraint: "
                    + "LayoutSolver \(bytes(kinemaHeap / n)), kiwi \(bytes(kiwiHeap / n))")
        }
        print(
            "   median: LayoutSolver \(ms(median(kinemaTimes))) ms, kiwi \(ms(median(kiwiTimes))) ms: "
                + "Kinema / kiwi = \(ratio(median(kinemaTimes), median(kiwiTimes)))")
    }

    // MARK: d

    static func cardList(rounds: Int) throws {
        let screen = LayoutCardList()
        screen.window.layoutIfNeeded()
        let held = screen.window.layoutEngineSolverConstraints
        let system = DumpedSystem(held)
        // The solver's constraint the edit replaces, and its constants at 8 and 24.
        screen.firstTop.constant = 24
        screen.window.layoutIfNeeded()
        let edited = screen.window.layoutEngineSolverConstraints
        screen.firstTop.constant = 8
        screen.window.layoutIfNeeded()
        let changed = zip(held, edited).enumerated().filter { $0.element.0 !== $0.element.1 }.map(\.offset)
        guard held.count == edited.count, changed.count == 1, let index = changed.first else {
            throw CommandLineError("the edit changed \(changed.count) of the solver's constraints")
        }
        let constants = [held[index].expression.constant, edited[index].expression.constant]
        // LayoutSolver alone makes the same edit on a copy of the system, interleaved.
        let copy = system.copy()
        let solver = LayoutSolver()
        for c in copy.constraints { try solver.add(c) }
        var current = copy.constraints[index]
        var solverTimes: [Double] = []

        let second = screen.cards[1]
        var times: [Double] = []
        var allocations = 0
        for round in 0..<(rounds + 50) {
            let next = SolverConstraint(
                LinearExpression(current.expression.terms, constant: constants[round % 2 == 0 ? 1 : 0]), current.relation,
                priority: current.priority, name: current.name)
            let solverStart = clock.now
            try solver.remove(current)
            try solver.add(next)
            solver.updateVariables()
            if round >= 50 { solverTimes.append(seconds(clock.now - solverStart)) }
            current = next

            screen.firstTop.constant = round % 2 == 0 ? 24 : 8
            kinema_malloc_reset()
            kinema_malloc_counting(1)
            let start = clock.now
            screen.window.layoutIfNeeded()
            let time = seconds(clock.now - start)
            kinema_malloc_counting(0)
            allocations = Int(kinema_malloc_count())
            // The first 50 warm up.
            if round >= 50 { times.append(time) }
            let top = screen.firstTop.constant + 104 + 8
            guard second.frame.minY == top else {
                throw CommandLineError("card 1 is at \(second.frame.minY), not \(top)")
            }
        }
        print(
            "d. \(screen.viewCount) views (LayoutCardList: 50 cards of 10), one constant changed (card 0's top, 8 and 24 in turn), "
                + "then layoutIfNeeded(); \(system.constraints.count) constraints on \(system.variables.count) variables:")
        print(
            "   \(times.count) rounds: median \(us(median(times))) µs, p99 \(us(quantile(times, 0.99))) µs, "
                + "max \(us(times.max()!)) µs (goal: 1,000 µs); \(allocations) allocations a pass; "
                + "the same edit in LayoutSolver alone: median \(us(median(solverTimes))) µs, "
                + "p99 \(us(quantile(solverTimes, 0.99))) µs")
    }

    // MARK: One case alone, for a profiler

    /// `layout-one CASE [REPEATS]`: one case, Kinema alone, repeated.
    static func runOne(_ name: String, repeats: Int) throws {
        let start = clock.now
        switch name {
        case "a":
            for _ in 0..<repeats { LayoutStackTree().window.layoutIfNeeded() }
        case "b":
            let tree = LayoutStackTree()
            tree.window.layoutIfNeeded()
            for i in 0..<repeats {
                tree.leading.constant = i % 2 == 0 ? 16 : 0
                tree.window.layoutIfNeeded()
            }
        case "c":
            for _ in 0..<repeats {
                let xs = (0..<10_000).map { LayoutVariable("x\($0)") }
                let solver = LayoutSolver()
                try solver.add(SolverConstraint(xs[0], .equal, 0))
                for i in 0..<9_999 { try solver.add(SolverConstraint(LinearExpression(xs[i + 1]), .equal, xs[i] + 1)) }
                solver.updateVariables()
            }
        case "d":
            let screen = LayoutCardList()
            screen.window.layoutIfNeeded()
            for i in 0..<repeats {
                screen.firstTop.constant = i % 2 == 0 ? 24 : 8
                screen.window.layoutIfNeeded()
            }
        default:
            throw CommandLineError("layout-one a|b|c|d [REPEATS]")
        }
        print("layout-one \(name), \(repeats) times: \(ms(seconds(clock.now - start))) ms")
    }

    // MARK: Figures

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
    static func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }
    static func us(_ s: Double) -> String { String(format: "%.1f", s * 1e6) }
    static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", a / b) }
    static func bytes(_ b: Double) -> String { String(format: "%.0f B", b) }
    static func format(_ x: some BinaryFloatingPoint) -> String {
        let d = Double(x)
        return d == d.rounded() ? String(Int(d)) : String(format: "%g", d)
    }
    static func median(_ xs: [Double]) -> Double { quantile(xs, 0.5) }
    /// The value below which a share `q` of `xs` lies (nearest rank).
    static func quantile(_ xs: [Double], _ q: Double) -> Double {
        let sorted = xs.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))]
    }
}

extension DumpedSystem {
    /// The same constraints on new variables, for a solver of its own.
    func copy() -> DumpedSystem {
        var fresh: [ObjectIdentifier: LayoutVariable] = [:]
        for v in variables { fresh[ObjectIdentifier(v)] = LayoutVariable(v.name) }
        return DumpedSystem(
            constraints.map { c in
                let terms = c.expression.terms.map { LinearTerm(fresh[ObjectIdentifier($0.variable)]!, $0.coefficient) }
                return SolverConstraint(
                    LinearExpression(terms, constant: c.expression.constant), c.relation, priority: c.priority, name: c.name)
            })
    }
}
