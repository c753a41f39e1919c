import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing

/// Reading `transform.rotation.*`, `transform.scale.*` and `transform.translation.*` back from a
/// matrix (the key-value coding extensions of Apple's Core Animation Programming Guide).
@Suite struct TransformSubKeyTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var id: String
        var transform: Transform3D
        var keyPath: String
        var expected: Double
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(id: "rotation.z of Rz(0.75)", transform: .makeRotation(0.75, 0, 0, 1), keyPath: "transform.rotation.z", expected: 0.75),
        Row(id: "rotation of Rz(−2) (= z)", transform: .makeRotation(-2, 0, 0, 1), keyPath: "transform.rotation", expected: -2),
        Row(id: "rotation.y of Ry(2.5)", transform: .makeRotation(2.5, 0, 1, 0), keyPath: "transform.rotation.y", expected: 2.5),
        Row(id: "half turn about y reads y = π", transform: .makeRotation(.pi, 0, 1, 0), keyPath: "transform.rotation.y", expected: .pi),
        Row(id: "half turn about y reads x = 0", transform: .makeRotation(.pi, 0, 1, 0), keyPath: "transform.rotation.x", expected: 0),
        Row(id: "half turn about y reads z = 0", transform: .makeRotation(.pi, 0, 1, 0), keyPath: "transform.rotation.z", expected: 0),
        Row(id: "rotation.x of Rx(−1.25)", transform: .makeRotation(-1.25, 1, 0, 0), keyPath: "transform.rotation.x", expected: -1.25),
        Row(
            id: "scale.x of scale(2, 3) then Rz(0.5)", transform: Transform3D.makeScale(2, 3, 1).concatenating(.makeRotation(0.5, 0, 0, 1)),
            keyPath: "transform.scale.x", expected: 2),
        Row(
            id: "scale.y of scale(2, 3) then Rz(0.5)", transform: Transform3D.makeScale(2, 3, 1).concatenating(.makeRotation(0.5, 0, 0, 1)),
            keyPath: "transform.scale.y", expected: 3),
        Row(
            id: "rotation.z of scale(2, 3) then Rz(0.5)",
            transform: Transform3D.makeScale(2, 3, 1).concatenating(.makeRotation(0.5, 0, 0, 1)), keyPath: "transform.rotation.z",
            expected: 0.5),
        Row(id: "scale is the mean of three", transform: .makeScale(2, 4, 6), keyPath: "transform.scale", expected: 4),
        Row(id: "translation.y", transform: .makeTranslation(7, -9, 11), keyPath: "transform.translation.y", expected: -9),
    ]

    @Test(arguments: rows)
    func readBack(_ row: Row) {
        var state = LayerState()
        state.transform = row.transform
        let value = state.value(at: LayerKeyPath(stringLiteral: row.keyPath))?.number
        #expect(value.map { isClose($0, row.expected, 1e-9) } == true, "\(row.id): got \(String(describing: value))")
    }

    @Test("Setting a sub-field keeps the others")
    func setKeepsOthers() {
        var state = LayerState()
        state.transform = Transform3D.makeScale(2, 3, 1).concatenating(.makeTranslation(5, 6, 0))
        state.set(LayerKeyPath(stringLiteral: "transform.rotation.z"), to: .number(.pi / 2))
        #expect(isClose(state.value(at: "transform.scale.x")?.number ?? 0, 2, 1e-9))
        #expect(isClose(state.value(at: "transform.scale.y")?.number ?? 0, 3, 1e-9))
        #expect(isClose(state.value(at: "transform.translation.x")?.number ?? 0, 5, 1e-9))
        #expect(isClose(state.transform.m12, 2, 1e-9), "x axis turned onto +y, scaled by 2")
    }
}
