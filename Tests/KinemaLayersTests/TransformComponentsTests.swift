import KinemaGeometry
import Testing

@testable import KinemaLayers

/// `TransformComponents.fields(of:)` reads a matrix with no rotation or scale without the general
/// decomposition; it must give exactly what the general reading gives, signs of zero included.
@Suite struct TransformComponentsTests {
    /// Every matrix whose 3 × 3 part is the identity with its zeros signed either way (2⁶
    /// choices), under three translations.
    static let identities: [Transform3D] = (0..<64).flatMap { signs -> [Transform3D] in
        func zero(_ bit: Int) -> Double { signs & (1 << bit) == 0 ? 0.0 : -0.0 }
        return [(0.0, 0.0, 0.0), (12.5, -7, 3), (-0.0, 1e300, -1e-300)].map { p in
            var t = Transform3D.identity
            (t.m12, t.m13, t.m21, t.m23, t.m31, t.m32) = (zero(0), zero(1), zero(2), zero(3), zero(4), zero(5))
            (t.m41, t.m42, t.m43) = p
            return t
        }
    }

    static func bits(_ f: TransformComponents.Fields) -> [UInt64] {
        [
            f.scale.x, f.scale.y, f.scale.z, f.rotation.x, f.rotation.y, f.rotation.z, f.translation.x, f.translation.y,
            f.translation.z,
        ].map(\.bitPattern)
    }

    @Test func matricesWithoutRotationOrScaleReadAsTheGeneralReadingDoes() {
        for t in Self.identities {
            #expect(Self.bits(TransformComponents.fields(of: t)) == Self.bits(TransformComponents.generalFields(of: t)), "\(t)")
        }
    }

    @Test func otherMatricesTakeTheGeneralReading() {
        let others: [Transform3D] = [
            .makeRotation(0.3, 0, 0, 1), .makeScale(2, 1, 1), .makeScale(1, 1, -1), Transform3D.makeRotation(1e-9, 1, 0, 0),
        ]
        for t in others {
            #expect(Self.bits(TransformComponents.fields(of: t)) == Self.bits(TransformComponents.generalFields(of: t)), "\(t)")
        }
    }
}
