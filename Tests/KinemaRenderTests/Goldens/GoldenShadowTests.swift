import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of shadows: colour, opacity, offset, radius as a Gaussian, `shadowPath`, and
/// the shadow of a layer whose only content is a sublayer. Frames are 128 × 96 points on white.
@Suite("Golden images: shadows")
struct GoldenShadowTests {
    static let size = Size(width: 128, height: 96)

    /// A layer at `frame` with a background and a shadow.
    static func shadowed(
        _ frame: Rect, _ color: Color, shadow: Color = .black, opacity: Double, offset: Size, radius: Double
    ) -> Layer {
        Build.layer(frame, color) {
            $0.shadowColor = shadow
            $0.shadowOpacity = opacity
            $0.shadowOffset = offset
            $0.shadowRadius = radius
        }
    }

    /// Probes along the row `y`, right of a long vertical edge at pixel column `edge` (pixels),
    /// of a black shadow at opacity 1 with σ = `sigma` pixels: a Gaussian blur of a half-plane
    /// covers `½ erfc(d / (σ √2))` at distance `d` outside the edge.
    static func gaussianProfile(edge: Int, y: Int, sigma: Double, steps: [Int]) -> [Probe] {
        steps.map { k in
            let d = Double(k) + 0.5
            let alpha = 0.5 * erfc(d / (sigma * 2.0.squareRoot()))
            // Three box blurs approximate the Gaussian within 7.5/255 at worst
            // (docs/rendering-notes.md).
            return .color(At(edge + k, y), Color(white: 1 - alpha), within: 6)
        }
    }

    static let cases: [GoldenCase] = [
        GoldenCase(
            // A positive y offset puts the shadow below: darker under the layer than above it.
            name: "offsetBelow", size: size,
            probes: [.darker(At(64, 61), than: At(64, 10), by: 0.2), .untouched(At(2, 2)), .untouched(At(64, 2))]
        ) {
            try Build.tree(
                size,
                [
                    shadowed(
                        Rect(32, 16, 64, 40), Color(red: 0.6, green: 0.8, blue: 1), opacity: 0.8, offset: Size(width: 0, height: 8),
                        radius: 4)
                ])
        },
        GoldenCase(
            // A hard (radius 0) red shadow at opacity 0.5, offset (6, 6).
            name: "colorAndOpacity", size: size,
            probes: [
                .color(At(99, 40), Color(red: 1, green: 0.5, blue: 0.5)), .color(At(40, 59), Color(red: 1, green: 0.5, blue: 0.5)),
                .untouched(At(99, 20)), .untouched(At(35, 59)), .untouched(At(103, 40)), .color(At(60, 30), .blue),
            ]
        ) {
            try Build.tree(
                size, [shadowed(Rect(32, 16, 64, 40), .blue, shadow: .red, opacity: 0.5, offset: Size(width: 6, height: 6), radius: 0)])
        },
        GoldenCase(
            // shadowRadius 6 is a Gaussian with σ = 6 points: the profile beyond the right edge.
            name: "radiusGaussian", size: size,
            probes: gaussianProfile(edge: 96, y: 48, sigma: 6, steps: [0, 3, 6, 9, 14])
        ) {
            try Build.tree(size, [shadowed(Rect(32, 24, 64, 48), .gray, opacity: 1, offset: Size(width: 0, height: 0), radius: 6)])
        },
        GoldenCase(
            // At scale 2 the blur is σ = 6 points = 12 pixels.
            name: "radiusGaussianAtScale2", size: Size(width: 64, height: 48), scale: 2,
            probes: gaussianProfile(edge: 80, y: 48, sigma: 12, steps: [0, 6, 12, 24])
        ) {
            try Build.tree(
                Size(width: 64, height: 48), [shadowed(Rect(8, 4, 32, 40), .gray, opacity: 1, offset: Size(width: 0, height: 0), radius: 6)]
            )
        },
        GoldenCase(
            // shadowPath (an ellipse) replaces the layer's shape as the shadow's source.
            name: "shadowPath", size: size,
            probes: [.untouched(At(33, 64)), .color(At(64, 64), .black, within: 8), .untouched(At(95, 66))]
        ) {
            let l = shadowed(Rect(32, 16, 64, 40), .green, opacity: 1, offset: Size(width: 0, height: 12), radius: 1)
            l.shadowPath = Path(ellipseIn: Rect(0, 0, 64, 40))
            return try Build.tree(size, [l])
        },
        GoldenCase(
            // A layer without content of its own casts its sublayer's shadow (a circle), not its
            // bounds'.
            name: "shadowOfSublayer", size: size,
            probes: [
                .color(At(84, 44), Color(white: 0.4), within: 3), .untouched(At(66, 26)), .untouched(At(104, 76)),
                .color(At(40, 40), .blue),
            ]
        ) {
            let parent = Build.layer(Rect(16, 16, 96, 64)) {
                $0.shadowOpacity = 0.6
                $0.shadowOffset = Size(width: 44, height: 4)
                $0.shadowRadius = 2
            }
            try parent.addSublayer(Build.shape(Rect(8, 8, 32, 32), Path(ellipseIn: Rect(0, 0, 32, 32)), fill: .blue))
            return try Build.tree(size, [parent])
        },
        GoldenCase(
            // masksToBounds clips the shadow with everything else (Core Animation Programming
            // Guide, "Adding Shadows to Layers"), even without sublayers: none below the layer;
            // inside, the shadow shows through the half-transparent background.
            name: "masksToBoundsClipsShadow", size: size,
            probes: [.untouched(At(64, 60)), .untouched(At(64, 66)), .darker(At(64, 40), than: At(64, 20), by: 0.1)]
        ) {
            let l = shadowed(
                Rect(32, 16, 64, 40), Color(red: 0, green: 0, blue: 1, alpha: 0.5), opacity: 1, offset: Size(width: 0, height: 10),
                radius: 2)
            l.masksToBounds = true
            return try Build.tree(size, [l])
        },
    ]

    @Test(arguments: cases)
    func shadow(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenShadowTests", test: "shadow")
    }
}
