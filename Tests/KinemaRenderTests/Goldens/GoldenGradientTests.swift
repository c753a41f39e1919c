import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of gradient layers: axial, radial and conic, with locations and with a corner
/// radius. The gradient layer has the frame (8, 8, 80, 48) on a 96 × 64 white frame.
@Suite("Golden images: gradient layers")
struct GoldenGradientTests {
    static let size = Size(width: 96, height: 64)
    static let frame = Rect(8, 8, 80, 48)

    static func gradientLayer(_ colors: [Color], _ configure: (GradientLayer) -> Void = { _ in }) -> GradientLayer {
        let l = GradientLayer()
        l.frame = frame
        l.colors = colors
        configure(l)
        return l
    }

    /// Where pixel column `x`'s centre lies along the layer's width, 0…1.
    static func across(_ x: Int) -> Double { (Double(x) + 0.5 - frame.minX) / frame.width }

    /// Straight-component interpolation between two colours (how the stops are blended).
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t, blue: a.blue + (b.blue - a.blue) * t)
    }

    static let cases: [GoldenCase] = [
        GoldenCase(
            // Red to blue from the left edge's middle to the right edge's.
            name: "axial", size: size,
            probes: [20, 48, 80].map { x in .color(At(x, 32), mix(.red, .blue, across(x)), within: 3) } + [.same(At(48, 10), At(48, 54))]
        ) {
            try Build.tree(
                size,
                [
                    gradientLayer([.red, .blue]) {
                        $0.startPoint = Point(x: 0, y: 0.5)
                        $0.endPoint = Point(x: 1, y: 0.5)
                    }
                ])
        },
        GoldenCase(
            // An ellipse centred on startPoint with radii to endPoint along x (40) and y (24):
            // halfway out along either axis is the same grey; beyond the ellipse, black.
            name: "radial", size: size,
            probes: [
                .color(At(48, 32), .white, within: 8), .same(At(68, 32), At(48, 44), within: 8), .color(At(68, 32), .gray, within: 10),
                .color(At(9, 9), .black, within: 2),
            ]
        ) {
            try Build.tree(
                size,
                [
                    gradientLayer([.white, .black]) {
                        $0.type = .radial
                        $0.startPoint = Point(x: 0.5, y: 0.5)
                        $0.endPoint = Point(x: 1, y: 1)
                    }
                ])
        },
        GoldenCase(
            // Around the centre from the direction of endPoint (+x), clockwise on screen: a
            // quarter turn (straight down) is halfway from red to green, three quarters (straight
            // up) halfway from green to blue.
            name: "conic", size: size,
            probes: [
                .color(At(47, 50), mix(.red, .green, 0.25 / 0.5), within: 12), .color(At(47, 13), mix(.green, .blue, 0.5), within: 12),
            ]
        ) {
            try Build.tree(
                size,
                [
                    gradientLayer([.red, .green, .blue]) {
                        $0.type = .conic
                        $0.startPoint = Point(x: 0.5, y: 0.5)
                        $0.endPoint = Point(x: 1, y: 0.5)
                    }
                ])
        },
        GoldenCase(
            // Stops at 0, 0.2 and 1: green a fifth of the way across.
            name: "axialWithLocations", size: size,
            probes: [
                .color(At(23, 32), mix(.red, .green, across(23) / 0.2), within: 3),
                .color(At(55, 32), mix(.green, .blue, (across(55) - 0.2) / 0.8), within: 3),
            ]
        ) {
            try Build.tree(
                size,
                [
                    gradientLayer([.red, .green, .blue]) {
                        $0.locations = [0, 0.2, 1]
                        $0.startPoint = Point(x: 0, y: 0.5)
                        $0.endPoint = Point(x: 1, y: 0.5)
                    }
                ])
        },
        GoldenCase(
            // The gradient is drawn inside the rounded bounds.
            name: "cornerRadius", size: size,
            probes: [
                .untouched(At(8, 8)), .untouched(At(87, 55)), .color(At(48, 8), .yellow, within: 8), .color(At(48, 55), .red, within: 8),
            ]
        ) {
            try Build.tree(size, [gradientLayer([.yellow, .red]) { $0.cornerRadius = 16 }])
        },
    ]

    @Test(arguments: cases)
    func gradient(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenGradientTests", test: "gradient")
    }
}
