import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing

/// Reading `transform.scale*` and `transform.rotation*` from finite matrices whose entries are so
/// large (above about 1e154) that the squared length of a row overflows. The values are the fuzz
/// target's findings (FuzzTiming, a keyframe animation of `transform.scale`), decoded from their
/// bytes, plus a few of the same kind. Every read must be finite.
@Suite struct TransformExtremeInputTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var id: String
        var transform: Transform3D
        var keyPath: String
        var expected: Double
        var testDescription: String { id }
    }

    static let huge = 4.538015469906523e+279
    static let mirrored = Transform3D.makeScale(-5.624621808765686e+303, -5.624621808765686e+303, -5.624621808765686e+303)
    static let turned = Transform3D.makeScale(huge, huge, huge).concatenating(.makeRotation(0.5, 0, 0, 1))
    static let largest = Transform3D(
        m11: .greatestFiniteMagnitude, m12: .greatestFiniteMagnitude, m13: 0, m14: 0,
        m21: -.greatestFiniteMagnitude, m22: .greatestFiniteMagnitude, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: .greatestFiniteMagnitude, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    static let rows: [Row] = [
        Row(
            id: "scale of scale(9.6e281) (crash-transform-scale-read-inf)",
            transform: .makeScale(9.61276249046606e+281, 9.61276249046606e+281, 9.61276249046606e+281),
            keyPath: "transform.scale", expected: 9.61276249046606e+281),
        // Mirrored: the z scale keeps the sign, so the mean is |s|/3, as for scale(−2, −2, −2).
        Row(
            id: "scale of scale(−5.6e303) (crash-transform-scale-read-nan)", transform: mirrored, keyPath: "transform.scale",
            expected: 5.624621808765686e+303 / 3),
        Row(id: "scale.z of scale(−5.6e303)", transform: mirrored, keyPath: "transform.scale.z", expected: -5.624621808765686e+303),
        Row(id: "rotation.z of scale(−5.6e303)", transform: mirrored, keyPath: "transform.rotation.z", expected: .pi),
        Row(id: "scale.x of scale(4.5e279) then Rz(0.5)", transform: turned, keyPath: "transform.scale.x", expected: huge),
        Row(id: "rotation.z of scale(4.5e279) then Rz(0.5)", transform: turned, keyPath: "transform.rotation.z", expected: 0.5),
        Row(
            id: "a row length beyond the largest Double is clamped", transform: largest, keyPath: "transform.scale.x",
            expected: .greatestFiniteMagnitude),
        Row(id: "rotation.z of rows of the largest Double", transform: largest, keyPath: "transform.rotation.z", expected: .pi / 4),
        Row(
            id: "the mean of three scales near the largest Double", transform: largest, keyPath: "transform.scale",
            expected: .greatestFiniteMagnitude),
    ]

    @Test("Sub-fields of a finite matrix with huge entries read as finite numbers", arguments: rows)
    func readBack(_ row: Row) {
        var state = LayerState()
        state.transform = row.transform
        let value = state.value(at: LayerKeyPath(stringLiteral: row.keyPath))?.number
        #expect(value.map { isWithin($0, of: row.expected, relative: 1e-12) } == true, "\(row.id): got \(String(describing: value))")
    }

    @Test(
        "transform.scale set to a huge number reads back finite",
        arguments: [(9.61276249046606e+281, 9.61276249046606e+281), (-5.624621808765686e+303, 5.624621808765686e+303 / 3)])
    func setThenRead(scale: Double, expected: Double) {
        var state = LayerState()
        let didSet = state.set("transform.scale", to: .number(scale))
        #expect(didSet)
        let value = state.value(at: "transform.scale")?.number
        #expect(value.map { isWithin($0, of: expected, relative: 1e-12) } == true, "got \(String(describing: value))")
    }
}

/// Whether `a` is within `relative` of `b`, relative to |b| (exactly equal when `b` is 0).
private func isWithin(_ a: Double, of b: Double, relative: Double) -> Bool {
    a == b || abs(a - b) <= relative * abs(b)
}
