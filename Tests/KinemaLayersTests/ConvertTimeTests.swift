import KinemaLayers
import TestSupport
import Testing

/// Rows CT1–CT6 (checked on Apple's QuartzCore; see docs/animation-notes.md): layer time through
/// the tree and `convertTime`.
@Suite struct ConvertTimeTests {

    /// root (default timing) → mid (b 2, s 3, o 0.25) → leaf (b 1, s 2, o 0.5).
    final class Tree {
        let root = Layer()
        let mid = Layer()
        let leaf = Layer()

        init() throws {
            mid.beginTime = 2
            mid.speed = 3
            mid.timeOffset = 0.25
            leaf.beginTime = 1
            leaf.speed = 2
            leaf.timeOffset = 0.5
            try root.addSublayer(mid)
            try mid.addSublayer(leaf)
        }
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var id: String
        var call: @Sendable (Tree) -> Double
        var expected: Double
        var tolerance: Double
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(id: "CT1", call: { $0.leaf.convertTime(10, from: $0.mid) }, expected: 18.5, tolerance: Tolerance.timing),
        Row(id: "CT2", call: { $0.leaf.convertTime(10, from: $0.root) }, expected: 47, tolerance: Tolerance.timing),
        Row(id: "CT3", call: { $0.leaf.convertTime(10, to: $0.mid) }, expected: 5.75, tolerance: Tolerance.timing),
        // Tolerance 1e-5: Apple's `speed` is a float.
        Row(id: "CT4", call: { $0.leaf.convertTime(10, to: $0.root) }, expected: 23.0 / 6, tolerance: 1e-5),
        Row(id: "CT5", call: { $0.leaf.convertTime(10, to: nil) }, expected: 23.0 / 6, tolerance: 1e-5),
        Row(id: "CT5 reverse (from nil)", call: { $0.leaf.convertTime(10, from: nil) }, expected: 47, tolerance: 1e-5),
    ]

    @Test(arguments: rows)
    func convertTime(_ row: Row) throws {
        let tree = try Tree()
        let t = row.call(tree)
        #expect(isClose(t, row.expected, row.tolerance), "\(row.id): \(t), expected \(row.expected)")
    }

    @Test("CT6: QA1673 pause at media time 10, resume at 13")
    func ct6PauseAndResume() throws {
        let context = LayerContext()
        let root = Layer()
        let layer = Layer()
        try root.addSublayer(layer)
        context.addRootLayer(root)

        context.advance(to: 10)
        layer.pauseAnimations()
        #expect(layer.speed == 0)
        for abs in [10.0, 11, 12.5, 1000] {
            let t = layer.convertTime(abs, from: nil)
            #expect(isClose(t, 10, Tolerance.timing), "paused: layer time at \(abs) = \(t)")
        }

        context.advance(to: 13)
        layer.resumeAnimations()
        #expect(layer.speed == 1)
        #expect(isClose(layer.beginTime, 3, Tolerance.timing), "beginTime = \(layer.beginTime)")
        #expect(isClose(layer.convertTime(13, from: nil), 10, Tolerance.timing))
        #expect(isClose(layer.convertTime(14, from: nil), 11, Tolerance.timing))
    }
}
