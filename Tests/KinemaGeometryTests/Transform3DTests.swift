import KinemaGeometry
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private let exact = 1e-9

/// Degrees to radians.
private func deg(_ d: Double) -> Double { d * .pi / 180 }

private func mapPoint(_ t: Transform3D, _ x: Double, _ y: Double, _ z: Double = 0) -> (x: Double, y: Double, z: Double) {
    let r = t.apply(x: x, y: y, z: z)
    return (r.x / r.w, r.y / r.w, r.z / r.w)
}

// MARK: - Decomposition round trips

struct RoundTripCase: CustomTestStringConvertible, Sendable {
    var name: String
    var transform: Transform3D
    var testDescription: String { name }
}

/// Builds a varied transform from a fixed seed: scale, rotation about a random axis,
/// translation and (for odd seeds) perspective, concatenated in a seed-dependent order.
private func seededTransform(_ seed: UInt64) -> Transform3D {
    var g = SeededGenerator(seed: seed)
    func r(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo...hi, using: &g) }
    let scale = Transform3D.makeScale(r(0.3, 3), r(0.3, 3), r(0.3, 3) * (seed % 3 == 0 ? -1 : 1))
    let rotation = Transform3D.makeRotation(r(-3, 3), r(-1, 1), r(-1, 1), r(0.1, 1))
    let translation = Transform3D.makeTranslation(r(-200, 200), r(-200, 200), r(-50, 50))
    var t = seed % 2 == 0 ? scale.concatenating(rotation) : rotation.concatenating(scale)
    t = t.concatenating(translation)
    if seed % 2 == 1 {
        t = t.concatenating(Transform3D.makePerspective(distance: r(300, 1000)))
    }
    return t
}

private let roundTripCases: [RoundTripCase] =
    [
        RoundTripCase(name: "identity", transform: .identity),
        RoundTripCase(name: "translate(3,4,5)", transform: .makeTranslation(3, 4, 5)),
        RoundTripCase(name: "scale(2,3,4)", transform: .makeScale(2, 3, 4)),
        RoundTripCase(name: "mirror x", transform: .makeScale(-1, 1, 1)),
        RoundTripCase(name: "rotation π/2 x", transform: .makeRotation(.pi / 2, 1, 0, 0)),
        RoundTripCase(name: "rotation π about (1,1,0)", transform: .makeRotation(.pi, 1, 1, 0)),
        RoundTripCase(name: "rotation 170° y", transform: .makeRotation(deg(170), 0, 1, 0)),
        RoundTripCase(name: "m34 −1/500", transform: .makePerspective(distance: 500)),
        RoundTripCase(
            name: "R_y(60°) then perspective (G32)",
            transform: Transform3D.makeRotation(deg(60), 0, 1, 0).concatenating(.makePerspective(distance: 500))),
        RoundTripCase(
            name: "perspective then translate",
            transform: Transform3D.makePerspective(distance: 800).concatenating(.makeTranslation(10, -20, 30))),
        RoundTripCase(
            name: "skewed affine",
            transform: Transform3D(affine: AffineTransform(a: 1, b: 0.25, c: 0.5, d: 1, tx: 7, ty: -9))),
    ] + (1...12).map { RoundTripCase(name: "seed \($0)", transform: seededTransform(UInt64($0))) }

@Suite("Transform3D decomposition")
struct Transform3DDecompositionTests {
    @Test("decompose then recompose gives the matrix back", arguments: roundTripCases)
    func roundTrip(_ c: RoundTripCase) throws {
        let d = try #require(c.transform.decomposed())
        let back = Transform3D(d)
        // Recomposition returns the matrix normalized to m44 = 1 (the same projective map).
        let expected = try #require(Transform3D(c.transform.values.map { $0 / c.transform.m44 }))
        #expect(isClose(back, expected, exact), "\(back) ≠ \(expected)")
    }

    @Test("parts of scale(2,3,4) · rotation 30° z · translate(5,6,7)")
    func knownParts() throws {
        let t = Transform3D.makeScale(2, 3, 4)
            .concatenating(.makeRotation(deg(30), 0, 0, 1))
            .concatenating(.makeTranslation(5, 6, 7))
        let d = try #require(t.decomposed())
        #expect(isClose(d.scale.x, 2, exact) && isClose(d.scale.y, 3, exact) && isClose(d.scale.z, 4, exact))
        #expect(isClose(d.translation.x, 5, exact) && isClose(d.translation.y, 6, exact) && isClose(d.translation.z, 7, exact))
        #expect(isClose(d.skew.x, 0, exact) && isClose(d.skew.y, 0, exact) && isClose(d.skew.z, 0, exact))
        let q = d.rotation
        let expected = Quaternion(angle: deg(30), axisX: 0, y: 0, z: 1)
        #expect(isClose(abs(q.dot(expected)), 1, exact), "rotation \(q), expected ±\(expected)")
        #expect(isClose(q.angle, deg(30), exact))
        #expect(t.translation.x == 5 && t.translation.y == 6 && t.translation.z == 7)
    }

    @Test("perspective part of m34 = −1/500")
    func perspectivePart() throws {
        let d = try #require(Transform3D.makePerspective(distance: 500).decomposed())
        #expect(d.perspective == SIMD4(0, 0, -1.0 / 500, 1))
        #expect(d.scale == SIMD3(1, 1, 1))
    }

    struct SingularCase: CustomTestStringConvertible, Sendable {
        var name: String
        var transform: Transform3D
        var testDescription: String { name }
    }

    @Test(
        "singular and non-finite matrices do not decompose",
        arguments: [
            SingularCase(name: "scale(0,1,1)", transform: .makeScale(0, 1, 1)),
            SingularCase(name: "scale(1,1,0)", transform: .makeScale(1, 1, 0)),
            SingularCase(
                name: "m44 = 0",
                transform: {
                    var t = Transform3D.identity
                    t.m44 = 0
                    return t
                }()),
            SingularCase(
                name: "NaN entry",
                transform: {
                    var t = Transform3D.identity
                    t.m21 = .nan
                    return t
                }()),
            SingularCase(name: "infinite translation", transform: .makeTranslation(.infinity, 0, 0)),
        ])
    func singular(_ c: SingularCase) {
        #expect(c.transform.decomposed() == nil)
    }
}

// MARK: - Interpolation

struct InterpolationCase: CustomTestStringConvertible, Sendable {
    var name: String
    var from: Transform3D
    var to: Transform3D
    var fraction: Double
    var expected: Transform3D
    var testDescription: String { name }
}

private let interpolationCases: [InterpolationCase] = [
    InterpolationCase(
        name: "rotation z 0 → 90° at 0.5 is 45°",
        from: .identity, to: .makeRotation(deg(90), 0, 0, 1), fraction: 0.5,
        expected: .makeRotation(deg(45), 0, 0, 1)),
    InterpolationCase(
        name: "rotation z 0 → 90° at 0.25 is 22.5°",
        from: .identity, to: .makeRotation(deg(90), 0, 0, 1), fraction: 0.25,
        expected: .makeRotation(deg(22.5), 0, 0, 1)),
    InterpolationCase(
        name: "rotation z 0 → 90° at 1.5 extrapolates to 135°",
        from: .identity, to: .makeRotation(deg(90), 0, 0, 1), fraction: 1.5,
        expected: .makeRotation(deg(135), 0, 0, 1)),
    InterpolationCase(
        name: "rotation z 0 → 90° at −0.5 extrapolates to −45°",
        from: .identity, to: .makeRotation(deg(90), 0, 0, 1), fraction: -0.5,
        expected: .makeRotation(deg(-45), 0, 0, 1)),
    InterpolationCase(
        name: "rotation z 0 → 270° takes the short way (−45° at 0.5)",
        from: .identity, to: .makeRotation(deg(270), 0, 0, 1), fraction: 0.5,
        expected: .makeRotation(deg(-45), 0, 0, 1)),
    InterpolationCase(
        name: "rotation x 20° → 80° at 0.5 is 50°",
        from: .makeRotation(deg(20), 1, 0, 0), to: .makeRotation(deg(80), 1, 0, 0), fraction: 0.5,
        expected: .makeRotation(deg(50), 1, 0, 0)),
    InterpolationCase(
        name: "identity → rotation 2π at 0.5 shows no motion",
        from: .identity, to: .makeRotation(2 * .pi, 0, 0, 1), fraction: 0.5, expected: .identity),
    InterpolationCase(
        name: "identity → rotation 2π at 0.25 shows no motion",
        from: .identity, to: .makeRotation(2 * .pi, 0, 0, 1), fraction: 0.25, expected: .identity),
    InterpolationCase(
        name: "translation (0,0,0) → (100,40,−20) at 0.3",
        from: .identity, to: .makeTranslation(100, 40, -20), fraction: 0.3,
        expected: .makeTranslation(30, 12, -6)),
    InterpolationCase(
        name: "translation overshoot at 1.2",
        from: .makeTranslation(10, 0, 0), to: .makeTranslation(110, 50, 0), fraction: 1.2,
        expected: .makeTranslation(130, 60, 0)),
    InterpolationCase(
        name: "scale (1,1,1) → (3,5,1) at 0.5",
        from: .identity, to: .makeScale(3, 5, 1), fraction: 0.5, expected: .makeScale(2, 3, 1)),
    InterpolationCase(
        name: "perspective m34 0 → −1/500 at 0.5 is −1/1000",
        from: .identity, to: .makePerspective(distance: 500), fraction: 0.5,
        expected: .makePerspective(distance: 1000)),
    InterpolationCase(
        name: "scale 2 + rotate 0 → scale 4 + rotate 60° at 0.5",
        from: .makeScale(2, 2, 1),
        to: Transform3D.makeScale(4, 4, 1).concatenating(.makeRotation(deg(60), 0, 0, 1)),
        fraction: 0.5,
        expected: Transform3D.makeScale(3, 3, 1).concatenating(.makeRotation(deg(30), 0, 0, 1))),
    InterpolationCase(
        name: "singular from: stays at from before 1",
        from: .makeScale(0, 1, 1), to: .makeTranslation(10, 20, 0), fraction: 0.999,
        expected: .makeScale(0, 1, 1)),
    InterpolationCase(
        name: "singular from: jumps to to at 1",
        from: .makeScale(0, 1, 1), to: .makeTranslation(10, 20, 0), fraction: 1,
        expected: .makeTranslation(10, 20, 0)),
    InterpolationCase(
        name: "singular to: stays at from at 0.5",
        from: .makeTranslation(10, 20, 0), to: .makeScale(1, 0, 1), fraction: 0.5,
        expected: .makeTranslation(10, 20, 0)),
    InterpolationCase(
        name: "singular to: overshoot 1.3 gives to",
        from: .makeTranslation(10, 20, 0), to: .makeScale(1, 0, 1), fraction: 1.3,
        expected: .makeScale(1, 0, 1)),
    InterpolationCase(
        name: "NaN fraction gives from",
        from: .makeTranslation(10, 20, 0), to: .makeScale(2, 3, 1), fraction: .nan,
        expected: .makeTranslation(10, 20, 0)),
]

@Suite("Transform3D interpolation")
struct Transform3DInterpolationTests {
    @Test(arguments: interpolationCases)
    func interpolate(_ c: InterpolationCase) {
        let r = Transform3D.interpolate(from: c.from, to: c.to, fraction: c.fraction)
        #expect(isClose(r, c.expected, exact), "got \(r.values)")
    }

    @Test("fractions 0 and 1 reproduce the endpoints", arguments: 1...6)
    func endpoints(_ seed: Int) throws {
        let a = seededTransform(UInt64(seed))
        let b = seededTransform(UInt64(seed + 100))
        #expect(Transform3D.interpolate(from: a, to: b, fraction: 0) == a)
        #expect(Transform3D.interpolate(from: a, to: b, fraction: 1) == b)
        // Just inside the ends, the decomposed path lands next to the endpoints (normalized to
        // m44 = 1, the same projective map).
        let na = try #require(Transform3D(a.values.map { $0 / a.m44 }))
        let nb = try #require(Transform3D(b.values.map { $0 / b.m44 }))
        #expect(isClose(Transform3D.interpolate(from: a, to: b, fraction: 1e-12), na, 1e-6))
        #expect(isClose(Transform3D.interpolate(from: a, to: b, fraction: 1 - 1e-12), nb, 1e-6))
    }

    @Test("slerp keeps a constant angular speed")
    func slerpSpeed() {
        let a = Quaternion.identity
        let b = Quaternion(angle: deg(120), axisX: 1, y: 2, z: 3)
        for (f, angle) in [(0.25, 30.0), (0.5, 60), (0.75, 90), (2.0, 240)] {
            let q = Quaternion.slerp(from: a, to: b, fraction: f)
            // The angle of a rotation is at most 180°; 240° reads back as 120°.
            let expected = angle > 180 ? 360 - angle : angle
            #expect(isClose(q.angle, deg(expected), exact), "at \(f): \(q.angle * 180 / .pi)°")
        }
    }
}

// MARK: - Matrix algebra and conventions

@Suite("Transform3D matrix conventions")
struct Transform3DMatrixTests {
    @Test("inverse round trip", arguments: roundTripCases)
    func inverse(_ c: RoundTripCase) throws {
        let inverse = try #require(c.transform.inverted())
        #expect(isClose(c.transform.concatenating(inverse), .identity, exact))
        #expect(isClose(inverse.concatenating(c.transform), .identity, exact))
    }

    @Test("a singular matrix has no inverse")
    func singularInverse() {
        #expect(Transform3D.makeScale(2, 0, 1).inverted() == nil)
    }

    @Test("concatenation applies the left transform first")
    func concatOrder() {
        let translate = Transform3D.makeTranslation(10, 20, 0)
        let scale = Transform3D.makeScale(2, 3, 1)
        // translate then scale: ((1 + 10)·2, (1 + 20)·3) = (22, 63)
        let ts = mapPoint(translate.concatenating(scale), 1, 1)
        #expect(ts.x == 22 && ts.y == 63)
        // scale then translate: (1·2 + 10, 1·3 + 20) = (12, 23)
        let st = mapPoint(scale.concatenating(translate), 1, 1)
        #expect(st.x == 12 && st.y == 23)
        #expect(translate.concatenating(scale) != scale.concatenating(translate))
        // translatedBy / scaledBy apply the new part first.
        #expect(scale.translatedBy(10, 20, 0) == translate.concatenating(scale))
    }

    struct RotationRowCase: CustomTestStringConvertible, Sendable {
        var axis: String
        var transform: Transform3D
        /// Expected upper 3×3, row by row.
        var rows: [Double]
        var testDescription: String { "rotation about \(axis)" }
    }

    @Test(
        "rotation convention (CATransform3DMakeRotation: m12 = sin θ, x turns toward +y)",
        arguments: {
            let a = 0.3
            let (c, s) = (cos(a), sin(a))
            return [
                RotationRowCase(axis: "z", transform: .makeRotation(a, 0, 0, 1), rows: [c, s, 0, -s, c, 0, 0, 0, 1]),
                RotationRowCase(axis: "x", transform: .makeRotation(a, 1, 0, 0), rows: [1, 0, 0, 0, c, s, 0, -s, c]),
                RotationRowCase(axis: "y", transform: .makeRotation(a, 0, 1, 0), rows: [c, 0, -s, 0, 1, 0, s, 0, c]),
            ]
        }())
    func rotationRows(_ r: RotationRowCase) {
        let t = r.transform
        let actual = [t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33]
        #expect(zip(actual, r.rows).allSatisfy { isClose($0, $1, exact) }, "\(actual)")
    }

    @Test("rotation by 90° about z turns +x towards +y")
    func rotationMapsX() {
        let p = mapPoint(.makeRotation(.pi / 2, 0, 0, 1), 3, 0)
        #expect(isClose(p.x, 0, exact) && isClose(p.y, 3, exact))
    }

    struct AffineCase: CustomTestStringConvertible, Sendable {
        var name: String
        var transform: Transform3D
        /// `(a, b, c, d, tx, ty)` when affine, `nil` when not.
        var affine: AffineTransform?
        var testDescription: String { name }
    }

    static let affineCases: [AffineCase] = [
        AffineCase(
            name: "scale(2,3,1)", transform: .makeScale(2, 3, 1),
            affine: AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0)),
        AffineCase(
            name: "translate(3,4,0)", transform: .makeTranslation(3, 4, 0),
            affine: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4)),
        AffineCase(
            name: "rotation π/4 z", transform: .makeRotation(.pi / 4, 0, 0, 1),
            affine: AffineTransform(a: 0.70710678, b: 0.70710678, c: -0.70710678, d: 0.70710678, tx: 0, ty: 0)),
        AffineCase(name: "scale(2,3,4)", transform: .makeScale(2, 3, 4), affine: nil),
        AffineCase(name: "rotation π/2 x", transform: .makeRotation(.pi / 2, 1, 0, 0), affine: nil),
        AffineCase(name: "translate(0,0,5)", transform: .makeTranslation(0, 0, 5), affine: nil),
        AffineCase(name: "m34 = −1/500", transform: .makePerspective(distance: 500), affine: nil),
    ]

    @Test("G29: isAffine and the affine part", arguments: affineCases)
    func affine(_ c: AffineCase) {
        if let expected = c.affine {
            #expect(c.transform.isAffine)
            #expect(isClose(c.transform.affineTransform, expected, 1e-8), "\(c.transform.affineTransform)")
            #expect(isClose(Transform3D(affine: c.transform.affineTransform), c.transform, exact))
        } else {
            #expect(!c.transform.isAffine)
        }
    }
}
