/// Internal tableau symbol. Identity and ordering come from `id`, a creation counter, so
/// every choice the simplex makes (entering/leaving symbols, subjects) is deterministic.
struct Symbol: Hashable {
    enum Kind: Int { case external = 0, slack, error, dummy }
    /// `id << 2 | kind`, packed so a tableau cell is 16 bytes.
    private let raw: Int

    init(id: Int, kind: Kind) { raw = id << 2 | kind.rawValue }

    var id: Int { raw >> 2 }
    var kind: Kind { Kind(rawValue: raw & 3)! }

    /// Slack and error symbols may leave/enter the basis; externals are unrestricted; dummies are fixed at 0.
    var isPivotable: Bool { kind == .slack || kind == .error }
    var isRestricted: Bool { kind != .external }
}

/// Magnitudes below this are treated as zero (coefficients are pruned, ties are compared with it).
let solverEpsilon = 1.0e-8

@inline(__always) func nearZero(_ x: Double) -> Bool { x < solverEpsilon && x > -solverEpsilon }
