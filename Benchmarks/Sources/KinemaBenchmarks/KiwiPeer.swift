import Foundation
import Kinema

/// A constraint system as the Kinema engine's solver holds it, written so that another solver can
/// be given the same one: the variables numbered in order of first use, each constraint as its
/// relation, priority, constant and terms.
struct DumpedSystem {
    let constraints: [SolverConstraint]
    let variables: [LayoutVariable]
    private let index: [ObjectIdentifier: Int]

    init(_ constraints: [SolverConstraint]) {
        self.constraints = constraints
        var variables: [LayoutVariable] = []
        var index: [ObjectIdentifier: Int] = [:]
        for c in constraints {
            for t in c.expression.terms where index[ObjectIdentifier(t.variable)] == nil {
                index[ObjectIdentifier(t.variable)] = variables.count
                variables.append(t.variable)
            }
        }
        self.variables = variables
        self.index = index
    }

    /// The priorities in use, each with how many constraints have it.
    var priorities: [(Float, Int)] {
        Dictionary(grouping: constraints, by: \.priority).map { ($0.key, $0.value.count) }.sorted { $0.0 > $1.0 }
    }

    /// The file `kiwi_layout.py` reads (its `load` command says the format).
    func text() -> String {
        var lines = ["variables \(variables.count)"]
        lines.reserveCapacity(constraints.count + 1)
        for c in constraints {
            let relation: String
            switch c.relation {
            case .equal: relation = "=="
            case .lessThanOrEqual: relation = "<="
            case .greaterThanOrEqual: relation = ">="
            }
            var line = "\(relation) \(Double(c.priority)) \(c.expression.constant) \(c.expression.terms.count)"
            for t in c.expression.terms { line += " \(index[ObjectIdentifier(t.variable)]!) \(t.coefficient)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// kiwisolver, run as `Scripts/kiwi_layout.py` in the Python of the kiwi virtual environment
/// (`make kiwi-venv` at the repository root), one process for the whole benchmark: each command
/// is a line written to it and answered by a line, so its rounds interleave with Kinema's.
final class KiwiPeer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()

    /// The Python of the virtual environment, and the script, found from this source file's place
    /// in the repository.
    static func paths() -> (python: String, script: String) {
        let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (
            benchmarks.deletingLastPathComponent().appendingPathComponent(".build-kiwi-venv/bin/python").path,
            benchmarks.appendingPathComponent("Scripts/kiwi_layout.py").path
        )
    }

    init() throws {
        let (python, script) = Self.paths()
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw CommandLineError("\(python) is missing: run `make kiwi-venv` at the repository root first")
        }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        process.waitUntilExit()
    }

    /// Sends one command and returns the fields of its answer.
    func ask(_ command: String) throws -> [Substring] {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                let fields = line.split(separator: " ")
                if fields.first == "error" { throw CommandLineError("kiwi_layout.py: \(line)") }
                return fields
            }
            // `availableData` returns what the pipe has (`read(upToCount:)` would wait for the count).
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else {
                throw CommandLineError("kiwi_layout.py ended while answering `\(command)`")
            }
            pending.append(more)
        }
    }

    /// Gives kiwi the system (built untimed on its side); returns its variable and constraint counts.
    func load(_ system: DumpedSystem) throws -> (Int, Int) {
        let path = NSTemporaryDirectory() + "kinema-layout-\(getpid()).txt"
        try system.text().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let answer = try ask("load \(path)")
        return (Int(answer[1])!, Int(answer[2])!)
    }

    /// A new kiwi solver given every constraint, values updated: its time (seconds) and the heap
    /// it holds (bytes).
    func solve() throws -> (seconds: Double, heap: Double) {
        let answer = try ask("solve")
        return (Double(answer[1])!, Double(answer[2])!)
    }

    /// Constraint `index` of the last solve given `constant` (removed and added again), values
    /// updated: the time, seconds.
    func edit(_ index: Int, constant: Double) throws -> Double {
        Double(try ask("edit \(index) \(constant)")[1])!
    }

    /// The values kiwi solved, in the system's variable order.
    func values() throws -> [Double] {
        let path = NSTemporaryDirectory() + "kinema-layout-values-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ask("values \(path)")
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { Double($0)! }
    }

    /// The chain of `count` required constraints solved from scratch: time, heap, last value.
    func chain(_ count: Int) throws -> (seconds: Double, heap: Double, last: Double) {
        let answer = try ask("chain \(count)")
        return (Double(answer[1])!, Double(answer[2])!, Double(answer[3])!)
    }
}
